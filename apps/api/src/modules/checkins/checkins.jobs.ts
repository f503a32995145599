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

interface TickData {
  /** Set on the self-rescheduling chain; a job queued without it (tests, a manual kick) runs once. */
  recurring?: boolean;
}

/**
 * The jobs of docs/checkins.md. pg-boss's cron is switched off in lib/pg-boss-jobs.ts, so each recurring
 * job queues its own next run (startAfter + singletonKey, so several API instances keep one chain). The
 * handlers read "now" from the app's clock and claim rows before acting, so a repeated run is harmless.
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
  const next = async (name: string) => {
    try {
      await jobs.send(
        name,
        { recurring: true },
        {
          singletonKey: name,
          startAfter: new Date(Date.now() + (jobIntervals[name] ?? 60_000)),
          retryLimit: 1,
        },
      );
    } catch (err) {
      // The queue stops with the app; the chain starts again on the next start.
      logger.debug({ err, job: name }, 'checkins: the next run was not queued');
    }
  };
  const recurringWorker = (name: string, run: () => Promise<number>) =>
    jobs.work<TickData>(name, async (data) => {
      try {
        const n = await run();
        if (n > 0) logger.info({ job: name, count: n }, 'checkins: job done');
      } finally {
        if (data.recurring) await next(name);
      }
    });

  await recurringWorker(checkinSendJob, () => deps.checkins.sendDue());
  await recurringWorker(remindersRingJob, () => deps.reminders.ringDue());
  await recurringWorker(checkinsPurgeJob, () => deps.checkins.purge());

  if (deps.recurring) {
    for (const name of [checkinSendJob, remindersRingJob, checkinsPurgeJob]) {
      await jobs.send(name, { recurring: true }, { singletonKey: name, retryLimit: 1 });
    }
  }
}
