import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';
import type { CheckinsService } from './checkins.service.ts';
import type { RemindersService } from './reminders.service.ts';

export const checkinSendJob = 'checkin.send';
export const remindersRingJob = 'reminders.ring';
export const checkinsPurgeJob = 'checkins.purge';

/** How often each recurring job runs (real time: pg-boss compares start_after with the database clock). */
export const jobIntervals: Record<string, number> = {
  [checkinSendJob]: 60_000,
  [remindersRingJob]: 60_000,
  [checkinsPurgeJob]: 24 * 3_600_000,
};

/**
 * The jobs of docs/checkins.md, each recurring through jobs.every (a job queued with a plain send, in tests or
 * as a manual kick, runs once). The handlers read "now" from the app's clock and claim rows before acting, so
 * a repeated run is harmless.
 */
export async function registerCheckinJobs(deps: {
  jobs: Jobs;
  checkins: CheckinsService;
  reminders: RemindersService;
  logger: FastifyBaseLogger;
  /** Start the recurring chains (off in tests, which queue single runs and move the clock). */
  recurring: boolean;
}) {
  const { jobs, logger } = deps;
  const recurringWorker = (name: string, run: () => Promise<number>) =>
    jobs.every(
      name,
      jobIntervals[name] ?? 60_000,
      async () => {
        const n = await run();
        if (n > 0) logger.info({ job: name, count: n }, 'checkins: job done');
      },
      { recurring: deps.recurring },
    );

  await recurringWorker(checkinSendJob, () => deps.checkins.sendDue());
  await recurringWorker(remindersRingJob, () => deps.reminders.ringDue());
  await recurringWorker(checkinsPurgeJob, () => deps.checkins.purge());
}
