import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

export type Db = PgDatabase<PgQueryResultHKT>;

/** Plain SQL access for libraries that bring their own queries (pg-boss). */
export interface SqlExecutor {
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlExecutor;
  /** The underlying pg pool, when kind is postgres. */
  pool?: pg.Pool;
  /** The underlying PGlite instance, when kind is pglite. */
  pglite?: PGlite;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Whether an error is the embedded database's WebAssembly runtime trapping: `RuntimeError: Aborted()`,
 * "unreachable", "memory access out of bounds" (for instance a jsonb value nested ~1,500 levels). PGlite's
 * memory is then lost and every later query fails the same way, so the process cannot recover by itself.
 * Ordinary SQL errors (constraint, syntax) are not this.
 */
export function isDatabaseAbort(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    // WebAssembly.RuntimeError (TypeScript's Node types declare no WebAssembly value): its name says it, also
    // from another realm.
    if (current instanceof Error && current.name === 'RuntimeError') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Calls `onAbort` once, on the first query, exec or transaction of `pglite` that fails with a WASM trap
 * (isDatabaseAbort); the error still reaches the caller. server.ts exits then, so a supervisor restarts the
 * process (README, Running under a supervisor) instead of every request answering 500 until someone notices.
 */
export function watchForAbort(pglite: PGlite, onAbort: (error: Error) => void): void {
  let reported = false;
  const report = (error: unknown) => {
    if (reported || !isDatabaseAbort(error)) return;
    reported = true;
    onAbort(error as Error);
  };
  const watch = <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async function watched(...args: A): Promise<R> {
      try {
        return await run(...args);
      } catch (error) {
        report(error);
        throw error;
      }
    };
  pglite.query = watch(pglite.query.bind(pglite)) as PGlite['query'];
  pglite.exec = watch(pglite.exec.bind(pglite)) as PGlite['exec'];
  pglite.transaction = watch(pglite.transaction.bind(pglite)) as PGlite['transaction'];
}

/**
 * PostgreSQL when a URL is given, otherwise PGlite (WASM Postgres) stored in `dataDir`
 * (or in memory when dataDir is 'memory://', which tests use). `onAbort`: PGlite's runtime trapped
 * (watchForAbort); server.ts passes its exit, tests a spy.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  onAbort?: (error: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client whose connection the server ends (restart, DROP DATABASE … FORCE in tests) reports it
    // here; without a listener that would crash the process. The pool replaces the client on next use.
    pool.on('error', () => {});
    const db = drizzlePg(pool) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      pool,
      sql: { query: async (text, values) => pool.query(text, values as unknown[]) as never },
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let dataDir = opts.dataDir;
  if (!dataDir.startsWith('memory://')) {
    dataDir = path.resolve(dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir);
  if (opts.onAbort) watchForAbort(pglite, opts.onAbort);
  const db = drizzlePglite(pglite) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    sql: {
      query: async (text, values) => {
        const result = await pglite.query(text, values as unknown[]);
        return { rows: result.rows as never[] };
      },
    },
    migrate: () => migratePglite(drizzlePglite(pglite), { migrationsFolder }),
    close: () => pglite.close(),
  };
}
