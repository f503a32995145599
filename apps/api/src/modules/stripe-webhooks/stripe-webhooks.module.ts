import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { stripeWebhooksRoutes } from './stripe-webhooks.routes.ts';
import { createStripeWebhooksService, type StripeWebhooksService } from './stripe-webhooks.service.ts';

export { readStripeEvent } from './stripe-webhooks.service.ts';

/**
 * Stripe's webhook endpoint (issue 16, docs/payments.md Webhooks): owns `stripe_events`. Register it LAST
 * in app.ts: its `stripe.event` handler marks the event processed after every other module's handler ran.
 */
export function createStripeWebhooksModule(deps: {
  db: Db;
  events: EventBus;
  clock: Clock;
  webhookSecret?: string;
}): ApiModule<StripeWebhooksService> {
  const service = createStripeWebhooksService(deps);
  return {
    name: 'stripe-webhooks',
    service,
    routes: bindRoutes(stripeWebhooksRoutes, { service }),
    eventHandlers: (bus) => {
      bus.on('stripe.event', 'stripe-webhooks.processed', (event) =>
        service.markProcessed(event.payload.event_id),
      );
    },
  };
}
