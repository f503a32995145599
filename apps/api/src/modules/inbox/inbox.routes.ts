import { okEnvelope } from '@posada/contracts/envelope';
import { inboxMessageSchema } from '@posada/contracts/inbox';
import {
  ATTACHMENT_MAX_BYTES,
  bookingOption,
  bookingOptionsQuery,
  composerTemplate,
  inboxThreadDetail,
  linkBookingBody,
  messagesPage,
  messagesQuery,
  previewAnswer,
  previewBody,
  sendMessageBody,
  threadsPage,
  threadsQuery,
  unreadCountAnswer,
} from '@posada/contracts/inbox-requests';
import { idText } from '@posada/contracts/primitives';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pickLocale } from '../../i18n/messages.ts';
import { requireAccount } from '../../plugins/access.ts';
import type { InboxScreen } from './inbox-screen.ts';

const idParams = z.object({ id: idText() });
const ok = <T>(data: T) => ({ ok: true as const, data });
/** A 5 MB attachment as base64 in JSON, with room for the rest of the body. */
const SEND_BODY_LIMIT = Math.ceil((ATTACHMENT_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * The unified inbox (issue 17, spec 2.4 Inbox, docs/messaging.md "Inbox"). Access: empresa; plan gate
 * 'messaging' (403 settings.feature_unavailable); another account's thread or message answers 404
 * (spec 8: 'No se ha encontrado la propiedad o el usuario.').
 */
export const inboxRoutes: FastifyPluginAsyncZod<{ screen: InboxScreen }> = async (app, { screen }) => {
  const tags = ['inbox'];
  const config = { access: 'empresa' as const };

  app.get(
    '/inbox/threads',
    { config, schema: { tags, querystring: threadsQuery, response: { 200: okEnvelope(threadsPage) } } },
    async (request) => ok(await screen.listThreads(requireAccount(request), request.query)),
  );

  app.get(
    '/inbox/threads/:id',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(inboxThreadDetail) } } },
    async (request) => ok(await screen.thread(requireAccount(request), request.params.id)),
  );

  app.get(
    '/inbox/threads/:id/messages',
    {
      config,
      schema: {
        tags,
        params: idParams,
        querystring: messagesQuery,
        response: { 200: okEnvelope(messagesPage) },
      },
    },
    async (request) =>
      ok(
        await screen.messages(
          requireAccount(request),
          request.params.id,
          request.query.before,
          pickLocale(request.headers['accept-language']),
        ),
      ),
  );

  app.post(
    '/inbox/threads/:id/messages',
    {
      config,
      bodyLimit: SEND_BODY_LIMIT,
      schema: {
        tags,
        params: idParams,
        body: sendMessageBody,
        response: { 201: okEnvelope(inboxMessageSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await screen.send(requireAccount(request), request.params.id, request.body))),
  );

  app.post(
    '/inbox/threads/:id/preview',
    {
      config,
      schema: { tags, params: idParams, body: previewBody, response: { 200: okEnvelope(previewAnswer) } },
    },
    async (request) => ok(await screen.preview(requireAccount(request), request.params.id, request.body)),
  );

  app.post(
    '/inbox/threads/:id/read',
    {
      config,
      schema: {
        tags,
        params: idParams,
        response: { 200: okEnvelope(z.object({ id: z.string(), unread_count: z.number().int() })) },
      },
    },
    async (request) => ok(await screen.markRead(requireAccount(request), request.params.id)),
  );

  app.put(
    '/inbox/threads/:id/booking',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: linkBookingBody,
        response: { 200: okEnvelope(inboxThreadDetail) },
      },
    },
    async (request) =>
      ok(await screen.linkBooking(requireAccount(request), request.params.id, request.body.booking_id)),
  );

  app.get(
    '/inbox/threads/:id/booking-options',
    {
      config,
      schema: {
        tags,
        params: idParams,
        querystring: bookingOptionsQuery,
        response: { 200: okEnvelope(z.array(bookingOption)) },
      },
    },
    async (request) =>
      ok(await screen.bookingOptions(requireAccount(request), request.params.id, request.query.search)),
  );

  /** The stored media of a message, for its account only (images inline, documents as downloads). */
  app.get('/inbox/media/:id', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    const media = await screen.media(requireAccount(request), request.params.id);
    const inline = /^(image|audio|video)\//.test(media.mime);
    const name = (media.name ?? 'file').replace(/[^\w.\- ]+/g, '_');
    return reply
      .header('content-type', media.mime)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
      .send(media.bytes);
  });

  app.get(
    '/inbox/unread-count',
    { config, schema: { tags, response: { 200: okEnvelope(unreadCountAnswer) } } },
    async (request) => ok(await screen.unreadCount(requireAccount(request))),
  );

  app.get(
    '/inbox/templates',
    { config, schema: { tags, response: { 200: okEnvelope(z.array(composerTemplate)) } } },
    async (request) => ok(await screen.templates(requireAccount(request))),
  );
};
