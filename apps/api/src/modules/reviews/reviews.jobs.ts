import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';
import type { ReviewRequests } from './review-requests.ts';

export const reviewRequestsJob = 'reviews.requests';
/** How often the recurring run looks for ended stays and due requests (the send hour is whole hours). */
export const reviewRequestsInterval = 5 * 60_000;

/**
 * The review-request job (docs/messaging.md "Review requests"): recurring through jobs.every outside tests.
 * Requests are inserted once per booking and claimed before sending, so a repeated run is harmless.
 */
export async function registerReviewJobs(deps: {
  jobs: Jobs;
  requests: ReviewRequests;
  logger: FastifyBaseLogger;
  recurring: boolean;
}) {
  const { jobs, logger } = deps;
  await jobs.every(
    reviewRequestsJob,
    reviewRequestsInterval,
    async () => {
      const { scheduled, sent } = await deps.requests.run();
      if (scheduled + sent > 0) logger.info({ job: reviewRequestsJob, scheduled, sent }, 'reviews: requests');
    },
    { recurring: deps.recurring },
  );
}
