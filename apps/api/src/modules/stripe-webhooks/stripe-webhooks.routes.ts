import { okEnvelope } from '@posada/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StripeWebhooksService } from './stripe-webhooks.service.ts';

/** Stripe's events are small (a few KB); a generous cap still refuses junk early. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/webhooks/stripe: Stripe calls it, signed (`Stripe-Signature`), so it is public and outside
 * the per-address rate limit. The signature covers the exact bytes, so this plugin (and only it: Fastify
 * encapsulates parsers) keeps every body as a raw Buffer instead of parsing JSON.
 */
export const stripeWebhooksRoutes: FastifyPluginAsyncZod<{ service: StripeWebhooksService }> = async (
  app,
  { service },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/webhooks/stripe',
    {
      config: { access: 'public', rateLimitClass: 'none' },
      schema: {
        tags: ['payments'],
        response: { 200: okEnvelope(z.object({ received: z.literal(true), duplicate: z.boolean() })) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      return {
        ok: true as const,
        data: await service.receive(raw, Array.isArray(signature) ? signature.join(',') : signature),
      };
    },
  );
};
