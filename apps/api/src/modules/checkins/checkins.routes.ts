import {
  checkinDetail,
  checkinDetailBody,
  checkinExpectedGuestsBody,
  checkinKeysBody,
  checkinLink,
  checkinListItem,
  checkinsHistoryQuery,
  checkinsPage,
  checkinsQuery,
  historyPage,
  manualCheckinBody,
  programmedCheckin,
  programmedCheckinQuery,
  reminderBody,
  reminderSchema,
  sendCheckinBody,
  sendCheckinData,
} from '@posada/contracts/checkins';
import { okEnvelope } from '@posada/contracts/envelope';
import { idText } from '@posada/contracts/primitives';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pickLocale } from '../../i18n/messages.ts';
import { requireAccount } from '../../plugins/access.ts';
import type { CheckinsService } from './checkins.service.ts';
import type { RemindersService } from './reminders.service.ts';

const idParams = z.object({ id: idText() });
const guestParams = z.object({ id: idText(), guestId: idText() });

/** The operator's check-in endpoints of docs/checkins.md. Access: empresa; another account's ids are 404. */
export const checkinsRoutes: FastifyPluginAsyncZod<{
  checkins: CheckinsService;
  reminders: RemindersService;
}> = async (app, { checkins, reminders }) => {
  const tags = ['checkins'];
  const config = { access: 'empresa' as const };
  // Ownership (404) before the body is validated, so another account's id never reads as a 400.
  const ownCheckin = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    await checkins.assertCheckin(requireAccount(request), id);
  };
  const ownReminder = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    await reminders.assertReminder(requireAccount(request), id);
  };
  const ok = <T>(data: T) => ({ ok: true as const, data });

  app.get(
    '/checkins',
    { config, schema: { tags, querystring: checkinsQuery, response: { 200: okEnvelope(checkinsPage) } } },
    async (request) =>
      ok(
        await checkins.list(
          requireAccount(request),
          request.query,
          pickLocale(request.headers['accept-language']),
        ),
      ),
  );

  app.get(
    '/checkins/history',
    {
      config,
      schema: { tags, querystring: checkinsHistoryQuery, response: { 200: okEnvelope(historyPage) } },
    },
    async (request) => ok(await checkins.history(requireAccount(request), request.query)),
  );

  app.post(
    '/information/data/checkin',
    { config, schema: { tags, body: checkinDetailBody, response: { 200: okEnvelope(checkinDetail) } } },
    async (request) =>
      ok(
        await checkins.detail(
          requireAccount(request),
          request.body.id,
          pickLocale(request.headers['accept-language']),
        ),
      ),
  );

  app.get(
    '/checkins/:id/guests/:guestId/registration.pdf',
    { config, schema: { tags, params: guestParams } },
    async (request, reply) => {
      const pdf = await checkins.registrationPdf(
        requireAccount(request),
        request.params.id,
        request.params.guestId,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="registration-${request.params.guestId}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.put(
    '/checkins/:id/keys',
    {
      config,
      preValidation: ownCheckin,
      schema: {
        tags,
        params: idParams,
        body: checkinKeysBody,
        response: { 200: okEnvelope(checkinListItem) },
      },
    },
    async (request) =>
      ok(await checkins.setKeys(requireAccount(request), request.params.id, request.body.delivered)),
  );

  app.put(
    '/checkins/:id/expected-guests',
    {
      config,
      preValidation: ownCheckin,
      schema: {
        tags,
        params: idParams,
        body: checkinExpectedGuestsBody,
        response: { 200: okEnvelope(checkinListItem) },
      },
    },
    async (request) =>
      ok(
        await checkins.setExpectedGuests(
          requireAccount(request),
          request.params.id,
          request.body.expected_guests,
        ),
      ),
  );

  app.get(
    '/checkins/:id/link',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(checkinLink) } } },
    async (request) => ok(await checkins.link(requireAccount(request), request.params.id)),
  );

  app.post(
    '/checkins/send',
    { config, schema: { tags, body: sendCheckinBody, response: { 201: okEnvelope(sendCheckinData) } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await checkins.send(
              requireAccount(request),
              request.body,
              pickLocale(request.headers['accept-language']),
            ),
          ),
        ),
  );

  app.post(
    '/checkins/:id/resend',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(sendCheckinData) } } },
    async (request) =>
      ok(
        await checkins.resend(
          requireAccount(request),
          request.params.id,
          pickLocale(request.headers['accept-language']),
        ),
      ),
  );

  app.post(
    '/checkins/manual',
    { config, schema: { tags, body: manualCheckinBody, response: { 201: okEnvelope(checkinDetail) } } },
    async (request, reply) =>
      reply.status(201).send(ok(await checkins.manual(requireAccount(request), request.body))),
  );

  app.get(
    '/retrieve-programmed-checkin',
    {
      config,
      schema: { tags, querystring: programmedCheckinQuery, response: { 200: okEnvelope(programmedCheckin) } },
    },
    async (request) => ok(await checkins.programmed(requireAccount(request), request.query.booking_id)),
  );

  app.get(
    '/reminders',
    { config, schema: { tags, response: { 200: okEnvelope(z.array(reminderSchema)) } } },
    async (request) => ok(await reminders.list(requireAccount(request))),
  );

  app.post(
    '/reminders',
    { config, schema: { tags, body: reminderBody, response: { 201: okEnvelope(reminderSchema) } } },
    async (request, reply) =>
      reply.status(201).send(ok(await reminders.create(requireAccount(request), request.body))),
  );

  app.put(
    '/reminders/:id',
    {
      config,
      preValidation: ownReminder,
      schema: { tags, params: idParams, body: reminderBody, response: { 200: okEnvelope(reminderSchema) } },
    },
    async (request) => ok(await reminders.update(requireAccount(request), request.params.id, request.body)),
  );

  app.delete(
    '/reminders/:id',
    {
      config,
      schema: { tags, params: idParams, response: { 200: okEnvelope(z.object({ id: z.string() })) } },
    },
    async (request) => ok(await reminders.remove(requireAccount(request), request.params.id)),
  );
};
