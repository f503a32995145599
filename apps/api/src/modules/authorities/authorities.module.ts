import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { registerAuthoritiesEventHandlers } from './authorities.events.ts';
import { registerAuthoritiesJobs } from './authorities.jobs.ts';
import { authoritiesRoutes } from './authorities.routes.ts';
import { type AuthoritiesDeps, createAuthoritiesService } from './authorities.service.ts';

/**
 * Police registration (issue 14; owns police_registrations, police_registration_attempts, police_files):
 * the routes, the send, poll and sweep jobs, and the handlers of check-in and booking events.
 */
export function createAuthoritiesModule(deps: AuthoritiesDeps & { jobs: Jobs; logger: FastifyBaseLogger }) {
  const service = createAuthoritiesService(deps);
  return {
    name: 'authorities',
    service,
    routes: bindRoutes(authoritiesRoutes, { authorities: service }),
    jobs: ({ recurring }) =>
      registerAuthoritiesJobs({ jobs: deps.jobs, authorities: service, logger: deps.logger, recurring }),
    eventHandlers: (bus) => registerAuthoritiesEventHandlers(bus, service.pipeline),
  } satisfies ApiModule<typeof service>;
}
