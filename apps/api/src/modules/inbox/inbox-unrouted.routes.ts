import { okEnvelope } from '@posada/contracts/envelope';
import {
  assignUnroutedBody,
  unroutedIdParams,
  unroutedMessageSchema,
  unroutedPage,
  unroutedQuery,
} from '@posada/contracts/inbox-unrouted';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/access.ts';
import type { InboxUnroutedService } from './inbox-unrouted.service.ts';

/**
 * The admin back office's unrouted messages (issue 26, docs/messaging.md Inbox › Unrouted messages): guests no
 * account knows, on the platform's shared numbers. Admin access only; the account picker reuses
 * GET /api/admin/accounts?search= (user_management's list).
 */
export const inboxUnroutedRoutes: FastifyPluginAsyncZod<{ unrouted: InboxUnroutedService }> = async (
  app,
  { unrouted },
) => {
  const tags = ['admin', 'inbox'];
  const config = { access: 'admin' as const };

  app.get(
    '/admin/inbox/unrouted',
    { config, schema: { tags, querystring: unroutedQuery, response: { 200: okEnvelope(unroutedPage) } } },
    async (request) => ({ ok: true as const, data: await unrouted.list(request.query) }),
  );

  app.post(
    '/admin/inbox/unrouted/:id/assign',
    {
      config,
      schema: {
        tags,
        params: unroutedIdParams,
        body: assignUnroutedBody,
        response: { 200: okEnvelope(unroutedMessageSchema) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await unrouted.assign(request.params.id, request.body.account_id, requireAuth(request).userId),
    }),
  );
};
