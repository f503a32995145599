// STUB — replaced by the jobs helper (pg-boss on PostgreSQL and PGlite).
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Jobs } from './jobs.ts';

export function createPgBossJobs(_opts: { database: Database; logger: FastifyBaseLogger }): Jobs {
  const handlers = new Map<string, (data: object) => Promise<void>>();
  return {
    async send(name, data) {
      await handlers.get(name)?.(data);
      return null;
    },
    async work(name, handler) {
      handlers.set(name, handler as (data: object) => Promise<void>);
    },
    async drain() {},
    async start() {},
    async stop() {},
  };
}
