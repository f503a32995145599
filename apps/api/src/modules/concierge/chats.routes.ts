import {
  botChatListQuery,
  botChatListSchema,
  botChatSchema,
  botThreadStateSchema,
  markAllAsReadBody,
  markAsReadBody,
  markedSchema,
} from '@posada/contracts/concierge';
import { okEnvelope } from '@posada/contracts/envelope';
import { idText } from '@posada/contracts/primitives';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../plugins/access.ts';
import type { ConciergeServices } from './concierge.module.ts';

const idParams = z.object({ id: idText() });
const threadParams = z.object({ threadId: idText() });
const ok = <T>(data: T) => ({ ok: true as const, data });

/**
 * Bot chats (docs/concierge.md, Bot chats; spec 7): the list, mark as read, mark all as read, the
 * conversation viewer, and the inbox's bot switch (take over, hand back). Empresa; another account's
 * property, chat or thread answers 404.
 */
export const chatsRoutes: FastifyPluginAsyncZod<ConciergeServices> = async (app, { chats }) => {
  const tags = ['concierge'];
  const config = { access: 'empresa' as const };

  app.get(
    '/retrieve-list-chat-bot',
    {
      config,
      schema: { tags, querystring: botChatListQuery, response: { 200: okEnvelope(botChatListSchema) } },
    },
    async (request) => ok(await chats.list(requireAccount(request), request.query.property_id)),
  );

  app.post(
    '/mark-as-read',
    { config, schema: { tags, body: markAsReadBody, response: { 200: okEnvelope(markedSchema) } } },
    async (request) => ok(await chats.markAsRead(requireAccount(request), request.body)),
  );

  app.put(
    '/mark-all-as-read',
    { config, schema: { tags, body: markAllAsReadBody, response: { 200: okEnvelope(markedSchema) } } },
    async (request) => ok(await chats.markAllAsRead(requireAccount(request), request.body.property_id)),
  );

  app.get(
    '/concierge/chats/:id',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(botChatSchema) } } },
    async (request) => ok(await chats.chat(requireAccount(request), request.params.id)),
  );

  app.get(
    '/concierge/threads/:threadId',
    { config, schema: { tags, params: threadParams, response: { 200: okEnvelope(botThreadStateSchema) } } },
    async (request) => ok(await chats.threadState(requireAccount(request), request.params.threadId)),
  );

  app.post(
    '/concierge/threads/:threadId/take-over',
    { config, schema: { tags, params: threadParams, response: { 200: okEnvelope(botThreadStateSchema) } } },
    async (request) => ok(await chats.takeOver(requireAccount(request), request.params.threadId)),
  );

  app.post(
    '/concierge/threads/:threadId/hand-back',
    { config, schema: { tags, params: threadParams, response: { 200: okEnvelope(botThreadStateSchema) } } },
    async (request) => ok(await chats.handBack(requireAccount(request), request.params.threadId)),
  );
};
