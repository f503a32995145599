import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, advisors, users } from '../db/schema/accounts.ts';
import { policeRegistrationAttempts, policeRegistrations } from '../db/schema/authorities.ts';
import { properties, propertyAuthorities } from '../db/schema/properties.ts';
import { propertyImages, rates, rooms, roomTypes } from '../db/schema/rooms.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { createFilesService } from '../modules/files/files.service.ts';
import { createLocalStorage } from '../modules/files/storage.ts';
import { AUTHORITY_PASSWORD_PURPOSE } from '../modules/properties/property-settings.service.ts';
import { bearer, enrolTwoFactor, registration, uniqueIp } from '../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_ADVISOR_CODE, DEMO_PASSWORD, demoEmails, seedDemo } from './seed.ts';
import { DEMO_AUTHORITY_USER } from './seed-registrations.ts';

describe('demo data (npm run demo)', () => {
  let t: TestApp;
  let dataDir: string;
  // Not the development default: the seed must seal with the APP_SECRET it is given, or the API cannot open it.
  const appSecret = 'demo-test-secret-0123456789-abcdefghij';
  const seed = () =>
    seedDemo(t.database.db, t.clock, {
      files: createFilesService({ storage: createLocalStorage(dataDir) }),
      appSecret,
    });
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'posada-demo-'));
    t = await buildTestApp({ env: { DATA_DIR: dataDir, APP_SECRET: appSecret } });
    await seed();
  }, 180_000); // The whole demo: a year of bookings, check-ins, the store.
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const login = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: uniqueIp(),
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, `${email} logs in`).toBe(200);
    return res.json().data as { token: string; user: Record<string, unknown> };
  };

  it('lets the subscribed empresa log in and see its apartment and villa in Spain', async () => {
    const { user } = await login(demoEmails.empresa);
    expect(user).toMatchObject({
      type: 'empresa',
      plan: 'smart',
      status_subscription: 'subscribed',
      quantity: 5,
    });
    expect(user.properties).toHaveLength(2);
    expect(user.properties).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ nombre: 'Apartamento Sol de Triana', tipo_propiedad: 'apartamento' }),
        expect.objectContaining({ nombre: 'Villa Mar Azul', tipo_propiedad: 'villa' }),
      ]),
    );
  });

  it('lets the hotel empresa log in during its 14-day free trial', async () => {
    const { user } = await login(demoEmails.hotel);
    expect(user).toMatchObject({
      status_subscription: 'demo',
      restaday: 14,
      plan: null,
      tipo_hospedaje: 'hotel',
      active_property_id: expect.any(String),
    });
    expect(user.properties).toEqual([expect.objectContaining({ nombre: 'Hotel Alameda Centro' })]);
  });

  it('comes with the apartment, villa and hotel fully configured', async () => {
    const { token } = await login(demoEmails.empresa);
    const list = await t.app.inject({ method: 'GET', url: '/api/properties', headers: bearer(token) });
    expect(list.json().data).toMatchObject({ quantity: 5, count: 2 });
    const byName = Object.fromEntries(
      list.json().data.items.map((p: { nombre: string; id: string }) => [p.nombre, p.id]),
    );
    const apartment = await t.app.inject({
      method: 'GET',
      url: `/api/get-property?id=${byName['Apartamento Sol de Triana']}`,
      headers: bearer(token),
    });
    expect(apartment.json().data).toMatchObject({
      price_night: 9500,
      currency: 'EUR',
      zip_code: '41010',
      bedrooms: 2,
      services: expect.arrayContaining(['wifi', 'air_conditioning']),
    });
    for (const lang of ['es', 'en', 'ar'] as const) {
      expect(apartment.json().data.description[lang].length, lang).toBeGreaterThan(40);
      expect(apartment.json().data.welcome[lang].length, lang).toBeGreaterThan(10);
    }
    const villa = await t.app.inject({
      method: 'GET',
      url: `/api/get-property?id_accommodation=${byName['Villa Mar Azul']}`,
      headers: bearer(token),
    });
    expect(villa.json().data).toMatchObject({ price_night: 28000, zip_code: '29604', bedrooms: 4 });

    const hotel = await login(demoEmails.hotel);
    const hotelId = hotel.user.active_property_id as string;
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/get-property?id=${hotelId}`,
      headers: bearer(hotel.token),
    });
    const data = detail.json().data;
    expect(data).toMatchObject({ price_night: 12000, zip_code: '28009' });
    expect(
      data.room_types.map((r: { name: string; adults: number; children: number }) => [
        r.name,
        r.adults,
        r.children,
      ]),
    ).toEqual([
      ['Doble estándar', 2, 0],
      ['Doble superior', 2, 1],
      ['Suite familiar', 4, 2],
    ]);
    expect(data.rooms.map((r: { name: string }) => r.name)).toEqual([
      '101',
      '102',
      '103',
      '104',
      '201',
      '202',
      '203',
      '204',
      '301',
      '302',
      '303',
      '304',
    ]);
    const statuses = new Set(data.rooms.map((r: { status: string }) => r.status));
    expect(statuses).toEqual(new Set(['available', 'occupied', 'cleaning', 'maintenance']));
  });

  it('opens every gated settings page: the subscribed account pays the extras, the hotel is in trial', async () => {
    for (const email of [demoEmails.empresa, demoEmails.hotel]) {
      const { token, user } = await login(email);
      for (const property of user.properties as { id: string; nombre: string }[]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/properties/${property.id}/settings`,
          headers: bearer(token),
        });
        expect(res.statusCode).toBe(200);
        const data = res.json().data;
        expect(Object.values(data.features).every(Boolean), `${email} features`).toBe(true);
        expect(data.security_code, property.nombre).toMatch(/^[A-Za-z0-9]{4,12}$/);
        expect(data.region).toBe('ES');
        // The hours the sample policy states, which the guest's welcome page shows.
        expect(data, property.nombre).toMatchObject({ checkin_time: '14:00', checkout_time: '12:00' });
        for (const lang of ['es', 'en', 'ar'] as const) {
          expect(data.policies[lang].length, `${property.nombre} policies ${lang}`).toBeGreaterThan(20);
          expect(data.welcome[lang].length, `${property.nombre} welcome ${lang}`).toBeGreaterThan(10);
        }
      }
    }
    const { user } = await login(demoEmails.empresa);
    expect(user.servicios).toEqual(
      expect.arrayContaining(['reviews', 'identity_verification', 'chatbot', 'smart_locks']),
    );
  });

  it('gives an existing demo account the add-ons it lacks, once', async () => {
    const [owner] = await t.database.db
      .select({ accountId: users.accountId })
      .from(users)
      .where(eq(users.email, demoEmails.empresa));
    const accountId = owner?.accountId as string;
    await t.database.db
      .update(accounts)
      .set({ servicios: ['reviews'] })
      .where(eq(accounts.id, accountId));

    const report = await seed();
    const again = await seed();

    expect(report.lines.filter((l) => l.startsWith('updated'))).toHaveLength(1);
    expect(again.lines.filter((l) => l.startsWith('updated'))).toEqual([]);
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account?.servicios).toEqual([
      'reviews',
      'identity_verification',
      'chatbot',
      'smart_locks',
      'messaging',
    ]);
  });

  const settingsOf = async (email: string) => {
    const { token, user } = await login(email);
    const result: Record<string, Record<string, unknown>> = {};
    for (const property of user.properties as { id: string; nombre: string }[]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/properties/${property.id}/settings`,
        headers: bearer(token),
      });
      result[property.nombre] = res.json().data;
    }
    return { token, user, settings: result };
  };

  it('configures the store, smart lock, check-in schedule and police credentials of the demo properties', async () => {
    const { settings } = await settingsOf(demoEmails.empresa);
    const apartment = settings['Apartamento Sol de Triana'];
    expect(apartment).toMatchObject({
      store: { enabled: true, type: 'internal' },
      smart_locks: { enabled: true, delivery_time: 'arrival_day', key_type: 'static', master_code: '7351#' },
      checkin_schedule: '24h',
      authorities: { entity: 'guardia_civil', user: 'DEMO-SIN-CONEXION', password_set: true },
    });
    expect(settings['Villa Mar Azul']).toMatchObject({
      store: { enabled: true, type: 'internal' },
      smart_locks: { enabled: false },
      checkin_schedule: '24h',
      authorities: { entity: 'guardia_civil', password_set: true },
    });
    const hotel = await settingsOf(demoEmails.hotel);
    expect(hotel.settings['Hotel Alameda Centro']).toMatchObject({
      store: { enabled: true },
      checkin_schedule: '24h',
      authorities: { entity: 'guardia_civil', password_set: true },
    });
    // Every authority password is sealed with the API's APP_SECRET for its own property.
    const box = createSecretBox(appSecret);
    const rows = await t.database.db.select().from(propertyAuthorities);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.passwordCiphertext).toMatch(/^v1:/);
      expect(box.open(row.passwordCiphertext, AUTHORITY_PASSWORD_PURPOSE, row.propertyId)).toMatch(
        /-GC-2026!$/,
      );
    }
  });

  it('gives the demo check-ins police registrations in every state, with a login no authority accepts', async () => {
    const rows = await t.database.db.select().from(propertyAuthorities);
    expect(new Set(rows.map((r) => r.username))).toEqual(new Set([DEMO_AUTHORITY_USER]));
    const regs = await t.database.db.select().from(policeRegistrations);
    const states = (propertyId: string) =>
      regs.filter((r) => r.propertyId === propertyId).map((r) => r.state);
    const [hotel] = await t.database.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.nombre, 'Hotel Alameda Centro'));
    expect(states(hotel?.id ?? '')).toEqual(
      expect.arrayContaining(['queued', 'rejected', 'sent', 'accepted']),
    );
    // Three properties with check-ins (apartment, villa, hotel), none of the basico account's.
    expect(new Set(regs.map((r) => r.propertyId)).size).toBe(3);
    const accepted = regs.filter((r) => r.state === 'accepted');
    expect(accepted.length).toBeGreaterThanOrEqual(3);
    for (const r of accepted) {
      expect(r.batchCode).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.communicationCodes.length).toBe(r.guestCount);
      expect(r.communicationCodes.length).toBeGreaterThan(0);
    }
    // Every proof code is its own, as the authority's are.
    const proofs = accepted.flatMap((r) => [r.batchCode, ...r.communicationCodes]);
    expect(new Set(proofs).size).toBe(proofs.length);
    const rejected = regs.find((r) => r.state === 'rejected');
    expect(rejected?.errors[0]).toMatchObject({ field: 'support_number', guest: 1 });
    expect(rejected?.errors[0]?.message).toContain('soporteDocumento');
    const attempts = await t.database.db.select().from(policeRegistrationAttempts);
    expect(attempts.filter((a) => a.registrationId === rejected?.id).map((a) => a.outcome)).toEqual(
      expect.arrayContaining(['ok', 'pending', 'rejected']),
    );
  });

  it('has a subscribed smart account without add-ons, whose paid extras are unavailable (spec 6)', async () => {
    const { token, user, settings } = await settingsOf(demoEmails.basico);
    expect(user).toMatchObject({
      type: 'empresa',
      plan: 'smart',
      status_subscription: 'subscribed',
      quantity: 1,
      servicios: [],
    });
    expect(Object.keys(settings)).toEqual(['Apartamento Plaza Mayor']);
    const apartment = settings['Apartamento Plaza Mayor'] as Record<string, unknown> & { id: string };
    expect(apartment).toMatchObject({
      price_night: 7200,
      security_code: '3702',
      store: { enabled: true, type: 'internal' },
      checkin_schedule: '24h',
      authorities: { entity: 'guardia_civil', password_set: true },
      smart_locks: { enabled: false },
      features: {
        chatbot: false,
        smart_locks: false,
        identity_verification: false,
        reviews: false,
        cross_selling: true,
        authorities: true,
        auto_checkin_messaging: true,
      },
    });
    for (const lang of ['es', 'en', 'ar'] as const) {
      const description = apartment.description as Record<string, string>;
      expect(description[lang]?.length, lang).toBeGreaterThan(40);
    }
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${apartment.id}/settings/page-chat-bot-ia`,
      headers: bearer(token),
      payload: { enabled: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Servicio no disponible en tu suscripción actual');
    const images = await t.app.inject({
      method: 'GET',
      url: `/api/properties/${apartment.id}/images`,
      headers: bearer(token),
    });
    expect(images.json().data.items).toHaveLength(2);
  });

  it('gives a demo property seeded before these settings existed its store, lock, schedule and credentials, once', async () => {
    const { user } = await login(demoEmails.empresa);
    const apartmentId = (user.properties as { id: string; nombre: string }[]).find(
      (p) => p.nombre === 'Apartamento Sol de Triana',
    )?.id as string;
    // What a database migrated from before the settings_extras migration looks like.
    await t.database.db.delete(propertyAuthorities).where(eq(propertyAuthorities.propertyId, apartmentId));
    await t.database.db
      .update(properties)
      .set({ storeEnabled: false, smartLock: false, smartLockMasterCode: null })
      .where(eq(properties.id, apartmentId));

    const report = await seed();
    const again = await seed();

    expect(report.lines.filter((l) => l.startsWith('settings'))).toHaveLength(1);
    expect(again.lines.filter((l) => l.startsWith('settings'))).toEqual([]);
    const { settings } = await settingsOf(demoEmails.empresa);
    expect(settings['Apartamento Sol de Triana']).toMatchObject({
      store: { enabled: true },
      smart_locks: { enabled: true, master_code: '7351#' },
      authorities: { password_set: true },
    });
  });

  it('lets the admin log in, enrol an authenticator app on first sign-in, and use the back office', async () => {
    const { token, user } = await login(demoEmails.admin);
    expect(user).toMatchObject({ type: 'admin', application: 'posada', two_factor_enabled: false });
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/summary', headers: bearer(token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.two_factor_enrolment_required');
    await enrolTwoFactor(t, demoEmails.admin, token);
    const summary = await t.app.inject({ method: 'GET', url: '/api/admin/summary', headers: bearer(token) });
    expect(summary.json().data).toMatchObject({ properties_total: 4, advisors_active: 1 });
  });

  it('offers a working advisor code for registration', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: uniqueIp(),
      payload: registration({ advisor_code: DEMO_ADVISOR_CODE.toLowerCase() }),
    });
    expect(res.statusCode).toBe(201);
  });

  it('gives the hotel its rooms, rates and photos through the API, with a plan of 50 rooms', async () => {
    const { token } = await login(demoEmails.hotel);
    const [hotel] = (
      await t.app.inject({ method: 'GET', url: '/api/properties', headers: bearer(token) })
    ).json().data.items;
    const base = `/api/properties/${hotel.id}`;
    const roomsRes = (
      await t.app.inject({ method: 'GET', url: `${base}/rooms`, headers: bearer(token) })
    ).json();
    expect(roomsRes.data.rooms).toHaveLength(12);
    expect(roomsRes.data.room_quantity).toBe(50);
    const ratesRes = (
      await t.app.inject({ method: 'GET', url: `${base}/rates`, headers: bearer(token) })
    ).json();
    expect(ratesRes.data.items.map((r: { name: string; price: number }) => [r.name, r.price])).toEqual([
      ['Doble estándar', 12000],
      ['Doble superior', 15000],
      ['Suite familiar', 22000],
    ]);
    expect(ratesRes.data.items.every((r: { room_type_id: string | null }) => r.room_type_id)).toBe(true);
    const images = (
      await t.app.inject({ method: 'GET', url: `${base}/images`, headers: bearer(token) })
    ).json().data.items;
    expect(images).toHaveLength(3);
    expect(images[0].is_main).toBe(true);
    const photo = await t.app.inject({ method: 'GET', url: images[0].thumb_url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
  });

  it('changes nothing when run again', async () => {
    const tally = async () => ({
      accounts: (await t.database.db.select({ n: count() }).from(accounts))[0]?.n,
      users: (await t.database.db.select({ n: count() }).from(users))[0]?.n,
      properties: (await t.database.db.select({ n: count() }).from(properties))[0]?.n,
      advisors: (await t.database.db.select({ n: count() }).from(advisors))[0]?.n,
      roomTypes: (await t.database.db.select({ n: count() }).from(roomTypes))[0]?.n,
      rooms: (await t.database.db.select({ n: count() }).from(rooms))[0]?.n,
      rates: (await t.database.db.select({ n: count() }).from(rates))[0]?.n,
      images: (await t.database.db.select({ n: count() }).from(propertyImages))[0]?.n,
      authorities: (await t.database.db.select({ n: count() }).from(propertyAuthorities))[0]?.n,
      registrations: (await t.database.db.select({ n: count() }).from(policeRegistrations))[0]?.n,
      files: (await readdir(path.join(dataDir, 'files'))).length,
    });
    const before = await tally();
    expect(before).toMatchObject({
      roomTypes: 3,
      rooms: 12,
      rates: 6,
      images: 10,
      files: 60, // 10 property photos, 19 service photos and the concierge pool answer photo, each with its thumbnail
      authorities: 4,
      registrations: 18,
    });
    t.clock.advance(24 * 60 * 60_000);
    const report = await seed();
    expect(report.created).toBe(0);
    expect(await tally()).toEqual(before);
    // The trial end did not move: the hotel still has 13 days left a day later.
    const { user } = await login(demoEmails.hotel);
    expect(user.restaday).toBe(13);
  });

  it("seeds a Playwright spec's own copies of the demo empresas, with their bookings, beside the originals", async () => {
    const emailFor = (email: string) => email.replace('@', '+reservations@');
    const bookingsOf = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/bookings?page_size=1', headers: bearer(token) })).json()
        .data.total as number;
    await seedDemo(t.database.db, t.clock, { appSecret, emailFor });

    const copy = await login(emailFor(demoEmails.hotel));
    const original = await login(demoEmails.hotel);
    expect(copy.user.properties).toEqual([expect.objectContaining({ nombre: 'Hotel Alameda Centro' })]);
    expect(copy.user.active_property_id).not.toBe(original.user.active_property_id);
    // Its own year of bookings around today (the clock moved a day since the originals were seeded).
    expect(await bookingsOf(copy.token)).toBeGreaterThan(500);
    expect((await login(emailFor(demoEmails.basico))).user.properties).toHaveLength(1);
  }, 120_000); // A second year of demo bookings.
});
