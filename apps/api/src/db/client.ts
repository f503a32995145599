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
 * PostgreSQL when a URL is given, otherwise PGlite (WASM Postgres) stored in `dataDir`
 * (or in memory when dataDir is 'memory://', which tests use).
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
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
