import { bookingPaths } from '@posada/contracts/bookings';
import { directBookingPaths } from '@posada/contracts/direct-booking';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications.ts';
import { properties } from '../../db/schema/properties.ts';
import { propertyImages } from '../../db/schema/rooms.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp, waitForOutbox } from '../../test/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The direct-booking settings and website through app.inject (PGlite; PostgreSQL with TEST_DB=postgres).
 * The clock is 2026-11-20 10:00 UTC, so "today" is 2026-11-20 in Madrid.
 */
describe('direct-booking API', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let expiredToken: string;
  let colombiaToken: string;
  let casaAzul: string;
  let casaVerde: string;
  let hotel: string;
  let doubleType: string;
  let colombiaHouse: string;
  const foreign = { property: '', hotel: '', roomType: '' };
  let slug = '';

  const call = (method: Method, url: string, payload?: object, as: string | null = token, lang = 'es') =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { ...(as ? bearer(as) : {}), 'accept-language': lang },
    });
  const settings = async (as = token) =>
    (await call('GET', directBookingPaths.settings, undefined, as)).json().data;

  async function setUpHotel(as: string, propertyId: string) {
    const type = await call(
      'POST',
      `/api/properties/${propertyId}/room-types`,
      { name: 'Doble', adults: 2 },
      as,
    );
    const typeId = type.json().data.id as string;
    await call(
      'PUT',
      `/api/properties/${propertyId}/rooms`,
      { rooms: ['101', '102'].map((name) => ({ room_type_id: typeId, name })) },
      as,
    );
    return typeId;
  }

  const webBooking = (overrides: Record<string, unknown> = {}) => ({
    property_id: casaAzul,
    start_date: '2026-12-01',
    end_date: '2026-12-04',
    guests: 2,
    name: 'Emma Brown',
    email: 'emma.brown@example.com',
    phone: '+44 7700 900123',
    language: 'en',
    ...overrides,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await createEmpresa(t, {
      properties: [
        { nombre: 'Casa Azul', tipoPropiedad: 'apartamento' },
        { nombre: 'Casa Verde', tipoPropiedad: 'villa' },
        { nombre: 'Hotel Sol', tipoPropiedad: 'hotel' },
      ],
    });
    // Same business name: the second slug gets a numeric suffix.
    const other = await createEmpresa(t, {
      properties: [
        { nombre: 'Casa Ajena', tipoPropiedad: 'apartamento' },
        { nombre: 'Hotel Ajeno', tipoPropiedad: 'hotel' },
      ],
    });
    const expired = await createEmpresa(t, {
      name: 'Apartamentos Vencidos',
      properties: [{ nombre: 'Piso Viejo', tipoPropiedad: 'apartamento' }],
      account: { statusSubscription: 'demo', trialEndsAt: new Date('2026-11-01T00:00:00Z'), plan: null },
    });
    const colombia = await createEmpresa(t, {
      name: 'Hostal Cartagena',
      properties: [{ nombre: 'Casa Getsemaní', tipoPropiedad: 'apartamento' }],
      account: { pais: 'CO' },
    });
    token = await loginToken(t, owner.email);
    otherToken = await loginToken(t, other.email);
    expiredToken = await loginToken(t, expired.email);
    colombiaToken = await loginToken(t, colombia.email);
    [casaAzul = '', casaVerde = '', hotel = ''] = owner.propertyIds;
    [foreign.property = '', foreign.hotel = ''] = other.propertyIds;
    [colombiaHouse = ''] = colombia.propertyIds;
    const { db } = t.database;
    await db
      .update(properties)
      .set({
        guests: 4,
        priceNight: 10_000,
        description: { es: 'Casa junto al mar.', en: 'A house by the sea.', ar: '' },
        policies: { es: 'No se admiten fiestas.', en: '', ar: '' },
        city: 'Málaga',
        address: 'Calle Larios 5',
      })
      .where(eq(properties.id, casaAzul));
    await db.update(properties).set({ guests: 6, priceNight: 20_000 }).where(eq(properties.id, casaVerde));
    await db
      .update(properties)
      .set({ guests: 4, priceNight: 9_000 })
      .where(eq(properties.id, foreign.property));
    await db
      .update(properties)
      .set({ guests: 3, priceNight: 25_000_000, pais: 'CO', currency: 'COP', timeZone: 'America/Bogota' })
      .where(eq(properties.id, colombiaHouse));
    await db.insert(propertyImages).values({
      accountId: owner.accountId ?? '',
      propertyId: casaAzul,
      fileName: 'casa-azul.jpg',
      thumbName: null,
      isMain: true,
      position: 0,
      bytes: 1000,
      mime: 'image/jpeg',
    });
    doubleType = await setUpHotel(token, hotel);
    foreign.roomType = await setUpHotel(otherToken, foreign.hotel);
    const priced = await call('PUT', bookingPaths.nightPrices, {
      property_id: hotel,
      room_type_id: doubleType,
      start_date: '2026-11-20',
      end_date: '2027-03-01',
      price: 12_000,
      min_stay: null,
    });
    expect(priced.statusCode, priced.body).toBe(200);
    slug = (await settings()).slug;
  });
  afterAll(() => t.close());

  describe('settings', () => {
    it('gives each account a slug from its business name, numbered on a collision, and its defaults', async () => {
      const mine = await settings();
      expect(mine).toMatchObject({
        slug: 'casa-rural-las-encinas',
        url: 'http://localhost:5173/book/casa-rural-las-encinas',
        enable_web_reservations: false,
        payment_type: 'on_arrival',
        online_payments_ready: false,
        discount_enabled: false,
        plan_active: true,
      });
      expect(mine.units).toEqual([
        expect.objectContaining({
          id: casaAzul,
          kind: 'property',
          name: 'Casa Azul',
          web_reservation_active: true,
        }),
        expect.objectContaining({ id: casaVerde, kind: 'property', name: 'Casa Verde' }),
        expect.objectContaining({
          id: doubleType,
          kind: 'room_type',
          name: 'Doble',
          property_name: 'Hotel Sol',
        }),
      ]);
      expect((await settings(otherToken)).slug).toBe('casa-rural-las-encinas-2');
      // Asked again, the slug stays.
      expect((await settings()).slug).toBe('casa-rural-las-encinas');
    });

    it('refuses a percentage outside 1 to 100 and a fixed discount of nothing, changing nothing', async () => {
      const before = await settings();
      const percent = await call('PUT', directBookingPaths.settings, {
        enable_web_reservations: true,
        discount_enabled: true,
        discount_type: 'percentage',
        discount_value: 150,
      });
      expect(percent.statusCode).toBe(400);
      expect(percent.json().errors.discount_value).toEqual(['El porcentaje debe estar entre 1 y 100.']);

      const fixed = await call(
        'PUT',
        directBookingPaths.settings,
        { discount_enabled: true, discount_type: 'fixed', discount_value: 0 },
        token,
        'en',
      );
      expect(fixed.statusCode).toBe(400);
      expect(fixed.json().errors.discount_value).toEqual([
        'The fixed discount must be an amount in euros greater than 0.',
      ]);

      const online = await call('PUT', directBookingPaths.settings, {
        payment_type: 'online',
        enable_web_reservations: true,
      });
      expect(online.statusCode).toBe(422);
      expect(online.json()).toMatchObject({ code: 'direct_booking.online_needs_payments' });
      // It says what is missing: here Stripe itself is not configured (issue 16).
      expect(online.json().message).toContain('no están configurados');
      expect(await settings()).toEqual(before);
    });

    it('checks the stored discount too: a value alone must fit the type already saved', async () => {
      const saved = await call('PUT', directBookingPaths.settings, {
        discount_enabled: true,
        discount_type: 'percentage',
        discount_value: 10,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const refused = await call('PUT', directBookingPaths.settings, { discount_value: 101 });
      expect(refused.statusCode).toBe(400);
      expect((await settings()).discount_value).toBe(10);
    });

    it('saves and reads back the settings', async () => {
      const res = await call('PUT', directBookingPaths.settings, {
        enable_web_reservations: true,
        payment_type: 'on_arrival',
        discount_enabled: true,
        discount_type: 'percentage',
        discount_value: 10,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        enable_web_reservations: true,
        discount_enabled: true,
        discount_type: 'percentage',
        discount_value: 10,
      });
      expect(await settings()).toMatchObject({ enable_web_reservations: true, discount_value: 10 });
      const user = (await call('GET', '/api/user/data')).json().data.user;
      expect(user).toMatchObject({
        enable_web_reservations: true,
        direct_booking_payment_type: 'on_arrival',
      });
    });

    it('answers plan_active false without an active plan, and refuses turning web booking on (spec 6)', async () => {
      expect((await settings(expiredToken)).plan_active).toBe(false);
      const res = await call(
        'PUT',
        directBookingPaths.settings,
        { enable_web_reservations: true },
        expiredToken,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('settings.feature_unavailable');
      expect((await settings(expiredToken)).enable_web_reservations).toBe(false);
    });
  });

  describe('unit toggles', () => {
    it('turns an apartment or a room type off and on, as accommodation_units shows', async () => {
      const off = await call('PUT', directBookingPaths.unit(casaVerde), { web_reservation_active: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().data).toMatchObject({
        id: casaVerde,
        kind: 'property',
        web_reservation_active: false,
      });
      const type = await call('PUT', directBookingPaths.unit(doubleType), { web_reservation_active: false });
      expect(type.json().data).toMatchObject({
        id: doubleType,
        kind: 'room_type',
        web_reservation_active: false,
      });
      const props = (await call('GET', '/api/user/data')).json().data.user.properties as {
        id: string;
        accommodation_units: { id: string; web_reservation_active: boolean }[];
      }[];
      expect(props.find((p) => p.id === casaVerde)?.accommodation_units).toEqual([
        { id: casaVerde, web_reservation_active: false },
      ]);
      expect(props.find((p) => p.id === hotel)?.accommodation_units).toEqual([
        { id: doubleType, web_reservation_active: false },
      ]);
      const on = await call('PUT', directBookingPaths.unit(doubleType), { web_reservation_active: true });
      expect(on.json().data.web_reservation_active).toBe(true);
    });

    it("answers 404 for another account's unit, a hotel itself and a made-up id", async () => {
      for (const id of [foreign.property, foreign.roomType, hotel, 'nope']) {
        const res = await call('PUT', directBookingPaths.unit(id), { web_reservation_active: false });
        expect(res.statusCode, id).toBe(404);
      }
    });
  });

  describe('the public site', () => {
    it('shows only the units on sale, in the asked language with Spanish as fallback', async () => {
      const res = await call('GET', `${directBookingPaths.publicSite(slug)}?lang=en`, undefined, null);
      expect(res.statusCode, res.body).toBe(200);
      const site = res.json().data;
      expect(site).toMatchObject({
        slug,
        business_name: 'Casa Rural Las Encinas',
        payment_type: 'on_arrival',
        discount: { type: 'percentage', value: 10 },
      });
      expect(site.properties.map((p: { name: string }) => p.name)).toEqual(['Casa Azul', 'Hotel Sol']);
      const [azul, sol] = site.properties;
      expect(azul).toMatchObject({
        description: 'A house by the sea.',
        policies: 'No se admiten fiestas.',
        photos: ['/api/files/casa-azul.jpg'],
        city: 'Málaga',
        guests: 4,
        currency: 'EUR',
        price_from: 10_000,
        checkin_time: '15:00',
        room_types: [],
      });
      expect(sol.room_types).toEqual([{ id: doubleType, name: 'Doble', capacity: 2, price_from: 12_000 }]);
      expect(sol.price_from).toBe(12_000);
    });

    it('answers 404 for an unknown slug, a site that is off and an account without a plan', async () => {
      expect(
        (await call('GET', directBookingPaths.publicSite('no-such-site'), undefined, null)).statusCode,
      ).toBe(404);
      const otherSlug = (await settings(otherToken)).slug;
      const off = await call('GET', directBookingPaths.publicSite(otherSlug), undefined, null);
      expect(off.statusCode).toBe(404);
      expect(off.json().code).toBe('direct_booking.site_not_found');
      const expiredSlug = (await settings(expiredToken)).slug;
      expect(
        (await call('GET', directBookingPaths.publicSite(expiredSlug), undefined, null)).statusCode,
      ).toBe(404);
    });

    it('marks booked, closed and past nights in the calendar, with prices and minimum stays', async () => {
      const booked = await call('POST', bookingPaths.create, {
        start_date: '2026-12-10',
        end_date: '2026-12-12',
        name: 'Lucía Pérez',
        email: 'lucia@example.com',
        phone: '+34 600 123 456',
        property_id: casaAzul,
        number_of_guests: 2,
        price: 20_000,
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const closed = await call('POST', bookingPaths.closedDates, {
        property_id: casaAzul,
        start_date: '2026-12-20',
        end_date: '2026-12-21',
      });
      expect(closed.statusCode, closed.body).toBe(201);
      await call('PUT', bookingPaths.nightPrices, {
        property_id: casaAzul,
        start_date: '2026-12-24',
        end_date: '2026-12-26',
        price: 15_000,
        min_stay: 2,
      });
      const res = await call(
        'GET',
        `${directBookingPaths.publicAvailability(slug, casaAzul)}?from=2026-11-19&to=2026-12-27`,
        undefined,
        null,
      );
      expect(res.statusCode, res.body).toBe(200);
      const nights = new Map(
        (
          res.json().data.nights as { date: string; available: boolean; price: number; min_stay: number }[]
        ).map((n) => [n.date, n]),
      );
      expect(res.json().data.currency).toBe('EUR');
      expect(nights.get('2026-11-19')?.available).toBe(false);
      expect(nights.get('2026-11-20')).toEqual({
        date: '2026-11-20',
        available: true,
        price: 10_000,
        min_stay: 1,
      });
      expect(nights.get('2026-12-10')?.available).toBe(false);
      expect(nights.get('2026-12-11')?.available).toBe(false);
      expect(nights.get('2026-12-12')?.available).toBe(true);
      expect(nights.get('2026-12-20')?.available).toBe(false);
      expect(nights.get('2026-12-24')).toEqual({
        date: '2026-12-24',
        available: true,
        price: 15_000,
        min_stay: 2,
      });

      const hotelNights = await call(
        'GET',
        `${directBookingPaths.publicAvailability(slug, hotel)}?from=2026-12-01&to=2026-12-03&room_type_id=${doubleType}`,
        undefined,
        null,
      );
      expect(hotelNights.json().data.nights).toEqual([
        { date: '2026-12-01', available: true, price: 12_000, min_stay: 1 },
        { date: '2026-12-02', available: true, price: 12_000, min_stay: 1 },
      ]);
      const tooLong = await call(
        'GET',
        `${directBookingPaths.publicAvailability(slug, casaAzul)}?from=2026-12-01&to=2028-01-10`,
        undefined,
        null,
      );
      expect(tooLong.statusCode).toBe(422);
    });

    it('hides a unit that is off the website: its calendar and quote are 404', async () => {
      const res = await call(
        'GET',
        `${directBookingPaths.publicAvailability(slug, casaVerde)}?from=2026-12-01&to=2026-12-05`,
        undefined,
        null,
      );
      expect(res.statusCode).toBe(404);
      const quote = await call(
        'POST',
        directBookingPaths.publicQuote(slug),
        { property_id: casaVerde, start_date: '2026-12-01', end_date: '2026-12-03' },
        null,
      );
      expect(quote.statusCode).toBe(404);
    });
  });

  describe('quotes', () => {
    it('takes the web discount off the nights and says why a stay cannot be booked', async () => {
      const res = await call(
        'POST',
        directBookingPaths.publicQuote(slug),
        { property_id: casaAzul, start_date: '2026-12-01', end_date: '2026-12-04' },
        null,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        total_price: 27_000,
        price_per_night: 9_000,
        currency: 'EUR',
        nights: 3,
        subtotal: 30_000,
        discount: 3_000,
        unavailable: null,
        min_stay: 1,
      });
      const taken = await call(
        'POST',
        directBookingPaths.publicQuote(slug),
        { property_id: casaAzul, start_date: '2026-12-09', end_date: '2026-12-11' },
        null,
      );
      expect(taken.json().data.unavailable).toBe('dates_taken');
      const short = await call(
        'POST',
        directBookingPaths.publicQuote(slug),
        { property_id: casaAzul, start_date: '2026-12-24', end_date: '2026-12-25' },
        null,
      );
      expect(short.json().data).toMatchObject({ unavailable: 'min_stay', min_stay: 2 });
      const operator = await call('POST', directBookingPaths.operatorQuote, {
        property_id: casaVerde,
        start_date: '2026-12-01',
        end_date: '2026-12-03',
      });
      expect(operator.json().data).toMatchObject({ subtotal: 40_000, discount: 4_000, total_price: 36_000 });
    });

    it('never sells nights without a price: the quote says no_price and a booking is refused', async () => {
      const { db } = t.database;
      await db.update(properties).set({ priceNight: null }).where(eq(properties.id, casaAzul));
      try {
        const stay = { property_id: casaAzul, start_date: '2027-02-10', end_date: '2027-02-12' };
        const quoted = await call('POST', directBookingPaths.publicQuote(slug), stay, null);
        expect(quoted.statusCode, quoted.body).toBe(200);
        expect(quoted.json().data).toMatchObject({ subtotal: 0, unavailable: 'no_price' });
        const before = (await call('GET', bookingPaths.list)).json().data.total;
        const refused = await call('POST', directBookingPaths.publicBooking(slug), webBooking(stay), null);
        expect(refused.statusCode, refused.body).toBe(422);
        expect(refused.json().code).toBe('direct_booking.no_price');
        expect((await call('GET', bookingPaths.list)).json().data.total).toBe(before);
      } finally {
        await db.update(properties).set({ priceNight: 10_000 }).where(eq(properties.id, casaAzul));
      }
    });

    it('quotes a Colombian property in COP with a fixed discount, never below zero', async () => {
      const saved = await call(
        'PUT',
        directBookingPaths.settings,
        {
          enable_web_reservations: true,
          discount_enabled: true,
          discount_type: 'fixed',
          discount_value: 5_000_000,
        },
        colombiaToken,
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const colombiaSlug = saved.json().data.slug as string;
      expect(colombiaSlug).toBe('hostal-cartagena');
      const res = await call(
        'POST',
        directBookingPaths.publicQuote(colombiaSlug),
        { property_id: colombiaHouse, start_date: '2026-12-01', end_date: '2026-12-03' },
        null,
      );
      expect(res.json().data).toMatchObject({
        currency: 'COP',
        subtotal: 50_000_000,
        discount: 5_000_000,
        total_price: 45_000_000,
      });
      await call('PUT', directBookingPaths.settings, { discount_value: 90_000_000 }, colombiaToken);
      const free = await call(
        'POST',
        directBookingPaths.publicQuote(colombiaSlug),
        { property_id: colombiaHouse, start_date: '2026-12-01', end_date: '2026-12-03' },
        null,
      );
      expect(free.json().data).toMatchObject({ discount: 50_000_000, total_price: 0 });
    });
  });

  describe('web bookings', () => {
    it('lands in Reservas with the channel web, the quoted price, a programmed check-in, the bell and an e-mail', async () => {
      const res = await call('POST', directBookingPaths.publicBooking(slug), webBooking(), null);
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json().data;
      expect(answer).toMatchObject({
        property_name: 'Casa Azul',
        start_date: '2026-12-01',
        end_date: '2026-12-04',
        guests: 2,
        total_price: 27_000,
        currency: 'EUR',
        payment_type: 'on_arrival',
      });
      const list = (await call('GET', `${bookingPaths.list}?channel=web`)).json().data.items;
      const booking = list.find((b: { code: string }) => b.code === answer.code);
      expect(booking).toMatchObject({
        channel: 'web',
        external: false,
        name: 'Emma Brown',
        price: 30_000,
        promotions: [{ description: 'Descuento web', price: 3_000 }],
        total: 27_000,
      });
      const plan = await call('GET', `/api/retrieve-programmed-checkin?booking_id=${booking.id}`);
      expect(plan.statusCode, plan.body).toBe(200);
      expect(plan.json().data).toMatchObject({ status: 'pending' });

      const bell = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.relationId, booking.id), eq(notifications.kind, 'booking_new')));
      expect(bell).toHaveLength(1);

      const mail = await waitForOutbox(t.database, (m) => m.to === 'emma.brown@example.com');
      expect(mail.subject).toBe(`Booking confirmed at Casa Azul (${answer.code})`);
      expect(mail.text).toMatch(/Arrival: Tuesday,? 1 December 2026, from 15:00/);
      expect(mail.text).toContain('Calle Larios 5, Málaga');
      expect(mail.text).toContain('€270.00');
      expect(mail.text).toContain('You pay on arrival');
    });

    it('books a hotel room type on a free room, and refuses too many guests and taken dates', async () => {
      const res = await call(
        'POST',
        directBookingPaths.publicBooking(slug),
        webBooking({
          property_id: hotel,
          room_type_id: doubleType,
          language: 'ar',
          email: 'amal@example.com',
        }),
        null,
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.total_price).toBe(32_400);
      const mail = await waitForOutbox(t.database, (m) => m.to === 'amal@example.com');
      expect(mail.subject).toContain('تم تأكيد الحجز');
      expect(mail.html).toContain('dir="rtl"');

      const crowd = await call(
        'POST',
        directBookingPaths.publicBooking(slug),
        webBooking({ property_id: hotel, room_type_id: doubleType, guests: 3 }),
        null,
      );
      expect(crowd.statusCode).toBe(422);
      expect(crowd.json().errors.guests).toBeDefined();

      const taken = await call(
        'POST',
        directBookingPaths.publicBooking(slug),
        webBooking({ start_date: '2026-12-02', end_date: '2026-12-03' }),
        null,
      );
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        code: 'booking.dates_taken',
        message: 'Las fechas ya están reservadas o bloqueadas',
      });
      const past = await call(
        'POST',
        directBookingPaths.publicBooking(slug),
        webBooking({ start_date: '2026-11-10', end_date: '2026-11-12' }),
        null,
      );
      expect(past.statusCode).toBe(422);
    });

    it('a web booking and an operator booking of the same night: exactly one wins', async () => {
      const [web, operator] = await Promise.all([
        call(
          'POST',
          directBookingPaths.publicBooking(slug),
          webBooking({ start_date: '2027-01-10', end_date: '2027-01-12', email: 'race@example.com' }),
          null,
        ),
        call('POST', bookingPaths.create, {
          start_date: '2027-01-11',
          end_date: '2027-01-13',
          name: 'Operador',
          email: 'op@example.com',
          phone: '+34 600 123 456',
          property_id: casaAzul,
          number_of_guests: 2,
          price: 20_000,
        }),
      ]);
      const codes = [web.statusCode, operator.statusCode].sort();
      expect(codes, `${web.body} ${operator.body}`).toEqual([201, 409]);
      const loser = web.statusCode === 409 ? web : operator;
      expect(loser.json().code).toBe('booking.dates_taken');
      const stays = (
        await call('GET', `${bookingPaths.list}?property_id=${casaAzul}&from=2027-01-10&to=2027-01-13`)
      )
        .json()
        .data.items.filter((b: { status: string }) => b.status === 'booked');
      expect(stays).toHaveLength(1);
    });

    it("answers 404 for another account's property, room type or a made-up id through this site", async () => {
      const stay = { start_date: '2026-12-01', end_date: '2026-12-03' };
      const cases = [
        { property_id: foreign.property },
        { property_id: hotel, room_type_id: foreign.roomType },
        { property_id: '5d1b2d4e-0000-4000-8000-000000000000' },
      ];
      for (const ids of cases) {
        const quote = await call('POST', directBookingPaths.publicQuote(slug), { ...ids, ...stay }, null);
        expect(quote.statusCode, JSON.stringify(ids)).toBe(404);
        const booking = await call(
          'POST',
          directBookingPaths.publicBooking(slug),
          webBooking({ ...ids, ...stay }),
          null,
        );
        expect(booking.statusCode, JSON.stringify(ids)).toBe(404);
      }
      const calendar = await call(
        'GET',
        `${directBookingPaths.publicAvailability(slug, foreign.property)}?from=2026-12-01&to=2026-12-05`,
        undefined,
        null,
      );
      expect(calendar.statusCode).toBe(404);
      const operator = await call('POST', directBookingPaths.operatorQuote, {
        property_id: foreign.property,
        ...stay,
      });
      expect(operator.statusCode).toBe(404);
    });
  });
});
