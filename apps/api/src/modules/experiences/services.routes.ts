import multipart from '@fastify/multipart';
import { okEnvelope } from '@posada/contracts/envelope';
import {
  providerBody,
  providerListSchema,
  providerSchema,
  serviceActiveBody,
  serviceBody,
  serviceListQuery,
  serviceListSchema,
  servicePhotoOrderBody,
  serviceSchema,
} from '@posada/contracts/experiences';
import { idText } from '@posada/contracts/primitives';
import { PROPERTY_IMAGE_MAX_BYTES } from '@posada/contracts/property-rooms';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { requireAccount } from '../../plugins/access.ts';
import { filesErrors } from '../files/files.errors.ts';
import { experiencesErrors } from './experiences.errors.ts';
import type { ExperiencesServices } from './experiences.module.ts';

const idParams = z.object({ id: idText() });
const photoParams = z.object({ id: idText(), index: idText(8) });
const deletedSchema = z.object({ id: z.string() });
const ok = <T>(data: T) => ({ ok: true as const, data });

/** The one file of a photo upload (field `photo`, or `file` like the other uploads), at most 30 MB. */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw filesErrors.missing();
  const part = await request.file();
  if (!part || (part.fieldname !== 'photo' && part.fieldname !== 'file')) throw filesErrors.missing();
  try {
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw experiencesErrors.photoTooLarge();
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw experiencesErrors.photoTooLarge();
    throw error;
  }
}

/** Services (spec 3 Service / experience), their photos, and providers (upselling/providers). */
export const servicesRoutes: FastifyPluginAsyncZod<ExperiencesServices> = async (
  app,
  { services, providers },
) => {
  const tags = ['experiences'];
  const config = { access: 'empresa' as const };

  app.get(
    '/services',
    {
      config,
      schema: { tags, querystring: serviceListQuery, response: { 200: okEnvelope(serviceListSchema) } },
    },
    async (request) => ok(await services.list(requireAccount(request), request.query)),
  );

  app.post(
    '/services',
    { config, schema: { tags, body: serviceBody, response: { 201: okEnvelope(serviceSchema) } } },
    async (request, reply) =>
      reply.status(201).send(ok(await services.create(requireAccount(request), request.body))),
  );

  app.get(
    '/services/:id',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(serviceSchema) } } },
    async (request) => ok(await services.get(requireAccount(request), request.params.id)),
  );

  app.put(
    '/services/:id',
    {
      config,
      schema: { tags, params: idParams, body: serviceBody, response: { 200: okEnvelope(serviceSchema) } },
    },
    async (request) => ok(await services.update(requireAccount(request), request.params.id, request.body)),
  );

  app.post(
    '/services/:id/active',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: serviceActiveBody,
        response: { 200: okEnvelope(serviceSchema) },
      },
    },
    async (request) =>
      ok(await services.setActive(requireAccount(request), request.params.id, request.body.active)),
  );

  app.delete(
    '/services/:id',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(deletedSchema) } } },
    async (request) => {
      await services.remove(requireAccount(request), request.params.id);
      return ok({ id: request.params.id });
    },
  );

  // Uploads only in this scope: one photo of at most 30 MB (spec 5, like property images).
  await app.register(async (instance) => {
    const scope = instance.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      limits: { fileSize: PROPERTY_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    scope.post(
      '/services/:id/photos',
      {
        config,
        // Premium, ownership and room for one more before a single byte of the upload is read.
        preValidation: async (request) => {
          const { id } = request.params as { id: string };
          await services.assertPhotoRoom(requireAccount(request), id);
        },
        schema: {
          tags,
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 201: okEnvelope(serviceSchema) },
        },
      },
      async (request, reply) => {
        const tenant = requireAccount(request);
        const bytes = await readPhoto(request);
        return reply.status(201).send(ok(await services.addPhoto(tenant, request.params.id, bytes)));
      },
    );
  });

  app.delete(
    '/services/:id/photos/:index',
    { config, schema: { tags, params: photoParams, response: { 200: okEnvelope(serviceSchema) } } },
    async (request) =>
      ok(await services.removePhoto(requireAccount(request), request.params.id, request.params.index)),
  );

  app.put(
    '/services/:id/photos/order',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: servicePhotoOrderBody,
        response: { 200: okEnvelope(serviceSchema) },
      },
    },
    async (request) =>
      ok(await services.reorderPhotos(requireAccount(request), request.params.id, request.body.order)),
  );

  app.get(
    '/upselling/providers',
    { config, schema: { tags, response: { 200: okEnvelope(providerListSchema) } } },
    async (request) => ok(await providers.list(requireAccount(request))),
  );

  app.post(
    '/upselling/providers',
    { config, schema: { tags, body: providerBody, response: { 201: okEnvelope(providerSchema) } } },
    async (request, reply) =>
      reply.status(201).send(ok(await providers.create(requireAccount(request), request.body))),
  );

  app.put(
    '/upselling/providers/:id',
    {
      config,
      schema: { tags, params: idParams, body: providerBody, response: { 200: okEnvelope(providerSchema) } },
    },
    async (request) => ok(await providers.update(requireAccount(request), request.params.id, request.body)),
  );

  app.delete(
    '/upselling/providers/:id',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(deletedSchema) } } },
    async (request) => {
      await providers.remove(requireAccount(request), request.params.id);
      return ok({ id: request.params.id });
    },
  );
};
