import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';

export const subscriptionsTrialJob = 'subscriptions.trials';
/** How often the recurring run looks for trials that have ended (docs/billing.md). */
export const subscriptionsTrialInterval = 15 * 60_000;

/**
 * The subscriptions.trials job: trials over without a paid subscription become expired (demo_expired).
 * Recurring through jobs.every outside tests (the row lock makes a second run a no-op).
 */
export async function registerSubscriptionsJobs(deps: {
  jobs: Jobs;
  expireTrials: () => Promise<number>;
  logger: FastifyBaseLogger;
  recurring: boolean;
}) {
  const { jobs, logger } = deps;
  await jobs.every(
    subscriptionsTrialJob,
    subscriptionsTrialInterval,
    async () => {
      const n = await deps.expireTrials();
      if (n > 0) logger.info({ job: subscriptionsTrialJob, count: n }, 'subscriptions: trials ended');
    },
    { recurring: deps.recurring },
  );
}
