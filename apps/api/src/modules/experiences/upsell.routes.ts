import { okEnvelope } from '@posada/contracts/envelope';
import {
  upsellConfigBody,
  upsellConfigSchema,
  upsellReportQuery,
  upsellReportSchema,
} from '@posada/contracts/experiences';
import { idText } from '@posada/contracts/primitives';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../plugins/access.ts';
import type { ExperiencesServices } from './experiences.module.ts';

const propertyParams = z.object({ propertyId: idText() });
const ok = <T>(data: T) => ({ ok: true as const, data });

/**
 * The upselling configuration per property (spec 2.2 /config_properties_notifications/{id}/properties) and
 * the reports (upselling/reports, and their CSV). Empresa, premium access only (spec 6).
 */
export const upsellRoutes: FastifyPluginAsyncZod<ExperiencesServices> = async (app, { upsell, reports }) => {
  const tags = ['experiences'];
  const config = { access: 'empresa' as const };

  app.get(
    '/upselling/config/:propertyId',
    {
      config,
      schema: { tags, params: propertyParams, response: { 200: okEnvelope(upsellConfigSchema) } },
    },
    async (request) => ok(await upsell.getConfig(requireAccount(request), request.params.propertyId)),
  );

  app.put(
    '/upselling/config/:propertyId',
    {
      config,
      schema: {
        tags,
        params: propertyParams,
        body: upsellConfigBody,
        response: { 200: okEnvelope(upsellConfigSchema) },
      },
    },
    async (request) =>
      ok(await upsell.putConfig(requireAccount(request), request.params.propertyId, request.body)),
  );

  app.get(
    '/upselling/reports',
    {
      config,
      schema: { tags, querystring: upsellReportQuery, response: { 200: okEnvelope(upsellReportSchema) } },
    },
    async (request) => ok(await reports.report(requireAccount(request), request.query, request.locale)),
  );

  app.get(
    '/upselling/reports.csv',
    { config, schema: { tags, querystring: upsellReportQuery } },
    async (request, reply) => {
      const csv = await reports.csv(requireAccount(request), request.query, request.locale);
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="upselling-report-${from}-${to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
