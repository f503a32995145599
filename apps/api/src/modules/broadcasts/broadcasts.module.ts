import type { FastifyBaseLogger } from 'fastify';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { registerBroadcastJobs } from './broadcasts.jobs.ts';
import { broadcastsRoutes } from './broadcasts.routes.ts';
import { type BroadcastsDeps, createBroadcastsService } from './broadcasts.service.ts';

/**
 * Mass messages (owns broadcasts and broadcast_recipients; docs/messaging.md "Mass messages"): the routes and
 * the sending job. Messages go out through the inbox service, so each lands in the guest's thread.
 */
export function createBroadcastsModule(deps: BroadcastsDeps & { logger: FastifyBaseLogger }) {
  const service = createBroadcastsService(deps);
  return {
    name: 'broadcasts',
    service,
    routes: bindRoutes(broadcastsRoutes, { broadcasts: service }),
    jobs: () => registerBroadcastJobs({ jobs: deps.jobs, service, logger: deps.logger }),
  } satisfies ApiModule<typeof service>;
}
