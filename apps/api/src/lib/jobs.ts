/**
 * The job queue every feature uses for background work (e-mail, scheduled check-ins, reminders…).
 * Backed by pg-boss on PostgreSQL and on the embedded PGlite database (see docs/decisions.md).
 */
export interface SendOptions {
  /** Retries after the first failure. */
  retryLimit?: number;
  /** Seconds between retries (doubles with backoff). */
  retryDelay?: number;
  retryBackoff?: boolean;
  startAfter?: Date;
  singletonKey?: string;
}

export interface Jobs {
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  work<T extends object>(name: string, handler: (data: T) => Promise<void>): Promise<void>;
  /** Resolves when every job queued so far under `name` has finished (tests and graceful shutdown). */
  drain(name: string, timeoutMs?: number): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
