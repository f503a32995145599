import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type Locale, pickLocale, translate } from '../i18n/messages.ts';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

interface ZodLikeIssue {
  code?: string;
  message?: string;
  path?: (string | number)[];
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  input?: unknown;
  instancePath?: string;
  params?: { issue?: ZodLikeIssue };
}

/**
 * Zod messages in our contracts are message keys ('validation.required', 'auth.passwords_mismatch');
 * built-in zod issues are mapped to generic keys by their code.
 */
export function issueMessage(locale: Locale, issue: ZodLikeIssue): string {
  if (issue.message && /^[a-z_]+\.[a-z_.]+$/.test(issue.message)) return translate(locale, issue.message);
  const params = { minimum: Number(issue.minimum ?? 0), maximum: Number(issue.maximum ?? 0) };
  switch (issue.code) {
    case 'invalid_type': {
      // The flattened issue carries no input; zod's own message says what it received.
      const missing =
        'input' in issue ? issue.input === undefined : /received undefined/.test(issue.message ?? '');
      return translate(locale, missing ? 'validation.required' : 'validation.invalid');
    }
    case 'too_small':
      if (issue.origin === 'string' && params.minimum === 1) return translate(locale, 'validation.required');
      return translate(
        locale,
        issue.origin === 'string' ? 'validation.too_short' : 'validation.too_small',
        params,
      );
    case 'too_big':
      return translate(
        locale,
        issue.origin === 'string' ? 'validation.too_long' : 'validation.too_big',
        params,
      );
    case 'invalid_format':
      return translate(locale, issue.format === 'email' ? 'validation.invalid_email' : 'validation.invalid');
    case 'invalid_value':
      return translate(locale, 'validation.invalid_option');
    default:
      return translate(locale, 'validation.invalid');
  }
}

export function fieldErrors(locale: Locale, issues: ZodLikeIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path?.length ? issue.path.join('.') : '_';
    errors[field] ??= [];
    errors[field].push(issueMessage(locale, issue));
  }
  return errors;
}

/**
 * Fastify's `frameworkErrors`: a URL the router refuses before any route or hook runs (a path parameter
 * over maxParamLength, a malformed escape) still answers the envelope, in the caller's language.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = pickLocale(request.headers['accept-language']);
  return reply
    .status(error.statusCode ?? 400)
    .send({ ok: false, code: 'common.bad_request', message: translate(locale, 'common.bad_request') });
}

/** The error envelope of ARCHITECTURE §3: { ok: false, code, message, errors }. */
export const errorsPlugin = fp<{ spaFallback: boolean }>(async (app: FastifyInstance, opts) => {
  app.decorateRequest('locale', 'es');
  app.addHook('onRequest', async (request) => {
    request.locale = pickLocale(request.headers['accept-language']);
  });

  // The guest pages read documents with WebAssembly (tesseract.js in a worker): their pages and assets
  // may compile it; everything else keeps helmet's policy.
  app.addHook('onSend', async (request, reply) => {
    if (!/^\/(checkin|services|guest-assets)\//.test(request.url)) return;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && !csp.includes('wasm-unsafe-eval')) {
      reply.header(
        'content-security-policy',
        csp.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'"),
      );
    }
  });

  // The direct-booking website is embedded on operators' own sites (the widget snippet, issue 15): its
  // pages may be framed by any site; every other page keeps helmet's same-origin framing rule.
  app.addHook('onSend', async (request, reply) => {
    if (!/^\/book\//.test(request.url)) return;
    reply.removeHeader('x-frame-options');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.header('content-security-policy', csp.replace("frame-ancestors 'self'", 'frame-ancestors *'));
  });

  app.setNotFoundHandler((request, reply) => {
    // The SPA's client-side routes all serve index.html; unknown /api paths stay JSON 404s.
    // A build file that is not there (a chunk of an older deploy) is a 404, never the app shell: the shell
    // as JavaScript would fail, and the browser would keep it for a year (assets are cached immutable).
    const missingAsset = request.url.startsWith('/assets/');
    if (opts.spaFallback && request.method === 'GET' && !request.url.startsWith('/api') && !missingAsset) {
      // The guest check-in pages (spec 2.2) and the review request page (/r/{token}, issue 17) are their own
      // light entry, without the staff app.
      if (/^\/(checkin|services|r)\//.test(request.url))
        return reply.type('text/html').sendFile('checkin.html');
      // The public direct-booking website (issue 15) is a third light entry.
      if (/^\/book\//.test(request.url)) return reply.type('text/html').sendFile('book.html');
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ ok: false, code: 'common.not_found', message: translate(request.locale, 'common.not_found') });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = request.locale ?? 'es';
    if (error instanceof AppError) {
      if (error.options.headers) reply.headers(error.options.headers);
      const body: Record<string, unknown> = {
        ok: false,
        code: error.code,
        message: translate(locale, error.options.messageKey ?? error.code, error.options.params),
      };
      if (error.options.errors) {
        body.errors = Object.fromEntries(
          Object.entries(error.options.errors).map(([field, keys]) => [
            field,
            keys.map((k) => translate(locale, k)),
          ]),
        );
      }
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        // fastify-type-provider-zod flattens each zod issue: code → keyword, the rest → params.
        const issue: ZodLikeIssue = { ...(v.params as ZodLikeIssue), code: v.keyword, message: v.message };
        return { ...issue, path: v.instancePath.split('/').filter(Boolean) };
      });
      return reply.status(400).send({
        ok: false,
        code: 'validation.failed',
        message: translate(locale, 'validation.failed'),
        errors: fieldErrors(locale, issues),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return reply
        .status(500)
        .send({ ok: false, code: 'common.internal', message: translate(locale, 'common.internal') });
    }
    if (error.statusCode === 429) {
      const seconds = Math.ceil(Number(reply.getHeader('retry-after') ?? 60));
      return reply.status(429).send({
        ok: false,
        code: 'common.too_many_requests',
        message: translate(locale, 'common.too_many_requests', { seconds }),
      });
    }
    if (error.statusCode === 413) {
      return reply.status(413).send({
        ok: false,
        code: 'common.payload_too_large',
        message: translate(locale, 'common.payload_too_large'),
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send({ ok: false, code: 'common.bad_request', message: translate(locale, 'common.bad_request') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ ok: false, code: 'common.internal', message: translate(locale, 'common.internal') });
  });
});
