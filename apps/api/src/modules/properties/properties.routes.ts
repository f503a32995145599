import multipart from '@fastify/multipart';
import { okEnvelope } from '@posada/contracts/envelope';
import {
  countCheckinParams,
  countData,
  createPropertyBody,
  generateDescriptionBody,
  generatedDescription,
  getPropertyQuery,
  guestProperty,
  guestPropertyBody,
  propertyDetail,
  propertyListData,
  retrivePropertiesBody,
  uploadedFileData,
} from '@posada/contracts/properties';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../plugins/access.ts';
import { filesErrors } from '../files/files.errors.ts';
import { LOGO_MAX_BYTES } from '../files/files.service.ts';
import { readUploadedFile } from '../files/multipart.ts';
import type { PropertiesService } from './properties.service.ts';

/** Properties: the wizard (create, logo, AI description), the list and the spec 7 property calls. */
export const propertiesRoutes: FastifyPluginAsyncZod<{ properties: PropertiesService }> = async (
  app,
  { properties },
) => {
  const tags = ['properties'];
  // Uploads in this scope only: one file, the logo limit (spec 5: 5 MB).
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get(
    '/properties',
    { config: { access: 'empresa' }, schema: { tags, response: { 200: okEnvelope(propertyListData) } } },
    async (request) => ({ ok: true as const, data: await properties.list(requireAccount(request)) }),
  );

  app.post(
    '/properties',
    {
      config: { access: 'empresa' },
      schema: { tags, body: createPropertyBody, response: { 201: okEnvelope(propertyDetail) } },
    },
    async (request, reply) => {
      const data = await properties.create(requireAccount(request), request.body);
      return reply.status(201).send({ ok: true as const, data });
    },
  );

  app.post(
    '/properties/logo',
    {
      config: { access: 'empresa' },
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: okEnvelope(uploadedFileData) } },
    },
    async (request, reply) => {
      const bytes = await readUploadedFile(request, filesErrors.logoTooLarge);
      const data = await properties.uploadLogo(requireAccount(request), bytes);
      return reply.status(201).send({ ok: true as const, data });
    },
  );

  app.post(
    '/properties/description/generate',
    {
      config: { access: 'empresa' },
      schema: { tags, body: generateDescriptionBody, response: { 200: okEnvelope(generatedDescription) } },
    },
    async (request) => ({ ok: true as const, data: await properties.generateDescription(request.body) }),
  );

  // spec 7 contract calls: same paths and field names as the original product.
  app.get(
    '/get-property',
    {
      config: { access: 'empresa' },
      schema: { tags, querystring: getPropertyQuery, response: { 200: okEnvelope(propertyDetail) } },
    },
    async (request) => {
      const id = request.query.id_accommodation || request.query.id || '';
      return { ok: true as const, data: await properties.get(requireAccount(request), id) };
    },
  );

  app.post(
    '/propiedad',
    {
      config: { access: 'public' },
      schema: { tags, body: guestPropertyBody, response: { 200: okEnvelope(guestProperty) } },
    },
    async (request) => ({ ok: true as const, data: await properties.guestView(request.body.propiedad_id) }),
  );

  app.post(
    '/retrive-properties',
    {
      config: { access: 'empresa' },
      schema: { tags, body: retrivePropertiesBody, response: { 200: okEnvelope(propertyListData) } },
    },
    async (request) => ({
      ok: true as const,
      data: await properties.listForUser(requireAccount(request), request.body.user_id),
    }),
  );

  app.get(
    '/count-checkin-property/:id',
    {
      config: { access: 'empresa' },
      schema: { tags, params: countCheckinParams, response: { 200: okEnvelope(countData) } },
    },
    async (request) => ({
      ok: true as const,
      data: await properties.countCheckins(requireAccount(request), request.params.id),
    }),
  );
};
