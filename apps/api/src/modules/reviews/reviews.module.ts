import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { createReviewRequests, type ReviewRequestsDeps } from './review-requests.ts';
import { registerReviewJobs } from './reviews.jobs.ts';
import { reviewsRoutes } from './reviews.routes.ts';
import { createReviewsService, type ReviewsDeps } from './reviews.service.ts';

/**
 * Review requests after a stay (owns review_requests and review_settings; docs/messaging.md "Review
 * requests"): settings and report routes, the guest's public page, the job that schedules and sends the
 * requests through the inbox, and the handler that reads a score from a guest's reply.
 */
export function createReviewsModule(
  deps: ReviewsDeps & Omit<ReviewRequestsDeps, 'reviews'> & { jobs: Jobs; logger: FastifyBaseLogger },
) {
  const service = createReviewsService(deps);
  const requests = createReviewRequests({ ...deps, reviews: service });
  return {
    name: 'reviews',
    service: { ...service, requests },
    routes: bindRoutes(reviewsRoutes, { reviews: service }),
    jobs: ({ recurring }) =>
      registerReviewJobs({ jobs: deps.jobs, requests, logger: deps.logger, recurring }),
    eventHandlers: (bus) => {
      bus.on('inbox.message_received', 'reviews.score', async (e) => {
        await requests.replyReceived(e.accountId, e.payload.thread_id, e.payload.message_id);
      });
    },
  } satisfies ApiModule<unknown>;
}
