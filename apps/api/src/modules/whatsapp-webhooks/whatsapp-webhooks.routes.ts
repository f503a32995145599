import { okEnvelope } from '@posada/contracts/envelope';
import { whatsappVerifyQuery } from '@posada/contracts/inbox-webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WhatsAppWebhooksService } from './whatsapp-webhooks.service.ts';

/** A delivery carries at most a few messages and statuses; a generous cap still refuses junk early. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * GET and POST /api/webhooks/whatsapp (docs/messaging.md, Webhooks): Meta calls them, so they are public and
 * outside the per-address rate limit. The signature covers the exact bytes, so this plugin (and only it:
 * Fastify encapsulates parsers) keeps every body as a raw Buffer instead of parsing JSON.
 */
export const whatsappWebhooksRoutes: FastifyPluginAsyncZod<{ service: WhatsAppWebhooksService }> = async (
  app,
  { service },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/webhooks/whatsapp',
    {
      config: { access: 'public', rateLimitClass: 'none' },
      schema: { tags: ['inbox'], querystring: whatsappVerifyQuery },
    },
    async (request, reply) => {
      const q = request.query;
      const challenge = service.verify({
        mode: q['hub.mode'],
        token: q['hub.verify_token'],
        challenge: q['hub.challenge'],
      });
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  app.post(
    '/webhooks/whatsapp',
    {
      config: { access: 'public', rateLimitClass: 'none' },
      schema: {
        tags: ['inbox'],
        response: { 200: okEnvelope(z.object({ received: z.literal(true), duplicate: z.boolean() })) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-hub-signature-256'];
      return {
        ok: true as const,
        data: await service.receive(raw, Array.isArray(signature) ? signature[0] : signature),
      };
    },
  );
};
