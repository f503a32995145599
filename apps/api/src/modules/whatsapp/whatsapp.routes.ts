import { okEnvelope } from '@posada/contracts/envelope';
import {
  embeddedSignupBody,
  embeddedSignupStartSchema,
  messageTemplateSchema,
  quickReplyBody,
  templateIdParams,
  whatsappAccountSchema,
} from '@posada/contracts/whatsapp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../plugins/access.ts';
import type { WhatsAppService } from './whatsapp.service.ts';

const ok = <T>(data: T) => ({ ok: true as const, data });

/**
 * The account's WhatsApp business connection (issue 17, spec 2.2 account-waba and waba-integration,
 * docs/messaging.md Connection): status, Embedded Signup, the shared number, disconnect, templates and quick
 * replies. Access: empresa; another account's quick reply answers 404.
 */
export const whatsappRoutes: FastifyPluginAsyncZod<{ whatsapp: WhatsAppService }> = async (
  app,
  { whatsapp },
) => {
  const tags = ['whatsapp'];
  const config = { access: 'empresa' as const };
  const account = { 200: okEnvelope(whatsappAccountSchema) };
  const templates = { 200: okEnvelope(z.array(messageTemplateSchema)) };

  app.get('/whatsapp/account', { config, schema: { tags, response: account } }, async (request) =>
    ok(await whatsapp.account(requireAccount(request))),
  );

  app.get(
    '/whatsapp/embedded-signup/start',
    { config, schema: { tags, response: { 200: okEnvelope(embeddedSignupStartSchema) } } },
    async (request) => ok(await whatsapp.embeddedSignupStart(requireAccount(request))),
  );

  app.post(
    '/whatsapp/embedded-signup',
    { config, schema: { tags, body: embeddedSignupBody, response: account } },
    async (request) => ok(await whatsapp.embeddedSignup(requireAccount(request), request.body)),
  );

  app.post('/whatsapp/shared', { config, schema: { tags, response: account } }, async (request) =>
    ok(await whatsapp.useShared(requireAccount(request))),
  );

  app.post('/whatsapp/disconnect', { config, schema: { tags, response: account } }, async (request) =>
    ok(await whatsapp.disconnect(requireAccount(request))),
  );

  app.get('/whatsapp/templates', { config, schema: { tags, response: templates } }, async (request) =>
    ok(await whatsapp.templates(requireAccount(request))),
  );

  app.post('/whatsapp/templates/sync', { config, schema: { tags, response: templates } }, async (request) =>
    ok(await whatsapp.syncTemplates(requireAccount(request))),
  );

  app.get('/whatsapp/quick-replies', { config, schema: { tags, response: templates } }, async (request) =>
    ok(await whatsapp.quickReplies(requireAccount(request))),
  );

  app.post(
    '/whatsapp/quick-replies',
    { config, schema: { tags, body: quickReplyBody, response: { 200: okEnvelope(messageTemplateSchema) } } },
    async (request) => ok(await whatsapp.createQuickReply(requireAccount(request), request.body)),
  );

  app.put(
    '/whatsapp/quick-replies/:id',
    {
      config,
      schema: {
        tags,
        params: templateIdParams,
        body: quickReplyBody,
        response: { 200: okEnvelope(messageTemplateSchema) },
      },
    },
    async (request) =>
      ok(await whatsapp.updateQuickReply(requireAccount(request), request.params.id, request.body)),
  );

  app.delete(
    '/whatsapp/quick-replies/:id',
    {
      config,
      schema: { tags, params: templateIdParams, response: { 200: okEnvelope(z.object({ id: z.string() })) } },
    },
    async (request) => {
      await whatsapp.deleteQuickReply(requireAccount(request), request.params.id);
      return ok({ id: request.params.id });
    },
  );
};
