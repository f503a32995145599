import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A protected route was called with a bearer token that opens no session (made up, expired, revoked):
     * it counts against the address's budget like a call without a token (issue 27). Throws the 429 once
     * the address spent it; until the window ends its tokens are refused before any lookup.
     */
    countFailedToken(request: FastifyRequest): Promise<void>;
  }
  interface FastifyContextConfig {
    /**
     * Which limit a route counts against. Public and guest routes default to 'public' (per address, stricter);
     * a public route that a signed-in page calls often (stored images) may choose 'general'; 'none' is for a
     * route a provider calls at volume with its own authentication (Stripe's signed webhooks).
     */
    rateLimitClass?: 'general' | 'public' | 'none';
  }
}

export interface RateLimitOptions {
  /** Requests per window per signed-in session, or per address for a protected route called without a token. */
  max: number;
  /** Requests per window per address on public and guest routes. */
  publicMax: number;
  windowSeconds: number;
  /** Counters live in Redis when set, so every API process shares them; otherwise in this process. */
  redisUrl?: string;
}

const pending = Symbol('rateLimitPending');
type Counted = FastifyRequest & { [pending]?: { key: string; max: number } };

/**
 * The general API rate limit (ARCHITECTURE §3: 429 in the envelope). Two checks, each once per request:
 * - onRequest, before any work: public and guest routes count per address against `publicMax`; a protected
 *   route called without a token counts per address against `max`.
 * - preValidation, right after the access plugin has authenticated: a signed-in request counts per session
 *   against `max`, so staff behind one office address do not share a budget.
 * The sign-in throttle (auth module) stays as it is: it locks accounts after failures, this caps volume.
 */
export const rateLimitPlugin = fp<RateLimitOptions>(async (app: FastifyInstance, opts) => {
  const redis = opts.redisUrl
    ? new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : null;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit redis error'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    timeWindow: opts.windowSeconds * 1000,
    keyGenerator: (request) => (request as Counted)[pending]?.key ?? `ip:${request.ip}`,
    max: (request) => (request as Counted)[pending]?.max ?? opts.max,
    ...(redis ? { redis, nameSpace: 'posada:rate-limit:' } : {}),
    // A Redis outage must not take the API down with it: the limit is skipped, the error logged.
    skipOnError: true,
  });
  const check = app.createRateLimit();

  async function enforce(request: FastifyRequest, key: string, max: number) {
    (request as Counted)[pending] = { key, max };
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    throw new AppError('common.too_many_requests', 429, {
      params: { seconds },
      headers: { 'retry-after': String(seconds) },
    });
  }

  /** Addresses whose failed tokens spent the budget, until when (this process: no lookup meanwhile). */
  const refusedTokens = new Map<string, number>();
  app.decorate('countFailedToken', async (request: FastifyRequest) => {
    try {
      await enforce(request, `ip:${request.ip}`, opts.max);
    } catch (error) {
      const seconds = Number((error as AppError).options?.params?.seconds ?? opts.windowSeconds);
      refusedTokens.set(request.ip, Date.now() + seconds * 1000);
      throw error;
    }
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const config = request.routeOptions.config;
    const access = config?.access;
    if (!access) return; // unknown path: the 404 handler answers
    if (config.rateLimitClass === 'none') return;
    const refusedUntil = request.headers.authorization ? refusedTokens.get(request.ip) : undefined;
    if (refusedUntil !== undefined) {
      const seconds = Math.ceil((refusedUntil - Date.now()) / 1000);
      if (seconds > 0) {
        throw new AppError('common.too_many_requests', 429, {
          params: { seconds },
          headers: { 'retry-after': String(seconds) },
        });
      }
      refusedTokens.delete(request.ip);
    }
    const publicClass =
      (access === 'public' || access === 'guest') && (config.rateLimitClass ?? 'public') === 'public';
    if (publicClass) return enforce(request, `public:${request.ip}`, opts.publicMax);
    if (access === 'public' || access === 'guest' || !request.headers.authorization) {
      return enforce(request, `ip:${request.ip}`, opts.max);
    }
  });

  // Registered after the access plugin, so its preValidation hook (which sets request.auth) has run.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!request.url.startsWith('/api/') || access === 'public' || access === 'guest' || !request.auth)
      return;
    return enforce(request, `session:${request.auth.sessionId}`, opts.max);
  });
});
