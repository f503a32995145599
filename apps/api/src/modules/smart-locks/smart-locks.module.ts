import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import type { RegistrationGate } from './code-release.ts';
import { registerSmartLocksEventHandlers } from './smart-locks.events.ts';
import { registerSmartLockJobs } from './smart-locks.jobs.ts';
import { smartLocksRoutes } from './smart-locks.routes.ts';
import { createSmartLocksService, type SmartLocksDeps } from './smart-locks.service.ts';

/**
 * Smart locks (owns lock_accounts, lock_assignments, access_codes, access_code_releases): the routes,
 * the door-code job, and the handlers that make codes follow bookings and release them (docs/smart-locks.md).
 */
export function createSmartLocksModule(
  deps: Omit<SmartLocksDeps, 'registrationGate'> & {
    jobs: Jobs;
    logger: FastifyBaseLogger;
    /** authorities' registrationGate; without it no registration is required. */
    registrationGate?: RegistrationGate;
  },
) {
  const service = createSmartLocksService({
    ...deps,
    registrationGate: deps.registrationGate ?? (async () => 'not_required'),
  });
  return {
    name: 'smart-locks',
    service,
    routes: bindRoutes(smartLocksRoutes, { smartLocks: service }),
    jobs: ({ recurring }) =>
      registerSmartLockJobs({ jobs: deps.jobs, service, logger: deps.logger, recurring }),
    eventHandlers: (bus) => registerSmartLocksEventHandlers(bus, service),
  } satisfies ApiModule<typeof service>;
}
