import { okEnvelope } from '@posada/contracts/envelope';
import { idText } from '@posada/contracts/primitives';
import {
  publicReviewBody,
  publicReviewSchema,
  reviewReportSchema,
  reviewSettingsBody,
  reviewSettingsSchema,
} from '@posada/contracts/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../plugins/access.ts';
import type { ReviewsService } from './reviews.service.ts';

const idParams = z.object({ id: idText() });
const tokenParams = z.object({ token: idText() });
const ok = <T>(data: T) => ({ ok: true as const, data });

/**
 * Review requests (issue 17 item 6): the property's settings and report (empresa), and the guest's page
 * (public, rate limited per address like every public route; the token is the only key).
 */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  const tags = ['reviews'];
  const config = { access: 'empresa' as const };
  const open = { access: 'public' as const };

  app.get(
    '/properties/:id/review-settings',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(reviewSettingsSchema) } } },
    async (request) => ok(await reviews.getSettings(requireAccount(request), request.params.id)),
  );

  app.put(
    '/properties/:id/review-settings',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: reviewSettingsBody,
        response: { 200: okEnvelope(reviewSettingsSchema) },
      },
    },
    async (request) =>
      ok(await reviews.putSettings(requireAccount(request), request.params.id, request.body)),
  );

  app.get(
    '/properties/:id/reviews/report',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(reviewReportSchema) } } },
    async (request) => ok(await reviews.report(requireAccount(request), request.params.id)),
  );

  app.get(
    '/public/reviews/:token',
    {
      config: open,
      schema: { tags, params: tokenParams, response: { 200: okEnvelope(publicReviewSchema) } },
    },
    async (request) => ok(await reviews.publicRequest(request.params.token)),
  );

  app.post(
    '/public/reviews/:token',
    {
      config: open,
      schema: {
        tags,
        params: tokenParams,
        body: publicReviewBody,
        response: { 200: okEnvelope(publicReviewSchema) },
      },
    },
    async (request) => ok(await reviews.publicAnswer(request.params.token, request.body.score)),
  );
};
