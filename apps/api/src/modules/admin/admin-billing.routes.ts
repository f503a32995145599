import {
  adminAccountChangeBody,
  adminAccountChangeResult,
  adminAccountSchema,
  adminAccountsPage,
  adminAccountsQuery,
  adminCheckinsPage,
  adminCheckinsQuery,
  adminPaymentsPage,
  adminPaymentsQuery,
  adminPricesSchema,
  adminUserInformation,
  auditPage,
  auditQuery,
  couponSchema,
  createCouponBody,
  createPriceBookBody,
  idParams,
  updateCouponBody,
  userIdParams,
} from '@posada/contracts/admin-billing';
import { okEnvelope } from '@posada/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/access.ts';
import type { AdminAccountsService } from './admin-accounts.service.ts';
import type { AdminBillingService } from './admin-billing.service.ts';

/**
 * The admin back office's money and account screens (spec 2.2 /manager/prices, payments, user_management
 * and accommodation-{id}-manager-user-{id}-information). Admin access only; every write is audited.
 */
export const adminBillingRoutes: FastifyPluginAsyncZod<{
  billing: AdminBillingService;
  accounts: AdminAccountsService;
}> = async (app, { billing, accounts }) => {
  const tags = ['admin'];
  const config = { access: 'admin' as const };
  const ok = <T>(data: T) => ({ ok: true as const, data });

  app.get(
    '/admin/audit',
    { config, schema: { tags, querystring: auditQuery, response: { 200: okEnvelope(auditPage) } } },
    async (request) => ok(await accounts.audit(request.query)),
  );

  app.get(
    '/admin/prices',
    { config, schema: { tags, response: { 200: okEnvelope(adminPricesSchema) } } },
    async () => ok(await billing.prices()),
  );

  app.post(
    '/admin/prices',
    { config, schema: { tags, body: createPriceBookBody, response: { 201: okEnvelope(adminPricesSchema) } } },
    async (request, reply) =>
      reply.status(201).send(ok(await billing.createPriceBook(request.body, requireAuth(request).userId))),
  );

  app.get(
    '/admin/coupons',
    { config, schema: { tags, response: { 200: okEnvelope(z.array(couponSchema)) } } },
    async () => ok(await billing.listCoupons()),
  );

  app.post(
    '/admin/coupons',
    { config, schema: { tags, body: createCouponBody, response: { 201: okEnvelope(couponSchema) } } },
    async (request, reply) =>
      reply.status(201).send(ok(await billing.createCoupon(request.body, requireAuth(request).userId))),
  );

  app.patch(
    '/admin/coupons/:id',
    {
      config,
      schema: { tags, params: idParams, body: updateCouponBody, response: { 200: okEnvelope(couponSchema) } },
    },
    async (request) =>
      ok(await billing.setCouponActive(request.params.id, request.body.active, requireAuth(request).userId)),
  );

  app.get(
    '/admin/payments',
    {
      config,
      schema: { tags, querystring: adminPaymentsQuery, response: { 200: okEnvelope(adminPaymentsPage) } },
    },
    async (request) => ok(await billing.listPayments(request.query)),
  );

  app.get(
    '/admin/accounts',
    {
      config,
      schema: { tags, querystring: adminAccountsQuery, response: { 200: okEnvelope(adminAccountsPage) } },
    },
    async (request) => ok(await accounts.listAccounts(request.query)),
  );

  app.get(
    '/admin/accounts/:id',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(adminAccountSchema) } } },
    async (request) => ok(await accounts.account(request.params.id)),
  );

  app.patch(
    '/admin/accounts/:id',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: adminAccountChangeBody,
        response: { 200: okEnvelope(adminAccountChangeResult) },
      },
    },
    async (request) =>
      ok(await accounts.changeAccount(request.params.id, request.body, requireAuth(request).userId)),
  );

  app.get(
    '/admin/users/:userId/information',
    { config, schema: { tags, params: userIdParams, response: { 200: okEnvelope(adminUserInformation) } } },
    async (request) => ok(await accounts.information(request.params.userId)),
  );

  for (const [path, completed] of [
    ['retrive-checkins', true],
    ['retrive-checkins-pending', false],
  ] as const) {
    app.get(
      `/admin/users/:userId/${path}`,
      {
        config,
        schema: {
          tags,
          params: userIdParams,
          querystring: adminCheckinsQuery,
          response: { 200: okEnvelope(adminCheckinsPage) },
        },
      },
      async (request) => ok(await accounts.checkins(request.params.userId, request.query, completed)),
    );
  }
};
