import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';

export const subscriptionsTrialJob = 'subscriptions.trials';
/** How often the recurring run looks for trials that have ended (docs/billing.md). */
export const subscriptionsTrialInterval = 15 * 60_000;

/**
 * The subscriptions.trials job: trials over without a paid subscription become expired (demo_expired).
 * A self-rescheduling chain outside tests, like channels.sync (singletonKey: one chain across instances;
 * the row lock makes a second run a no-op).
 */
export async function registerSubscriptionsJobs(deps: {
  jobs: Jobs;
  expireTrials: () => Promise<number>;
  logger: FastifyBaseLogger;
  recurring: boolean;
}) {
  const { jobs, logger } = deps;
  await jobs.work<{ recurring?: boolean }>(subscriptionsTrialJob, async (data) => {
    try {
      const n = await deps.expireTrials();
      if (n > 0) logger.info({ job: subscriptionsTrialJob, count: n }, 'subscriptions: trials ended');
    } finally {
      if (data.recurring) {
        await jobs
          .send(
            subscriptionsTrialJob,
            { recurring: true },
            {
              singletonKey: subscriptionsTrialJob,
              startAfter: new Date(Date.now() + subscriptionsTrialInterval),
              retryLimit: 1,
            },
          )
          .catch((err) => logger.debug({ err }, 'subscriptions: the next run was not queued'));
      }
    }
  });
  if (deps.recurring)
    await jobs.send(
      subscriptionsTrialJob,
      { recurring: true },
      { singletonKey: subscriptionsTrialJob, retryLimit: 1 },
    );
}
