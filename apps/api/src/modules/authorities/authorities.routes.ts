import {
  authorityTestAnswer,
  checkinRegistration,
  generatePoliceFileBody,
  markUploadedBody,
  policeFilesList,
  policeFilesQuery,
  policeFileView,
  registrationAlerts,
  registrationStatesAnswer,
  registrationStatesBody,
  registrationsPage,
  registrationsQuery,
  sendRegistrationBody,
} from '@posada/contracts/authorities';
import { okEnvelope } from '@posada/contracts/envelope';
import { idText, optionalBody } from '@posada/contracts/primitives';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../plugins/access.ts';
import type { AuthoritiesService } from './authorities.service.ts';

const idParams = z.object({ id: idText() });

/** Police registration endpoints (issue 14). Access: empresa; another account's ids are 404. */
export const authoritiesRoutes: FastifyPluginAsyncZod<{ authorities: AuthoritiesService }> = async (
  app,
  { authorities },
) => {
  const tags = ['authorities'];
  const config = { access: 'empresa' as const };
  const ok = <T>(data: T) => ({ ok: true as const, data });
  const paramId = (request: FastifyRequest) => (request.params as { id: string }).id;
  const ownCheckin = async (request: FastifyRequest) => {
    await authorities.assertCheckin(requireAccount(request), paramId(request));
  };
  const ownFile = async (request: FastifyRequest) => {
    await authorities.files.assertFile(requireAccount(request), paramId(request));
  };

  app.get(
    '/checkins/:id/registration',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(checkinRegistration) } } },
    async (request) => ok(await authorities.checkinRegistration(requireAccount(request), request.params.id)),
  );

  app.post(
    '/checkins/:id/registration',
    {
      config,
      preValidation: ownCheckin,
      schema: {
        tags,
        params: idParams,
        body: optionalBody(sendRegistrationBody),
        response: { 200: okEnvelope(checkinRegistration) },
      },
    },
    async (request) =>
      ok(await authorities.sendNow(requireAccount(request), request.params.id, request.body)),
  );

  app.post(
    '/checkins/registration-states',
    {
      config,
      schema: { tags, body: registrationStatesBody, response: { 200: okEnvelope(registrationStatesAnswer) } },
    },
    async (request) =>
      ok({ states: await authorities.badges(requireAccount(request), request.body.checkin_ids) }),
  );

  app.get(
    '/registrations',
    {
      config,
      schema: { tags, querystring: registrationsQuery, response: { 200: okEnvelope(registrationsPage) } },
    },
    async (request) => ok(await authorities.list(requireAccount(request), request.query)),
  );

  app.get(
    '/registrations/export.csv',
    { config, schema: { tags, querystring: registrationsQuery } },
    async (request, reply) => {
      const csv = await authorities.csv(requireAccount(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="registrations.csv"')
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.get(
    '/registrations/alerts',
    { config, schema: { tags, response: { 200: okEnvelope(registrationAlerts) } } },
    async (request) => ok(await authorities.alerts(requireAccount(request))),
  );

  app.post(
    '/properties/:id/authorities/test',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(authorityTestAnswer) } } },
    async (request) => ok(await authorities.testConnection(requireAccount(request), request.params.id)),
  );

  app.get(
    '/police-files',
    {
      config,
      schema: { tags, querystring: policeFilesQuery, response: { 200: okEnvelope(policeFilesList) } },
    },
    async (request) =>
      ok(
        await authorities.files.list(requireAccount(request), {
          ...(request.query.property_id ? { propertyId: request.query.property_id } : {}),
          pending: request.query.pending,
        }),
      ),
  );

  app.post(
    '/properties/:id/police-files',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: optionalBody(generatePoliceFileBody),
        response: { 200: okEnvelope(policeFileView) },
      },
    },
    async (request) =>
      ok(await authorities.files.generate(requireAccount(request), request.params.id, request.body.day)),
  );

  app.get(
    '/police-files/:id/download',
    { config, schema: { tags, params: idParams } },
    async (request, reply) => {
      const file = await authorities.files.download(requireAccount(request), request.params.id);
      return reply
        .type('text/plain; charset=iso-8859-1')
        .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  app.post(
    '/police-files/:id/uploaded',
    {
      config,
      preValidation: ownFile,
      schema: {
        tags,
        params: idParams,
        body: markUploadedBody,
        response: { 200: okEnvelope(policeFileView) },
      },
    },
    async (request) =>
      ok(
        await authorities.files.markUploaded(
          requireAccount(request),
          request.params.id,
          request.body.receipt_number,
        ),
      ),
  );
};
