import { okEnvelope } from '@posada/contracts/envelope';
import {
  CHECKIN_SESSION_HEADER,
  checkinCodeBody,
  confirmVerificationBody,
  finishCheckinData,
  guestCheckinSummary,
  guestServicesData,
  guestServicesParams,
  guestSession,
  identityCheckBody,
  identityVerdict,
  postalCodeData,
  postalCodeParams,
  registeredGuest,
  registerGuestBody,
  sendVerificationBody,
  startCheckinBody,
  startCheckinData,
  verificationSent,
} from '@posada/contracts/guest-checkin';
import { idText } from '@posada/contracts/primitives';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guestCheckinErrors } from './guest-checkin.errors.ts';
import type { GuestCheckinService } from './guest-checkin.service.ts';

const sessionOf = (request: FastifyRequest) => {
  const value = request.headers[CHECKIN_SESSION_HEADER];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

/**
 * The guest's check-in (docs/checkins.md "Guest endpoints"). No account: `start` is public and answers a
 * signed session; every other call is `guest` access and carries it in `x-checkin-session`.
 */
export const guestCheckinRoutes: FastifyPluginAsyncZod<{ guestCheckin: GuestCheckinService }> = async (
  app,
  { guestCheckin },
) => {
  const tags = ['guest-checkin'];
  const guest = { access: 'guest' as const };

  // Like the access plugin does for tokens: a guest call without a session is refused before its body is
  // validated (401, never a 400 listing the fields). The service then checks the session's signature.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config?.access === 'guest' && !sessionOf(request)) {
      throw guestCheckinErrors.sessionInvalid();
    }
  });

  app.post(
    '/guest/checkin/start',
    {
      config: { access: 'public' },
      schema: { tags, body: startCheckinBody, response: { 200: okEnvelope(startCheckinData) } },
    },
    async (request) => ({ ok: true as const, data: await guestCheckin.start(request.body, request.ip) }),
  );

  app.post(
    '/guest/checkin/code',
    { config: guest, schema: { tags, body: checkinCodeBody, response: { 200: okEnvelope(guestSession) } } },
    async (request) => ({
      ok: true as const,
      data: await guestCheckin.code(sessionOf(request), request.body, request.ip),
    }),
  );

  app.post(
    '/guest/checkin/verification',
    {
      config: guest,
      schema: { tags, body: sendVerificationBody, response: { 200: okEnvelope(verificationSent) } },
    },
    async (request) => ({
      ok: true as const,
      data: await guestCheckin.sendVerification(sessionOf(request), request.body),
    }),
  );

  app.post(
    '/guest/checkin/verification/confirm',
    {
      config: guest,
      schema: { tags, body: confirmVerificationBody, response: { 200: okEnvelope(guestSession) } },
    },
    async (request) => ({
      ok: true as const,
      data: await guestCheckin.confirmVerification(sessionOf(request), request.body),
    }),
  );

  app.get(
    '/guest/postal-codes/:code',
    {
      config: { access: 'public' },
      schema: { tags, params: postalCodeParams, response: { 200: okEnvelope(postalCodeData) } },
    },
    async (request) => ({ ok: true as const, data: guestCheckin.postalCode(request.params.code) }),
  );

  app.post(
    '/guest/checkin/guests',
    {
      config: guest,
      // A signature is at most ~300 KB of base64: more than the default 1 MB never belongs here.
      bodyLimit: 1024 * 1024,
      schema: { tags, body: registerGuestBody, response: { 201: okEnvelope(registeredGuest) } },
    },
    async (request, reply) => {
      const data = await guestCheckin.registerGuest(sessionOf(request), request.body);
      return reply.status(201).send({ ok: true as const, data });
    },
  );

  app.post(
    '/guest/checkin/identity',
    {
      config: guest,
      // Two photos of at most ~3 MB each as data URLs.
      bodyLimit: 8 * 1024 * 1024,
      schema: { tags, body: identityCheckBody, response: { 200: okEnvelope(identityVerdict) } },
    },
    async (request) => ({
      ok: true as const,
      data: await guestCheckin.checkIdentity(sessionOf(request), request.body),
    }),
  );

  app.post(
    '/guest/checkin/finish',
    { config: guest, schema: { tags, response: { 200: okEnvelope(finishCheckinData) } } },
    async (request) => ({ ok: true as const, data: await guestCheckin.finish(sessionOf(request)) }),
  );

  app.get(
    '/guest/services/:propiedad_id/:checkin_id',
    {
      config: { access: 'public' },
      schema: { tags, params: guestServicesParams, response: { 200: okEnvelope(guestServicesData) } },
    },
    async (request) => ({
      ok: true as const,
      data: await guestCheckin.services(request.params.propiedad_id, request.params.checkin_id),
    }),
  );

  app.get(
    '/guest/checkin/:id',
    {
      config: guest,
      schema: {
        tags,
        params: z.object({ id: idText() }),
        response: { 200: okEnvelope(guestCheckinSummary) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await guestCheckin.summary(sessionOf(request), request.params.id),
    }),
  );
};
