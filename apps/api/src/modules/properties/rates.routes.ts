import { okEnvelope } from '@posada/contracts/envelope';
import { idText } from '@posada/contracts/primitives';
import { rateBody, rateList, rateParams, rateSchema } from '@posada/contracts/property-rooms';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../plugins/access.ts';
import type { RatesService } from './rates.service.ts';

const propertyParams = z.object({ id: idText() });

/** Rates of a property: list, create, update, delete. */
export const ratesRoutes: FastifyPluginAsyncZod<{ rates: RatesService }> = async (app, { rates }) => {
  const tags = ['property-rates'];
  const preValidation = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    await rates.assertProperty(requireAccount(request), id);
  };

  app.get(
    '/properties/:id/rates',
    {
      config: { access: 'empresa' },
      schema: { tags, params: propertyParams, response: { 200: okEnvelope(rateList) } },
    },
    async (request) => ({
      ok: true as const,
      data: { items: await rates.list(requireAccount(request), request.params.id) },
    }),
  );

  app.post(
    '/properties/:id/rates',
    {
      config: { access: 'empresa' },
      preValidation,
      schema: { tags, params: propertyParams, body: rateBody, response: { 201: okEnvelope(rateSchema) } },
    },
    async (request, reply) => {
      const data = await rates.create(requireAccount(request), request.params.id, request.body);
      return reply.status(201).send({ ok: true as const, data });
    },
  );

  app.put(
    '/properties/:id/rates/:rateId',
    {
      config: { access: 'empresa' },
      preValidation,
      schema: { tags, params: rateParams, body: rateBody, response: { 200: okEnvelope(rateSchema) } },
    },
    async (request) => ({
      ok: true as const,
      data: await rates.update(
        requireAccount(request),
        request.params.id,
        request.params.rateId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/properties/:id/rates/:rateId',
    {
      config: { access: 'empresa' },
      schema: { tags, params: rateParams, response: { 200: okEnvelope(rateList) } },
    },
    async (request) => {
      const tenant = requireAccount(request);
      await rates.remove(tenant, request.params.id, request.params.rateId);
      return { ok: true as const, data: { items: await rates.list(tenant, request.params.id) } };
    },
  );
};
