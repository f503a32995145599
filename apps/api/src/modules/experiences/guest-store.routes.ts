import { okEnvelope } from '@posada/contracts/envelope';
import {
  guestFeaturedSchema,
  guestRequestAnswer,
  guestRequestBody,
  guestServiceDetailSchema,
  guestStoreSchema,
} from '@posada/contracts/experiences';
import { idText } from '@posada/contracts/primitives';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ExperiencesServices } from './experiences.module.ts';

const storeParams = z.object({ propiedad_id: idText(), checkin_id: idText() });
const serviceParams = storeParams.extend({ service_id: idText() });
const payParams = storeParams.extend({ request_id: idText() });
const langQuery = z.object({ lang: z.enum(['es', 'en', 'ar']).optional() });
const ok = <T>(data: T) => ({ ok: true as const, data });

/**
 * The guest's store after check-in (public, rate limited per address like every public route): only a
 * completed check-in of that very property answers; a made-up, pending or other property's id is 404.
 */
export const guestStoreRoutes: FastifyPluginAsyncZod<ExperiencesServices> = async (app, { guestStore }) => {
  const tags = ['experiences'];
  const config = { access: 'public' as const };

  app.get(
    '/guest/store/:propiedad_id/featured',
    {
      config,
      schema: {
        tags,
        params: z.object({ propiedad_id: idText() }),
        querystring: langQuery,
        response: { 200: okEnvelope(guestFeaturedSchema) },
      },
    },
    async (request) => ok(await guestStore.featured(request.params.propiedad_id, request.query.lang)),
  );

  app.get(
    '/guest/store/:propiedad_id/:checkin_id',
    {
      config,
      schema: {
        tags,
        params: storeParams,
        querystring: langQuery,
        response: { 200: okEnvelope(guestStoreSchema) },
      },
    },
    async (request) => {
      const { propiedad_id, checkin_id } = request.params;
      return ok(await guestStore.store(propiedad_id, checkin_id, request.query.lang));
    },
  );

  app.get(
    '/guest/store/:propiedad_id/:checkin_id/services/:service_id',
    {
      config,
      schema: {
        tags,
        params: serviceParams,
        querystring: langQuery,
        response: { 200: okEnvelope(guestServiceDetailSchema) },
      },
    },
    async (request) => {
      const { propiedad_id, checkin_id, service_id } = request.params;
      return ok(await guestStore.service(propiedad_id, service_id, checkin_id, request.query.lang));
    },
  );

  app.post(
    '/guest/store/:propiedad_id/:checkin_id/services/:service_id/requests',
    {
      config,
      schema: {
        tags,
        params: serviceParams,
        body: guestRequestBody,
        response: { 201: okEnvelope(guestRequestAnswer) },
      },
    },
    async (request, reply) => {
      const { propiedad_id, checkin_id, service_id } = request.params;
      const data = await guestStore.request(propiedad_id, service_id, checkin_id, request.body);
      return reply.status(201).send(ok(data));
    },
  );

  app.post(
    '/guest/store/:propiedad_id/:checkin_id/requests/:request_id/pay',
    { config, schema: { tags, params: payParams, response: { 200: okEnvelope(guestRequestAnswer) } } },
    async (request) => {
      const { propiedad_id, checkin_id, request_id } = request.params;
      return ok(await guestStore.pay(propiedad_id, checkin_id, request_id));
    },
  );
};
