import { type ProviderBody, experiencesPaths as paths } from '@posada/contracts/experiences';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { changedTables, dbSnapshot } from '../../test/db-snapshot.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Provider = { id: string; name: string; phone: string; services: number } & Record<string, unknown>;

/**
 * Providers (spec 3 Provider / supplier) through the API: the phone read for the provider's country and
 * stored E.164, the list by name with its services, deleting one leaves its services as internal ones,
 * the premium gate (spec 6) and another account's provider answering 404.
 */
describe('experiences: providers', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let trialToken: string;

  const call = (method: Method, url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(as), 'accept-language': 'es' } });
  const create = async (body: ProviderBody, as = token): Promise<Provider> => {
    const res = await call('POST', paths.providers, body, as);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const list = async (as = token): Promise<Provider[]> => {
    const res = await call('GET', paths.providers, undefined, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items;
  };
  const service = async (providerId: string | null, name: string) => {
    const res = await call('POST', paths.services, {
      property_id: null,
      name,
      title: { es: name },
      description: { es: 'Descripción' },
      category: 'transfer',
      provider_id: providerId,
      confirmation: 'automatic',
      price_type: 'group',
      price: 4_000,
      currency: 'EUR',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const premium = { plan: 'smart', statusSubscription: 'subscribed' };
    token = await loginToken(t, (await createEmpresa(t, { account: premium })).email);
    otherToken = await loginToken(t, (await createEmpresa(t, { account: premium })).email);
    trialToken = await loginToken(t, (await createEmpresa(t)).email);
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  it('stores the phone in E.164, read for the country; an empty phone is allowed', async () => {
    const es = await create({
      name: 'Taxis Sol',
      country: 'ES',
      phone: '612 34 56 78',
      email: 'reservas@taxissol.es',
      address: 'Calle Mayor 1, Sevilla',
    });
    expect(es).toMatchObject({
      name: 'Taxis Sol',
      country: 'ES',
      phone: '+34612345678',
      email: 'reservas@taxissol.es',
      address: 'Calle Mayor 1, Sevilla',
      services: 0,
    });
    const mx = await create({ name: 'Tours Cancún', country: 'MX', phone: '998 123 4567' });
    expect(mx.phone).toBe('+529981234567');
    // A number with its own prefix keeps it, whatever the country.
    expect((await create({ name: 'Guía', country: 'ES', phone: '+44 20 7946 0958' })).phone).toBe(
      '+442079460958',
    );
    expect(await create({ name: 'Sin teléfono', country: 'ES' })).toMatchObject({
      phone: '',
      email: '',
      address: '',
    });
  });

  it('refuses an unreadable phone and other bad fields, storing nothing', async () => {
    const mine = await create({ name: 'Intacto', country: 'ES', phone: '+34612345678' });
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '12' }, 'phone'],
      [{ phone: 'llámame' }, 'phone'],
      // A Spanish mobile read as a Mexican number is not valid.
      [{ phone: '612 34 56 78', country: 'MX' }, 'phone'],
      [{ name: '  ' }, 'name'],
      [{ country: 'españa' }, 'country'],
      [{ email: 'no-es-un-correo' }, 'email'],
    ];
    for (const [overrides, field] of cases) {
      const before = await dbSnapshot(t.database);
      for (const [method, url] of [
        ['POST', paths.providers],
        ['PUT', paths.provider(mine.id)],
      ] as const) {
        const res = await call(method, url, { name: 'Taxis', country: 'ES', ...overrides });
        expect(res.statusCode, `${method} ${field}: ${res.body}`).toBe(400);
        expect(res.json().errors[field], res.body).toBeDefined();
      }
      expect(changedTables(before, await dbSnapshot(t.database))).toEqual([]);
    }
    const phone = await call('POST', paths.providers, { name: 'Taxis', country: 'ES', phone: '12' });
    expect(phone.json().errors.phone).toEqual(['El teléfono no es válido para ese país.']);
  });

  it('lists by name with its services count; edits; deleting one leaves its services internal', async () => {
    const zeta = await create({ name: 'Zeta Transfers', country: 'ES' });
    const alfa = await create({ name: 'alfa bodegas', country: 'ES' });
    const first = await service(zeta.id, 'Traslado');
    await service(zeta.id, 'Traslado nocturno');
    await service(null, 'Desayuno');

    const names = (await list()).map((p) => p.name);
    expect(names.indexOf('alfa bodegas')).toBeLessThan(names.indexOf('Zeta Transfers'));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base' })));
    expect((await list()).find((p) => p.id === zeta.id)?.services).toBe(2);
    expect((await list()).find((p) => p.id === alfa.id)?.services).toBe(0);

    const put = await call('PUT', paths.provider(zeta.id), {
      name: 'Zeta Traslados',
      country: 'ES',
      phone: '699 000 111',
      email: 'hola@zeta.es',
      address: '',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ name: 'Zeta Traslados', phone: '+34699000111', services: 2 });
    expect((await call('GET', paths.service(first))).json().data.provider_name).toBe('Zeta Traslados');

    const del = await call('DELETE', paths.provider(zeta.id));
    expect(del.statusCode, del.body).toBe(200);
    expect((await list()).map((p) => p.id)).not.toContain(zeta.id);
    const internal = (await call('GET', paths.service(first))).json().data;
    expect(internal).toMatchObject({ provider_id: null, provider_name: null, name: 'Traslado' });
    expect((await call('DELETE', paths.provider(zeta.id))).statusCode).toBe(404);
  });

  it("another account's provider answers 404 and stays as it was", async () => {
    const mine = await create({ name: 'Privado', country: 'ES', phone: '612345678' });
    const before = await dbSnapshot(t.database);
    const put = await call('PUT', paths.provider(mine.id), { name: 'Robado', country: 'ES' }, otherToken);
    expect(put.statusCode).toBe(404);
    expect(put.json().code).toBe('experiences.provider_not_found');
    expect((await call('DELETE', paths.provider(mine.id), undefined, otherToken)).statusCode).toBe(404);
    expect((await list(otherToken)).map((p) => p.id)).not.toContain(mine.id);
    expect(changedTables(before, await dbSnapshot(t.database))).toEqual([]);
    expect((await call('PUT', paths.provider('nope'), { name: 'X', country: 'ES' })).statusCode).toBe(404);
  });

  it('answers 403 settings.feature_unavailable without premium access', async () => {
    const mine = await create({ name: 'Solo premium', country: 'ES' });
    const before = await dbSnapshot(t.database);
    for (const res of [
      await call('GET', paths.providers, undefined, trialToken),
      await call('POST', paths.providers, { name: 'X', country: 'ES' }, trialToken),
      await call('PUT', paths.provider(mine.id), { name: 'X', country: 'ES' }, trialToken),
      await call('DELETE', paths.provider(mine.id), undefined, trialToken),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('settings.feature_unavailable');
    }
    expect(changedTables(before, await dbSnapshot(t.database))).toEqual([]);
  });
});
