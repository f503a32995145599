import { bookingPaths } from '@posada/contracts/bookings';
import type { CalendarData } from '@posada/contracts/calendar';
import { calendarWire, decodeCalendar } from '@posada/contracts/calendar-wire';
import { okEnvelope } from '@posada/contracts/envelope';
import { addDays } from '@posada/domain/booking-rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema/accounts.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { calendarNightsCache, calendarStaysCache } from '../../db/schema/calendar-cache.ts';
import { properties } from '../../db/schema/properties.ts';
import { insertStays } from '../../demo/stay-rows.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createCalendarRepo, staysCache } from './calendar.repo.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The month cache behind GET /api/calendar (PGlite, and PostgreSQL with TEST_DB=postgres): every write
 * through the API shows on the next call exactly as a calendar rebuilt from the tables draws it.
 */
describe('GET /api/calendar: the month cache', () => {
  let t: TestApp;
  let token: string;
  let accountId: string;
  let apartment: string;
  let hotel: string;
  let doubleType: string;
  const room: Record<string, string> = {};
  const year = 'from=2026-12-01&to=2027-12-01';

  const call = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: bearer(token) });

  const calendar = async (query = year): Promise<CalendarData> => {
    const res = await call('GET', `${bookingPaths.calendar}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return decodeCalendar(okEnvelope(calendarWire).parse(res.json()).data);
  };
  /** The same calendar with the cache emptied first: built from the tables alone. */
  const rebuilt = async (query = year) => {
    await t.database.db.delete(calendarStaysCache);
    await t.database.db.delete(calendarNightsCache);
    return calendar(query);
  };
  /** After a write, the cached calendar equals the rebuilt one; answers it. */
  const coherent = async () => {
    const cached = await calendar();
    expect(cached).toEqual(await rebuilt());
    return cached;
  };
  const staysOf = (cal: CalendarData, unit: string) =>
    cal.properties.flatMap((p) => p.units).find((u) => u.id === unit)?.bookings ?? [];

  const booking = (overrides: Record<string, unknown> = {}) => ({
    start_date: '2027-01-10',
    end_date: '2027-01-13',
    name: 'Lucía Pérez',
    email: 'lucia@example.com',
    phone: '+34 600 123 456',
    property_id: apartment,
    number_of_guests: 2,
    price: 30_000,
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await call('POST', bookingPaths.create, booking(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; start_date: string; end_date: string; property_id: string };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await createEmpresa(t, {
      properties: [
        { nombre: 'Ático Centro', tipoPropiedad: 'apartamento' },
        { nombre: 'Hotel Prueba', tipoPropiedad: 'hotel' },
      ],
    });
    token = await loginToken(t, owner.email);
    accountId = owner.accountId ?? '';
    [apartment = '', hotel = ''] = owner.propertyIds;
    await t.database.db.update(properties).set({ guests: 4, priceNight: 10_000 });
    const type = await call('POST', `/api/properties/${hotel}/room-types`, { name: 'Doble', adults: 2 });
    doubleType = type.json().data.id;
    const saved = await call('PUT', `/api/properties/${hotel}/rooms`, {
      rooms: ['101', '102'].map((name) => ({ room_type_id: doubleType, name })),
    });
    for (const r of saved.json().data.rooms as { id: string; name: string }[]) room[r.name] = r.id;
    await create({ start_date: '2026-12-28', end_date: '2027-01-03', name: 'Cruza el año' });
    await create({ start_date: '2027-02-01', end_date: '2027-02-05', name: 'Febrero' });
    await create({ property_id: hotel, room_type_id: doubleType, quantity: 2, name: 'Grupo Hotel' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps each whole month of a read, and answers the same calendar from it', async () => {
    const first = await rebuilt();
    const months = await t.database.db
      .select()
      .from(calendarStaysCache)
      .where(eq(calendarStaysCache.unitId, apartment));
    expect(months).toHaveLength(12);
    expect(months.find((m) => m.month === '2027-02-01')?.stays).toContain('"Febrero"');
    expect(months.find((m) => m.month === '2027-03-01')?.stays).toBe('');
    expect(await calendar()).toEqual(first);
    expect(staysOf(first, apartment).map((b) => b.name)).toEqual(['Cruza el año', 'Febrero']);
    expect(staysOf(first, room['101'] ?? '').map((b) => b.name)).toEqual(['Grupo Hotel']);
  });

  it('shows a new, moved, paused, paid and cancelled booking on the next call', async () => {
    await calendar();
    const made = await create({ start_date: '2027-03-10', end_date: '2027-03-12', name: 'Marzo' });
    expect(staysOf(await coherent(), apartment).map((b) => b.name)).toContain('Marzo');

    const moved = await call('PUT', bookingPaths.update(made.id), {
      ...booking({ start_date: '2027-05-02', end_date: '2027-05-04', name: 'Mayo' }),
      id: made.id,
      original_start_date: '2027-03-10',
      original_end_date: '2027-03-12',
      original_property_id: apartment,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const afterMove = staysOf(await coherent(), apartment);
    expect(afterMove.map((b) => [b.name, b.start_date])).toContainEqual(['Mayo', '2027-05-02']);
    expect(afterMove.map((b) => b.name)).not.toContain('Marzo');

    await call('PUT', bookingPaths.paused(made.id), { paused: true });
    await call('PUT', bookingPaths.paymentStatus(made.id), { payment_status: 'paid' });
    expect(staysOf(await coherent(), apartment).find((b) => b.id === made.id)).toMatchObject({
      paused: true,
      payment_status: 'paid',
    });

    expect((await call('POST', bookingPaths.cancel, { booking_id: made.id })).statusCode).toBe(200);
    expect(staysOf(await coherent(), apartment).map((b) => b.id)).not.toContain(made.id);
  });

  it('follows a hotel stay to its new room', async () => {
    const group = (await calendar()).properties
      .flatMap((p) => p.units)
      .find((u) => u.name === '101')
      ?.bookings.find((b) => b.name === 'Grupo Hotel');
    // Both rooms are taken by the group: free 102 by moving a new single stay around it.
    const single = await create({
      property_id: hotel,
      room_type_id: doubleType,
      quantity: 1,
      start_date: '2027-04-01',
      end_date: '2027-04-03',
      name: 'Individual',
    });
    const [where] = (await call('GET', bookingPaths.one(single.id))).json().data.rooms as { id: string }[];
    const other = where?.id === room['101'] ? room['102'] : room['101'];
    await calendar();
    const moved = await call('PUT', bookingPaths.room(single.id), {
      from_room_id: where?.id,
      to_room_id: other,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cal = await coherent();
    expect(staysOf(cal, other ?? '').map((b) => b.name)).toContain('Individual');
    expect(staysOf(cal, where?.id ?? '').map((b) => b.name)).not.toContain('Individual');
    expect(group).toBeDefined();
  });

  it('shows new night prices of an apartment and of a room type on the next call', async () => {
    await calendar();
    const set = async (body: object) => {
      const res = await call('PUT', bookingPaths.nightPrices, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    await set({
      property_id: apartment,
      start_date: '2027-06-29',
      end_date: '2027-07-02',
      price: 15_000,
      min_stay: 2,
    });
    await set({
      property_id: hotel,
      room_type_id: doubleType,
      start_date: '2027-08-01',
      end_date: '2027-08-03',
      price: 21_000,
      min_stay: null,
      stop_sell: true,
    });
    const cal = await coherent();
    const nights = cal.properties.find((p) => p.id === apartment)?.nights ?? [];
    expect(nights.filter((n) => n.price === 15_000).map((n) => [n.date, n.min_stay])).toEqual([
      ['2027-06-29', 2],
      ['2027-06-30', 2],
      ['2027-07-01', 2],
    ]);
    const typeNights = cal.properties.find((p) => p.id === hotel)?.room_types[0]?.nights ?? [];
    expect(typeNights.filter((n) => n.stop_sell).map((n) => [n.date, n.price])).toEqual([
      ['2027-08-01', 21_000],
      ['2027-08-02', 21_000],
    ]);
  });

  it('shows stays written in bulk (an import) on the next call', async () => {
    await calendar();
    await insertStays(
      t.database.db,
      ['2027-09-01', '2027-09-05', '2027-10-30'].map((start, i) => ({
        accountId,
        propertyId: apartment,
        code: `PS-BULK${i}`,
        name: `Importada ${i}`,
        email: 'import@example.com',
        phone: '+34600000000',
        guests: 2,
        price: 10_000,
        startDate: start,
        endDate: addDays(start, 2),
      })),
    );
    const names = staysOf(await coherent(), apartment).map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(['Importada 0', 'Importada 1', 'Importada 2']));
  });

  it('answers a window cut inside months as the same stays and nights as the whole year', async () => {
    const whole = await calendar();
    const cut = await calendar('from=2026-12-30&to=2027-02-03');
    expect(cut.properties.map((p) => p.units.map((u) => u.bookings))).toEqual(
      whole.properties.map((p) =>
        p.units.map((u) =>
          u.bookings.filter((b) => b.start_date < '2027-02-03' && b.end_date > '2026-12-30'),
        ),
      ),
    );
    const slice = (cal: CalendarData) => cal.properties.find((p) => p.id === apartment)?.nights ?? [];
    expect(slice(cut)).toEqual(slice(whole).filter((n) => n.date >= '2026-12-30' && n.date < '2027-02-03'));
    expect(staysOf(cut, apartment).map((b) => b.name)).toEqual(['Cruza el año', 'Febrero']);
  });

  it('never stores a month that a write marked stale while it was being rebuilt', async () => {
    await calendar();
    const repo = createCalendarRepo({ db: t.database.db, postgres: t.database.kind === 'postgres' });
    const read = await repo.cachedMonths(staysCache, accountId, [apartment], '2027-02-01', '2027-03-01');
    expect(read).toEqual([
      expect.objectContaining({ month: '2027-02-01', text: expect.stringContaining('Febrero') }),
    ]);
    // A write lands: the month is stale (generation + 1).
    await t.database.db.update(bookings).set({ name: 'Febrero bis' }).where(eq(bookings.name, 'Febrero'));
    const [stale] = await repo.cachedMonths(staysCache, accountId, [apartment], '2027-02-01', '2027-03-01');
    expect(stale).toMatchObject({ text: null, generation: (read[0]?.generation ?? 0) + 1 });
    // A reader that started before the write offers its text with the older generation: refused.
    await repo.storeMonths(staysCache, accountId, [
      { key: apartment, month: '2027-02-01', generation: read[0]?.generation ?? 0, text: 'old' },
    ]);
    const [kept] = await repo.cachedMonths(staysCache, accountId, [apartment], '2027-02-01', '2027-03-01');
    expect(kept?.text).toBeNull();
    expect(staysOf(await calendar(), apartment).map((b) => b.name)).toContain('Febrero bis');
  });

  it('goes with its account, which can still be deleted', async () => {
    const other = await createEmpresa(t, { properties: [{ nombre: 'Casa Efímera' }] });
    const otherToken = await loginToken(t, other.email);
    await t.database.db
      .update(properties)
      .set({ guests: 4 })
      .where(eq(properties.accountId, other.accountId ?? ''));
    const res = await t.app.inject({
      method: 'POST',
      url: bookingPaths.create,
      headers: bearer(otherToken),
      payload: booking({ property_id: other.propertyIds[0] }),
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.inject({
      method: 'GET',
      url: `${bookingPaths.calendar}?${year}`,
      headers: bearer(otherToken),
    });
    const cachedRows = sql`select count(*)::int as n from calendar_stays_cache where account_id = ${other.accountId}`;
    const count = async () =>
      ((await t.database.db.execute(cachedRows)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
    expect(await count()).toBe(12);
    await t.database.db.delete(accounts).where(eq(accounts.id, other.accountId ?? ''));
    expect(await count()).toBe(0);
  });
});
