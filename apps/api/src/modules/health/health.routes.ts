import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Jobs } from '../../lib/jobs.ts';

/** The API's version, from apps/api/package.json (read once). */
export const apiVersion: string = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** A check that does not answer within this time counts as down: a load balancer waits for nobody. */
const CHECK_TIMEOUT_MS = 2_000;

async function passes(check: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health for load balancers and `npm start` watchers (docs/operations.md): 200 with the version
 * when the database answers `select 1` and the job queue answers; 503 in the error envelope, naming what
 * is down, otherwise. While the server shuts down, Fastify answers 503 to new requests by itself.
 */
export const healthRoutes: FastifyPluginAsync<{ database: Database; jobs: Jobs }> = async (
  api,
  { database, jobs },
) => {
  api.get('/health', { config: { access: 'public' } }, async () => {
    const [databaseUp, jobsUp] = await Promise.all([
      passes(async () => {
        await database.sql.query('select 1');
        return true;
      }),
      passes(() => jobs.health()),
    ]);
    if (!databaseUp || !jobsUp) {
      const down: Record<string, string[]> = {};
      if (!databaseUp) down.database = ['common.not_reachable'];
      if (!jobsUp) down.jobs = ['common.not_reachable'];
      throw new AppError('common.unavailable', 503, {
        errors: down,
        headers: { 'cache-control': 'no-store' },
      });
    }
    return {
      ok: true,
      data: { status: 'ok', version: apiVersion, database: database.kind, jobs: 'ok' },
    };
  });
};
