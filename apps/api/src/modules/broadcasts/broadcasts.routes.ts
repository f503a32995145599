import {
  broadcastDetailSchema,
  broadcastFilterBody,
  broadcastPreviewAnswer,
  broadcastPreviewBody,
  broadcastRecipientsAnswer,
  broadcastSetupSchema,
  broadcastSummarySchema,
  createBroadcastBody,
} from '@posada/contracts/broadcasts';
import { okEnvelope } from '@posada/contracts/envelope';
import { idText } from '@posada/contracts/primitives';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pickLocale } from '../../i18n/messages.ts';
import { requireAccount } from '../../plugins/access.ts';
import type { BroadcastsService } from './broadcasts.service.ts';

const idParams = z.object({ id: idText() });
const ok = <T>(data: T) => ({ ok: true as const, data });

/**
 * Mass messages (issue 17, spec 2.2 `whatsapp-mass-communication`, docs/messaging.md "Mass messages"):
 * the recipients of a filter, the preview per recipient, the broadcast sent through the job queue, its
 * progress per recipient, cancel. Access: empresa; the plan gate 'messaging'.
 */
export const broadcastsRoutes: FastifyPluginAsyncZod<{ broadcasts: BroadcastsService }> = async (
  app,
  { broadcasts },
) => {
  const tags = ['broadcasts'];
  const config = { access: 'empresa' as const };

  app.get(
    '/broadcasts/setup',
    { config, schema: { tags, response: { 200: okEnvelope(broadcastSetupSchema) } } },
    async (request) => ok(await broadcasts.setup(requireAccount(request))),
  );

  app.post(
    '/broadcasts/recipients',
    {
      config,
      schema: { tags, body: broadcastFilterBody, response: { 200: okEnvelope(broadcastRecipientsAnswer) } },
    },
    async (request) => ok(await broadcasts.recipients(requireAccount(request), request.body)),
  );

  app.post(
    '/broadcasts/preview',
    {
      config,
      schema: { tags, body: broadcastPreviewBody, response: { 200: okEnvelope(broadcastPreviewAnswer) } },
    },
    async (request) => ok(await broadcasts.preview(requireAccount(request), request.body)),
  );

  app.get(
    '/broadcasts',
    { config, schema: { tags, response: { 200: okEnvelope(z.array(broadcastSummarySchema)) } } },
    async (request) => ok(await broadcasts.list(requireAccount(request))),
  );

  app.post(
    '/broadcasts',
    {
      config,
      schema: { tags, body: createBroadcastBody, response: { 201: okEnvelope(broadcastDetailSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await broadcasts.create(requireAccount(request), request.body))),
  );

  app.get(
    '/broadcasts/:id',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(broadcastDetailSchema) } } },
    async (request) =>
      ok(
        await broadcasts.get(
          requireAccount(request),
          request.params.id,
          pickLocale(request.headers['accept-language']),
        ),
      ),
  );

  app.post(
    '/broadcasts/:id/cancel',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(broadcastDetailSchema) } } },
    async (request) => ok(await broadcasts.cancel(requireAccount(request), request.params.id)),
  );
};
