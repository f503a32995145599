import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../db/schema/properties.ts';
import { rooms, roomTypes } from '../../db/schema/rooms.ts';
import { insertClosures, insertStays, type StayInput } from '../../demo/stay-rows.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A hand-made account, seen on Friday 20 November 2026 at 02:00 UTC: 03:00 in Madrid (20 Nov) but still
 * 21:00 on 19 Nov in Bogotá. Revenue is price − promotions, spread over the nights.
 *
 * Piso Gracia (apartment, EUR, Madrid)
 *   a1 29 Oct–3 Nov   500.00 booking      (3 nights in October, 2 in November)
 *   a2 20–23 Nov      360.00 − 60.00 promotion (+10.00 tax, not revenue) manual, arrives today
 *   a3 25–27 Nov      cancelled: never counted
 *   a4 20 Dec–2 Jan  1300.00 airbnb       (12 of 13 nights in 2026)
 *   a5 30 May–2 Jun   100.00 web          (2 nights in May: 66.67, 1 in June: 33.33)
 * Hostal Sur (hotel, EUR, Madrid): rooms 1 and 2, room 3 in maintenance
 *   h1 room 1, 18–21 Nov  300.00 booking
 *   h2 room 3, 19–22 Nov   90.00 manual  (kept on a room in maintenance: revenue yes, occupancy no)
 *   h3 room 1, 24–26 Nov  200.00 web
 *   room 2 closed 26–28 Nov (not sellable)
 * Casa Bogotá (apartment, COP, Bogotá): counted in reservations and occupancy, not in EUR revenue
 *   c1 19–22 Nov  3000.00 COP airbnb  (arrives "today" in Bogotá)
 *   c2 22–23 Nov  1000.00 COP airbnb
 */
describe('GET /api/dashboard', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let emptyToken: string;
  let piso: string;
  let hostal: string;
  let bogota: string;
  let otherProperty: string;

  beforeAll(async () => {
    t = await buildTestApp({ now: new Date('2026-11-20T02:00:00Z') });
    const owner = await createEmpresa(t, {
      properties: [
        { nombre: 'Piso Gracia', tipoPropiedad: 'apartamento' },
        { nombre: 'Hostal Sur', tipoPropiedad: 'hotel' },
        { nombre: 'Casa Bogotá', tipoPropiedad: 'apartamento' },
      ],
    });
    [piso = '', hostal = '', bogota = ''] = owner.propertyIds;
    const accountId = owner.accountId ?? '';
    const { db } = t.database;
    await db
      .update(properties)
      .set({ currency: 'COP', timeZone: 'America/Bogota', pais: 'CO' })
      .where(eq(properties.id, bogota));
    const [type] = await db
      .insert(roomTypes)
      .values({ accountId, propertyId: hostal, name: 'Doble', adults: 2 })
      .returning({ id: roomTypes.id });
    const made = await db
      .insert(rooms)
      .values(
        ['1', '2', '3'].map((name) => ({
          accountId,
          propertyId: hostal,
          roomTypeId: type?.id ?? '',
          name,
          status: name === '3' ? ('maintenance' as const) : ('available' as const),
        })),
      )
      .returning({ id: rooms.id, name: rooms.name });
    const room = Object.fromEntries(made.map((r) => [r.name, r.id]));

    let n = 0;
    const stay = (
      s: Partial<StayInput> & Pick<StayInput, 'propertyId' | 'startDate' | 'endDate' | 'price'>,
    ): StayInput => ({
      accountId,
      code: `PS-DSH${++n}`,
      name: `Huésped ${n}`,
      email: `h${n}@example.com`,
      phone: '+34600000000',
      guests: 2,
      createdAt: new Date(Date.UTC(2026, 9, 1, 0, n)),
      ...s,
    });
    const hotel = (roomName: string) => ({ roomTypeId: type?.id ?? null, roomIds: [room[roomName] ?? ''] });
    await insertStays(db, [
      stay({
        propertyId: piso,
        startDate: '2026-10-29',
        endDate: '2026-11-03',
        price: 50_000,
        channel: 'booking',
      }),
      stay({
        propertyId: piso,
        startDate: '2026-11-20',
        endDate: '2026-11-23',
        price: 36_000,
        promotions: [{ description: 'Cliente habitual', price: 6_000 }],
        taxes: [{ description: 'Tasa turística', price: 1_000 }],
        name: 'Marta Soler',
      }),
      stay({
        propertyId: piso,
        startDate: '2026-11-25',
        endDate: '2026-11-27',
        price: 99_999,
        status: 'cancelled',
      }),
      stay({
        propertyId: piso,
        startDate: '2026-12-20',
        endDate: '2027-01-02',
        price: 130_000,
        channel: 'airbnb',
      }),
      stay({
        propertyId: piso,
        startDate: '2026-05-30',
        endDate: '2026-06-02',
        price: 10_000,
        channel: 'web',
      }),
      stay({
        propertyId: hostal,
        startDate: '2026-11-18',
        endDate: '2026-11-21',
        price: 30_000,
        channel: 'booking',
        ...hotel('1'),
      }),
      stay({
        propertyId: hostal,
        startDate: '2026-11-19',
        endDate: '2026-11-22',
        price: 9_000,
        ...hotel('3'),
      }),
      stay({
        propertyId: hostal,
        startDate: '2026-11-24',
        endDate: '2026-11-26',
        price: 20_000,
        channel: 'web',
        name: 'Pablo Ibáñez',
        ...hotel('1'),
      }),
      stay({
        propertyId: bogota,
        startDate: '2026-11-19',
        endDate: '2026-11-22',
        price: 300_000,
        channel: 'airbnb',
        currency: 'COP',
        name: 'Camila Restrepo',
      }),
      stay({
        propertyId: bogota,
        startDate: '2026-11-22',
        endDate: '2026-11-23',
        price: 100_000,
        channel: 'airbnb',
        currency: 'COP',
        name: 'Andrés Gómez',
      }),
    ]);
    await insertClosures(db, [
      {
        accountId,
        propertyId: hostal,
        roomId: room['2'] ?? null,
        startDate: '2026-11-26',
        endDate: '2026-11-28',
      },
    ]);

    // Another account: ten future one-night stays, to see the upcoming list stop at its limit.
    const other = await createEmpresa(t, { properties: [{ nombre: 'Cabaña Ajena' }] });
    otherProperty = other.propertyIds[0] ?? '';
    await insertStays(
      db,
      Array.from({ length: 10 }, (_, i) => ({
        accountId: other.accountId ?? '',
        propertyId: otherProperty,
        code: `PS-OTH${i}`,
        name: `Otro ${i}`,
        email: `o${i}@example.com`,
        phone: '+34600000000',
        guests: 1,
        startDate: `2026-12-${String(10 - i).padStart(2, '0')}`,
        endDate: `2026-12-${String(11 - i).padStart(2, '0')}`,
        price: 5_000,
      })),
    );
    token = await loginToken(t, owner.email);
    otherToken = await loginToken(t, other.email);
    emptyToken = await loginToken(t, (await createEmpresa(t)).email);
  });
  afterAll(() => t.close());

  const get = (query: string, as = token) =>
    t.app.inject({ method: 'GET', url: `/api/dashboard?${query}`, headers: bearer(as) });
  const data = async (query: string, as = token) => {
    const res = await get(query, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const figures = (d: Record<string, unknown>) => ({
    period: d.period,
    currency: d.currency,
    total_reservations: d.total_reservations,
    checkins_today: d.checkins_today,
    occupancy: d.occupancy,
    revenue: d.revenue,
    revenue_by_channel: d.revenue_by_channel,
    revenue_by_property: (d.revenue_by_property as { nombre: string; revenue: number }[]).map((p) => [
      p.nombre,
      p.revenue,
    ]),
  });

  it('today: stays of tonight, arrivals today in each property’s own time zone', async () => {
    expect(figures(await data('period=today'))).toEqual({
      period: { from: '2026-11-20', to: '2026-11-21' },
      currency: 'EUR',
      total_reservations: 4,
      // Marta arrives today in Madrid; Camila today in Bogotá (still the 19th there).
      checkins_today: 2,
      // Tonight: Piso, room 1 and Casa Bogotá of 4 sellable units (room 3 is in maintenance).
      occupancy: 75,
      revenue: 23_000,
      revenue_by_channel: [
        { channel: 'manual', revenue: 13_000 },
        { channel: 'booking', revenue: 10_000 },
        { channel: 'airbnb', revenue: 0 },
      ],
      revenue_by_property: [
        ['Hostal Sur', 13_000],
        ['Piso Gracia', 10_000],
      ],
    });
  });

  it('week: Monday to Sunday, whole stays inside it', async () => {
    expect(figures(await data('period=week'))).toEqual({
      period: { from: '2026-11-16', to: '2026-11-23' },
      currency: 'EUR',
      total_reservations: 5,
      checkins_today: 2,
      // 10 booked of 4 units × 7 nights.
      occupancy: 35.7,
      revenue: 69_000,
      revenue_by_channel: [
        { channel: 'manual', revenue: 39_000 },
        { channel: 'booking', revenue: 30_000 },
        { channel: 'airbnb', revenue: 0 },
      ],
      revenue_by_property: [
        ['Hostal Sur', 39_000],
        ['Piso Gracia', 30_000],
      ],
    });
  });

  it('month: a stay from October counts its November nights only; closed nights are not sellable', async () => {
    expect(figures(await data('period=month'))).toEqual({
      period: { from: '2026-11-01', to: '2026-12-01' },
      currency: 'EUR',
      total_reservations: 7,
      checkins_today: 2,
      // 14 booked of 4 units × 30 nights − 2 closed.
      occupancy: 11.9,
      revenue: 109_000,
      revenue_by_channel: [
        { channel: 'booking', revenue: 50_000 },
        { channel: 'manual', revenue: 39_000 },
        { channel: 'web', revenue: 20_000 },
        { channel: 'airbnb', revenue: 0 },
      ],
      revenue_by_property: [
        ['Hostal Sur', 59_000],
        ['Piso Gracia', 50_000],
      ],
    });
  });

  it('year: a stay into January counts 12 of its 13 nights', async () => {
    expect(figures(await data('period=year'))).toEqual({
      period: { from: '2026-01-01', to: '2027-01-01' },
      currency: 'EUR',
      total_reservations: 9,
      checkins_today: 2,
      // 32 booked of 4 × 365 − 2 closed.
      occupancy: 2.2,
      revenue: 269_000,
      revenue_by_channel: [
        { channel: 'airbnb', revenue: 120_000 },
        { channel: 'booking', revenue: 80_000 },
        { channel: 'manual', revenue: 39_000 },
        { channel: 'web', revenue: 30_000 },
      ],
      revenue_by_property: [
        ['Piso Gracia', 210_000],
        ['Hostal Sur', 59_000],
      ],
    });
  });

  it('charts 6, 12 or 24 months ending this month: revenue of each month’s nights, arrivals', async () => {
    const six = await data('months=6');
    expect(six.chart).toEqual([
      { month: '2026-06', revenue: 3_333, bookings: 0 },
      { month: '2026-07', revenue: 0, bookings: 0 },
      { month: '2026-08', revenue: 0, bookings: 0 },
      { month: '2026-09', revenue: 0, bookings: 0 },
      { month: '2026-10', revenue: 30_000, bookings: 1 },
      { month: '2026-11', revenue: 109_000, bookings: 6 },
    ]);
    const twelve = await data('months=12');
    expect(twelve.chart).toHaveLength(12);
    expect(twelve.chart[0]).toEqual({ month: '2025-12', revenue: 0, bookings: 0 });
    expect(twelve.chart[5]).toEqual({ month: '2026-05', revenue: 6_667, bookings: 1 });
    const long = await data('months=24');
    expect(long.chart).toHaveLength(24);
    expect(long.chart[0].month).toBe('2024-12');
    // Month is the default period; 12 months the default chart.
    expect((await data('')).chart).toHaveLength(12);
    expect((await data('')).period).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    expect((await get('months=7')).statusCode).toBe(400);
    expect((await get('period=decade')).statusCode).toBe(400);
  });

  it('lists the next arrivals, soonest first, as full reservations', async () => {
    const { upcoming } = await data('period=month');
    expect(upcoming.map((b: { name: string; start_date: string }) => [b.name, b.start_date])).toEqual([
      ['Camila Restrepo', '2026-11-19'],
      ['Marta Soler', '2026-11-20'],
      ['Andrés Gómez', '2026-11-22'],
      ['Pablo Ibáñez', '2026-11-24'],
      ['Huésped 4', '2026-12-20'],
    ]);
    expect(upcoming[1]).toMatchObject({
      property_title: 'Piso Gracia',
      nights: 3,
      price: 36_000,
      subtotal: 30_000,
      total: 31_000,
      currency: 'EUR',
    });
    expect(upcoming[3]).toMatchObject({
      property_title: 'Hostal Sur',
      rooms: [{ name: '1' }],
      room_type_name: 'Doble',
    });

    const other = await data('period=month', otherToken);
    expect(other.upcoming).toHaveLength(8);
    expect(other.upcoming[0].start_date).toBe('2026-12-01');
    expect(other.upcoming[7].start_date).toBe('2026-12-08');
  });

  it('one property: its own currency and time zone', async () => {
    const d = await data(`period=today&property_id=${bogota}`);
    expect(figures(d)).toEqual({
      period: { from: '2026-11-19', to: '2026-11-20' },
      currency: 'COP',
      total_reservations: 1,
      checkins_today: 1,
      occupancy: 100,
      revenue: 100_000,
      revenue_by_channel: [{ channel: 'airbnb', revenue: 100_000 }],
      revenue_by_property: [['Casa Bogotá', 100_000]],
    });
    const month = await data(`period=month&property_id=${hostal}`);
    expect(month).toMatchObject({
      total_reservations: 3,
      checkins_today: 0,
      // 5 booked of 2 rooms × 30 nights − 2 closed.
      occupancy: 8.6,
      revenue: 59_000,
    });
    expect(month.upcoming.map((b: { name: string }) => b.name)).toEqual(['Pablo Ibáñez']);
  });

  it('answers 404 for another account’s property and zeros for an account without any', async () => {
    const res = await get(`property_id=${otherProperty}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ok: false, code: 'properties.not_found' });
    const theirs = await data('period=year', otherToken);
    expect(theirs.total_reservations).toBe(10);
    expect(theirs.revenue_by_property.map((p: { nombre: string }) => p.nombre)).toEqual(['Cabaña Ajena']);

    const empty = await data('period=week&months=6', emptyToken);
    expect(empty).toMatchObject({
      total_reservations: 0,
      checkins_today: 0,
      occupancy: 0,
      revenue: 0,
      upcoming: [],
      revenue_by_channel: [],
      revenue_by_property: [],
    });
    expect(empty.chart).toHaveLength(6);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
