import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { createAdapterTracker } from '../status.ts';
import { createGoogleOAuth } from './google.client.ts';
import { type FakeGoogle, startFakeGoogle } from './google.fake.ts';

let fake: FakeGoogle;
const clock = fixedClock(new Date('2029-11-05T10:00:00Z'));
const appUrl = 'http://posada.test';
const verifier = 'a-code-verifier-of-enough-length-for-pkce-0123456789';
const challenge = createHash('sha256').update(verifier).digest('base64url');
const profile = { sub: 'google-123', email: 'ana@example.com', email_verified: true, name: 'Ana' };

beforeAll(async () => {
  fake = await startFakeGoogle();
});
afterAll(() => fake.close());

function client(env: Record<string, string> = {}) {
  const tracker = createAdapterTracker('google', true, clock);
  const config = {
    APP_URL: appUrl,
    GOOGLE_CLIENT_ID: fake.env.GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: fake.env.GOOGLE_CLIENT_SECRET,
    GOOGLE_AUTH_URL: fake.env.GOOGLE_AUTH_URL ?? '',
    GOOGLE_TOKEN_URL: fake.env.GOOGLE_TOKEN_URL ?? '',
    GOOGLE_USERINFO_URL: fake.env.GOOGLE_USERINFO_URL ?? '',
    ...env,
  };
  return { google: createGoogleOAuth(config, fetch, tracker), tracker };
}
const grant = () => fake.authorize({ challenge, redirectUri: `${appUrl}/auth/google/callback`, profile });

describe('Google OAuth adapter against its fake', () => {
  it('exchanges the code with PKCE and reads the profile; the success is recorded', async () => {
    const { google, tracker } = client();
    expect(await google.profileFromCode(grant(), verifier)).toEqual({
      sub: 'google-123',
      email: 'ana@example.com',
      emailVerified: true,
      name: 'Ana',
    });
    expect(fake.tokenRequests.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      code_verifier: verifier,
    });
    expect(tracker.status()).toMatchObject({ configured: true, lastError: null, lastSuccessAt: clock.now() });
  });

  it('a wrong client secret is google.unauthorized; a code Google does not know is google.rejected', async () => {
    const wrong = client({ GOOGLE_CLIENT_SECRET: 'wrong' });
    await expect(wrong.google.profileFromCode(grant(), verifier)).rejects.toMatchObject({
      code: 'google.unauthorized',
      status: 401,
    });
    expect(wrong.tracker.status().lastError).toEqual({ at: clock.now(), code: 'google.unauthorized' });
    await expect(client().google.profileFromCode('not-a-code', verifier)).rejects.toMatchObject({
      code: 'google.rejected',
      status: 400,
    });
  });

  it('nothing listening is google.unreachable', async () => {
    const { google, tracker } = client({ GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token' });
    await expect(google.profileFromCode(grant(), verifier)).rejects.toMatchObject({
      code: 'google.unreachable',
    });
    expect(tracker.status().lastError?.code).toBe('google.unreachable');
  });
});
