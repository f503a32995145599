import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import type { JobHandler, JobInfo, Jobs, RecurringData, SendOptions } from './jobs.ts';

/** pg-boss keeps its tables in their own schema, beside the app's. */
export const jobsSchema = 'pgboss';

type Rows = { rows: Record<string, unknown>[] };
type ExecuteSql = (text: string, values?: unknown[]) => Promise<Rows>;

/** How pg-boss reaches the database: plain SQL, plus a transaction for check-then-insert. */
interface SqlBridge {
  executeSql: ExecuteSql;
  transaction<T>(fn: (executeSql: ExecuteSql) => Promise<T>): Promise<T>;
  /** Serialises concurrent senders of one singleton key (PGlite has one session, so it needs nothing). */
  lockKey(executeSql: ExecuteSql, key: string): Promise<void>;
}

export interface PgBossJobsOptions {
  database: Database;
  logger: FastifyBaseLogger;
  /** How often an idle worker looks for due jobs (pg-boss minimum 0.5). A send in this process wakes it at once. */
  pollingIntervalSeconds?: number;
  /** How often pg-boss expires stuck jobs and archives finished ones. */
  maintenanceIntervalSeconds?: number;
  /** How long stop() waits for running handlers. */
  stopTimeoutMs?: number;
}

// pg-boss issues these two without awaiting them (manager.js), so a rejection would be unhandled
// and end the process. We log instead: the job stays active, expires and runs again (at least once).
const unawaitedCompletion = /WITH deleted_jobs AS|SET completed_on = now\(\),\s+state = 'completed'/;
const opensTransaction = /^\s*BEGIN\s*;/m;

const noValues = (values?: unknown[]) => !values || values.length === 0;
// node-postgres sends undefined as NULL; PGlite's serialisers expect null.
const nullify = (values: unknown[]) => values.map((v) => (v === undefined ? null : v));

/** Multi-statement scripts (schema install, maintenance) go through exec; parameterised statements through query. */
function pgliteExecutor(target: PGlite | Transaction): ExecuteSql {
  return async (text, values) => {
    if (noValues(values)) {
      const results = await target.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    }
    const result = await target.query(text, nullify(values ?? []));
    return { rows: result.rows as Record<string, unknown>[] };
  };
}

function pgliteBridge(pglite: PGlite): SqlBridge {
  const direct = pgliteExecutor(pglite);
  return {
    executeSql: (text, values) =>
      // A script that opens its own transaction runs inside PGlite's transaction lock, so that on error
      // the ROLLBACK happens before any other query can land in the aborted session.
      opensTransaction.test(text)
        ? pglite.transaction((tx) => pgliteExecutor(tx)(text, values))
        : direct(text, values),
    transaction: (fn) => pglite.transaction((tx) => fn(pgliteExecutor(tx))),
    lockKey: async () => {},
  };
}

function pgResultRows(result: pg.QueryResult | pg.QueryResult[]): Rows {
  // A multi-statement text answers one result per statement.
  const last = Array.isArray(result) ? result.at(-1) : result;
  return { rows: last?.rows ?? [] };
}

function postgresBridge(pool: pg.Pool): SqlBridge {
  async function onClient<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      return await fn(client);
    } finally {
      client.release();
    }
  }
  const clientExecutor =
    (client: pg.PoolClient): ExecuteSql =>
    async (text, values) =>
      pgResultRows(await client.query(text, values));
  return {
    async executeSql(text, values) {
      if (!opensTransaction.test(text)) return pgResultRows(await pool.query(text, values));
      // Never hand a connection back to the pool inside an aborted transaction.
      return onClient(async (client) => {
        try {
          return await clientExecutor(client)(text, values);
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        }
      });
    },
    transaction: (fn) =>
      onClient(async (client) => {
        await client.query('BEGIN');
        try {
          const result = await fn(clientExecutor(client));
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        }
      }),
    lockKey: async (executeSql, key) => {
      await executeSql('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
    },
  };
}

function bridgeFor(database: Database): SqlBridge {
  if (database.kind === 'pglite' && database.pglite) return pgliteBridge(database.pglite);
  if (database.kind === 'postgres' && database.pool) return postgresBridge(database.pool);
  throw new Error(`jobs: database of kind ${database.kind} has no connection`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface JobWithMetadata {
  id: string;
  name: string;
  data: object;
  retryCount: number;
  retryLimit: number;
}

function jobInfo(job: JobWithMetadata): JobInfo {
  return {
    id: job.id,
    name: job.name,
    attempt: job.retryCount + 1,
    retryLimit: job.retryLimit,
    isLastAttempt: job.retryCount >= job.retryLimit,
  };
}

/**
 * The Jobs queue on pg-boss, over the app's own database: the pg pool on PostgreSQL, the single
 * PGlite session in the embedded default (docs/decisions.md explains the bridge).
 */
export function createPgBossJobs(opts: PgBossJobsOptions): Jobs {
  const { logger } = opts;
  const bridge = bridgeFor(opts.database);
  const stopTimeoutMs = opts.stopTimeoutMs ?? 10_000;

  let started = false;
  let closed = false;
  let inFlight = 0;
  let running = 0;

  // Every statement pg-boss runs passes here: counted so stop() can wait for quiet, refused once stopped.
  const executeSql: ExecuteSql = async (text, values) => {
    const completion = unawaitedCompletion.test(text);
    if (closed) {
      if (completion) return { rows: [{ count: 0 }] };
      throw new Error('jobs: the queue is stopped');
    }
    inFlight++;
    try {
      return await bridge.executeSql(text, values);
    } catch (err) {
      if (!completion) throw err;
      logger.error({ err }, 'jobs: could not record a job result; it will expire and run again');
      return { rows: [{ count: 0 }] };
    } finally {
      inFlight--;
    }
  };

  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => executeSql(text, values) },
    schema: jobsSchema,
    migrate: true,
    // Recurring work goes through `every`'s chains, not pg-boss's cron (minutes only, and a worker and two
    // timers more per process): see docs/decisions.md.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 120,
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1,
  });
  boss.on('error', (err) => logger.error({ err }, 'jobs: queue error'));

  // Creating a queue takes locks on pg-boss's tables: many at once deadlock. One process creates its queues
  // one after another; two processes starting together on a fresh database can still deadlock, and the loser
  // retries once the winner's transaction has ended.
  let queueCreation: Promise<unknown> = Promise.resolve();
  async function createQueueRetryingDeadlocks(name: string, attempt = 1): Promise<void> {
    try {
      await boss.createQueue(name);
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= 8) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      await createQueueRetryingDeadlocks(name, attempt + 1);
    }
  }
  const createQueueInTurn = (name: string): Promise<void> => {
    const created = queueCreation.then(() => createQueueRetryingDeadlocks(name));
    queueCreation = created.catch(() => {});
    return created;
  };

  const queues = new Map<string, Promise<void>>();
  const ensureQueue = (name: string) => {
    let ready = queues.get(name);
    if (!ready) {
      ready = createQueueInTurn(name).catch((err) => {
        queues.delete(name);
        throw err;
      });
      queues.set(name, ready);
    }
    return ready;
  };

  const handlers: { name: string; handler: JobHandler<object> }[] = [];
  const workerIds = new Map<string, string[]>();

  async function startWorker(name: string, handler: JobHandler<object>) {
    await ensureQueue(name);
    const id = await boss.work<object>(
      name,
      { batchSize: 1, includeMetadata: true },
      async ([job]: JobWithMetadata[]) => {
        if (!job) return;
        running++;
        try {
          await handler(job.data, jobInfo(job));
        } finally {
          running--;
        }
      },
    );
    workerIds.set(name, [...(workerIds.get(name) ?? []), id]);
  }

  /** Wakes this process's idle workers of `name` instead of waiting for their next poll. */
  function wake(name: string) {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  }

  // pg-boss validates every key present, so unset options must be absent rather than undefined.
  function bossOptions(options: SendOptions): PgBoss.SendOptions {
    const { retryLimit, retryDelay, retryBackoff, startAfter, singletonKey } = options;
    return Object.fromEntries(
      Object.entries({ retryLimit, retryDelay, retryBackoff, startAfter, singletonKey }).filter(
        ([, value]) => value !== undefined,
      ),
    );
  }

  async function sendSingleton(name: string, data: object, options: SendOptions & { singletonKey: string }) {
    return bridge.transaction(async (tx) => {
      await bridge.lockKey(tx, `${jobsSchema}:${name}:${options.singletonKey}`);
      const waiting = await tx(
        `SELECT 1 FROM ${jobsSchema}.job WHERE name = $1 AND singleton_key = $2 AND state < 'active' LIMIT 1`,
        [name, options.singletonKey],
      );
      if (waiting.rows.length > 0) return null;
      return boss.send(name, data, { ...bossOptions(options), db: { executeSql: tx } });
    });
  }

  async function waitUntil(done: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`jobs: timed out after ${timeoutMs} ms waiting for ${what}`);
      await sleep(25);
    }
  }

  /** The singletonKey and retries of a recurring chain's runs (what each module wrote by hand before `every`). */
  const chainOptions = (name: string): SendOptions => ({ singletonKey: name, retryLimit: 1 });
  /** Chains to begin at start() (an `every` with `recurring` before the queue started). */
  const chainsToStart: string[] = [];

  const jobs: Jobs = {
    async send(name, data, options = {}) {
      if (!started) throw new Error(`jobs: send('${name}') before start()`);
      await ensureQueue(name);
      const { singletonKey } = options;
      const id = singletonKey
        ? await sendSingleton(name, data, { ...options, singletonKey })
        : await boss.send(name, data, bossOptions(options));
      if (id && !(options.startAfter && options.startAfter.getTime() > Date.now())) wake(name);
      return id;
    },

    async work<T extends object>(name: string, handler: JobHandler<T>) {
      const entry = { name, handler: handler as JobHandler<object> };
      handlers.push(entry);
      if (started) await startWorker(entry.name, entry.handler);
    },

    async every<T extends object>(
      name: string,
      intervalMs: number,
      handler: JobHandler<T & RecurringData>,
      { recurring }: { recurring: boolean },
    ) {
      if (!Number.isFinite(intervalMs) || intervalMs <= 0)
        throw new Error(`jobs: every('${name}') needs an interval above 0 ms, not ${intervalMs}`);
      await jobs.work<T & RecurringData>(name, async (data, job) => {
        try {
          await handler(data, job);
        } finally {
          // Only the chain's own runs queue the next one; while one is waiting (another instance's), this is a no-op.
          if (data.recurring) {
            await jobs
              .send(
                name,
                { recurring: true },
                { ...chainOptions(name), startAfter: new Date(Date.now() + intervalMs) },
              )
              // After stop() the send is refused: the chain starts again with the next start.
              .catch((err) =>
                logger.debug({ err, job: name }, 'jobs: the next run of a recurring job was not queued'),
              );
          }
        }
      });
      if (!recurring) return;
      if (started) await jobs.send(name, { recurring: true }, chainOptions(name));
      else chainsToStart.push(name);
    },

    async drain(name, timeoutMs = 30_000, { dueOnly = false } = {}) {
      const pending = await executeSql(
        `SELECT id FROM ${jobsSchema}.job WHERE name = $1 AND state < 'completed'${dueOnly ? ` AND (start_after <= now() OR state = 'retry')` : ''}`,
        [name],
      );
      const ids = pending.rows.map((row) => String(row.id));
      if (ids.length === 0) return;
      wake(name);
      await waitUntil(
        async () => {
          const left = await executeSql(
            `SELECT count(*)::int AS n FROM ${jobsSchema}.job WHERE name = $1 AND id = ANY($2::uuid[]) AND state < 'completed'`,
            [name, ids],
          );
          return Number(left.rows[0]?.n) === 0;
        },
        timeoutMs,
        `the jobs of ${name}`,
      );
    },

    async start() {
      if (started) return;
      // pg-boss keeps its maintenance switched off after a stop, so a queue is started once.
      if (closed) throw new Error('jobs: a stopped queue cannot start again; create a new one');
      await boss.start();
      started = true;
      for (const { name, handler } of handlers) await startWorker(name, handler);
      for (const name of chainsToStart.splice(0))
        await jobs.send(name, { recurring: true }, chainOptions(name));
    },

    async stop() {
      if (!started) return;
      started = false;
      // pg-boss stops polling and waits for the jobs its workers hold; then we wait for the last
      // statements (a fetch or a completion) so nothing touches the database after it is closed.
      await boss.stop({ graceful: true, close: false, wait: true, timeout: stopTimeoutMs });
      await waitUntil(() => running === 0 && inFlight === 0, stopTimeoutMs, 'running jobs').catch((err) =>
        logger.warn({ err }, 'jobs: stopped with work still running'),
      );
      closed = true;
      workerIds.clear();
    },

    async health() {
      if (!started) return false;
      try {
        await executeSql(`SELECT 1 FROM ${jobsSchema}.version LIMIT 1`);
        return true;
      } catch {
        return false;
      }
    },
  };
  return jobs;
}
