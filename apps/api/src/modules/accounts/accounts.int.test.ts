import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const DAY = 86_400_000;

describe('the signed-in user: GET /api/user, GET /api/user/data, active property, language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the spec 3 user with trial days left, subscription status and the account properties', async () => {
    const owner = await createEmpresa(t, {
      name: 'Rosa Vidal',
      properties: [{ nombre: 'Casa Azul' }, { nombre: 'Hotel Puerta Real', tipoPropiedad: 'hotel' }],
      account: { trialEndsAt: new Date(t.clock.now().getTime() + 10 * DAY - 3600_000), pais: 'ES' },
    });
    const token = await loginToken(t, owner.email);

    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });

    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({
      id: owner.userId,
      name: 'Rosa Vidal',
      email: owner.email,
      type: 'empresa',
      email_verified: true,
      status_subscription: 'demo',
      restaday: 10,
      paymentfail: false,
      suscription_id_stripe: null,
      quantity: 1,
      application: null,
      legacy: false,
      active_property_id: null,
    });
    expect(user.properties.map((p: { nombre: string }) => p.nombre)).toEqual([
      'Casa Azul',
      'Hotel Puerta Real',
    ]);
    expect(user.properties[1]).toMatchObject({ tipo_propiedad: 'hotel', currency: 'EUR', botGPT: false });
  });

  it('reads an ended trial as demo_expired with 0 days left', async () => {
    const owner = await createEmpresa(t, {
      account: { trialEndsAt: new Date(t.clock.now().getTime() - DAY) },
    });
    const token = await loginToken(t, owner.email);
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(res.json().data).toMatchObject({ status_subscription: 'demo_expired', restaday: 0 });
  });

  it('shows an admin with its application tag and no account data', async () => {
    const admin = await createAdmin(t);
    const token = await loginToken(t, admin.email);
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(res.json().data).toMatchObject({
      type: 'admin',
      application: 'posada',
      status_subscription: null,
      properties: [],
      restaday: 0,
    });
  });

  it('refuses anonymous callers and made-up tokens with 401 in their language', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ ok: false, code: 'auth.unauthenticated' });

    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/user/data',
      headers: { ...bearer('x'.repeat(43)), 'accept-language': 'en' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it('gives the only property as the active one, and none for two until one is chosen', async () => {
    const single = await createEmpresa(t, { properties: [{ nombre: 'Ático Centro' }] });
    const singleToken = await loginToken(t, single.email);
    const one = await t.app.inject({ method: 'GET', url: '/api/user/data', headers: bearer(singleToken) });
    expect(one.json().data.property).toMatchObject({ id: single.propertyIds[0], nombre: 'Ático Centro' });

    const owner = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Olivo' }, { nombre: 'Casa Lirio' }],
    });
    const token = await loginToken(t, owner.email);
    const before = await t.app.inject({ method: 'GET', url: '/api/user/data', headers: bearer(token) });
    expect(before.json().data.property).toBeNull();

    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/user/active-property',
      headers: bearer(token),
      payload: { property_id: owner.propertyIds[1] },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.property.nombre).toBe('Casa Lirio');

    const after = await t.app.inject({ method: 'GET', url: '/api/user/data', headers: bearer(token) });
    expect(after.json().data.property.nombre).toBe('Casa Lirio');
    expect(after.json().data.user.active_property_id).toBe(owner.propertyIds[1]);

    // Forgetting the choice brings the picker back.
    const cleared = await t.app.inject({
      method: 'PUT',
      url: '/api/user/active-property',
      headers: bearer(token),
      payload: { property_id: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.property).toBeNull();
    expect(cleared.json().data.user.active_property_id).toBeNull();
  });

  it("answers 404 when an empresa picks another account's property, and keeps its own choice", async () => {
    const owner = await createEmpresa(t, { properties: [{ nombre: 'Mía 1' }, { nombre: 'Mía 2' }] });
    const other = await createEmpresa(t, { properties: [{ nombre: 'Ajena' }] });
    const token = await loginToken(t, owner.email);

    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/active-property',
      headers: bearer(token),
      payload: { property_id: other.propertyIds[0] },
    });

    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'accounts.property_not_found',
      message: 'No se ha encontrado el alojamiento.',
    });
    const data = await t.app.inject({ method: 'GET', url: '/api/user/data', headers: bearer(token) });
    expect(data.json().data.property).toBeNull();
  });

  it('does not let an admin pick a property (empresa only)', async () => {
    const admin = await createAdmin(t);
    const owner = await createEmpresa(t, { properties: [{ nombre: 'Casa' }] });
    const token = await loginToken(t, admin.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/active-property',
      headers: bearer(token),
      payload: { property_id: owner.propertyIds[0] },
    });
    expect(res.statusCode).toBe(403);
  });

  it('stores the language the user chose', async () => {
    const owner = await createEmpresa(t);
    const token = await loginToken(t, owner.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/locale',
      headers: bearer(token),
      payload: { locale: 'ar' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.locale).toBe('ar');
    const again = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(again.json().data.locale).toBe('ar');

    const invalid = await t.app.inject({
      method: 'PUT',
      url: '/api/user/locale',
      headers: bearer(token),
      payload: { locale: 'fr' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.locale).toHaveLength(1);
  });
});
