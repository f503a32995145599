import {
  captureDepositBody,
  depositListSchema,
  depositParams,
  depositsQuery,
  depositVerificationSchema,
  guestDepositCheckoutSchema,
  guestDepositSchema,
  programmedIdBody,
  setDepositBody,
} from '@posada/contracts/deposits';
import { okEnvelope } from '@posada/contracts/envelope';
import { CHECKIN_SESSION_HEADER } from '@posada/contracts/guest-checkin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../plugins/access.ts';
import type { DepositsService } from './deposits.service.ts';

const sessionOf = (request: FastifyRequest) => {
  const value = request.headers[CHECKIN_SESSION_HEADER];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

/**
 * Deposits (docs/payments.md "Deposits"): spec 7's request-verification-deposit and refund-deposit, the
 * damage capture, the amount a check-in asks, the list of the widget (empresa), and the guest's deposit
 * step (guest: the check-in session of `x-checkin-session`).
 */
export const depositsRoutes: FastifyPluginAsyncZod<{ deposits: DepositsService }> = async (
  app,
  { deposits },
) => {
  const tags = ['deposits'];
  const empresa = { access: 'empresa' as const };
  const guest = { access: 'guest' as const };

  app.post(
    '/request-verification-deposit',
    {
      config: empresa,
      schema: { tags, body: programmedIdBody, response: { 200: okEnvelope(depositVerificationSchema) } },
    },
    async (request) => ({
      ok: true as const,
      data: await deposits.verify(requireAccount(request), request.body.programmed_id),
    }),
  );

  app.post(
    '/refund-deposit',
    {
      config: empresa,
      schema: { tags, body: programmedIdBody, response: { 200: okEnvelope(depositVerificationSchema) } },
    },
    async (request) => ({
      ok: true as const,
      data: await deposits.refund(requireAccount(request), request.body.programmed_id),
    }),
  );

  app.get(
    '/deposits',
    {
      config: empresa,
      schema: { tags, querystring: depositsQuery, response: { 200: okEnvelope(depositListSchema) } },
    },
    async (request) => ({
      ok: true as const,
      data: await deposits.list(requireAccount(request), request.query),
    }),
  );

  app.put(
    '/deposits/:checkinId',
    {
      config: empresa,
      schema: {
        tags,
        params: depositParams,
        body: setDepositBody,
        response: { 200: okEnvelope(depositVerificationSchema) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await deposits.setAmount(requireAccount(request), request.params.checkinId, request.body.amount),
    }),
  );

  app.post(
    '/deposits/:checkinId/capture',
    {
      config: empresa,
      schema: {
        tags,
        params: depositParams,
        body: captureDepositBody,
        response: { 200: okEnvelope(depositVerificationSchema) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await deposits.capture(requireAccount(request), request.params.checkinId, request.body.amount),
    }),
  );

  app.get(
    '/guest/checkin/deposit',
    { config: guest, schema: { tags, response: { 200: okEnvelope(guestDepositSchema) } } },
    async (request) => ({ ok: true as const, data: await deposits.guestDeposit(sessionOf(request)) }),
  );

  app.post(
    '/guest/checkin/deposit/checkout',
    { config: guest, schema: { tags, response: { 200: okEnvelope(guestDepositCheckoutSchema) } } },
    async (request) => ({ ok: true as const, data: await deposits.guestCheckout(sessionOf(request)) }),
  );
};
