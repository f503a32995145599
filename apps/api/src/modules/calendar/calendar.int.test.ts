import { calendarData } from '@posada/contracts/calendar';
import { calendarWire, decodeCalendar } from '@posada/contracts/calendar-wire';
import { okEnvelope } from '@posada/contracts/envelope';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../db/schema/properties.ts';
import { rates, rooms, roomTypes } from '../../db/schema/rooms.ts';
import { insertClosures, insertStays, type StayInput, upsertNightPrices } from '../../demo/stay-rows.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A hand-made week, 1–8 December 2026, on an apartment and a small hotel:
 *
 * Apartment (base 100.00): a stay arriving before the week (28 Nov–3 Dec), closed 3–5 Dec, a stay
 * 5–7 Dec, a cancelled stay (not drawn), a stay starting on the 8th (outside [from, to)); 5–6 Dec cost
 * 150.00 with a 2-night minimum, the 7th is stop-sell with a 3-night minimum and keeps the base price.
 *
 * Hotel: Doble (101, 102, and 103 in maintenance; rates 120.00 and 90.00, so base 90.00; 130.00 on the
 * 2nd), Suite (201, no rate of its own: the hotel's 80.00 rate without a type). Two rooms 1–3 Dec, 101 on 4–6 Dec, the suite 2–4 Dec, a stay kept on
 * 103 although it is in maintenance, 102 closed on the 5th, the whole hotel closed on the 7th.
 */
describe('GET /api/calendar', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let apartmentId: string;
  let hotelId: string;
  let otherPropertyId: string;
  const room: Record<string, string> = {};
  let dobleId: string;
  let suiteId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await createEmpresa(t, {
      properties: [
        { nombre: 'Ático Centro', tipoPropiedad: 'apartamento' },
        { nombre: 'Hotel Prueba', tipoPropiedad: 'hotel' },
      ],
    });
    const other = await createEmpresa(t, { properties: [{ nombre: 'Casa Ajena' }] });
    token = await loginToken(t, owner.email);
    otherToken = await loginToken(t, other.email);
    [apartmentId = '', hotelId = ''] = owner.propertyIds;
    otherPropertyId = other.propertyIds[0] ?? '';
    const accountId = owner.accountId ?? '';
    const { db } = t.database;
    await db.update(properties).set({ priceNight: 10_000, guests: 4 }).where(eq(properties.id, apartmentId));

    const [doble, suite] = await db
      .insert(roomTypes)
      .values([
        { accountId, propertyId: hotelId, name: 'Doble', adults: 2, children: 0, createdAt: t.clock.now() },
        {
          accountId,
          propertyId: hotelId,
          name: 'Suite',
          adults: 4,
          children: 2,
          infants: 1,
          createdAt: new Date(t.clock.now().getTime() + 1),
        },
      ])
      .returning({ id: roomTypes.id });
    dobleId = doble?.id ?? '';
    suiteId = suite?.id ?? '';
    const made = await db
      .insert(rooms)
      .values([
        { accountId, propertyId: hotelId, roomTypeId: dobleId, name: '102' },
        { accountId, propertyId: hotelId, roomTypeId: dobleId, name: '101' },
        { accountId, propertyId: hotelId, roomTypeId: dobleId, name: '103', status: 'maintenance' as const },
        { accountId, propertyId: hotelId, roomTypeId: suiteId, name: '201', status: 'cleaning' as const },
      ])
      .returning({ id: rooms.id, name: rooms.name });
    for (const r of made) room[r.name] = r.id;
    await db.insert(rates).values([
      { accountId, propertyId: hotelId, roomTypeId: dobleId, name: 'Flexible', occupancy: 2, price: 12_000 },
      {
        accountId,
        propertyId: hotelId,
        roomTypeId: dobleId,
        name: 'No reembolsable',
        occupancy: 2,
        price: 9_000,
      },
      // Without a room type: the base price of a type that has no rate of its own.
      { accountId, propertyId: hotelId, roomTypeId: null, name: 'Casa', occupancy: 2, price: 8_000 },
    ]);

    let n = 0;
    const stay = (s: Partial<StayInput> & Pick<StayInput, 'propertyId' | 'startDate' | 'endDate'>) => ({
      accountId,
      code: `PS-CAL${++n}`,
      name: `Huésped ${n}`,
      email: `h${n}@example.com`,
      phone: '+34600000000',
      guests: 2,
      price: 20_000,
      ...s,
    });
    await insertStays(db, [
      stay({ propertyId: apartmentId, startDate: '2026-11-28', endDate: '2026-12-03', name: 'Ana Ruiz' }),
      stay({
        propertyId: apartmentId,
        startDate: '2026-12-05',
        endDate: '2026-12-07',
        name: 'Diego Vargas',
        channel: 'airbnb',
        paymentStatus: 'paid',
        paused: true,
        price: 30_000,
        promotions: [{ description: 'Promo', price: 2_000 }],
        taxes: [{ description: 'Tasa turística', price: 500 }],
      }),
      stay({
        propertyId: apartmentId,
        startDate: '2026-12-03',
        endDate: '2026-12-05',
        name: 'Cancelada',
        status: 'cancelled',
      }),
      stay({ propertyId: apartmentId, startDate: '2026-12-08', endDate: '2026-12-10', name: 'Después' }),
      stay({
        propertyId: hotelId,
        startDate: '2026-12-01',
        endDate: '2026-12-03',
        name: 'Grupo Pérez',
        roomTypeId: dobleId,
        roomIds: [room['101'] ?? '', room['102'] ?? ''],
      }),
      stay({
        propertyId: hotelId,
        startDate: '2026-12-04',
        endDate: '2026-12-06',
        name: 'Lucía Gómez',
        roomTypeId: dobleId,
        roomIds: [room['101'] ?? ''],
      }),
      stay({
        propertyId: hotelId,
        startDate: '2026-12-02',
        endDate: '2026-12-04',
        name: 'Familia Torres',
        roomTypeId: suiteId,
        roomIds: [room['201'] ?? ''],
        guests: 5,
      }),
      stay({
        propertyId: hotelId,
        startDate: '2026-12-01',
        endDate: '2026-12-02',
        name: 'Antes del arreglo',
        roomTypeId: dobleId,
        roomIds: [room['103'] ?? ''],
      }),
    ]);
    await insertClosures(db, [
      {
        accountId,
        propertyId: apartmentId,
        startDate: '2026-12-03',
        endDate: '2026-12-05',
        reason: 'Reforma',
      },
      {
        accountId,
        propertyId: hotelId,
        roomId: room['102'] ?? '',
        startDate: '2026-12-05',
        endDate: '2026-12-06',
        reason: 'Pintura',
      },
      {
        accountId,
        propertyId: hotelId,
        startDate: '2026-12-07',
        endDate: '2026-12-08',
        reason: 'Inventario',
      },
    ]);
    await upsertNightPrices(db, [
      {
        accountId,
        propertyId: apartmentId,
        unitKey: apartmentId,
        night: '2026-12-05',
        price: 15_000,
        minStay: 2,
      },
      {
        accountId,
        propertyId: apartmentId,
        unitKey: apartmentId,
        night: '2026-12-06',
        price: 15_000,
        minStay: 2,
      },
      {
        accountId,
        propertyId: apartmentId,
        unitKey: apartmentId,
        night: '2026-12-07',
        price: null,
        minStay: 3,
        stopSell: true,
      },
      // Outside the week: never drawn.
      { accountId, propertyId: apartmentId, unitKey: apartmentId, night: '2026-12-08', price: 99_900 },
      { accountId, propertyId: hotelId, unitKey: dobleId, night: '2026-12-02', price: 13_000 },
    ]);
  });
  afterAll(() => t.close());

  const get = (query: string, as = token, lang = 'es') =>
    t.app.inject({
      method: 'GET',
      url: `/api/calendar?${query}`,
      headers: { ...bearer(as), 'accept-language': lang },
    });
  const week = 'from=2026-12-01&to=2026-12-08';

  type Data = {
    from: string;
    to: string;
    properties: {
      id: string;
      nombre: string;
      nights: { date: string; price: number | null; min_stay: number; stop_sell: boolean }[];
      room_types: {
        id: string;
        name: string;
        max_guests: number;
        base_price: number | null;
        rooms_count: number;
        nights: { date: string; price: number | null; available: number }[];
      }[];
      units: {
        id: string;
        name: string;
        status: string;
        room_type_id: string | null;
        bookings: { name: string; start_date: string; end_date: string; [k: string]: unknown }[];
        closed: { reason: string; start_date: string; end_date: string; room_id: string | null }[];
      }[];
    }[];
  };
  const data = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // The service writes the JSON itself: every answer must still be the contract's.
    const parsed = okEnvelope(calendarWire).safeParse(res.json());
    expect(parsed.error?.issues ?? []).toEqual([]);
    if (!parsed.success) throw parsed.error;
    return calendarData.parse(decodeCalendar(parsed.data.data)) as Data;
  };

  it('draws the apartment: its stays overlapping the range, closed dates and per-night prices', async () => {
    const cal = await data(`${week}&property_ids=${apartmentId}`);
    expect(cal.from).toBe('2026-12-01');
    expect(cal.to).toBe('2026-12-08');
    expect(cal.properties).toHaveLength(1);
    const [apartment] = cal.properties;
    expect(apartment).toMatchObject({
      id: apartmentId,
      nombre: 'Ático Centro',
      tipo_propiedad: 'apartamento',
      currency: 'EUR',
      guests: 4,
      base_price: 10_000,
      room_types: [],
    });
    expect(apartment?.units).toHaveLength(1);
    const [unit] = apartment?.units ?? [];
    expect(unit).toMatchObject({
      id: apartmentId,
      name: 'Ático Centro',
      room_type_id: null,
      status: 'available',
    });
    expect(unit?.bookings.map((b) => [b.name, b.start_date, b.end_date])).toEqual([
      ['Ana Ruiz', '2026-11-28', '2026-12-03'],
      ['Diego Vargas', '2026-12-05', '2026-12-07'],
    ]);
    expect(unit?.bookings[1]).toMatchObject({
      code: 'PS-CAL2',
      number_of_guests: 2,
      status: 'booked',
      payment_status: 'paid',
      paused: true,
      channel: 'airbnb',
      total: 28_500,
    });
    expect(unit?.closed).toEqual([
      expect.objectContaining({
        property_id: apartmentId,
        room_id: null,
        start_date: '2026-12-03',
        end_date: '2026-12-05',
        reason: 'Reforma',
      }),
    ]);
    expect(apartment?.nights).toEqual([
      { date: '2026-12-01', price: 10_000, min_stay: 1, stop_sell: false },
      { date: '2026-12-02', price: 10_000, min_stay: 1, stop_sell: false },
      { date: '2026-12-03', price: 10_000, min_stay: 1, stop_sell: false },
      { date: '2026-12-04', price: 10_000, min_stay: 1, stop_sell: false },
      { date: '2026-12-05', price: 15_000, min_stay: 2, stop_sell: false },
      { date: '2026-12-06', price: 15_000, min_stay: 2, stop_sell: false },
      { date: '2026-12-07', price: 10_000, min_stay: 3, stop_sell: true },
    ]);
  });

  it('draws the hotel: each room with its status and stays, closures per room or for all, free rooms per type', async () => {
    const cal = await data(`${week}&property_ids=${hotelId}`);
    const [hotel] = cal.properties;
    expect(hotel?.nights).toEqual([]);
    expect(hotel?.units.map((u) => [u.name, u.status, u.room_type_id])).toEqual([
      ['101', 'available', dobleId],
      ['102', 'available', dobleId],
      ['103', 'maintenance', dobleId],
      ['201', 'cleaning', suiteId],
    ]);
    const unit = (name: string) => hotel?.units.find((u) => u.name === name);
    expect(unit('101')?.bookings.map((b) => b.name)).toEqual(['Grupo Pérez', 'Lucía Gómez']);
    expect(unit('102')?.bookings.map((b) => b.name)).toEqual(['Grupo Pérez']);
    // spec 4: a room in maintenance keeps its bookings.
    expect(unit('103')?.bookings.map((b) => b.name)).toEqual(['Antes del arreglo']);
    expect(unit('201')?.bookings.map((b) => b.name)).toEqual(['Familia Torres']);
    expect(unit('101')?.closed.map((c) => c.reason)).toEqual(['Inventario']);
    expect(unit('102')?.closed.map((c) => c.reason)).toEqual(['Pintura', 'Inventario']);
    expect(unit('201')?.closed.map((c) => [c.reason, c.room_id])).toEqual([['Inventario', null]]);

    const [doble, suite] = hotel?.room_types ?? [];
    expect(doble).toMatchObject({
      id: dobleId,
      name: 'Doble',
      max_guests: 2,
      base_price: 9_000,
      rooms_count: 3,
    });
    expect(suite).toMatchObject({
      id: suiteId,
      name: 'Suite',
      max_guests: 6,
      base_price: 8_000,
      rooms_count: 1,
    });
    expect(doble?.nights.map((n) => n.price)).toEqual([9_000, 13_000, 9_000, 9_000, 9_000, 9_000, 9_000]);
    expect(suite?.nights.map((n) => n.price)).toEqual([8_000, 8_000, 8_000, 8_000, 8_000, 8_000, 8_000]);
    // 103 is in maintenance: at most two Doble rooms are ever free.
    expect(doble?.nights.map((n) => [n.date.slice(8), n.available])).toEqual([
      ['01', 0],
      ['02', 0],
      ['03', 2],
      ['04', 1],
      ['05', 0],
      ['06', 2],
      ['07', 0],
    ]);
    expect(suite?.nights.map((n) => n.available)).toEqual([1, 0, 0, 1, 1, 1, 0]);
  });

  it('answers every property of the account when none is named, in their creation order', async () => {
    const cal = await data(week);
    expect(cal.properties.map((p) => p.nombre)).toEqual(['Ático Centro', 'Hotel Prueba']);
    const both = await data(`${week}&property_ids=${hotelId},${apartmentId},${hotelId}`);
    expect(both.properties.map((p) => p.nombre)).toEqual(['Ático Centro', 'Hotel Prueba']);
  });

  it('answers 404 for another account’s property, alone or in a list, and for an id that is not one', async () => {
    for (const ids of [otherPropertyId, `${apartmentId},${otherPropertyId}`, 'nope']) {
      const res = await get(`${week}&property_ids=${ids}`);
      expect(res.statusCode, ids).toBe(404);
      expect(res.json()).toMatchObject({ ok: false, code: 'properties.not_found' });
    }
    const theirs = await get(week, otherToken);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.properties.map((p: { nombre: string }) => p.nombre)).toEqual(['Casa Ajena']);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/calendar?${week}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a reversed or empty range and more than 400 nights, in the caller’s language', async () => {
    const empty = await get('from=2026-12-08&to=2026-12-08');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'calendar.invalid_range' });
    expect(empty.json().errors.to).toHaveLength(1);
    expect((await get('from=2026-12-08&to=2026-12-01')).statusCode).toBe(400);

    const long = await get('from=2026-01-01&to=2027-02-06', token, 'en');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'calendar.range_too_long',
      message: 'The calendar shows at most 400 nights per request.',
      errors: { to: ['Choose a shorter date range.'] },
    });
    // Exactly 400 nights is fine.
    expect((await get('from=2026-01-01&to=2027-02-05')).statusCode).toBe(200);

    const bad = await get('from=2026-02-30&to=2026-03-05');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.from).toHaveLength(1);
    expect((await get('to=2026-03-05')).statusCode).toBe(400);
  });

  it('shows a year of one unit without gaps', async () => {
    const cal = await data(`from=2026-06-01&to=2027-06-01&property_ids=${apartmentId}`);
    const nights = cal.properties[0]?.nights ?? [];
    expect(nights).toHaveLength(365);
    expect(nights[0]?.date).toBe('2026-06-01');
    expect(nights.at(-1)?.date).toBe('2027-05-31');
    expect(nights.find((n) => n.date === '2026-12-08')?.price).toBe(99_900);
  });
});
