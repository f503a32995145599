import multipart from '@fastify/multipart';
import { okEnvelope } from '@posada/contracts/envelope';
import { idText } from '@posada/contracts/primitives';
import {
  imageParams,
  imageUploadData,
  imageUploadRejectedEnvelope,
  PROPERTY_IMAGE_MAX_BYTES,
  PROPERTY_IMAGE_MAX_FILES,
  propertyImageList,
} from '@posada/contracts/property-rooms';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../i18n/messages.ts';
import { requireAccount } from '../../plugins/access.ts';
import { filesErrors } from '../files/files.errors.ts';
import type { ImagesService, UploadedPart } from './images.service.ts';
import { roomsErrors } from './rooms.errors.ts';

const propertyParams = z.object({ id: idText() });
const reasonKey = { type: 'images.invalid_type', size: 'images.too_large' } as const;

/** Every file part of the request; a part cut at the size limit comes back with null bytes. */
async function readParts(request: FastifyRequest): Promise<UploadedPart[]> {
  if (!request.isMultipart()) throw filesErrors.missing();
  const parts: UploadedPart[] = [];
  try {
    for await (const part of request.files()) {
      const bytes = await part.toBuffer();
      parts.push({ name: part.filename || part.fieldname, bytes: part.file.truncated ? null : bytes });
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw roomsErrors.tooManyImages(PROPERTY_IMAGE_MAX_FILES);
    }
    throw error;
  }
  if (parts.length === 0) throw filesErrors.missing();
  return parts;
}

/** Property images: list, upload several (each judged on its own), delete, set main. */
export const imagesRoutes: FastifyPluginAsyncZod<{ images: ImagesService }> = async (app, { images }) => {
  const tags = ['property-images'];
  // This scope only: up to 10 files of at most 30 MB each (spec 5); a longer file is flagged, not fatal.
  await app.register(multipart, {
    limits: { fileSize: PROPERTY_IMAGE_MAX_BYTES, files: PROPERTY_IMAGE_MAX_FILES, fields: 10 },
    throwFileSizeLimit: false,
  });

  app.get(
    '/properties/:id/images',
    {
      config: { access: 'empresa' },
      schema: { tags, params: propertyParams, response: { 200: okEnvelope(propertyImageList) } },
    },
    async (request) => ({
      ok: true as const,
      data: { items: await images.list(requireAccount(request), request.params.id) },
    }),
  );

  app.post(
    '/properties/:id/images',
    {
      config: { access: 'empresa' },
      // Ownership before a single byte of the upload is read.
      preValidation: async (request) => {
        await images.assertProperty(requireAccount(request), (request.params as { id: string }).id);
      },
      schema: {
        tags,
        params: propertyParams,
        consumes: ['multipart/form-data'],
        response: { 201: okEnvelope(imageUploadData), 422: imageUploadRejectedEnvelope },
      },
    },
    async (request, reply) => {
      const tenant = requireAccount(request);
      const result = await images.upload(tenant, request.params.id, await readParts(request));
      const data = {
        ...result,
        rejected: result.rejected.map((r) => ({
          ...r,
          message: translate(request.locale, reasonKey[r.reason]),
        })),
      };
      if (data.uploaded.length > 0) return reply.status(201).send({ ok: true as const, data });
      return reply.status(422).send({
        ok: false as const,
        code: 'images.all_rejected' as const,
        message: translate(request.locale, 'images.all_rejected'),
        errors: { files: data.rejected.map((r) => `${r.name}: ${r.message}`) },
        data,
      });
    },
  );

  app.delete(
    '/properties/:id/images/:imageId',
    {
      config: { access: 'empresa' },
      schema: { tags, params: imageParams, response: { 200: okEnvelope(propertyImageList) } },
    },
    async (request) => ({
      ok: true as const,
      data: {
        items: await images.remove(requireAccount(request), request.params.id, request.params.imageId),
      },
    }),
  );

  app.put(
    '/properties/:id/images/:imageId/main',
    {
      config: { access: 'empresa' },
      schema: { tags, params: imageParams, response: { 200: okEnvelope(propertyImageList) } },
    },
    async (request) => ({
      ok: true as const,
      data: {
        items: await images.setMain(requireAccount(request), request.params.id, request.params.imageId),
      },
    }),
  );
};
