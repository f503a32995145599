import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { experiencesPaths as paths, type ServiceBody } from '@posada/contracts/experiences';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests, services } from '../../db/schema/experiences.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { changedTables, dbSnapshot } from '../../test/db-snapshot.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function multipart(bytes: Buffer, field = 'photo', type = 'image/png') {
  const boundary = `----posada${Math.random().toString(16).slice(2)}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="foto"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * The operator's services (spec 3 Service / experience) through the API: create, list with its filters and
 * counts, edit, activate, delete, up to 3 photos (spec 5), the premium gate (spec 6) and tenant checks.
 */
describe('experiences: services', () => {
  let t: TestApp;
  let dataDir: string;
  let token: string;
  let otherToken: string;
  let trialToken: string;
  let noPlanToken: string;
  let casa: string;
  let loft: string;
  let otherProperty: string;
  let provider: string;
  let otherProvider: string;
  let png: Buffer;

  const call = (method: Method, url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(as), 'accept-language': 'en' } });
  const upload = (id: string, bytes: Buffer, as = token, field = 'photo') => {
    const { payload, headers } = multipart(bytes, field);
    return t.app.inject({
      method: 'POST',
      url: paths.servicePhotos(id),
      payload,
      headers: { ...headers, ...bearer(as), 'accept-language': 'en' },
    });
  };
  const body = (overrides: Partial<ServiceBody> = {}): ServiceBody => ({
    property_id: casa,
    name: 'Traslado aeropuerto',
    title: { es: 'Traslado desde el aeropuerto', en: 'Airport transfer' },
    description: { es: 'Te recogemos en la terminal.', en: 'We pick you up at the terminal.' },
    category: 'transfer',
    provider_id: provider,
    confirmation: 'manual',
    price_type: 'person',
    price: 2_500,
    currency: 'EUR',
    ...overrides,
  });
  const create = async (overrides: Partial<ServiceBody> = {}) => {
    t.clock.advance(60_000); // newest first is by creation time
    const res = await call('POST', paths.services, body(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string } & Record<string, unknown>;
  };
  const list = async (query = '') => {
    const res = await call('GET', `${paths.services}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: { id: string; name: string }[]; total: number };
  };
  const stored = () => readdir(path.join(dataDir, 'files')).catch(() => [] as string[]);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'posada-services-'));
    t = await buildTestApp({ env: { DATA_DIR: dataDir } });
    const premium = { plan: 'smart', statusSubscription: 'subscribed' };
    const owner = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Azul' }, { nombre: 'Loft Centro' }],
      account: premium,
    });
    [casa = '', loft = ''] = owner.propertyIds;
    token = await loginToken(t, owner.email);
    const other = await createEmpresa(t, { properties: [{ nombre: 'Otra Casa' }], account: premium });
    [otherProperty = ''] = other.propertyIds;
    otherToken = await loginToken(t, other.email);
    trialToken = await loginToken(t, (await createEmpresa(t, { properties: [{ nombre: 'Prueba' }] })).email);
    noPlanToken = await loginToken(
      t,
      (await createEmpresa(t, { account: { plan: null, statusSubscription: 'subscribed' } })).email,
    );
    const mine = await call('POST', paths.providers, { name: 'Taxis Sol', country: 'ES' });
    expect(mine.statusCode, mine.body).toBe(201);
    provider = mine.json().data.id;
    const theirs = await call('POST', paths.providers, { name: 'Ajeno', country: 'ES' }, otherToken);
    otherProvider = theirs.json().data.id;
    png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
  }, 60_000);

  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates a service with its property, provider and texts, and reads it back', async () => {
    const created = await create();
    expect(created).toMatchObject({
      property_id: casa,
      property_name: 'Casa Azul',
      name: 'Traslado aeropuerto',
      title: { es: 'Traslado desde el aeropuerto', en: 'Airport transfer', ar: '' },
      category: 'transfer',
      provider_id: provider,
      provider_name: 'Taxis Sol',
      confirmation: 'manual',
      price_type: 'person',
      price: 2_500,
      currency: 'EUR',
      photos: [],
      active: true,
      requests: 0,
      pending_requests: 0,
    });
    const read = await call('GET', paths.service(created.id));
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(created);

    // For every property, internal (no provider), free, in the currency the form sent.
    const everywhere = await create({
      property_id: null,
      provider_id: null,
      name: 'Desayuno',
      price: 0,
      currency: 'USD',
    });
    expect(everywhere).toMatchObject({
      property_id: null,
      property_name: null,
      provider_id: null,
      provider_name: null,
      price: 0,
      currency: 'USD',
    });
  });

  it('edits a service and switches it off and on', async () => {
    const { id } = await create({ name: 'Late checkout' });
    const put = await call(
      'PUT',
      paths.service(id),
      body({
        name: 'Salida tardía',
        property_id: loft,
        provider_id: null,
        category: 'checkin_checkout',
        confirmation: 'automatic',
        price_type: 'unit',
        price: 1_500,
        title: { es: 'Salida tardía', en: '', ar: 'مغادرة متأخرة' },
      }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({
      name: 'Salida tardía',
      property_name: 'Loft Centro',
      provider_id: null,
      category: 'checkin_checkout',
      confirmation: 'automatic',
      price: 1_500,
      title: { es: 'Salida tardía', en: '', ar: 'مغادرة متأخرة' },
    });
    const off = await call('POST', paths.serviceActive(id), { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.active).toBe(false);
    expect((await call('GET', paths.service(id))).json().data.active).toBe(false);
    const on = await call('POST', paths.serviceActive(id), { active: true });
    expect(on.json().data.active).toBe(true);
  });

  it('lists newest first, filters by property (with the all-properties ones), category, state and text', async () => {
    const spa = await create({
      name: 'Masaje',
      property_id: loft,
      category: 'spa_health',
      title: { es: 'Masaje relajante', en: 'Relaxing massage' },
    });
    const wine = await create({
      name: 'Cata',
      property_id: null,
      category: 'food_beverage',
      title: { es: 'Cata de vinos', en: 'Wine tasting 100%' },
    });
    await call('POST', paths.serviceActive(wine.id), { active: false });

    const all = await list();
    expect(all.items[0]?.id).toBe(wine.id);
    expect(all.items[1]?.id).toBe(spa.id);
    expect(all.total).toBe(all.items.length);

    const atLoft = (await list(`?property_id=${loft}`)).items;
    expect(atLoft.map((s) => s.id)).toEqual(expect.arrayContaining([spa.id, wine.id]));
    expect(atLoft.every((s) => s.name !== 'Traslado aeropuerto')).toBe(true);
    const atCasa = (await list(`?property_id=${casa}`)).items.map((s) => s.id);
    expect(atCasa).toContain(wine.id);
    expect(atCasa).not.toContain(spa.id);

    expect((await list('?category=spa_health')).items.map((s) => s.id)).toEqual([spa.id]);
    const inactive = (await list('?active=false')).items.map((s) => s.id);
    expect(inactive).toContain(wine.id);
    expect(inactive).not.toContain(spa.id);
    expect((await list('?active=true')).items.map((s) => s.id)).not.toContain(wine.id);

    // By the operator's name or any title, case-insensitively; % is a character, not a wildcard.
    expect((await list('?search=MASAJE')).items.map((s) => s.id)).toEqual([spa.id]);
    expect((await list('?search=relaxing')).items.map((s) => s.id)).toEqual([spa.id]);
    expect((await list('?search=100%25')).items.map((s) => s.id)).toEqual([wine.id]);
    expect((await list('?search=0%25')).items.map((s) => s.id)).toEqual([wine.id]);
    expect((await list('?search=nada-parecido')).items).toEqual([]);
    for (const odd of ['\\', '_', "'; DROP TABLE services; --", 'ñ❤️']) {
      expect((await list(`?search=${encodeURIComponent(odd)}`)).items).toEqual([]);
    }
    expect(
      (await list('?property_id=00000000-0000-4000-8000-000000000000')).items.map((s) => s.id),
    ).toContain(wine.id);
  });

  it('counts its requests and pending ones; deleting it keeps the requests with their snapshot', async () => {
    const { id } = await create({ name: 'Paseo en barco', category: 'activities' });
    const { accountId } = (await t.database.db.select().from(services).where(eq(services.id, id)))[0] ?? {};
    const request = (status: 'pending' | 'approved' | 'paid') => ({
      accountId: accountId ?? '',
      propertyId: casa,
      serviceId: id,
      serviceName: 'Paseo en barco',
      category: 'activities' as const,
      clientName: 'Lucía Pérez',
      priceType: 'person' as const,
      quantity: 2,
      unitPrice: 2_500,
      total: 5_000,
      currency: 'EUR',
      status,
      paymentMode: 'at_property' as const,
    });
    await t.database.db
      .insert(serviceRequests)
      .values([request('pending'), request('pending'), request('approved'), request('paid')]);
    expect((await call('GET', paths.service(id))).json().data).toMatchObject({
      requests: 4,
      pending_requests: 2,
    });
    const listed = (await list('?search=barco')).items[0];
    expect(listed).toMatchObject({ id, requests: 4, pending_requests: 2 });

    const del = await call('DELETE', paths.service(id));
    expect(del.statusCode, del.body).toBe(200);
    expect((await call('GET', paths.service(id))).statusCode).toBe(404);
    expect((await list('?search=barco')).items).toEqual([]);
    const kept = await t.database.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.serviceName, 'Paseo en barco'));
    expect(kept).toHaveLength(4);
    expect(kept.every((r) => r.serviceId === null && r.total === 5_000)).toBe(true);
  });

  it('refuses bad input with the field and stores nothing', async () => {
    const { id } = await create({ name: 'Intacto' });
    const cases: [Partial<ServiceBody> | Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'name'],
      [{ title: { es: '', en: 'Only English' } }, 'title.es'],
      [{ description: { es: '' } }, 'description.es'],
      [{ category: 'casino' }, 'category'],
      [{ price: -1 }, 'price'],
      [{ price: 12.5 }, 'price'],
      [{ price: 100_000_001 }, 'price'],
      [{ price_type: 'kilo' }, 'price_type'],
      [{ confirmation: 'sometimes' }, 'confirmation'],
      [{ currency: 'GBP' }, 'currency'],
      [{ property_id: 'not-an-id' }, 'property_id'],
      [{ provider_id: 'not-an-id' }, 'provider_id'],
    ];
    for (const [overrides, field] of cases) {
      const before = await dbSnapshot(t.database);
      for (const [method, url] of [
        ['POST', paths.services],
        ['PUT', paths.service(id)],
      ] as const) {
        const res = await call(method, url, { ...body(), ...overrides });
        expect(res.statusCode, `${method} ${field}: ${res.body}`).toBe(400);
        expect(Object.keys(res.json().errors), field).toContain(field);
      }
      expect(changedTables(before, await dbSnapshot(t.database))).toEqual([]);
    }
    const active = await call('POST', paths.serviceActive(id), { active: 'yes' });
    expect(active.statusCode).toBe(400);
    expect(active.json().errors.active).toBeDefined();
  });

  it("another account's property or provider is not found, and nothing is stored", async () => {
    const { id } = await create({ name: 'Mío' });
    const before = await dbSnapshot(t.database);
    for (const [method, url] of [
      ['POST', paths.services],
      ['PUT', paths.service(id)],
    ] as const) {
      const property = await call(method, url, body({ property_id: otherProperty }));
      expect(property.statusCode).toBe(404);
      expect(property.json().code).toBe('properties.not_found');
      const prov = await call(method, url, body({ provider_id: otherProvider }));
      expect(prov.statusCode).toBe(404);
      expect(prov.json().code).toBe('experiences.provider_not_found');
    }
    expect(changedTables(before, await dbSnapshot(t.database))).toEqual([]);
  });

  it("another account's service answers 404 to every route and stays as it was", async () => {
    const { id } = await create({ name: 'Privado' });
    const photo = await upload(id, png);
    expect(photo.statusCode, photo.body).toBe(201);
    const before = await dbSnapshot(t.database);
    const files = await stored();
    const attempts = [
      await call('GET', paths.service(id), undefined, otherToken),
      await call(
        'PUT',
        paths.service(id),
        body({ property_id: otherProperty, provider_id: null }),
        otherToken,
      ),
      await call('POST', paths.serviceActive(id), { active: false }, otherToken),
      await call('DELETE', paths.servicePhoto(id, 0), undefined, otherToken),
      await call('PUT', paths.servicePhotoOrder(id), { order: [0] }, otherToken),
      await call('DELETE', paths.service(id), undefined, otherToken),
      await upload(id, png, otherToken),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('experiences.service_not_found');
    }
    expect((await list('?search=Privado')).items).toHaveLength(1);
    expect((await call('GET', paths.services, undefined, otherToken)).json().data.items).toEqual([]);
    expect(changedTables(before, await dbSnapshot(t.database))).toEqual([]);
    expect(await stored()).toEqual(files);
    for (const missing of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await call('GET', paths.service(missing))).statusCode).toBe(404);
    }
  });

  it('takes up to 3 photos with thumbnails, refuses a fourth, a wrong type and a too large one', async () => {
    const { id } = await create({ name: 'Con fotos' });
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload(id, png, token, i === 0 ? 'photo' : 'file');
      expect(res.statusCode, res.body).toBe(201);
      const photos = res.json().data.photos as { url: string; thumb_url: string }[];
      expect(photos).toHaveLength(i + 1);
      const last = photos[i];
      expect(last?.url).toMatch(/^\/api\/files\/.+\.png$/);
      expect(last?.thumb_url).toMatch(/^\/api\/files\//);
      expect(last?.thumb_url).not.toBe(last?.url);
      urls.push(last?.url ?? '');
    }
    const served = await t.app.inject({ method: 'GET', url: urls[0] ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');

    const before = await dbSnapshot(t.database);
    const files = await stored();
    const fourth = await upload(id, png);
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().code).toBe('experiences.too_many_photos');
    expect(fourth.json().message).toBe('A service takes at most 3 photos.');
    expect(changedTables(before, await dbSnapshot(t.database))).toEqual([]);
    expect(await stored()).toEqual(files);

    // Room again after removing the second one: its files go too.
    const removed = await call('DELETE', paths.servicePhoto(id, 1));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.photos.map((p: { url: string }) => p.url)).toEqual([urls[0], urls[2]]);
    expect((await stored()).length).toBe(files.length - 2);
    // The second one becomes the cover; an order that is not each current photo once changes nothing.
    const reordered = await call('PUT', paths.servicePhotoOrder(id), { order: [1, 0] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.photos.map((p: { url: string }) => p.url)).toEqual([urls[2], urls[0]]);
    const unchanged = await dbSnapshot(t.database);
    for (const order of [[0, 0], [0], [0, 1, 2], [2, 0]]) {
      const bad = await call('PUT', paths.servicePhotoOrder(id), { order });
      expect(bad.statusCode, `${order}: ${bad.body}`).toBe(400);
      expect(bad.json().errors.order).toBeDefined();
    }
    expect(changedTables(unchanged, await dbSnapshot(t.database))).toEqual([]);

    expect((await call('DELETE', paths.servicePhoto(id, 5))).statusCode).toBe(404);
    expect((await call('DELETE', `${paths.services}/${id}/photos/x`)).json().code).toBe(
      'experiences.photo_not_found',
    );

    const snapshot = await dbSnapshot(t.database);
    const textFile = await upload(id, Buffer.from('just some text, not a photo'));
    expect(textFile.statusCode).toBe(422);
    expect(textFile.json().code).toBe('experiences.photo_type');
    const big = Buffer.alloc(30 * 1024 * 1024 + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47]).copy(big);
    const tooLarge = await upload(id, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('experiences.photo_too_large');
    expect(changedTables(snapshot, await dbSnapshot(t.database))).toEqual([]);
    expect((await stored()).length).toBe(files.length - 2);

    // Deleting the service removes its photo files.
    expect((await call('DELETE', paths.service(id))).statusCode).toBe(200);
    expect((await stored()).length).toBe(files.length - 6);
  }, 60_000);

  it('answers 403 settings.feature_unavailable without premium access (trial, no plan)', async () => {
    const { id } = await create({ name: 'Premium' });
    for (const as of [trialToken, noPlanToken]) {
      const before = await dbSnapshot(t.database);
      const attempts = [
        await call('GET', paths.services, undefined, as),
        await call('POST', paths.services, body({ property_id: null, provider_id: null }), as),
        await call('GET', paths.service(id), undefined, as),
        await call('PUT', paths.service(id), body({ property_id: null, provider_id: null }), as),
        await call('POST', paths.serviceActive(id), { active: false }, as),
        await call('DELETE', paths.servicePhoto(id, 0), undefined, as),
        await call('PUT', paths.servicePhotoOrder(id), { order: [] }, as),
        await call('DELETE', paths.service(id), undefined, as),
        await upload(id, png, as),
      ];
      for (const res of attempts) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'settings.feature_unavailable',
          message: 'Service not available in your current subscription',
        });
      }
      expect(changedTables(before, await dbSnapshot(t.database))).toEqual([]);
    }
  });
});
