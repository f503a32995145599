import { okEnvelope } from '@posada/contracts/envelope';
import { whatsappVerifyQuery } from '@posada/contracts/inbox-webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WEBHOOK_MAX_BYTES } from './payload-guard.ts';
import { whatsappWebhooksErrors } from './whatsapp-webhooks.errors.ts';
import type { WhatsAppWebhooksService } from './whatsapp-webhooks.service.ts';

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
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  // Over Meta's documented 3 MB (payload-guard.ts): refused from its Content-Length, before it is read. A body
  // sent without one is stopped by the parser's limit (413 common.payload_too_large), logged below.
  app.addHook('preParsing', async (request) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > WEBHOOK_MAX_BYTES) {
      request.log.warn({ bytes: length }, 'whatsapp: a webhook body over the size limit was refused');
      throw whatsappWebhooksErrors.payloadTooLarge();
    }
  });
  app.addHook('onError', async (request, _reply, error) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      request.log.warn('whatsapp: a webhook body over the size limit was refused');
  });

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
