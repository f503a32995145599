import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';
import type { SmartLocksService } from './smart-locks.service.ts';

export const lockCodesJob = 'smart-locks.codes';
/** How often the recurring run looks for due vendor work (real time, like the check-in jobs). */
export const lockCodesInterval = 60_000;

/**
 * The door-code job (docs/smart-locks.md): runs the due vendor calls (create, confirm, move, remove) and
 * removes the codes of stays that ended. Recurring through jobs.every outside tests; the booking events queue
 * an extra run at once. Rows are claimed before a vendor call, so a repeated run is harmless.
 */
export async function registerSmartLockJobs(deps: {
  jobs: Jobs;
  service: SmartLocksService;
  logger: FastifyBaseLogger;
  recurring: boolean;
}) {
  const { jobs, logger } = deps;
  await jobs.every(
    lockCodesJob,
    lockCodesInterval,
    async () => {
      const n = await deps.service.processDue();
      if (n > 0) logger.info({ job: lockCodesJob, count: n }, 'smart-locks: codes made active');
    },
    { recurring: deps.recurring },
  );
}

/** One run now (after a booking or settings change); a run already waiting makes this a no-op. */
export const kickCodes = (jobs: Jobs) =>
  jobs.send(lockCodesJob, {}, { singletonKey: `${lockCodesJob}.now`, retryLimit: 2, retryDelay: 5 });
