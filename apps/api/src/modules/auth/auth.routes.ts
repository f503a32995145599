import { loginAnswer, loginTwoFactorBody } from '@posada/contracts/account-security';
import {
  emailBody,
  loginBody,
  loginData,
  oauthCallbackBody,
  oauthProviderParams,
  oauthRedirectQuery,
  providersData,
  registerBody,
  registerData,
  resetPasswordBody,
  tokenBody,
} from '@posada/contracts/auth';
import { messageData, okEnvelope } from '@posada/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/access.ts';
import type { AuthService, RequestContext } from './auth.service.ts';

function context(request: FastifyRequest): RequestContext {
  return { locale: request.locale, ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** Sign-up, e-mail confirmation, sign-in and out, password reset and Google sign-in (spec 2.4, 7). */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const tags = ['auth'];

  app.post(
    '/register',
    {
      config: { access: 'public' },
      schema: { tags, body: registerBody, response: { 201: okEnvelope(registerData) } },
    },
    async (request, reply) => {
      const data = await auth.register(request.body, context(request));
      return reply.status(201).send({ ok: true as const, data });
    },
  );

  app.post(
    '/auth/email-confirmation',
    {
      config: { access: 'public' },
      schema: { tags, body: tokenBody, response: { 200: okEnvelope(messageData) } },
    },
    async (request) => ({
      ok: true as const,
      data: await auth.confirmEmail(request.body.token, context(request)),
    }),
  );

  app.post(
    '/auth/email-confirmation/resend',
    {
      config: { access: 'public' },
      schema: { tags, body: emailBody, response: { 200: okEnvelope(messageData) } },
    },
    async (request) => ({
      ok: true as const,
      data: await auth.resendConfirmation(request.body.email, context(request)),
    }),
  );

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: { tags, body: loginBody, response: { 200: okEnvelope(loginAnswer) } },
    },
    async (request) => ({ ok: true as const, data: await auth.login(request.body, context(request)) }),
  );

  app.post(
    '/login/two-factor',
    {
      config: { access: 'public' },
      schema: { tags, body: loginTwoFactorBody, response: { 200: okEnvelope(loginData) } },
    },
    async (request) => ({
      ok: true as const,
      data: await auth.loginTwoFactor(request.body, context(request)),
    }),
  );

  app.post(
    '/logout',
    {
      config: { access: 'authenticated' },
      schema: { tags, response: { 200: okEnvelope(messageData) } },
    },
    async (request) => ({
      ok: true as const,
      data: await auth.logout(requireAuth(request), context(request)),
    }),
  );

  app.post(
    '/auth/password-reset',
    {
      config: { access: 'public' },
      schema: { tags, body: emailBody, response: { 200: okEnvelope(messageData) } },
    },
    async (request) => ({
      ok: true as const,
      data: await auth.requestPasswordReset(request.body.email, context(request)),
    }),
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: { access: 'public' },
      schema: { tags, body: resetPasswordBody, response: { 200: okEnvelope(messageData) } },
    },
    async (request) => ({
      ok: true as const,
      data: await auth.resetPassword(request.body, context(request)),
    }),
  );

  app.post(
    '/auth/sign-in-link',
    {
      config: { access: 'public' },
      schema: { tags, body: emailBody, response: { 200: okEnvelope(messageData) } },
    },
    async (request) => ({
      ok: true as const,
      data: await auth.requestSignInLink(request.body.email, context(request)),
    }),
  );

  app.post(
    '/auth/sign-in-link/confirm',
    {
      config: { access: 'public' },
      schema: { tags, body: tokenBody, response: { 200: okEnvelope(loginAnswer) } },
    },
    async (request) => ({
      ok: true as const,
      data: await auth.signInWithLink(request.body.token, context(request)),
    }),
  );

  app.get(
    '/auth/providers',
    {
      config: { access: 'public' },
      schema: { tags, response: { 200: okEnvelope(providersData) } },
    },
    async () => ({ ok: true as const, data: auth.providers() }),
  );

  app.get(
    '/auth/:provider/redirect',
    {
      config: { access: 'public' },
      schema: { tags, params: oauthProviderParams, querystring: oauthRedirectQuery },
    },
    async (request, reply) => {
      const url = await auth.oauthRedirectUrl(request.params.provider, request.query.remember);
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/auth/:provider/callback',
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: oauthProviderParams,
        body: oauthCallbackBody,
        response: { 200: okEnvelope(loginAnswer) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await auth.oauthCallback(request.params.provider, request.body, context(request)),
    }),
  );
};
