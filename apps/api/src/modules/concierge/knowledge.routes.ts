import multipart from '@fastify/multipart';
import {
  botPreviewBody,
  botQuestionBody,
  botQuestionListQuery,
  botQuestionListSchema,
  botQuestionSchema,
  botReplySchema,
  botSettingsBody,
  botSettingsSchema,
  botStatusSchema,
} from '@posada/contracts/concierge';
import { okEnvelope } from '@posada/contracts/envelope';
import { idText } from '@posada/contracts/primitives';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { requireAccount } from '../../plugins/access.ts';
import { conciergeErrors } from './concierge.errors.ts';
import type { ConciergeServices } from './concierge.module.ts';
import { BOT_IMAGE_MAX_BYTES } from './questions.service.ts';

const propertyParams = z.object({ propertyId: idText() });
const questionParams = z.object({ propertyId: idText(), id: idText() });
const deletedSchema = z.object({ id: z.string() });
const ok = <T>(data: T) => ({ ok: true as const, data });

/** The one file of an image upload (field `image`), at most BOT_IMAGE_MAX_BYTES. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw conciergeErrors.imageMissing();
  const part = await request.file();
  if (part?.fieldname !== 'image') throw conciergeErrors.imageMissing();
  try {
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw conciergeErrors.imageTooLarge();
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw conciergeErrors.imageTooLarge();
    throw error;
  }
}

/**
 * The concierge's knowledge admin (docs/concierge.md "Knowledge admin API"): the questions-and-answers
 * editor (spec 2.4 Bot) with the answer's image, the bot settings (pageManageChatBot), the status and the
 * phone preview. Empresa; another account's property or question is 404.
 */
export const knowledgeRoutes: FastifyPluginAsyncZod<ConciergeServices> = async (
  app,
  { questions, settings },
) => {
  const tags = ['concierge'];
  const config = { access: 'empresa' as const };

  app.get(
    '/concierge/:propertyId/questions',
    {
      config,
      schema: {
        tags,
        params: propertyParams,
        querystring: botQuestionListQuery,
        response: { 200: okEnvelope(botQuestionListSchema) },
      },
    },
    async (request) =>
      ok(await questions.list(requireAccount(request), request.params.propertyId, request.query.status)),
  );

  app.post(
    '/concierge/:propertyId/questions',
    {
      config,
      schema: {
        tags,
        params: propertyParams,
        body: botQuestionBody,
        response: { 201: okEnvelope(botQuestionSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await questions.create(requireAccount(request), request.params.propertyId, request.body))),
  );

  app.put(
    '/concierge/:propertyId/questions/:id',
    {
      config,
      schema: {
        tags,
        params: questionParams,
        body: botQuestionBody,
        response: { 200: okEnvelope(botQuestionSchema) },
      },
    },
    async (request) => {
      const { propertyId, id } = request.params;
      return ok(await questions.update(requireAccount(request), propertyId, id, request.body));
    },
  );

  app.delete(
    '/concierge/:propertyId/questions/:id',
    { config, schema: { tags, params: questionParams, response: { 200: okEnvelope(deletedSchema) } } },
    async (request) => {
      const { propertyId, id } = request.params;
      await questions.remove(requireAccount(request), propertyId, id);
      return ok({ id });
    },
  );

  // Uploads only in this scope: one image of at most 5 MB.
  await app.register(async (instance) => {
    const scope = instance.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      limits: { fileSize: BOT_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    scope.post(
      '/concierge/:propertyId/questions/:id/image',
      {
        config,
        // The caller's property and question before a single byte of the upload is read.
        preValidation: async (request) => {
          const { propertyId, id } = request.params as { propertyId: string; id: string };
          await questions.assertImageTarget(requireAccount(request), propertyId, id);
        },
        schema: {
          tags,
          params: questionParams,
          consumes: ['multipart/form-data'],
          response: { 200: okEnvelope(botQuestionSchema) },
        },
      },
      async (request) => {
        const tenant = requireAccount(request);
        const bytes = await readImage(request);
        const { propertyId, id } = request.params;
        return ok(await questions.setImage(tenant, propertyId, id, bytes));
      },
    );
  });

  app.delete(
    '/concierge/:propertyId/questions/:id/image',
    { config, schema: { tags, params: questionParams, response: { 200: okEnvelope(botQuestionSchema) } } },
    async (request) => {
      const { propertyId, id } = request.params;
      return ok(await questions.removeImage(requireAccount(request), propertyId, id));
    },
  );

  app.get(
    '/concierge/:propertyId/settings',
    { config, schema: { tags, params: propertyParams, response: { 200: okEnvelope(botSettingsSchema) } } },
    async (request) => ok(await settings.get(requireAccount(request), request.params.propertyId)),
  );

  app.put(
    '/concierge/:propertyId/settings',
    {
      config,
      schema: {
        tags,
        params: propertyParams,
        body: botSettingsBody,
        response: { 200: okEnvelope(botSettingsSchema) },
      },
    },
    async (request) =>
      ok(await settings.put(requireAccount(request), request.params.propertyId, request.body)),
  );

  app.get(
    '/concierge/:propertyId/status',
    { config, schema: { tags, params: propertyParams, response: { 200: okEnvelope(botStatusSchema) } } },
    async (request) => ok(await settings.status(requireAccount(request), request.params.propertyId)),
  );

  app.post(
    '/concierge/:propertyId/preview',
    {
      config,
      schema: {
        tags,
        params: propertyParams,
        body: botPreviewBody,
        response: { 200: okEnvelope(botReplySchema) },
      },
    },
    async (request) =>
      ok(await settings.preview(requireAccount(request), request.params.propertyId, request.body)),
  );
};
