import { okEnvelope } from '@posada/contracts/envelope';
import { setActivePropertyBody, setLocaleBody, userDataSchema, userSchema } from '@posada/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount, requireAuth } from '../../plugins/access.ts';
import type { AccountsService } from './accounts.service.ts';

/** The signed-in user (spec 7 GET /user, GET user/data) and their active property and language. */
export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (
  app,
  { accounts },
) => {
  const tags = ['user'];

  app.get(
    '/user',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: okEnvelope(userSchema) } } },
    async (request) => ({ ok: true as const, data: await accounts.getUser(requireAuth(request).userId) }),
  );

  app.get(
    '/user/data',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: okEnvelope(userDataSchema) } } },
    async (request) => ({ ok: true as const, data: await accounts.getUserData(requireAuth(request).userId) }),
  );

  app.put(
    '/user/active-property',
    {
      config: { access: 'empresa' },
      schema: { tags, body: setActivePropertyBody, response: { 200: okEnvelope(userDataSchema) } },
    },
    async (request) => ({
      ok: true as const,
      data: await accounts.setActiveProperty(requireAccount(request), request.body.property_id),
    }),
  );

  app.put(
    '/user/locale',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: setLocaleBody, response: { 200: okEnvelope(userSchema) } },
    },
    async (request) => ({
      ok: true as const,
      data: await accounts.setLocale(requireAuth(request).userId, request.body.locale),
    }),
  );
};
