import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeGoogle,
  type FakeGoogleProfile,
  startFakeGoogle,
} from '../../adapters/google/google.fake.ts';
import { sessions, users } from '../../db/schema/accounts.ts';
import { bearer, createEmpresa, TEST_PASSWORD, uniqueEmail, uniqueIp } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const MINUTE = 60_000;

describe('Google sign-in (OAuth 2.0 authorization code with PKCE)', () => {
  let google: FakeGoogle;
  let t: TestApp;

  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await buildTestApp({ env: google.env });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  /** What the browser does: GET /redirect, "consent" at Google, then the SPA posts code and state back. */
  async function startFlow(query = '') {
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/google/redirect${query}` });
    expect(res.statusCode).toBe(302);
    return new URL(String(res.headers.location));
  }

  async function signInWith(profile: FakeGoogleProfile, query = '') {
    const location = await startFlow(query);
    const code = google.authorize({
      challenge: location.searchParams.get('code_challenge') ?? '',
      redirectUri: location.searchParams.get('redirect_uri') ?? '',
      profile,
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/google/callback',
      payload: { code, state: location.searchParams.get('state') },
    });
  }

  it('says Google is available when its client id and secret are configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ ok: true, data: { google: true } });
  });

  it('redirects to Google with the client id, callback, scopes, state and an S256 challenge', async () => {
    const location = await startFlow('?remember=1');
    expect(`${location.origin}${location.pathname}`).toBe(google.env.GOOGLE_AUTH_URL);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      client_id: google.clientId,
      redirect_uri: 'http://localhost:5173/auth/google/callback',
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.state).toMatch(/^[\w-]{43}$/);
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
  });

  it('creates a verified empresa in its free trial on a first Google sign-in, and signs it in', async () => {
    const email = uniqueEmail('google');
    const res = await signInWith({ sub: 'g-new-1', email, email_verified: true, name: 'Sofía Herrera' });

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({
      message: 'Has iniciado sesión correctamente.',
      legacy_redirect: false,
      user: {
        name: 'Sofía Herrera',
        email,
        type: 'empresa',
        email_verified: true,
        status_subscription: 'demo',
        restaday: 14,
      },
    });
    // The code verifier went to Google's token endpoint, and the fake Google checked it against the challenge.
    expect(google.tokenRequests.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      code_verifier: expect.any(String),
    });

    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(body.data.token) });
    expect(me.json().data.email).toBe(email);

    // Signing in again with the same Google account reaches the same user.
    const again = await signInWith({ sub: 'g-new-1', email, email_verified: true, name: 'Sofía Herrera' });
    expect(again.json().data.user.id).toBe(body.data.user.id);
  });

  it('links Google to an existing account with the same verified e-mail, keeping its password', async () => {
    const owner = await createEmpresa(t, { properties: [{ nombre: 'Casa del Río' }] });
    const res = await signInWith({ sub: 'g-link-1', email: owner.email.toUpperCase(), email_verified: true });

    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      id: owner.userId,
      properties: [{ nombre: 'Casa del Río' }],
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.userId));
    expect(row?.googleSub).toBe('g-link-1');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: uniqueIp(),
      payload: { email: owner.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('drops the unproven password of an unverified sign-up when the mailbox owner arrives through Google', async () => {
    const squatted = await createEmpresa(t, { user: { emailVerifiedAt: null } });
    const res = await signInWith({ sub: 'g-owner-1', email: squatted.email, email_verified: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email_verified).toBe(true);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: uniqueIp(),
      payload: { email: squatted.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses a Google account without a verified e-mail', async () => {
    const res = await signInWith(
      { sub: 'g-unverified', email: uniqueEmail('nov'), email_verified: false },
      '',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'auth.provider_email_unverified',
      message: 'Tu cuenta de Google no tiene un correo electrónico verificado.',
    });
  });

  it('uses the state once only, and refuses an unknown or expired one', async () => {
    const location = await startFlow();
    const state = location.searchParams.get('state');
    const profile = { sub: 'g-state', email: uniqueEmail('state'), email_verified: true };
    const challenge = location.searchParams.get('code_challenge') ?? '';
    const redirectUri = location.searchParams.get('redirect_uri') ?? '';

    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/callback',
      payload: { code: google.authorize({ challenge, redirectUri, profile }), state },
    });
    expect(first.statusCode).toBe(200);

    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/callback',
      headers: { 'accept-language': 'en' },
      payload: { code: google.authorize({ challenge, redirectUri, profile }), state },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      code: 'auth.oauth_state_invalid',
      message: 'The sign-in request has expired or is not valid. Please try again.',
    });

    const late = await startFlow();
    t.clock.advance(11 * MINUTE);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/callback',
      payload: {
        code: google.authorize({
          challenge: late.searchParams.get('code_challenge') ?? '',
          redirectUri,
          profile,
        }),
        state: late.searchParams.get('state'),
      },
    });
    expect(expired.statusCode).toBe(400);
  });

  it('fails cleanly when Google refuses the code (a verifier that does not match the challenge)', async () => {
    const location = await startFlow();
    const code = google.authorize({
      challenge: 'a-challenge-that-the-verifier-will-not-match-xxxxxxxxxxx',
      redirectUri: location.searchParams.get('redirect_uri') ?? '',
      profile: { sub: 'g-bad', email: uniqueEmail('bad'), email_verified: true },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/callback',
      payload: { code, state: location.searchParams.get('state') },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'auth.provider_error',
      message: 'No hemos podido completar el inicio de sesión con Google. Inténtalo de nuevo.',
    });
  });

  it('gives a 30-day session when the flow started with remember=1', async () => {
    const res = await signInWith(
      { sub: 'g-remember', email: uniqueEmail('rem'), email_verified: true },
      '?remember=1',
    );
    const token = res.json().data.token as string;
    t.clock.advance(5 * 60 * MINUTE);
    const later = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(later.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ remember: sessions.remember })
      .from(sessions)
      .where(eq(sessions.userId, res.json().data.user.id));
    expect(row?.remember).toBe(true);
  });
});

describe('Google sign-in when it is not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('hides the provider and answers the redirect with a coded 404', async () => {
    const providers = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json().data).toEqual({ google: false });

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/redirect',
      headers: { 'accept-language': 'ar' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'auth.provider_not_configured',
      message: 'تسجيل الدخول عبر هذا المزوّد غير متاح.',
    });
  });
});
