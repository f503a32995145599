import type { FastifyBaseLogger } from 'fastify';
import type { LockVendorClient } from '../../adapters/locks/types.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import type { Deliver } from '../delivery/delivery.types.ts';
import { createCodeMessenger } from './code-message.ts';
import type { RegistrationGate } from './code-release.ts';
import { registerSmartLocksEventHandlers } from './smart-locks.events.ts';
import { registerSmartLockJobs } from './smart-locks.jobs.ts';
import { smartLocksRoutes } from './smart-locks.routes.ts';
import { createSmartLocksService, type LockVendors, type SmartLocksDeps } from './smart-locks.service.ts';

const isLockClient = (value: unknown): value is LockVendorClient =>
  typeof value === 'object' && value !== null && typeof (value as LockVendorClient).createCode === 'function';

/** The lock adapters among the app's adapters (null where the vendor's base URL is not configured). */
export function lockVendorsOf(adapters: object): LockVendors {
  const found: LockVendors = {};
  const sources = [adapters, (adapters as { locks?: object }).locks ?? {}] as Record<string, unknown>[];
  for (const vendor of ['nuki', 'ttlock', 'igloohome'] as const) {
    for (const source of sources) if (isLockClient(source[vendor])) found[vendor] = source[vendor];
  }
  return found;
}

/**
 * Smart locks (owns lock_accounts, lock_assignments, access_codes, access_code_releases): the routes,
 * the door-code job, and the handlers that make codes follow bookings and release them (docs/smart-locks.md).
 */
export function createSmartLocksModule(
  deps: Omit<SmartLocksDeps, 'registrationGate' | 'sendCode'> & {
    jobs: Jobs;
    logger: FastifyBaseLogger;
    /** The delivery pipeline (bound late): the released code goes through it. */
    deliver: () => Deliver | null;
    /** authorities' registrationGate; without it no registration is required. */
    registrationGate?: RegistrationGate;
  },
) {
  const service = createSmartLocksService({
    ...deps,
    registrationGate: deps.registrationGate ?? (async () => 'not_required'),
    sendCode: createCodeMessenger(deps),
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
