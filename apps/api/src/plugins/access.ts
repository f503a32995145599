import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

/**
 * Every route declares who may call it (ARCHITECTURE §2 rule 2):
 * - public: anyone
 * - guest: a guest check-in link token (later issues)
 * - authenticated: any signed-in user, admin or empresa (e.g. GET /api/user, logout)
 * - empresa: a signed-in operator; request.auth.accountId is its tenant
 * - admin: a platform administrator
 */
export type Access = 'public' | 'guest' | 'authenticated' | 'empresa' | 'admin';

export interface AuthContext {
  userId: string;
  /** The tenant; null for admins. */
  accountId: string | null;
  type: 'admin' | 'empresa';
  sessionId: string;
  /** Two-factor sign-in is on for the user; admin routes refuse an admin without it. */
  twoFactorEnabled?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access and schema, in registration order (the generated tests read it). */
    routeTable: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  schema: FastifySchema | undefined;
}

export type Authenticate = (token: string) => Promise<AuthContext | null>;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return token.length > 0 ? token : null;
}

/** Returns the request's auth context, or throws 401 when there is none (for handlers behind a guard). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('auth.unauthenticated', 401);
  return request.auth;
}

/** Returns the tenant of an empresa request. */
export function requireAccount(request: FastifyRequest): { accountId: string; userId: string } {
  const auth = requireAuth(request);
  if (!auth.accountId) throw new AppError('auth.forbidden', 403);
  return { accountId: auth.accountId, userId: auth.userId };
}

export const accessPlugin = fp<{
  authenticate: Authenticate;
  /** A protected route's bearer token opened no session: counted against the address (issue 27). */
  onFailedToken?: (request: FastifyRequest) => Promise<void>;
}>(async (app: FastifyInstance, opts) => {
  app.decorateRequest('auth', null);
  const routeTable: ApiRoute[] = [];
  app.decorate('routeTable', routeTable);

  app.addHook('onRoute', (route) => {
    const url = route.url;
    // Static SPA files and the OpenAPI UI are not API routes.
    if (!url.startsWith('/api') || url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${url} does not declare its access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url, access, schema: route.schema });
    }
  });

  // preValidation: who may call is decided before the body is validated, so an outsider learns nothing
  // about a route's fields (401/403, never a 400 listing them).
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public' || access === 'guest') {
      const token = bearerToken(request);
      if (token && access === 'public') request.auth = await opts.authenticate(token);
      return;
    }
    const token = bearerToken(request);
    const auth = token ? await opts.authenticate(token) : null;
    if (!auth) {
      if (request.headers.authorization) await opts.onFailedToken?.(request);
      throw new AppError('auth.unauthenticated', 401);
    }
    if (access === 'empresa' && auth.type !== 'empresa') throw new AppError('auth.forbidden', 403);
    if (access === 'admin' && auth.type !== 'admin') throw new AppError('auth.forbidden', 403);
    // Required for admin accounts: until enrolled, an admin reaches only the enrolment (authenticated routes).
    if (access === 'admin' && !auth.twoFactorEnabled) {
      throw new AppError('auth.two_factor_enrolment_required', 403);
    }
    request.auth = auth;
  });
});
