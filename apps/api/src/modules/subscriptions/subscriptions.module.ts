import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { registerSubscriptionsJobs } from './subscriptions.jobs.ts';
import { subscriptionsRoutes } from './subscriptions.routes.ts';
import { createSubscriptionsService, type SubscriptionsDeps } from './subscriptions.service.ts';

/**
 * The operator's subscription (issue 16, docs/billing.md; owns subscriptions and billing_payments): the
 * routes, the trial-end job and the `stripe.event` handler 'subscriptions.billing'.
 */
export function createSubscriptionsModule(
  deps: SubscriptionsDeps & { jobs: Jobs; logger: FastifyBaseLogger },
) {
  const service = createSubscriptionsService(deps);
  return {
    name: 'subscriptions',
    service,
    routes: bindRoutes(subscriptionsRoutes, { subscriptions: service }),
    jobs: ({ recurring }) =>
      registerSubscriptionsJobs({
        jobs: deps.jobs,
        expireTrials: service.expireTrials,
        logger: deps.logger,
        recurring,
      }),
    eventHandlers: (bus) => {
      bus.on('stripe.event', 'subscriptions.billing', (e) => service.handleStripeEvent(e.payload));
    },
  } satisfies ApiModule<typeof service>;
}
