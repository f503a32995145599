import { okEnvelope } from '@posada/contracts/envelope';
import {
  checkoutUrlSchema,
  portalUrlSchema,
  pricingSchema,
  subscriptionChangeBody,
  subscriptionChoiceBody,
  subscriptionPreviewSchema,
  subscriptionQuoteSchema,
  subscriptionSchema,
} from '@posada/contracts/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../plugins/access.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

const ok = <T>(data: T) => ({ ok: true as const, data });

/**
 * The operator's subscription (issue 16, docs/billing.md). `GET /api/retrive-pricing` is public (the price
 * list is public information, spec 7); the rest is the signed-in operator's own subscription (empresa).
 */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  const tags = ['subscriptions'];
  const config = { access: 'empresa' as const };

  app.get(
    '/retrive-pricing',
    { config: { access: 'public' }, schema: { tags, response: { 200: okEnvelope(pricingSchema) } } },
    async () => ok(await subscriptions.pricing()),
  );

  app.get(
    '/subscription',
    { config, schema: { tags, response: { 200: okEnvelope(subscriptionSchema) } } },
    async (request) => ok(await subscriptions.get(requireAccount(request))),
  );

  app.post(
    '/subscription/quote',
    {
      config,
      schema: { tags, body: subscriptionChoiceBody, response: { 200: okEnvelope(subscriptionQuoteSchema) } },
    },
    async (request) => ok(await subscriptions.quote(requireAccount(request), request.body)),
  );

  app.post(
    '/subscription/checkout',
    {
      config,
      schema: { tags, body: subscriptionChoiceBody, response: { 200: okEnvelope(checkoutUrlSchema) } },
    },
    async (request) => ok(await subscriptions.checkout(requireAccount(request), request.body)),
  );

  app.post(
    '/subscription/preview',
    {
      config,
      schema: {
        tags,
        body: subscriptionChangeBody,
        response: { 200: okEnvelope(subscriptionPreviewSchema) },
      },
    },
    async (request) => ok(await subscriptions.preview(requireAccount(request), request.body)),
  );

  app.put(
    '/subscription',
    {
      config,
      schema: { tags, body: subscriptionChangeBody, response: { 200: okEnvelope(subscriptionSchema) } },
    },
    async (request) => ok(await subscriptions.change(requireAccount(request), request.body)),
  );

  app.post(
    '/subscription/cancel',
    { config, schema: { tags, response: { 200: okEnvelope(subscriptionSchema) } } },
    async (request) => ok(await subscriptions.cancel(requireAccount(request))),
  );

  app.post(
    '/subscription/resume',
    { config, schema: { tags, response: { 200: okEnvelope(subscriptionSchema) } } },
    async (request) => ok(await subscriptions.resume(requireAccount(request))),
  );

  app.post(
    '/subscription/portal',
    { config, schema: { tags, response: { 200: okEnvelope(portalUrlSchema) } } },
    async (request) => ok(await subscriptions.portal(requireAccount(request))),
  );
};
