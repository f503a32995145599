import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FEATURE_UNAVAILABLE_MESSAGE } from '@posada/domain/feature-gates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, propertyAuthorities } from '../../db/schema/properties.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { bearer, createEmpresa, type Fixture, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { AUTHORITY_PASSWORD_PURPOSE } from './property-settings.service.ts';

/** A real 1×1 PNG. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const DAY = 86_400_000;
const PASSWORD = 'Clave-Policial-2026';
const NEW_PASSWORD = 'Otra-Clave_Secreta-77';

const authorities = (overrides: Record<string, unknown> = {}) => ({
  entity: 'policia_nacional',
  user: 'H12345678',
  password: PASSWORD,
  establishment_code: '0000001234',
  landlord_code: '0000000998',
  ...overrides,
});

describe('property settings extras: store, authorities, smart locks, check-in schedule, logo', () => {
  let t: TestApp;
  let dataDir: string;
  let owner: Fixture;
  let token: string;
  let propertyId: string;
  let other: Fixture;
  let otherToken: string;
  /** Every answer body of the suite, to prove no password ever leaves the server. */
  const bodies: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'posada-settings-'));
    t = await buildTestApp({ env: { DATA_DIR: dataDir } });
    owner = await createEmpresa(t, { properties: [{ nombre: 'Casa Azul' }, { nombre: 'Casa Verde' }] });
    token = await loginToken(t, owner.email);
    propertyId = owner.propertyIds[0] as string;
    other = await createEmpresa(t, { properties: [{ nombre: 'Casa Ajena' }] });
    otherToken = await loginToken(t, other.email);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const url = (id: string, section?: string) =>
    `/api/properties/${id}/settings${section ? `/${section}` : ''}`;
  const get = async (id = propertyId, tk = token) => {
    const res = await t.app.inject({ method: 'GET', url: url(id), headers: bearer(tk) });
    bodies.push(res.body);
    return res;
  };
  const put = async (
    section: string,
    payload: object,
    opts: { id?: string; tk?: string; lang?: string } = {},
  ) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(opts.id ?? propertyId, section),
      headers: { ...bearer(opts.tk ?? token), 'accept-language': opts.lang ?? 'es' },
      payload,
    });
    bodies.push(res.body);
    return res;
  };
  const storedAuthorities = async (id: string) =>
    (await t.database.db.select().from(propertyAuthorities).where(eq(propertyAuthorities.propertyId, id)))[0];
  const propertyRow = async (id: string) =>
    (await t.database.db.select().from(properties).where(eq(properties.id, id)))[0];

  describe('experience store (cross-selling-property)', () => {
    it('saves an external store with its message of exactly 200 characters and its URL', async () => {
      const message = 'ñ'.repeat(200);
      const res = await put('cross-selling-property', {
        enabled: true,
        type: 'external',
        external_message: message,
        external_url: 'https://tienda.example.com/casa-azul',
      });
      expect(res.statusCode).toBe(200);
      const expected = {
        enabled: true,
        type: 'external',
        external_message: message,
        external_url: 'https://tienda.example.com/casa-azul',
      };
      expect(res.json().data.store).toEqual(expected);
      expect((await get()).json().data.store).toEqual(expected);
    });

    it('refuses a 201-character message with the spec limit, in es and en', async () => {
      const body = {
        enabled: true,
        type: 'external',
        external_message: 'a'.repeat(201),
        external_url: 'https://tienda.example.com',
      };
      const es = await put('cross-selling-property', body);
      expect(es.statusCode).toBe(400);
      expect(es.json()).toEqual({
        ok: false,
        code: 'validation.failed',
        message: 'Revisa los campos marcados.',
        errors: { external_message: ['El mensaje para el huésped puede tener como máximo 200 caracteres.'] },
      });
      const en = await put('cross-selling-property', body, { lang: 'en' });
      expect(en.json().errors).toEqual({
        external_message: ['The guest message can be at most 200 characters long.'],
      });
    });

    it('refuses to switch on an external store without a web URL, and changes nothing', async () => {
      const before = (await get()).json().data.store;
      for (const external_url of [
        '',
        'tienda.example.com',
        'ftp://tienda.example.com',
        'javascript:alert(1)',
      ]) {
        const res = await put('cross-selling-property', {
          enabled: true,
          type: 'external',
          external_message: 'Hola',
          external_url,
        });
        expect(res.statusCode, external_url).toBe(400);
        // Nothing typed: the link is needed; something typed that is no http(s) address: it is not valid.
        expect(res.json().errors, external_url).toEqual({
          external_url: [
            external_url === ''
              ? 'Introduce la URL de tu tienda externa para activarla.'
              : 'La dirección no es válida: escribe una URL completa que empiece por https://.',
          ],
        });
      }
      expect((await get()).json().data.store).toEqual(before);
    });

    it('switches the store off or to internal without a URL', async () => {
      const off = await put('cross-selling-property', { enabled: false, type: 'external' });
      expect(off.statusCode).toBe(200);
      expect(off.json().data.store).toEqual({
        enabled: false,
        type: 'external',
        external_message: '',
        external_url: '',
      });
      const internal = await put('cross-selling-property', { enabled: true, type: 'internal' });
      expect(internal.json().data.store).toMatchObject({ enabled: true, type: 'internal' });
    });
  });

  describe('authority credentials (authorities)', () => {
    it('refuses a first save without a password on the password field, storing nothing', async () => {
      const id = owner.propertyIds[1] as string;
      const res = await put('authorities', authorities({ password: '' }), { id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        ok: false,
        code: 'validation.failed',
        message: 'Revisa los campos marcados.',
        errors: { password: ['Este campo es obligatorio.'] },
      });
      const { password: _omitted, ...withoutPassword } = authorities();
      const absent = await put('authorities', withoutPassword, { id, lang: 'en' });
      expect(absent.json()).toMatchObject({
        code: 'validation.failed',
        errors: { password: ['This field is required.'] },
      });
      expect(await storedAuthorities(id)).toBeUndefined();
      expect((await get(id)).json().data.authorities.password_set).toBe(false);
    });

    it('refuses missing entity, user and codes, each under its field', async () => {
      const res = await put('authorities', {
        entity: '',
        user: ' ',
        password: PASSWORD,
        establishment_code: '',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        entity: ['Este campo es obligatorio.'],
        user: ['Este campo es obligatorio.'],
        establishment_code: ['Este campo es obligatorio.'],
        landlord_code: ['Este campo es obligatorio.'],
      });
      expect((await put('authorities', authorities({ entity: 'interpol' }))).json().errors).toEqual({
        entity: ['Este campo es obligatorio.'],
      });
      expect(await storedAuthorities(propertyId)).toBeUndefined();
    });

    it('saves the credentials with the password sealed, never answered, and reloads them', async () => {
      const res = await put('authorities', authorities());
      expect(res.statusCode).toBe(200);
      const expected = {
        entity: 'policia_nacional',
        user: 'H12345678',
        establishment_code: '0000001234',
        landlord_code: '0000000998',
        password_set: true,
      };
      expect(res.json().data.authorities).toMatchObject(expected);
      expect((await get()).json().data.authorities).toMatchObject(expected);

      const row = await storedAuthorities(propertyId);
      expect(row).toMatchObject({
        accountId: owner.accountId,
        username: 'H12345678',
        entity: 'policia_nacional',
      });
      const sealed = row?.passwordCiphertext as string;
      expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
      expect(sealed).not.toContain(PASSWORD);
      expect(JSON.stringify(row)).not.toContain(PASSWORD);
      // Sealed with the app's APP_SECRET for this property: it opens there, and only there.
      const box = createSecretBox(t.config.APP_SECRET);
      expect(box.open(sealed, AUTHORITY_PASSWORD_PURPOSE, propertyId)).toBe(PASSWORD);
      expect(() => box.open(sealed, AUTHORITY_PASSWORD_PURPOSE, owner.propertyIds[1] as string)).toThrow();
    });

    it('keeps the stored password when the form sends it blank, and replaces it when given', async () => {
      const sealedBefore = (await storedAuthorities(propertyId))?.passwordCiphertext;
      t.clock.advance(60_000);

      const kept = await put(
        'authorities',
        authorities({ password: '', entity: 'guardia_civil', user: 'G-77' }),
      );
      expect(kept.statusCode).toBe(200);
      expect(kept.json().data.authorities).toMatchObject({
        entity: 'guardia_civil',
        user: 'G-77',
        password_set: true,
      });
      const afterKeep = await storedAuthorities(propertyId);
      expect(afterKeep?.passwordCiphertext).toBe(sealedBefore);
      expect(afterKeep?.updatedAt).toEqual(t.clock.now());
      // Spaces only count as blank too: the stored password stays.
      const spaces = await put('authorities', authorities({ password: '   ', user: 'G-78' }));
      expect(spaces.json().data.authorities).toMatchObject({ user: 'G-78', password_set: true });
      expect((await storedAuthorities(propertyId))?.passwordCiphertext).toBe(sealedBefore);

      const replaced = await put('authorities', authorities({ password: NEW_PASSWORD, user: 'G-77' }));
      expect(replaced.statusCode).toBe(200);
      const sealedAfter = (await storedAuthorities(propertyId))?.passwordCiphertext as string;
      expect(sealedAfter).not.toBe(sealedBefore);
      expect(
        createSecretBox(t.config.APP_SECRET).open(sealedAfter, AUTHORITY_PASSWORD_PURPOSE, propertyId),
      ).toBe(NEW_PASSWORD);
    });

    it("answers 404 for another account's property and stores nothing for it", async () => {
      const theirs = other.propertyIds[0] as string;
      const res = await put('authorities', authorities(), { id: theirs });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('properties.not_found');
      expect((await put('authorities', authorities({ password: '' }), { id: theirs })).statusCode).toBe(404);
      expect(await storedAuthorities(theirs)).toBeUndefined();
      // Nor can the other account read ours.
      expect((await get(propertyId, otherToken)).statusCode).toBe(404);
      expect((await get(theirs, otherToken)).json().data.authorities.password_set).toBe(false);
    });
  });

  describe('smart locks (smart-locks)', () => {
    const lock = (overrides: Record<string, unknown> = {}) => ({
      enabled: true,
      delivery_time: '1_day_before',
      key_type: 'static',
      master_code: '2468*',
      ...overrides,
    });

    it('saves and reloads every delivery time', async () => {
      for (const delivery_time of ['checkin_completed', 'arrival_day', '1_day_before', '2_days_before']) {
        const res = await put('smart-locks', lock({ delivery_time }));
        expect(res.statusCode, delivery_time).toBe(200);
        expect((await get()).json().data.smart_locks).toEqual({
          enabled: true,
          delivery_time,
          key_type: 'static',
          master_code: '2468*',
          requires_registration: true,
        });
      }
    });

    it("refuses an empty key when enabled with the spec's text", async () => {
      const before = await propertyRow(propertyId);
      for (const master_code of ['', '   ']) {
        const res = await put('smart-locks', lock({ master_code }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          ok: false,
          code: 'validation.failed',
          message: 'Revisa los campos marcados.',
          errors: { master_code: ['Por favor ingrese una clave de acceso'] },
        });
      }
      const { master_code: _none, ...withoutCode } = lock();
      expect((await put('smart-locks', withoutCode, { lang: 'en' })).json().errors).toEqual({
        master_code: ['Please enter an access code'],
      });
      expect(await propertyRow(propertyId)).toEqual(before);
    });

    it('refuses dynamic keys without an assigned lock (issue 14), and a malformed key', async () => {
      const dynamic = await put('smart-locks', lock({ key_type: 'dynamic', master_code: '' }));
      expect(dynamic.statusCode).toBe(400);
      expect(dynamic.json().errors).toEqual({
        key_type: ['La clave dinámica necesita una cerradura asignada a la propiedad o a sus habitaciones.'],
      });
      for (const master_code of ['12', '12 34', '1234-5678', 'x'.repeat(21)]) {
        const res = await put('smart-locks', lock({ master_code }));
        expect(res.statusCode, master_code).toBe(400);
        expect(Object.keys(res.json().errors), master_code).toEqual(['master_code']);
      }
      expect((await get()).json().data.smart_locks.key_type).toBe('static');
    });

    it('switches locks off without a key', async () => {
      const res = await put('smart-locks', lock({ enabled: false, master_code: '' }));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.smart_locks).toEqual({
        enabled: false,
        delivery_time: '1_day_before',
        key_type: 'static',
        master_code: '',
        requires_registration: true,
      });
    });

    it('keeps the code until the police registration is accepted unless switched off', async () => {
      const res = await put('smart-locks', lock({ requires_registration: false }));
      expect(res.json().data.smart_locks.requires_registration).toBe(false);
      expect((await get()).json().data.smart_locks.requires_registration).toBe(false);
      expect((await put('smart-locks', lock())).json().data.smart_locks.requires_registration).toBe(true);
    });
  });

  describe('check-in send schedule (checkin-programming)', () => {
    it('starts at 24h, and saves and reloads each schedule of spec 4', async () => {
      expect((await get(owner.propertyIds[1] as string)).json().data.checkin_schedule).toBe('24h');
      for (const schedule of ['same_day', '24h', '48h', '72h', 'disabled']) {
        const res = await put('checkin-programming', { schedule });
        expect(res.statusCode, schedule).toBe(200);
        expect((await get()).json().data.checkin_schedule).toBe(schedule);
      }
    });

    it('refuses a schedule that does not exist', async () => {
      const res = await put('checkin-programming', { schedule: '1w' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ schedule: ['Elige una de las opciones.'] });
      expect((await get()).json().data.checkin_schedule).toBe('disabled');
    });
  });

  describe('logo (name-property)', () => {
    const uploadLogo = async (): Promise<string> => {
      const boundary = '----posadalogo';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        tinyPng,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/properties/logo',
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode).toBe(201);
      return res.json().data.url as string;
    };

    it('sets an uploaded logo, keeps it when absent, and clears it with null', async () => {
      const logo = await uploadLogo();
      const set = await put('name-property', { nombre: 'Casa Azul', logo });
      expect(set.statusCode).toBe(200);
      expect(set.json().data.logo).toBe(logo);
      expect((await get()).json().data.logo).toBe(logo);

      const kept = await put('name-property', { nombre: 'Casa Azul Mar' });
      expect(kept.json().data).toMatchObject({ nombre: 'Casa Azul Mar', logo });

      const cleared = await put('name-property', { nombre: 'Casa Azul Mar', logo: null });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().data.logo).toBeNull();
      expect((await propertyRow(propertyId))?.logo).toBeNull();
    });

    it('refuses a logo that is not a file uploaded here, under the logo field, changing nothing', async () => {
      const logo = await uploadLogo();
      await put('name-property', { nombre: 'Casa Azul', logo });
      const refused = [
        'https://evil.example.com/logo.png',
        '//evil.example.com/logo.png',
        '/api/files/AAAAAAAAAAAAAAAAAAAAAA.png',
        '/api/files/../../package.json',
        `${logo}?x=1`,
        logo.replace(/\.png$/, '.gif'),
        'data:image/png;base64,iVBORw0KGgo=',
        '',
      ];
      for (const bad of refused) {
        const res = await put('name-property', { nombre: 'Otro nombre', logo: bad });
        expect(res.statusCode, bad).toBe(400);
        expect(res.json(), bad).toEqual({
          ok: false,
          code: 'validation.failed',
          message: 'Revisa los campos marcados.',
          errors: { logo: ['Sube el logo de nuevo: solo se admite una imagen subida aquí.'] },
        });
      }
      expect((await get()).json().data).toMatchObject({ nombre: 'Casa Azul', logo });
    });

    it('accepts the logo the property already has, even one stored before this rule', async () => {
      await t.database.db
        .update(properties)
        .set({ logo: 'legacy-logo.png' })
        .where(eq(properties.id, propertyId));
      const res = await put('name-property', { nombre: 'Casa Azul', logo: 'legacy-logo.png' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.logo).toBe('legacy-logo.png');
    });
  });

  // Runs last: every answer above, saves and refusals alike.
  it('never answered a password, sealed or in clear', () => {
    expect(bodies.length).toBeGreaterThan(40);
    expect(bodies.some((b) => b.includes('"password_set":true'))).toBe(true);
    for (const body of bodies) {
      expect(body).not.toContain(PASSWORD);
      expect(body).not.toContain(NEW_PASSWORD);
      expect(body).not.toMatch(/ciphertext/i);
      expect(body).not.toMatch(/v1:[A-Za-z0-9_-]{16}:/);
    }
  });
});

describe('property settings extras: subscription gating (spec 6)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (token: string, id: string, section: string, payload: object, lang?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/properties/${id}/settings/${section}`,
      headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) },
      payload,
    });
  const lock = { enabled: true, delivery_time: 'arrival_day', key_type: 'static', master_code: '1234' };
  const bodies: [string, object][] = [
    ['cross-selling-property', { enabled: true, type: 'internal' }],
    [
      'authorities',
      { entity: 'ertzaintza', user: 'u', password: 'p4ss', establishment_code: 'E', landlord_code: 'L' },
    ],
    ['checkin-programming', { schedule: '72h' }],
  ];

  it('closes smart locks to a subscribed smart plan without the add-on, and opens the included sections', async () => {
    const basic = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Básica' }],
      account: { plan: 'smart', statusSubscription: 'subscribed', trialEndsAt: null, servicios: [] },
    });
    const token = await loginToken(t, basic.email);
    const id = basic.propertyIds[0] as string;
    const before = (await t.database.db.select().from(properties).where(eq(properties.id, id)))[0];

    const refused = await put(token, id, 'smart-locks', lock);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      ok: false,
      code: 'settings.feature_unavailable',
      message: 'Servicio no disponible en tu suscripción actual',
    });
    expect((await put(token, id, 'smart-locks', lock, 'en')).json().message).toBe(
      FEATURE_UNAVAILABLE_MESSAGE,
    );
    expect((await put(token, id, 'smart-locks', lock, 'ar')).json().message).toBe(
      'الخدمة غير متاحة في اشتراكك الحالي',
    );
    expect(FEATURE_UNAVAILABLE_MESSAGE).toBe('Service not available in your current subscription');
    // Refused before the body is read: an empty body gets the same answer.
    expect((await put(token, id, 'smart-locks', {})).statusCode).toBe(403);
    expect((await t.database.db.select().from(properties).where(eq(properties.id, id)))[0]).toEqual(before);

    // The store, authority reporting and the check-in schedule are not paid extras (spec 6).
    for (const [section, body] of bodies) {
      const res = await put(token, id, section, body);
      expect(res.statusCode, section).toBe(200);
    }
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/properties/${id}/settings`,
      headers: bearer(token),
    });
    expect(read.json().data).toMatchObject({
      store: { enabled: true },
      authorities: { entity: 'ertzaintza', password_set: true },
      checkin_schedule: '72h',
      features: { smart_locks: false, cross_selling: true, authorities: true, auto_checkin_messaging: true },
    });
  });

  it('opens smart locks once the add-on is paid', async () => {
    const paid = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Llaves' }],
      account: {
        plan: 'smart',
        statusSubscription: 'subscribed',
        trialEndsAt: null,
        servicios: ['smart_locks'],
      },
    });
    const token = await loginToken(t, paid.email);
    const res = await put(token, paid.propertyIds[0] as string, 'smart-locks', lock);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.smart_locks).toMatchObject({ enabled: true, master_code: '1234' });
  });

  it('closes every new section once the trial is over, storing no credentials', async () => {
    const expired = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Vencida' }],
      account: { statusSubscription: 'demo', trialEndsAt: new Date(t.clock.now().getTime() - DAY) },
    });
    const token = await loginToken(t, expired.email);
    const id = expired.propertyIds[0] as string;
    for (const [section, body] of [...bodies, ['smart-locks', lock] as [string, object]]) {
      const res = await put(token, id, section, body);
      expect(res.statusCode, section).toBe(403);
      expect(res.json().message).toBe('Servicio no disponible en tu suscripción actual');
    }
    const rows = await t.database.db
      .select()
      .from(propertyAuthorities)
      .where(eq(propertyAuthorities.propertyId, id));
    expect(rows).toEqual([]);
  });
});
