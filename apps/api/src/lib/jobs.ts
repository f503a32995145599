/**
 * The job queue every feature uses for background work (e-mail, scheduled check-ins, reminders…).
 * Backed by pg-boss on PostgreSQL and on the embedded PGlite database (see docs/decisions.md).
 * Delivery is at least once: a handler must be safe to run again for the same data.
 */
export interface SendOptions {
  /** Retries after the first failure (default 2). */
  retryLimit?: number;
  /** Whole seconds before a retry (default 0); with retryBackoff it doubles each time, with jitter. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** The job is not picked up before this instant. */
  startAfter?: Date;
  /**
   * While a job of the same name and key is still waiting (not yet running), sending another one
   * queues nothing and answers null.
   */
  singletonKey?: string;
}

/** What a handler knows about the run it is in. */
export interface JobInfo {
  id: string;
  name: string;
  /** 1 for the first run, 2 for the first retry… */
  attempt: number;
  retryLimit: number;
  /** True when a failure now marks the job failed for good. */
  isLastAttempt: boolean;
}

export type JobHandler<T extends object> = (data: T, job: JobInfo) => Promise<void>;

/** What every run of a recurring job gets in its data: `recurring` on the chain's own runs, absent on a one-off. */
export interface RecurringData {
  recurring?: boolean;
}

export interface EveryOptions {
  /** Start the chain (off in tests, which queue single runs with `send` and move the app's clock). */
  recurring: boolean;
}

export interface DrainOptions {
  /** Skip jobs queued to start later (a nightly batch, a planned next attempt); a retrying run still counts. */
  dueOnly?: boolean;
}

export interface Jobs {
  /** Queues a job; answers its id, or null when a singletonKey made it a duplicate. */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Runs `handler` for every job of `name`; a handler that throws makes the job retry. */
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  /**
   * The one way to run recurring work: a worker for `name` plus, when `options.recurring`, a chain of runs
   * `intervalMs` apart (from the end of one run to the start of the next; it may be under a minute, which
   * pg-boss's cron can't do). Each run of the chain queues the next one whether it succeeded or threw, with
   * the job name as singletonKey and 1 retry, so the API instances sharing the database keep one chain
   * between them. The chain starts with a run at once (or at `start()`), stops with `stop()` and starts again
   * with the next start. A one-off `send(name, data)` (a kick after a change, a test) runs the same handler
   * once, without `recurring` in its data.
   */
  every<T extends object = object>(
    name: string,
    intervalMs: number,
    handler: JobHandler<T & RecurringData>,
    options: EveryOptions,
  ): Promise<void>;
  /** Resolves when every job queued so far under `name` has finished (tests and graceful shutdown). */
  drain(name: string, timeoutMs?: number, options?: DrainOptions): Promise<void>;
  start(): Promise<void>;
  /** Stops polling, lets running handlers finish, and releases every timer so the process can exit. */
  stop(): Promise<void>;
  /** True when the queue is started and its tables answer (GET /api/health). */
  health(): Promise<boolean>;
}
