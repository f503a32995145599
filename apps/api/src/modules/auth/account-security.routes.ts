import {
  changePasswordBody,
  changePasswordData,
  disableTwoFactorBody,
  recoveryCodesData,
  revokedSessionsData,
  sessionIdParams,
  sessionList,
  twoFactorCodeBody,
  twoFactorSetupData,
  twoFactorStatus,
  updateProfileBody,
} from '@posada/contracts/account-security';
import { messageData, okEnvelope } from '@posada/contracts/envelope';
import { userSchema } from '@posada/contracts/users';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/access.ts';
import type { AccountSecurityService } from './account-security.service.ts';
import type { RequestContext } from './auth.service.ts';

function context(request: FastifyRequest): RequestContext {
  return { locale: request.locale, ip: request.ip, userAgent: request.headers['user-agent'] };
}

/**
 * The signed-in user's own account and security (spec 2.2 profile: config-account, secure-sesion).
 * All 'authenticated': an admin not yet enrolled in two-factor must reach the enrolment.
 */
export const accountSecurityRoutes: FastifyPluginAsyncZod<{ security: AccountSecurityService }> = async (
  app,
  { security },
) => {
  const tags = ['user'];
  const config = { access: 'authenticated' as const };

  app.put(
    '/user/profile',
    { config, schema: { tags, body: updateProfileBody, response: { 200: okEnvelope(userSchema) } } },
    async (request) => ({
      ok: true as const,
      data: await security.updateProfile(requireAuth(request).userId, request.body),
    }),
  );

  app.put(
    '/user/password',
    { config, schema: { tags, body: changePasswordBody, response: { 200: okEnvelope(changePasswordData) } } },
    async (request) => ({
      ok: true as const,
      data: await security.changePassword(requireAuth(request), request.body, context(request)),
    }),
  );

  app.get(
    '/user/sessions',
    { config, schema: { tags, response: { 200: okEnvelope(sessionList) } } },
    async (request) => ({ ok: true as const, data: await security.listSessions(requireAuth(request)) }),
  );

  app.delete(
    '/user/sessions',
    { config, schema: { tags, response: { 200: okEnvelope(revokedSessionsData) } } },
    async (request) => ({
      ok: true as const,
      data: await security.revokeOtherSessions(requireAuth(request), context(request)),
    }),
  );

  app.delete(
    '/user/sessions/:id',
    { config, schema: { tags, params: sessionIdParams, response: { 200: okEnvelope(revokedSessionsData) } } },
    async (request) => ({
      ok: true as const,
      data: await security.revokeSession(requireAuth(request), request.params.id, context(request)),
    }),
  );

  app.get(
    '/user/two-factor',
    { config, schema: { tags, response: { 200: okEnvelope(twoFactorStatus) } } },
    async (request) => ({
      ok: true as const,
      data: await security.twoFactorStatus(requireAuth(request).userId),
    }),
  );

  app.post(
    '/user/two-factor/setup',
    { config, schema: { tags, response: { 200: okEnvelope(twoFactorSetupData) } } },
    async (request) => ({
      ok: true as const,
      data: await security.setupTwoFactor(requireAuth(request).userId),
    }),
  );

  app.post(
    '/user/two-factor/confirm',
    { config, schema: { tags, body: twoFactorCodeBody, response: { 200: okEnvelope(recoveryCodesData) } } },
    async (request) => ({
      ok: true as const,
      data: await security.confirmTwoFactor(requireAuth(request).userId, request.body.code, context(request)),
    }),
  );

  app.post(
    '/user/two-factor/disable',
    { config, schema: { tags, body: disableTwoFactorBody, response: { 200: okEnvelope(messageData) } } },
    async (request) => ({
      ok: true as const,
      data: await security.disableTwoFactor(requireAuth(request).userId, request.body, context(request)),
    }),
  );
};
