import { bookingDetail, bookingPaths, bookingsPage } from '@posada/contracts/bookings';
import type { CalendarData } from '@posada/contracts/calendar';
import { calendarWire, decodeCalendar } from '@posada/contracts/calendar-wire';
import { okEnvelope } from '@posada/contracts/envelope';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings.ts';
import { calendarNightsCache, calendarStaysCache } from '../../db/schema/calendar-cache.ts';
import { insertStays, type StayInput } from '../../demo/stay-rows.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Bookings imported from channels (issue 15) as the calendars and Reservas read them: the channel's code
 * (external_ref) on the calendar, the list and the detail, and an overbooking (a stay that collided, holds
 * no nights) drawn on its dates, from the tables and from the month cache alike.
 */
describe('channel bookings on the calendar and in Reservas', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let apartment: string;
  const ids: Record<string, string> = {};
  const year = 'from=2027-01-01&to=2027-03-01';

  const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: bearer(as) });
  const calendar = async (): Promise<CalendarData> => {
    const res = await get(`${bookingPaths.calendar}?${year}`);
    expect(res.statusCode, res.body).toBe(200);
    return decodeCalendar(okEnvelope(calendarWire).parse(res.json()).data);
  };
  const stays = (cal: CalendarData) =>
    cal.properties.flatMap((p) => p.units).find((u) => u.id === apartment)?.bookings ?? [];

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await createEmpresa(t, {
      properties: [{ nombre: 'Ático Centro', tipoPropiedad: 'apartamento' }],
    });
    const other = await createEmpresa(t, { properties: [{ nombre: 'Casa Ajena' }] });
    token = await loginToken(t, owner.email);
    otherToken = await loginToken(t, other.email);
    apartment = owner.propertyIds[0] ?? '';
    const stay = (code: string, s: Partial<StayInput>): StayInput => ({
      accountId: owner.accountId ?? '',
      propertyId: apartment,
      code,
      name: code,
      email: '',
      phone: '',
      startDate: '2027-01-10',
      endDate: '2027-01-13',
      guests: 2,
      price: 30_000,
      ...s,
    });
    const [manual, airbnb, vrbo, overbooking] = await insertStays(t.database.db, [
      stay('PS-MAN001', { name: 'Lucía Pérez' }),
      stay('PS-AIR001', {
        name: 'Airbnb',
        channel: 'airbnb',
        externalRef: 'HMABCD1234',
        startDate: '2027-01-20',
        endDate: '2027-01-24',
      }),
      stay('PS-VRB001', {
        name: 'Jane Doe',
        channel: 'vrbo',
        startDate: '2027-02-03',
        endDate: '2027-02-06',
      }),
      // Collides with Lucía's stay: stored, holding no night.
      stay('PS-OVB001', {
        name: 'John Smith',
        channel: 'vrbo',
        status: 'overbooking',
        externalRef: 'HA-7788',
        startDate: '2027-01-11',
        endDate: '2027-01-14',
      }),
    ]);
    Object.assign(ids, { manual, airbnb, vrbo, overbooking });
  });
  afterAll(() => t.close());

  it('draws each stay with its channel and code, the overbooking on its dates beside the stay it hit', async () => {
    const cal = await calendar();
    const byCode = new Map(stays(cal).map((b) => [b.code, b]));
    expect(byCode.get('PS-MAN001')).toMatchObject({
      channel: 'manual',
      external_ref: null,
      status: 'booked',
    });
    expect(byCode.get('PS-AIR001')).toMatchObject({ channel: 'airbnb', external_ref: 'HMABCD1234' });
    expect(byCode.get('PS-VRB001')).toMatchObject({ channel: 'vrbo', external_ref: null });
    expect(byCode.get('PS-OVB001')).toMatchObject({
      channel: 'vrbo',
      status: 'overbooking',
      external_ref: 'HA-7788',
      start_date: '2027-01-11',
      end_date: '2027-01-14',
    });
  });

  it('keeps the app’s own stays as short on the wire as before (no code, no extra member)', async () => {
    const res = await get(`${bookingPaths.calendar}?${year}`);
    const units = okEnvelope(calendarWire)
      .parse(res.json())
      .data.properties.flatMap((p) => p.units);
    const tuples = units.flatMap((u) => u.bookings);
    expect(tuples.find((b) => b[1] === 'PS-MAN001')).toHaveLength(11);
    expect(tuples.find((b) => b[1] === 'PS-AIR001')?.[11]).toBe('HMABCD1234');
  });

  it('shows a change of status or code from the month cache exactly as rebuilt from the tables', async () => {
    await calendar(); // fills the cache for January and February
    // The collision is gone (the operator moved Lucía): the next sync books the stay.
    await t.database.db
      .update(bookings)
      .set({ status: 'booked', externalRef: 'HA-7789' })
      .where(eq(bookings.id, ids.overbooking ?? ''));
    const cached = await calendar();
    expect(stays(cached).find((b) => b.code === 'PS-OVB001')).toMatchObject({
      status: 'booked',
      external_ref: 'HA-7789',
    });
    await t.database.db.delete(calendarStaysCache);
    await t.database.db.delete(calendarNightsCache);
    expect(cached).toEqual(await calendar());
    await t.database.db
      .update(bookings)
      .set({ status: 'overbooking', externalRef: 'HA-7788' })
      .where(eq(bookings.id, ids.overbooking ?? ''));
  });

  it('answers the code in Reservas and finds a booking by it', async () => {
    const res = await get(`${bookingPaths.list}?search=hmabcd`);
    expect(res.statusCode, res.body).toBe(200);
    const page = okEnvelope(bookingsPage).parse(res.json()).data;
    expect(page.items.map((b) => [b.code, b.channel, b.external, b.external_ref])).toEqual([
      ['PS-AIR001', 'airbnb', true, 'HMABCD1234'],
    ]);
    const overbooked = await get(`${bookingPaths.list}?status=overbooking`);
    expect(
      okEnvelope(bookingsPage)
        .parse(overbooked.json())
        .data.items.map((b) => b.code),
    ).toEqual(['PS-OVB001']);
    const manual = await get(`${bookingPaths.list}?channel=manual`);
    expect(okEnvelope(bookingsPage).parse(manual.json()).data.items).toMatchObject([
      { code: 'PS-MAN001', external: false, external_ref: null },
    ]);
  });

  it('answers the code in the detail, and another account gets 404', async () => {
    const res = await get(bookingPaths.one(ids.overbooking ?? ''));
    expect(res.statusCode, res.body).toBe(200);
    expect(okEnvelope(bookingDetail).parse(res.json()).data).toMatchObject({
      status: 'overbooking',
      channel: 'vrbo',
      external_ref: 'HA-7788',
    });
    expect((await get(bookingPaths.one(ids.overbooking ?? ''), otherToken)).statusCode).toBe(404);
    const search = await get(`${bookingPaths.list}?search=HA-7788`, otherToken);
    expect(okEnvelope(bookingsPage).parse(search.json()).data.total).toBe(0);
  });
});
