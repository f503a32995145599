import {
  adminSummary,
  adminUsersPage,
  adminUsersQuery,
  advisorIdParams,
  advisorSchema,
  createAdvisorBody,
  updateAdvisorBody,
} from '@posada/contracts/admin';
import { okEnvelope } from '@posada/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/access.ts';
import type { AdminService } from './admin.service.ts';

/** The admin back office (spec 2.2 /manager/*): HomeManager summary, UsuariosManager, advisorsPage. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  const tags = ['admin'];
  const config = { access: 'admin' as const };

  app.get(
    '/admin/summary',
    { config, schema: { tags, response: { 200: okEnvelope(adminSummary) } } },
    async () => ({ ok: true as const, data: await admin.summary() }),
  );

  app.get(
    '/admin/users',
    { config, schema: { tags, querystring: adminUsersQuery, response: { 200: okEnvelope(adminUsersPage) } } },
    async (request) => ({ ok: true as const, data: await admin.listUsers(request.query) }),
  );

  app.get(
    '/admin/advisors',
    { config, schema: { tags, response: { 200: okEnvelope(z.array(advisorSchema)) } } },
    async () => ({ ok: true as const, data: await admin.listAdvisors() }),
  );

  app.post(
    '/admin/advisors',
    { config, schema: { tags, body: createAdvisorBody, response: { 201: okEnvelope(advisorSchema) } } },
    async (request, reply) => {
      const data = await admin.createAdvisor(request.body, requireAuth(request).userId);
      return reply.status(201).send({ ok: true as const, data });
    },
  );

  app.patch(
    '/admin/advisors/:id',
    {
      config,
      schema: {
        tags,
        params: advisorIdParams,
        body: updateAdvisorBody,
        response: { 200: okEnvelope(advisorSchema) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await admin.setAdvisorActive(request.params.id, request.body.active, requireAuth(request).userId),
    }),
  );
};
