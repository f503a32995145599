import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { authErrors } from './auth.errors.ts';

/** What we keep from Google's OpenID Connect userinfo answer. */
export interface GoogleProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export type GoogleOAuth = ReturnType<typeof createGoogleOAuth>;

/** OAuth 2.0 authorization code flow with PKCE against Google's (configurable) endpoints. */
export function createGoogleOAuth(config: Config, fetchImpl: typeof fetch = fetch) {
  const clientId = config.GOOGLE_CLIENT_ID;
  const clientSecret = config.GOOGLE_CLIENT_SECRET;
  const redirectUri = `${config.APP_URL.replace(/\/$/, '')}/auth/google/callback`;

  async function exchangeCode(code: string, codeVerifier: string): Promise<string> {
    const response = await fetchImpl(config.GOOGLE_TOKEN_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        code,
        client_id: clientId ?? '',
        client_secret: clientSecret ?? '',
        redirect_uri: redirectUri,
        grant_type: 'authorization_code',
        code_verifier: codeVerifier,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw authErrors.providerError();
    const body = (await response.json()) as { access_token?: unknown };
    if (typeof body.access_token !== 'string') throw authErrors.providerError();
    return body.access_token;
  }

  async function fetchProfile(accessToken: string): Promise<GoogleProfile> {
    const response = await fetchImpl(config.GOOGLE_USERINFO_URL, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw authErrors.providerError();
    const info = (await response.json()) as Record<string, unknown>;
    if (typeof info.sub !== 'string' || info.sub.length === 0) throw authErrors.providerError();
    return {
      sub: info.sub,
      email: typeof info.email === 'string' ? info.email : null,
      // Google sends a boolean; some OIDC providers send the string "true".
      emailVerified: info.email_verified === true || info.email_verified === 'true',
      name: typeof info.name === 'string' && info.name.trim() ? info.name.trim() : null,
    };
  }

  return {
    configured: Boolean(clientId && clientSecret),

    authorizationUrl(state: string, codeChallenge: string): string {
      const url = new URL(config.GOOGLE_AUTH_URL);
      url.search = new URLSearchParams({
        client_id: clientId ?? '',
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    async profileFromCode(code: string, codeVerifier: string): Promise<GoogleProfile> {
      try {
        return await fetchProfile(await exchangeCode(code, codeVerifier));
      } catch (error) {
        // Network failures and timeouts read the same to the user as a refusal by the provider.
        if (error instanceof AppError) throw error;
        throw authErrors.providerError();
      }
    },
  };
}
