import { okEnvelope } from '@posada/contracts/envelope';
import {
  serviceRequestListQuery,
  serviceRequestListSchema,
  serviceRequestSchema,
} from '@posada/contracts/experiences';
import { idText } from '@posada/contracts/primitives';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../plugins/access.ts';
import type { ExperiencesServices } from './experiences.module.ts';

const idParams = z.object({ id: idText() });
const discarded = z.object({ id: z.string() });
const ok = <T>(data: T) => ({ ok: true as const, data });

/** The operator's service requests list and its actions (spec 4); premium access only (spec 6). */
export const requestsRoutes: FastifyPluginAsyncZod<ExperiencesServices> = async (app, { requests }) => {
  const tags = ['experiences'];
  const config = { access: 'empresa' as const };
  const one = { tags, params: idParams, response: { 200: okEnvelope(serviceRequestSchema) } };

  app.get(
    '/upselling/requests',
    {
      config,
      schema: {
        tags,
        querystring: serviceRequestListQuery,
        response: { 200: okEnvelope(serviceRequestListSchema) },
      },
    },
    async (request) => ok(await requests.list(requireAccount(request).accountId, request.query)),
  );

  app.get('/upselling/requests/:id', { config, schema: one }, async (request) =>
    ok(await requests.get(requireAccount(request).accountId, request.params.id)),
  );

  app.post('/upselling/requests/:id/approve', { config, schema: one }, async (request) =>
    ok(await requests.approve(requireAccount(request).accountId, request.params.id)),
  );

  app.post('/upselling/requests/:id/reject', { config, schema: one }, async (request) =>
    ok(await requests.reject(requireAccount(request).accountId, request.params.id)),
  );

  app.post('/upselling/requests/:id/confirm-payment', { config, schema: one }, async (request) =>
    ok(await requests.confirmPayment(requireAccount(request).accountId, request.params.id)),
  );

  app.delete(
    '/upselling/requests/:id',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(discarded) } } },
    async (request) => {
      await requests.discard(requireAccount(request).accountId, request.params.id);
      return ok({ id: request.params.id });
    },
  );
};
