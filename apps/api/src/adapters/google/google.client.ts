import { AdapterError } from '../adapter-error.ts';
import { adapterFetch, readJson } from '../http.ts';
import type { AdapterTracker } from '../status.ts';

/** What we keep from Google's OpenID Connect userinfo answer. */
export interface GoogleProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** GOOGLE_* from config: the client credentials and the (configurable) endpoints. */
export interface GoogleOAuthConfig {
  APP_URL: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_AUTH_URL: string;
  GOOGLE_TOKEN_URL: string;
  GOOGLE_USERINFO_URL: string;
}

export type GoogleOAuth = ReturnType<typeof createGoogleOAuth>;

/**
 * OAuth 2.0 authorization code flow with PKCE against Google's endpoints. `profileFromCode` throws
 * AdapterError 'google.*' (the auth module answers them all as auth.provider_error).
 */
export function createGoogleOAuth(
  config: GoogleOAuthConfig,
  fetchImpl: typeof fetch = fetch,
  tracker?: AdapterTracker,
) {
  const clientId = config.GOOGLE_CLIENT_ID;
  const clientSecret = config.GOOGLE_CLIENT_SECRET;
  const redirectUri = `${config.APP_URL.replace(/\/$/, '')}/auth/google/callback`;
  const track = tracker ? tracker.track : <T>(call: () => Promise<T>) => call();

  async function exchangeCode(code: string, codeVerifier: string): Promise<string> {
    const response = await adapterFetch(
      'google',
      config.GOOGLE_TOKEN_URL,
      {
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
        timeoutMs: 10_000,
      },
      fetchImpl,
    );
    const body = await readJson<{ access_token?: unknown }>('google', response);
    if (typeof body.access_token !== 'string') {
      throw new AdapterError('google', 'invalid_response', 'no access_token');
    }
    return body.access_token;
  }

  async function fetchProfile(accessToken: string): Promise<GoogleProfile> {
    const response = await adapterFetch(
      'google',
      config.GOOGLE_USERINFO_URL,
      { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' }, timeoutMs: 10_000 },
      fetchImpl,
    );
    const info = await readJson<Record<string, unknown>>('google', response);
    if (typeof info.sub !== 'string' || info.sub.length === 0) {
      throw new AdapterError('google', 'invalid_response', 'no sub');
    }
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

    profileFromCode(code: string, codeVerifier: string): Promise<GoogleProfile> {
      return track(async () => fetchProfile(await exchangeCode(code, codeVerifier)));
    },
  };
}
