import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, sessions, users } from '../../db/schema/accounts.ts';
import {
  bearer,
  createAdmin,
  createEmpresa,
  enrolTwoFactor,
  loginToken,
  TEST_PASSWORD,
  uniqueIp,
} from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp, waitForOutbox } from '../../test/test-app.ts';
import { totpCode } from './totp.ts';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('the account security pages: profile, password, sessions, two-factor sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': 'es' }, payload });

  async function signIn(email: string, opts: { userAgent?: string; ip?: string; password?: string } = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: opts.ip ?? uniqueIp(),
      headers: opts.userAgent ? { 'user-agent': opts.userAgent } : {},
      payload: { email, password: opts.password ?? TEST_PASSWORD },
    });
  }

  describe('account data', () => {
    it('saves name and phone, normalised, and keeps the e-mail', async () => {
      const owner = await createEmpresa(t);
      const token = await loginToken(t, owner.email);
      const res = await call('PUT', '/api/user/profile', token, {
        name: '  Ana Ruiz ',
        phone: '611 22 33 44',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ name: 'Ana Ruiz', phone: '+34611223344', email: owner.email });
    });

    it('refuses an invalid phone or an empty name with a translated error, changing nothing', async () => {
      const owner = await createEmpresa(t, { name: 'Marta Gil' });
      const token = await loginToken(t, owner.email);
      const bad = await call('PUT', '/api/user/profile', token, { name: 'Otra', phone: '12' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.phone[0]).toBe('El número de teléfono no es válido.');
      const empty = await call('PUT', '/api/user/profile', token, { name: ' ', phone: '611223344' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors.name).toBeDefined();
      const user = await call('GET', '/api/user', token);
      expect(user.json().data).toMatchObject({ name: 'Marta Gil', phone: '+34612345678' });
    });

    it('stores the interface language', async () => {
      const owner = await createEmpresa(t);
      const token = await loginToken(t, owner.email);
      const res = await call('PUT', '/api/user/locale', token, { locale: 'ar' });
      expect(res.json().data.locale).toBe('ar');
      expect((await call('GET', '/api/user', token)).json().data.locale).toBe('ar');
    });
  });

  describe('password change', () => {
    it('needs the current password: a wrong one is a 422 on the field and changes nothing', async () => {
      const owner = await createEmpresa(t);
      const token = await loginToken(t, owner.email);
      const res = await call('PUT', '/api/user/password', token, {
        current_password: 'no-es-esta',
        password: 'Otra-clave-2027',
        password_confirmation: 'Otra-clave-2027',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.current_password[0]).toBe('La contraseña actual no es correcta.');
      expect((await signIn(owner.email)).statusCode).toBe(200);
    });

    it('follows the password rules (length, confirmation)', async () => {
      const owner = await createEmpresa(t);
      const token = await loginToken(t, owner.email);
      const short = await call('PUT', '/api/user/password', token, {
        current_password: TEST_PASSWORD,
        password: 'corta',
        password_confirmation: 'corta',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors.password[0]).toBe('La contraseña debe tener al menos 8 caracteres.');
      const mismatch = await call('PUT', '/api/user/password', token, {
        current_password: TEST_PASSWORD,
        password: 'Otra-clave-2027',
        password_confirmation: 'Otra-clave-2028',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().errors.password_confirmation[0]).toBe('Las contraseñas no coinciden.');
    });

    it('signs out the other sessions, keeps this one, and e-mails the owner', async () => {
      const owner = await createEmpresa(t, { name: 'Elena Martín' });
      const here = await loginToken(t, owner.email);
      const elsewhere = await loginToken(t, owner.email);
      const res = await call('PUT', '/api/user/password', here, {
        current_password: TEST_PASSWORD,
        password: 'Otra-clave-2027',
        password_confirmation: 'Otra-clave-2027',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.revoked_sessions).toBe(1);
      expect((await call('GET', '/api/user', here)).statusCode).toBe(200);
      expect((await call('GET', '/api/user', elsewhere)).statusCode).toBe(401);
      expect((await signIn(owner.email)).statusCode).toBe(401);
      expect((await signIn(owner.email, { password: 'Otra-clave-2027' })).statusCode).toBe(200);
      const mail = await waitForOutbox(t.database, (m) => m.to === owner.email);
      expect(mail.subject).toBe('Tu contraseña de Posada ha cambiado');
      expect(mail.text).toContain('http://localhost:5173/reset');
    });

    it('counts wrong current passwords towards the sign-in lock', async () => {
      const owner = await createEmpresa(t);
      const token = await loginToken(t, owner.email);
      const wrong = {
        current_password: 'mal',
        password: 'Otra-clave-2027',
        password_confirmation: 'Otra-clave-2027',
      };
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push((await call('PUT', '/api/user/password', token, wrong)).statusCode);
      expect(codes.slice(0, 4)).toEqual([422, 422, 422, 422]);
      expect(codes.at(-1)).toBe(429);
    });
  });

  describe('active sessions', () => {
    it('lists device, masked address, times and this device, most recent first', async () => {
      const owner = await createEmpresa(t);
      const phone = (await signIn(owner.email, { userAgent: SAFARI_IPHONE, ip: '203.0.113.45' })).json().data
        .token;
      t.clock.advance(60_000);
      const laptop = (await signIn(owner.email, { userAgent: CHROME_MAC, ip: '198.51.100.7' })).json().data
        .token;
      const res = await call('GET', '/api/user/sessions', laptop);
      expect(res.statusCode).toBe(200);
      const items = res.json().data.items;
      expect(items).toHaveLength(2);
      expect(items[0]).toMatchObject({
        browser: 'Chrome 131',
        os: 'macOS',
        ip_masked: '198.51.100.x',
        current: true,
      });
      expect(items[1]).toMatchObject({
        browser: 'Safari 18',
        os: 'iOS',
        ip_masked: '203.0.113.x',
        current: false,
      });
      expect(items[1].created_at).toBe(new Date(t.clock.now().getTime() - 60_000).toISOString());
      expect(phone).toBeTruthy();
    });

    it('revokes one session of the user; another user’s session id is 404 and stays alive', async () => {
      const owner = await createEmpresa(t);
      const stranger = await createEmpresa(t);
      const mine = await loginToken(t, owner.email);
      const other = await loginToken(t, owner.email);
      const theirs = await loginToken(t, stranger.email);
      const [theirSession] = await t.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, stranger.userId));
      const foreign = await call('DELETE', `/api/user/sessions/${theirSession?.id}`, mine);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe('auth.session_not_found');
      expect((await call('GET', '/api/user', theirs)).statusCode).toBe(200);

      const list = (await call('GET', '/api/user/sessions', mine)).json().data.items;
      const target = list.find((s: { current: boolean }) => !s.current);
      const res = await call('DELETE', `/api/user/sessions/${target.id}`, mine);
      expect(res.statusCode).toBe(200);
      expect((await call('GET', '/api/user', other)).statusCode).toBe(401);
      expect((await call('GET', '/api/user', mine)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/user/sessions/${target.id}`, mine)).statusCode).toBe(404);
    });

    it('revokes every other session at once', async () => {
      const owner = await createEmpresa(t);
      const mine = await loginToken(t, owner.email);
      const others = [await loginToken(t, owner.email), await loginToken(t, owner.email)];
      const res = await call('DELETE', '/api/user/sessions', mine);
      expect(res.json().data).toMatchObject({
        revoked: 2,
        message: 'Se han cerrado 2 sesiones en otros dispositivos.',
      });
      for (const token of others) expect((await call('GET', '/api/user', token)).statusCode).toBe(401);
      expect((await call('GET', '/api/user/sessions', mine)).json().data.items).toHaveLength(1);
    });

    it('refuses without a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/sessions' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('two-factor sign-in', () => {
    it('enrols with a code, gives 10 recovery codes stored hashed, and makes sign-in two steps', async () => {
      const owner = await createEmpresa(t);
      const token = await loginToken(t, owner.email);
      const setup = await call('POST', '/api/user/two-factor/setup', token);
      expect(setup.statusCode).toBe(200);
      const { secret, otpauth_uri } = setup.json().data;
      expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Posada:.+\?.*secret=/);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.userId));
      expect(row?.totpSecret).toMatch(/^v1:/);
      expect(row?.totpSecret).not.toContain(secret);

      // Not on until confirmed: sign-in is still one step.
      expect((await signIn(owner.email)).json().data.token).toBeTruthy();
      const wrong = await call('POST', '/api/user/two-factor/confirm', token, { code: '000000' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.code[0]).toContain('El código no es correcto');

      const confirm = await call('POST', '/api/user/two-factor/confirm', token, {
        code: totpCode(secret, t.clock.now()),
      });
      expect(confirm.statusCode).toBe(200);
      const codes: string[] = confirm.json().data.recovery_codes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      const stored = await t.database.db
        .select({ hash: recoveryCodes.codeHash })
        .from(recoveryCodes)
        .where(eq(recoveryCodes.userId, owner.userId));
      expect(stored).toHaveLength(10);
      expect(stored.map((s) => s.hash)).not.toContain(codes[0]);
      expect((await call('GET', '/api/user', token)).json().data.two_factor_enabled).toBe(true);

      // The password alone now earns a challenge, not a session.
      const first = await signIn(owner.email);
      expect(first.statusCode).toBe(200);
      const answer = first.json().data;
      expect(answer).toMatchObject({ two_factor_required: true });
      expect(answer.token).toBeUndefined();

      t.clock.advance(30_000);
      const second = await t.app.inject({
        method: 'POST',
        url: '/api/login/two-factor',
        payload: { challenge: answer.challenge, code: totpCode(secret, t.clock.now()) },
      });
      expect(second.statusCode).toBe(200);
      expect(second.json().data).toMatchObject({ user: { email: owner.email }, legacy_redirect: false });
      expect((await call('GET', '/api/user', second.json().data.token)).statusCode).toBe(200);

      // The challenge is single use.
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/login/two-factor',
        payload: { challenge: answer.challenge, code: totpCode(secret, t.clock.now()) },
      });
      expect(again.statusCode).toBe(401);
    });

    it('refuses a replayed code, and accepts a recovery code only once', async () => {
      const owner = await createEmpresa(t);
      const { secret, recoveryCodes: codes } = await enrolTwoFactor(
        t,
        owner.email,
        await loginToken(t, owner.email),
      );
      t.clock.advance(30_000);
      const code = totpCode(secret, t.clock.now());
      const twoStep = async (value: string) => {
        const challenge = (await signIn(owner.email)).json().data.challenge;
        return t.app.inject({
          method: 'POST',
          url: '/api/login/two-factor',
          remoteAddress: uniqueIp(),
          payload: { challenge, code: value },
        });
      };
      expect((await twoStep(code)).statusCode).toBe(200);
      const replay = await twoStep(code);
      expect(replay.statusCode).toBe(422);
      expect(replay.json().code).toBe('auth.two_factor_code_replayed');

      const recovery = codes[0] as string;
      expect((await twoStep(recovery.toUpperCase())).statusCode).toBe(200);
      const reused = await twoStep(recovery);
      expect(reused.statusCode).toBe(422);
      expect(reused.json().code).toBe('auth.two_factor_code_wrong');
      const status = await call(
        'GET',
        '/api/user/two-factor',
        await loginTokenWith(owner.email, codes[1] as string),
      );
      expect(status.json().data).toMatchObject({ enabled: true, recovery_codes_left: 8 });
    });

    async function loginTokenWith(email: string, code: string): Promise<string> {
      const challenge = (await signIn(email)).json().data.challenge;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login/two-factor',
        payload: { challenge, code },
      });
      return res.json().data.token;
    }

    it('limits the codes tried on one challenge, without locking the account (issue 27)', async () => {
      const owner = await createEmpresa(t);
      const { secret } = await enrolTwoFactor(t, owner.email, await loginToken(t, owner.email));
      const ip = uniqueIp();
      const challenge = (await signIn(owner.email, { ip })).json().data.challenge;
      const wrongCode = '123456' === totpCode(secret, t.clock.now()) ? '654321' : '123456';
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/login/two-factor',
          remoteAddress: ip,
          payload: { challenge, code: wrongCode },
        });
        statuses.push(res.statusCode);
      }
      // Five tries on one sign-in, then it is spent: even the right code needs a new sign-in.
      expect(statuses).toEqual([422, 422, 422, 422, 422, 401]);
      const spent = await t.app.inject({
        method: 'POST',
        url: '/api/login/two-factor',
        remoteAddress: ip,
        payload: { challenge, code: totpCode(secret, t.clock.now()) },
      });
      expect(spent.json().code).toBe('auth.two_factor_challenge_invalid');
      // The account is not locked: its owner signs in again with the password and the right code.
      t.clock.advance(30_000);
      const fresh = (await signIn(owner.email, { ip: uniqueIp() })).json().data.challenge;
      const right = await t.app.inject({
        method: 'POST',
        url: '/api/login/two-factor',
        remoteAddress: uniqueIp(),
        payload: { challenge: fresh, code: totpCode(secret, t.clock.now()) },
      });
      expect(right.statusCode, right.body).toBe(200);
    });

    it('expires an unanswered challenge after 5 minutes', async () => {
      const owner = await createEmpresa(t);
      const { secret } = await enrolTwoFactor(t, owner.email, await loginToken(t, owner.email));
      const challenge = (await signIn(owner.email)).json().data.challenge;
      t.clock.advance(5 * 60_000 + 1000);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login/two-factor',
        payload: { challenge, code: totpCode(secret, t.clock.now()) },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('auth.two_factor_challenge_invalid');
    });

    it('turns off only with the password and a code', async () => {
      const owner = await createEmpresa(t);
      const token = await loginToken(t, owner.email);
      const { secret } = await enrolTwoFactor(t, owner.email, token);
      t.clock.advance(30_000);
      const wrongPassword = await call('POST', '/api/user/two-factor/disable', token, {
        password: 'mal',
        code: totpCode(secret, t.clock.now()),
      });
      expect(wrongPassword.statusCode).toBe(422);
      expect(wrongPassword.json().errors.password[0]).toBe('La contraseña actual no es correcta.');
      const wrongCode = await call('POST', '/api/user/two-factor/disable', token, {
        password: TEST_PASSWORD,
        code: '000000',
      });
      expect(wrongCode.statusCode).toBe(422);
      expect((await call('GET', '/api/user', token)).json().data.two_factor_enabled).toBe(true);

      const res = await call('POST', '/api/user/two-factor/disable', token, {
        password: TEST_PASSWORD,
        code: totpCode(secret, t.clock.now()),
      });
      expect(res.statusCode).toBe(200);
      expect((await signIn(owner.email)).json().data.token).toBeTruthy();
      const left = await t.database.db
        .select()
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, owner.userId)));
      expect(left).toHaveLength(0);
    });

    it('refuses a second enrolment while on', async () => {
      const owner = await createEmpresa(t);
      const token = await loginToken(t, owner.email);
      await enrolTwoFactor(t, owner.email, token);
      const res = await call('POST', '/api/user/two-factor/setup', token);
      expect(res.statusCode).toBe(409);
    });
  });

  describe('admins must use two-factor', () => {
    it('an admin without it reaches the enrolment but no admin route (403 with a clear code)', async () => {
      const admin = await createAdmin(t, undefined, { twoFactor: false });
      const token = await loginToken(t, admin.email);
      const user = (await call('GET', '/api/user', token)).json().data;
      expect(user).toMatchObject({ type: 'admin', two_factor_enabled: false });
      const refused = await call('GET', '/api/admin/summary', token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'auth.two_factor_enrolment_required',
        message:
          'Las cuentas de administración deben activar la verificación en dos pasos antes de continuar.',
      });
      expect((await call('GET', '/api/user/two-factor', token)).json().data).toMatchObject({
        enabled: false,
        required: true,
      });
      await enrolTwoFactor(t, admin.email, token);
      expect((await call('GET', '/api/admin/summary', token)).statusCode).toBe(200);
    });

    it('an enrolled admin signs in with a code and reaches admin routes', async () => {
      const admin = await createAdmin(t);
      const token = await loginToken(t, admin.email);
      expect((await call('GET', '/api/admin/summary', token)).statusCode).toBe(200);
    });
  });
});
