// The databases a bench runs against: embedded PGlite on disk always, PostgreSQL when
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { createThrowawayPostgres } from '../apps/api/src/test/test-app.ts';

export interface Target {
  label: string;
  database: Database;
  dispose(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  // On disk, as `npm start` runs it (DATA_DIR), not in memory.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'posada-bench-'));
  const database = await openDatabase({ dataDir });
  return {
    label: 'PGlite (embedded, on disk)',
    database,
    async dispose() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresTarget(baseUrl: string): Promise<Target> {
  const throwaway = await createThrowawayPostgres(baseUrl, 'posada_bench');
  const database = await openDatabase({ databaseUrl: throwaway.url, dataDir: 'memory://' });
  return {
    label: 'PostgreSQL',
    database,
    async dispose() {
      await database.close();
      await throwaway.drop();
    },
  };
}

export const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Openers of each database to bench, in order. */
export const targets: (() => Promise<Target>)[] = [pgliteTarget];
if (postgresUrl) targets.push(() => postgresTarget(postgresUrl));
