import { okEnvelope } from '@posada/contracts/envelope';
import {
  createPaymentLinkBody,
  guestPaymentSchema,
  onboardingLinkSchema,
  paymentAccountSchema,
  refundGuestPaymentBody,
  sendGuestPaymentBody,
} from '@posada/contracts/payments';
import { idText } from '@posada/contracts/primitives';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../plugins/access.ts';
import type { GuestPaymentsService } from './guest-payments.service.ts';
import type { PaymentAccountService } from './payment-account.service.ts';

const idParams = z.object({ id: idText() });
const bookingParams = z.object({ bookingId: idText() });
const ok = <T>(data: T) => ({ ok: true as const, data });

/**
 * The operator's payments account (Stripe Connect) and the guest payments of a reservation: payment links,
 * sending them, refunds and withdrawing an open link (issue 16, docs/payments.md). Access: empresa; another
 * account's booking or payment answers 404.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  account: PaymentAccountService;
  guestPayments: GuestPaymentsService;
}> = async (app, { account, guestPayments }) => {
  const tags = ['payments'];
  const config = { access: 'empresa' as const };

  app.get(
    '/payments/account',
    { config, schema: { tags, response: { 200: okEnvelope(paymentAccountSchema) } } },
    async (request) => ok(await account.get(requireAccount(request).accountId, request.locale)),
  );

  app.post(
    '/payments/account/onboarding-link',
    { config, schema: { tags, response: { 200: okEnvelope(onboardingLinkSchema) } } },
    async (request) => ok(await account.onboardingLink(requireAccount(request).accountId)),
  );

  app.post(
    '/payments/account/refresh',
    { config, schema: { tags, response: { 200: okEnvelope(paymentAccountSchema) } } },
    async (request) => ok(await account.refresh(requireAccount(request).accountId, request.locale)),
  );

  app.get(
    '/bookings/:bookingId/payments',
    {
      config,
      schema: { tags, params: bookingParams, response: { 200: okEnvelope(z.array(guestPaymentSchema)) } },
    },
    async (request) =>
      ok(await guestPayments.listForBooking(requireAccount(request), request.params.bookingId)),
  );

  app.post(
    '/bookings/:bookingId/payments',
    {
      config,
      schema: {
        tags,
        params: bookingParams,
        body: createPaymentLinkBody,
        response: { 201: okEnvelope(guestPaymentSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await guestPayments.createPaymentLink(
              requireAccount(request),
              request.params.bookingId,
              request.body,
              request.locale,
            ),
          ),
        ),
  );

  app.post(
    '/guest-payments/:id/send',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: sendGuestPaymentBody,
        response: { 200: okEnvelope(guestPaymentSchema) },
      },
    },
    async (request) =>
      ok(
        await guestPayments.send(
          requireAccount(request),
          request.params.id,
          request.body.via,
          request.locale,
        ),
      ),
  );

  app.post(
    '/guest-payments/:id/refund',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: refundGuestPaymentBody,
        response: { 200: okEnvelope(guestPaymentSchema) },
      },
    },
    async (request) => {
      const tenant = requireAccount(request);
      await guestPayments.refundGuestPayment(tenant.accountId, request.params.id, request.body.amount);
      return ok(await guestPayments.get(tenant.accountId, request.params.id));
    },
  );

  app.post(
    '/guest-payments/:id/cancel',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(guestPaymentSchema) } } },
    async (request) => {
      const tenant = requireAccount(request);
      await guestPayments.cancelGuestPayment(tenant.accountId, request.params.id);
      return ok(await guestPayments.get(tenant.accountId, request.params.id));
    },
  );
};
