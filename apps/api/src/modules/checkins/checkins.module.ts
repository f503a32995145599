import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { createCheckinDeposits } from './checkin-deposits.service.ts';
import { createCheckinRecords } from './checkin-records.service.ts';
import { registerCheckinsEventHandlers } from './checkins.events.ts';
import { registerCheckinJobs } from './checkins.jobs.ts';
import { checkinsRoutes } from './checkins.routes.ts';
import { createCheckinsService } from './checkins.service.ts';
import { createRemindersService } from './reminders.service.ts';

/**
 * The operator's check-ins and reminders (owns checkins, checkin_guests, reminders): routes, the send,
 * ring and purge jobs, and the handlers that re-plan a booking's check-in when its stay changes.
 */
export function createCheckinsModule(
  deps: Parameters<typeof createCheckinsService>[0] &
    Parameters<typeof createRemindersService>[0] & { jobs: Jobs; logger: FastifyBaseLogger },
) {
  const service = {
    checkins: createCheckinsService(deps),
    reminders: createRemindersService(deps),
    /** The rows the guest's own flow writes (guest-checkin). */
    records: createCheckinRecords(deps),
    /** The deposit columns, for the payments module's deposits (issue 16). */
    deposits: createCheckinDeposits(deps),
  };
  return {
    name: 'checkins',
    service,
    routes: bindRoutes(checkinsRoutes, service),
    jobs: ({ recurring }) =>
      registerCheckinJobs({ ...service, jobs: deps.jobs, logger: deps.logger, recurring }),
    eventHandlers: (bus) => registerCheckinsEventHandlers(bus, service.checkins),
  } satisfies ApiModule<typeof service>;
}
