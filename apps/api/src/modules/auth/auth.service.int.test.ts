import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailTokens, sessions } from '../../db/schema/accounts.ts';
import { fixedClock } from '../../lib/clock.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import {
  registration,
  TEST_PASSWORD,
  tokenFromText,
  uniqueEmail,
  uniqueIp,
} from '../../test/auth-helpers.ts';
import { createTestDatabase, type TestDatabase, testConfig } from '../../test/test-app.ts';
import { createAccountsService } from '../accounts/accounts.service.ts';
import { createAdminService } from '../admin/admin.service.ts';
import type { OutgoingMail } from '../mail/mail.service.ts';
import { type AuthService, createAuthService } from './auth.service.ts';
import { hashToken } from './tokens.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('auth service (with a recording mail double)', () => {
  let testDb: TestDatabase;
  let auth: AuthService;
  const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
  const sent: OutgoingMail[] = [];
  const es = () => ({ locale: 'es' as const, ip: uniqueIp() });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const db = testDb.database.db;
    auth = createAuthService({
      db,
      clock,
      config: testConfig({ APP_URL: 'https://app.posada.test' }),
      mail: { send: async (mail) => void sent.push(mail) },
      accounts: createAccountsService({ db, clock }),
      advisors: createAdminService({ db, clock }),
      secrets: createSecretBox('a-test-secret-of-at-least-32-characters'),
    });
  });
  /** Sign-in of a user without two-factor: spec 7's answer with the token. */
  async function signIn(...args: Parameters<AuthService['login']>) {
    const answer = await auth.login(...args);
    if (!('token' in answer)) throw new Error('expected a session, got a two-factor challenge');
    return answer;
  }
  afterAll(async () => {
    await testDb.dispose();
  });
  beforeEach(() => {
    sent.length = 0;
  });

  const linkIn = (mail: OutgoingMail | undefined, path: string) => tokenFromText(mail?.text ?? '', path);

  async function verifiedUser(overrides = {}) {
    const body = registration(overrides);
    await auth.register(body, es());
    await auth.confirmEmail(linkIn(sent.at(-1), '/verific/token/account/'), es());
    return body.email;
  }

  describe('registration and e-mail confirmation', () => {
    it("e-mails a confirmation link in the user's language and stores only its hash", async () => {
      const body = registration({ email: 'Nuevo.Socio@Example.com', locale: 'en' });
      const result = await auth.register(body, es());

      expect(result.email).toBe('nuevo.socio@example.com');
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        to: 'nuevo.socio@example.com',
        subject: 'Confirm your Posada account',
      });
      const token = linkIn(sent[0], '/verific/token/account/');
      expect(sent[0]?.text).toContain(`https://app.posada.test/verific/token/account/${token}`);
      expect(token).toMatch(/^[\w-]{43}$/);

      const stored = await testDb.database.db.select().from(emailTokens);
      expect(stored.map((r) => r.tokenHash)).toContain(hashToken(token));
      expect(stored.map((r) => r.tokenHash)).not.toContain(token);
    });

    it('accepts a confirmation link for 48 hours and refuses it after', async () => {
      await auth.register(registration(), es());
      const fresh = linkIn(sent.at(-1), '/verific/token/account/');
      await auth.register(registration(), es());
      const stale = linkIn(sent.at(-1), '/verific/token/account/');

      clock.advance(47 * HOUR);
      await expect(auth.confirmEmail(fresh, es())).resolves.toEqual({
        message: 'Tu correo está confirmado. Ya puedes iniciar sesión.',
      });
      clock.advance(HOUR + 1000);
      await expect(auth.confirmEmail(stale, es())).rejects.toMatchObject({
        code: 'auth.confirmation_link_expired',
        status: 410,
      });
    });

    it('resends at most once a minute, only to unverified accounts, and answers the same for strangers', async () => {
      const body = registration();
      await auth.register(body, es());
      const answer = await auth.resendConfirmation(body.email, es());
      expect(sent).toHaveLength(1); // still the registration e-mail only: within the minute

      clock.advance(MINUTE);
      await expect(auth.resendConfirmation(body.email.toUpperCase(), es())).resolves.toEqual(answer);
      expect(sent).toHaveLength(2);
      const newest = linkIn(sent[1], '/verific/token/account/');
      const oldest = linkIn(sent[0], '/verific/token/account/');
      expect(newest).not.toBe(oldest);

      await expect(auth.resendConfirmation(uniqueEmail('nadie'), es())).resolves.toEqual(answer);
      await auth.confirmEmail(newest, es());
      clock.advance(MINUTE);
      await expect(auth.resendConfirmation(body.email, es())).resolves.toEqual(answer);
      expect(sent).toHaveLength(2);

      // Confirming retired the older link too.
      await expect(auth.confirmEmail(oldest, es())).rejects.toMatchObject({
        code: 'auth.confirmation_link_used',
      });
    });
  });

  describe('sign-in throttling', () => {
    it('locks an account as tried from one address after 5 failures for 60 s, then doubles; a success clears the count', async () => {
      const email = await verifiedUser();
      const here = { locale: 'es' as const, ip: uniqueIp() };
      const wrong = () => auth.login({ email, password: 'wrong-password' }, here);

      for (let i = 0; i < 4; i++)
        await expect(wrong()).rejects.toMatchObject({ code: 'auth.invalid_credentials' });
      await expect(wrong()).rejects.toMatchObject({
        code: 'auth.too_many_attempts',
        status: 429,
        options: { params: { seconds: 60 }, headers: { 'retry-after': '60' } },
      });
      // Locked from here: even the right password waits.
      clock.advance(30_000);
      await expect(auth.login({ email, password: TEST_PASSWORD }, here)).rejects.toMatchObject({
        code: 'auth.too_many_attempts',
        options: { params: { seconds: 30 } },
      });

      clock.advance(30_000);
      await expect(wrong()).rejects.toMatchObject({ options: { params: { seconds: 120 } } });
      clock.advance(120_000);
      await expect(auth.login({ email, password: TEST_PASSWORD }, here)).resolves.toMatchObject({
        user: { email },
      });
      // The count started over: four more mistakes are only "wrong password" again.
      for (let i = 0; i < 4; i++)
        await expect(wrong()).rejects.toMatchObject({ code: 'auth.invalid_credentials' });
    });

    it('never locks the owner out from another address, however often a stranger fails (issue 27)', async () => {
      const email = await verifiedUser();
      const stranger = { locale: 'es' as const, ip: uniqueIp() };
      for (let i = 0; i < 12; i++)
        await expect(auth.login({ email, password: `guess-${i}` }, stranger)).rejects.toMatchObject({
          code: expect.stringMatching(/^auth\.(invalid_credentials|too_many_attempts)$/),
        });
      await expect(auth.login({ email, password: TEST_PASSWORD }, stranger)).rejects.toMatchObject({
        code: 'auth.too_many_attempts',
      });
      // The owner, at home: signed in at once.
      await expect(auth.login({ email, password: TEST_PASSWORD }, es())).resolves.toMatchObject({
        user: { email },
      });
      clock.advance(2 * HOUR);
    });

    it('locks an address that fails on many accounts, without locking other addresses', async () => {
      const ip = uniqueIp();
      for (let i = 0; i < 19; i++) {
        await expect(
          auth.login({ email: uniqueEmail('spray'), password: 'x' }, { locale: 'es', ip }),
        ).rejects.toMatchObject({ code: 'auth.invalid_credentials' });
      }
      await expect(
        auth.login({ email: uniqueEmail('spray'), password: 'x' }, { locale: 'es', ip }),
      ).rejects.toMatchObject({ code: 'auth.too_many_attempts' });

      const email = await verifiedUser();
      await expect(
        auth.login({ email, password: TEST_PASSWORD }, { locale: 'es', ip }),
      ).rejects.toMatchObject({
        code: 'auth.too_many_attempts',
      });
      await expect(auth.login({ email, password: TEST_PASSWORD }, es())).resolves.toMatchObject({
        user: { email },
      });
      clock.advance(MINUTE);
    });

    it('forgets an old streak of failures after a day', async () => {
      const email = await verifiedUser();
      const here = { locale: 'es' as const, ip: uniqueIp() };
      for (let i = 0; i < 4; i++) {
        await expect(auth.login({ email, password: 'bad' }, here)).rejects.toMatchObject({
          code: 'auth.invalid_credentials',
        });
      }
      clock.advance(25 * HOUR);
      await expect(auth.login({ email, password: 'bad' }, here)).rejects.toMatchObject({
        code: 'auth.invalid_credentials',
      });
    });
  });

  describe('sessions', () => {
    it('expires a normal session after 2 idle hours, and keeps it alive while used', async () => {
      const email = await verifiedUser();
      const { token } = await signIn({ email, password: TEST_PASSWORD }, es());

      clock.advance(HOUR + 59 * MINUTE);
      expect(await auth.authenticate(token)).not.toBeNull();
      clock.advance(HOUR + 59 * MINUTE);
      expect(await auth.authenticate(token)).not.toBeNull();
      clock.advance(2 * HOUR);
      expect(await auth.authenticate(token)).toBeNull();
    });

    it('ends a normal session 12 hours after sign-in however active it is', async () => {
      const email = await verifiedUser();
      const { token } = await signIn({ email, password: TEST_PASSWORD }, es());
      for (let hour = 1; hour < 12; hour++) {
        clock.advance(HOUR);
        expect(await auth.authenticate(token), `hour ${hour}`).not.toBeNull();
      }
      clock.advance(HOUR);
      expect(await auth.authenticate(token)).toBeNull();
    });

    it('keeps a remembered session for 30 days', async () => {
      const email = await verifiedUser();
      const { token } = await signIn({ email, password: TEST_PASSWORD, remember: true }, es());
      clock.advance(29 * 24 * HOUR);
      expect(await auth.authenticate(token)).not.toBeNull();
      clock.advance(24 * HOUR);
      expect(await auth.authenticate(token)).toBeNull();
    });

    it('records use at most once a minute', async () => {
      const email = await verifiedUser();
      const { token } = await signIn({ email, password: TEST_PASSWORD }, es());
      const lastUsed = async () => {
        const [row] = await testDb.database.db
          .select({ at: sessions.lastUsedAt })
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token)));
        return row?.at.getTime();
      };
      const signedInAt = await lastUsed();
      clock.advance(30_000);
      await auth.authenticate(token);
      expect(await lastUsed()).toBe(signedInAt);
      clock.advance(30_000);
      await auth.authenticate(token);
      expect(await lastUsed()).toBe(clock.now().getTime());
    });

    it('ignores tokens that were never issued', async () => {
      expect(await auth.authenticate('not-a-real-token-at-all-0123456789abcdefghij')).toBeNull();
      expect(await auth.authenticate('short')).toBeNull();
    });
  });

  describe('password reset', () => {
    it('sets the new password, signs out every session and confirms the e-mail', async () => {
      const body = registration();
      await auth.register(body, es());
      clock.advance(MINUTE);
      await auth.requestPasswordReset(body.email, es());
      const reset = sent.at(-1);
      expect(reset?.subject).toBe('Restablece tu contraseña de Posada');
      const token = linkIn(reset, '/recuperar/');
      expect(reset?.text).toContain(`https://app.posada.test/recuperar/${token}`);

      await auth.resetPassword(
        { token, password: 'Nueva-clave-2026', password_confirmation: 'Nueva-clave-2026' },
        es(),
      );
      await expect(auth.login({ email: body.email, password: TEST_PASSWORD }, es())).rejects.toMatchObject({
        code: 'auth.invalid_credentials',
      });
      const { token: session } = await signIn({ email: body.email, password: 'Nueva-clave-2026' }, es());

      // A second reset signs that session out.
      clock.advance(MINUTE);
      await auth.requestPasswordReset(body.email, es());
      await auth.resetPassword(
        {
          token: linkIn(sent.at(-1), '/recuperar/'),
          password: 'Otra-clave-2027',
          password_confirmation: 'Otra-clave-2027',
        },
        es(),
      );
      expect(await auth.authenticate(session)).toBeNull();
    });

    it('lets a reset link work for one hour only', async () => {
      const email = await verifiedUser();
      clock.advance(MINUTE);
      await auth.requestPasswordReset(email, es());
      const token = linkIn(sent.at(-1), '/recuperar/');
      clock.advance(HOUR + 1000);
      await expect(
        auth.resetPassword(
          { token, password: 'Nueva-clave-2026', password_confirmation: 'Nueva-clave-2026' },
          es(),
        ),
      ).rejects.toMatchObject({ code: 'auth.reset_link_expired', status: 410 });
    });

    it('sends nothing for an unknown address, with the same answer', async () => {
      const email = await verifiedUser();
      sent.length = 0;
      clock.advance(MINUTE);
      const known = await auth.requestPasswordReset(email, es());
      const unknown = await auth.requestPasswordReset(uniqueEmail('ghost'), es());
      expect(unknown).toEqual(known);
      expect(sent.map((m) => m.to)).toEqual([email]);
    });
  });
});
