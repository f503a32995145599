import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdmin,
  createEmpresa,
  latestToken,
  loginToken,
  mailsTo,
  registration,
  TEST_PASSWORD,
  uniqueEmail,
  uniqueIp,
} from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CONFIRM = '/verific/token/account/';
const RESET = '/recuperar/';
const SIGN_IN = '/entrar/';

describe('accounts and sign-in over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = uniqueIp()) =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });

  describe('POST /api/register', () => {
    it('creates an unverified account in its 14-day trial and e-mails the confirmation link', async () => {
      const body = registration({ email: 'Lucia.Fernandez@Example.com' });
      const res = await post('/api/register', body);

      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        ok: true,
        data: {
          email: 'lucia.fernandez@example.com',
          message:
            'Te hemos enviado un correo a lucia.fernandez@example.com. Pulsa el enlace que contiene para confirmar tu cuenta.',
        },
      });
      const [mail] = await mailsTo(t.database, 'lucia.fernandez@example.com');
      expect(mail?.subject).toBe('Confirma tu cuenta de Posada');
      expect(mail?.text).toMatch(/http:\/\/localhost:5173\/verific\/token\/account\/[\w-]{43}/);

      // Until the e-mail is confirmed, sign-in says so (and only after the right password).
      const blocked = await post('/api/login', { email: body.email, password: TEST_PASSWORD });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ code: 'auth.email_not_verified' });
      expect(blocked.json().message).toContain('confirmado');

      const token = await latestToken(t.database, 'lucia.fernandez@example.com', CONFIRM);
      const confirmed = await post('/api/auth/email-confirmation', { token });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().data.message).toBe('Tu correo está confirmado. Ya puedes iniciar sesión.');

      const again = await post('/api/auth/email-confirmation', { token });
      expect(again.statusCode).toBe(410);
      expect(again.json()).toMatchObject({
        code: 'auth.confirmation_link_used',
        message:
          'Este enlace de confirmación ya se ha utilizado. Si ya confirmaste tu correo, inicia sesión.',
      });

      const login = await post('/api/login', { email: body.email, password: TEST_PASSWORD });
      expect(login.statusCode).toBe(200);
      expect(login.json().data.user).toMatchObject({
        name: 'Lucía Fernández',
        phone: '+34612345678',
        email_verified: true,
        tipo_hospedaje: 'apartamento',
        status_subscription: 'demo',
        restaday: 14,
        plan: null,
        quantity: 1,
        properties: [],
      });
    });

    it("writes the confirmation e-mail in the language of the user's browser", async () => {
      const email = uniqueEmail('ar');
      const res = await post('/api/register', registration({ email }), { 'accept-language': 'ar,en;q=0.8' });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.message).toContain(email);
      const [mail] = await mailsTo(t.database, email);
      expect(mail?.subject).toBe('أكّد حسابك في Posada');
    });

    it('refuses an invalid phone number on its field', async () => {
      const res = await post('/api/register', registration({ phone: '12' }), { 'accept-language': 'en' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'auth.phone_invalid',
        errors: { phone: ['The phone number is not valid.'] },
      });
    });

    it('reads a phone without prefix in the given country', async () => {
      const email = uniqueEmail('mx');
      const res = await post(
        '/api/register',
        registration({ email, phone: '55 1234 5678', phone_country: 'MX' }),
      );
      expect(res.statusCode).toBe(201);
    });

    it('refuses an e-mail that already has an account, in any letter case', async () => {
      const email = uniqueEmail('dup');
      expect((await post('/api/register', registration({ email }))).statusCode).toBe(201);
      const res = await post('/api/register', registration({ email: email.toUpperCase() }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'auth.email_taken',
        errors: { email: ['Ya existe una cuenta con este correo electrónico.'] },
      });
    });

    it('explains mismatched passwords and missing fields on each field', async () => {
      const res = await post('/api/register', {
        ...registration(),
        password_confirmation: 'otra-cosa-distinta',
        name: '',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject({
        password_confirmation: ['Las contraseñas no coinciden.'],
        name: ['Este campo es obligatorio.'],
      });
    });

    it('accepts the code of an active advisor in any case and refuses unknown or inactive ones', async () => {
      const adminToken = await loginToken(t, (await createAdmin(t)).email);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/advisors',
        headers: bearer(adminToken),
        payload: { name: 'Marta Asesora', code: 'MARTA-26' },
      });
      const advisorId = created.json().data.id as string;

      const email = uniqueEmail('asesorada');
      const ok = await post('/api/register', registration({ email, advisor_code: ' marta-26 ' }));
      expect(ok.statusCode).toBe(201);
      const users = await t.app.inject({
        method: 'GET',
        url: `/api/admin/users?search=${encodeURIComponent(email)}`,
        headers: bearer(adminToken),
      });
      expect(users.json().data.items[0]).toMatchObject({ email, advisor_code: 'MARTA-26' });

      const unknown = await post('/api/register', registration({ advisor_code: 'NO-EXISTE' }));
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toMatchObject({
        code: 'auth.advisor_code_invalid',
        message: 'El código de asesor no es correcto. Déjalo vacío o introduce un código válido.',
        errors: {
          advisor_code: ['El código de asesor no es correcto. Déjalo vacío o introduce un código válido.'],
        },
      });

      await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/advisors/${advisorId}`,
        headers: bearer(adminToken),
        payload: { active: false },
      });
      const inactive = await post('/api/register', registration({ advisor_code: 'MARTA-26' }), {
        'accept-language': 'en',
      });
      expect(inactive.statusCode).toBe(422);
      expect(inactive.json().message).toBe(
        'The advisor code is not correct. Leave it empty or enter a valid code.',
      );

      // An empty code is simply no code.
      expect((await post('/api/register', registration({ advisor_code: '' }))).statusCode).toBe(201);
    });
  });

  describe('e-mail confirmation', () => {
    it('refuses an unknown link and an expired one with clear messages, and resends a fresh one', async () => {
      const unknown = await post('/api/auth/email-confirmation', { token: 'x'.repeat(43) });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe('auth.confirmation_link_invalid');

      const email = uniqueEmail('late');
      await post('/api/register', registration({ email }));
      const first = await latestToken(t.database, email, CONFIRM);
      t.clock.advance(49 * HOUR);
      const expired = await post(
        '/api/auth/email-confirmation',
        { token: first },
        { 'accept-language': 'en' },
      );
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({
        code: 'auth.confirmation_link_expired',
        message: 'The confirmation link has expired. Ask us to send you a new one.',
      });

      const resent = await post('/api/auth/email-confirmation/resend', { email });
      expect(resent.statusCode).toBe(200);
      const fresh = await latestToken(t.database, email, CONFIRM);
      expect(fresh).not.toBe(first);
      expect((await post('/api/auth/email-confirmation', { token: fresh })).statusCode).toBe(200);
    });

    it('answers a resend the same way whether or not the account exists, sending only when due', async () => {
      const email = uniqueEmail('resend');
      await post('/api/register', registration({ email }));
      const strangers = await post('/api/auth/email-confirmation/resend', { email: uniqueEmail('nobody') });
      const tooSoon = await post('/api/auth/email-confirmation/resend', { email });
      expect(tooSoon.json()).toEqual(strangers.json());
      expect(tooSoon.statusCode).toBe(200);
      expect(await mailsTo(t.database, email)).toHaveLength(1);

      t.clock.advance(MINUTE);
      await post('/api/auth/email-confirmation/resend', { email });
      expect(await mailsTo(t.database, email)).toHaveLength(2);
    });
  });

  describe('POST /api/login and POST /api/logout', () => {
    it('answers exactly the spec 7 shape and the token opens GET /api/user', async () => {
      const owner = await createEmpresa(t, { name: 'Hostal Las Dunas' });
      const res = await post('/api/login', { email: owner.email.toUpperCase(), password: TEST_PASSWORD });

      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['data', 'ok']);
      expect(Object.keys(body.data).sort()).toEqual(['legacy_redirect', 'message', 'token', 'user']);
      expect(body).toMatchObject({
        ok: true,
        data: {
          message: 'Has iniciado sesión correctamente.',
          legacy_redirect: false,
          user: { id: owner.userId },
        },
      });
      expect(body.data.token).toMatch(/^[\w-]{43}$/);

      const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(body.data.token) });
      expect(me.json().data.id).toBe(owner.userId);
    });

    it('sends legacy users to the bridge page', async () => {
      const owner = await createEmpresa(t, { user: { legacy: true } });
      const res = await post('/api/login', { email: owner.email, password: TEST_PASSWORD });
      expect(res.json().data).toMatchObject({ legacy_redirect: true, user: { legacy: true } });
    });

    it('gives the same answer for a wrong password and an unknown e-mail', async () => {
      const owner = await createEmpresa(t);
      const wrongPassword = await post('/api/login', { email: owner.email, password: 'no-es-esta' });
      const unknownEmail = await post('/api/login', { email: uniqueEmail('ghost'), password: 'no-es-esta' });
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual(unknownEmail.json());
      expect(wrongPassword.json()).toEqual({
        ok: false,
        code: 'auth.invalid_credentials',
        message: 'El correo electrónico o la contraseña son incorrectos.',
      });
    });

    it('says when to retry after repeated failures, with a Retry-After header', async () => {
      const owner = await createEmpresa(t);
      const here = uniqueIp();
      const wrong = () =>
        post('/api/login', { email: owner.email, password: 'mal' }, { 'accept-language': 'en' }, here);
      let last = await wrong();
      for (let i = 0; i < 4; i++) last = await wrong();
      expect(last.statusCode).toBe(429);
      expect(last.headers['retry-after']).toBe('60');
      expect(last.json()).toEqual({
        ok: false,
        code: 'auth.too_many_attempts',
        message: 'Too many failed attempts. Try again in 60 seconds.',
      });

      t.clock.advance(20_000);
      const stillLocked = await post('/api/login', { email: owner.email, password: TEST_PASSWORD }, {}, here);
      expect(stillLocked.statusCode).toBe(429);
      expect(stillLocked.json().message).toBe(
        'Demasiados intentos fallidos. Inténtalo de nuevo en 40 segundos.',
      );
      // The lock is on the account as tried from that address: the owner elsewhere signs in meanwhile.
      expect((await post('/api/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(
        200,
      );

      t.clock.advance(40_000);
      expect(
        (await post('/api/login', { email: owner.email, password: TEST_PASSWORD }, {}, here)).statusCode,
      ).toBe(200);
    });

    it('keeps a remembered session when a normal one has expired', async () => {
      const owner = await createEmpresa(t);
      const normal = await loginToken(t, owner.email);
      const remembered = await loginToken(t, owner.email, { remember: true });
      t.clock.advance(3 * HOUR);
      const expired = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(normal) });
      expect(expired.statusCode).toBe(401);
      const alive = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(remembered) });
      expect(alive.statusCode).toBe(200);
    });

    it('revokes the token at logout; later calls with it answer 401', async () => {
      const owner = await createEmpresa(t);
      const token = await loginToken(t, owner.email);
      const other = await loginToken(t, owner.email);

      const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, data: { message: 'Has cerrado la sesión.' } });

      const after = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
      expect(after.statusCode).toBe(401);
      const twice = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
      expect(twice.statusCode).toBe(401);
      // Only that session ended.
      const otherDevice = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(other) });
      expect(otherDevice.statusCode).toBe(200);
    });
  });

  describe('forgotten password', () => {
    it('resets through the e-mailed link once, signs out old sessions and confirms the e-mail', async () => {
      const email = uniqueEmail('olvido');
      await post('/api/register', registration({ email }));
      t.clock.advance(MINUTE);

      const asked = await post('/api/auth/password-reset', { email });
      const stranger = await post('/api/auth/password-reset', { email: uniqueEmail('nadie') });
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual(stranger.json());
      expect(asked.json().data.message).toContain('te hemos enviado un enlace');

      const token = await latestToken(t.database, email, RESET);
      const payload = { token, password: 'Segunda-clave-2', password_confirmation: 'Segunda-clave-2' };
      const done = await post('/api/auth/password-reset/confirm', payload);
      expect(done.statusCode).toBe(200);
      expect(done.json().data.message).toBe(
        'Tu contraseña se ha cambiado. Ya puedes iniciar sesión con la nueva contraseña.',
      );

      const reused = await post('/api/auth/password-reset/confirm', {
        ...payload,
        password: 'Tercera-clave-3',
        password_confirmation: 'Tercera-clave-3',
      });
      expect(reused.statusCode).toBe(410);
      expect(reused.json().code).toBe('auth.reset_link_used');

      expect((await post('/api/login', { email, password: TEST_PASSWORD })).statusCode).toBe(401);
      const login = await post('/api/login', { email, password: 'Segunda-clave-2' });
      expect(login.statusCode).toBe(200);
      expect(login.json().data.user.email_verified).toBe(true);

      // A later reset signs that session out everywhere.
      t.clock.advance(MINUTE);
      await post('/api/auth/password-reset', { email });
      await post('/api/auth/password-reset/confirm', {
        token: await latestToken(t.database, email, RESET),
        password: 'Cuarta-clave-4',
        password_confirmation: 'Cuarta-clave-4',
      });
      const old = await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: bearer(login.json().data.token),
      });
      expect(old.statusCode).toBe(401);
    });

    it('refuses an expired or made-up reset link with a clear message', async () => {
      const owner = await createEmpresa(t);
      t.clock.advance(MINUTE);
      await post('/api/auth/password-reset', { email: owner.email });
      const token = await latestToken(t.database, owner.email, RESET);
      t.clock.advance(HOUR + MINUTE);
      const body = { password: 'Nueva-clave-9', password_confirmation: 'Nueva-clave-9' };
      const expired = await post('/api/auth/password-reset/confirm', { ...body, token });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({
        code: 'auth.reset_link_expired',
        message: 'El enlace para restablecer la contraseña ha caducado. Pide uno nuevo.',
      });
      const madeUp = await post('/api/auth/password-reset/confirm', { ...body, token: 'y'.repeat(43) });
      expect(madeUp.statusCode).toBe(400);
      expect(madeUp.json().code).toBe('auth.reset_link_invalid');
    });
  });

  describe('e-mailed sign-in link (issue 27)', () => {
    it('lets an owner whose address is throttled in through the link, once, within 15 minutes', async () => {
      const owner = await createEmpresa(t);
      const here = uniqueIp();
      for (let i = 0; i < 5; i++) await post('/api/login', { email: owner.email, password: 'mal' }, {}, here);
      expect(
        (await post('/api/login', { email: owner.email, password: TEST_PASSWORD }, {}, here)).statusCode,
      ).toBe(429);

      // The same answer whether or not the account exists; only the owner's mailbox gets a link.
      const asked = await post('/api/auth/sign-in-link', { email: owner.email }, {}, here);
      const stranger = await post('/api/auth/sign-in-link', { email: uniqueEmail('nadie') }, {}, here);
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual(stranger.json());
      expect(asked.json().data.message).toContain('te hemos enviado un enlace para entrar');
      const [mail] = await mailsTo(t.database, owner.email);
      expect(mail?.subject).toBe('Tu enlace para entrar en Posada');

      const token = await latestToken(t.database, owner.email, SIGN_IN);
      const signedIn = await post('/api/auth/sign-in-link/confirm', { token }, {}, here);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const session = signedIn.json().data.token as string;
      const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(session) });
      expect(me.statusCode).toBe(200);
      // The link proved the mailbox: this address may try passwords again.
      expect(
        (await post('/api/login', { email: owner.email, password: TEST_PASSWORD }, {}, here)).statusCode,
      ).toBe(200);

      const reused = await post('/api/auth/sign-in-link/confirm', { token }, {}, here);
      expect(reused.statusCode).toBe(410);
      expect(reused.json().code).toBe('auth.sign_in_link_used');

      t.clock.advance(MINUTE);
      await post('/api/auth/sign-in-link', { email: owner.email });
      const late = await latestToken(t.database, owner.email, SIGN_IN);
      t.clock.advance(16 * MINUTE);
      const expired = await post(
        '/api/auth/sign-in-link/confirm',
        { token: late },
        { 'accept-language': 'en' },
      );
      expect(expired.statusCode).toBe(410);
      expect(expired.json().message).toBe(
        'The sign-in link has expired (it lasts 15 minutes). Ask for a new one.',
      );
      const madeUp = await post('/api/auth/sign-in-link/confirm', { token: 'z'.repeat(43) });
      expect(madeUp.statusCode).toBe(400);
      expect(madeUp.json().code).toBe('auth.sign_in_link_invalid');
    });

    it('sends no link to an account that never confirmed its e-mail', async () => {
      const email = uniqueEmail('sinconfirmar');
      await post('/api/register', registration({ email }));
      t.clock.advance(MINUTE);
      expect((await post('/api/auth/sign-in-link', { email })).statusCode).toBe(200);
      const mails = await mailsTo(t.database, email);
      expect(mails.map((m) => m.subject)).not.toContain('Tu enlace para entrar en Posada');
    });
  });
});
