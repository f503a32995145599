import { calendarWire, decodeCalendar } from '@posada/contracts/calendar-wire';
import { addDays } from '@posada/domain/booking-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql.ts';
import { bearer, uniqueIp } from '../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_PASSWORD, demoEmails, seedDemo } from './seed.ts';
import { DEMO_BOOKINGS_DAYS_AHEAD, DEMO_BOOKINGS_DAYS_BACK } from './seed-bookings.ts';

// 20 Nov 2026, 11:00 in Madrid.
const today = '2026-11-20';

describe('demo reservations, prices and closed dates (npm run demo)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: new Date('2026-11-20T10:00:00Z') });
    await seedDemo(t.database.db, t.clock, { appSecret: t.config.APP_SECRET });
  }, 180_000); // The whole demo: a year of bookings, check-ins, the store.
  afterAll(() => t.close());

  const query = <T>(text: ReturnType<typeof sql>) => rowsOf<T>(t.database.db, text);
  const login = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: uniqueIp(),
      payload: { email, password: DEMO_PASSWORD },
    });
    return res.json().data.token as string;
  };

  it('fills six months back and six ahead on the apartment, the villa and the hotel, 55–75 % sold', async () => {
    const rows = await query<{
      nombre: string;
      first: string;
      last: string;
      n: number;
      sold: number;
      units: number;
    }>(
      sql`select p.nombre, min(b.start_date)::text as first, max(b.end_date)::text as last, count(distinct b.id)::int as n,
                 (select count(*) from unit_nights un where un.property_id = p.id and un.booking_id is not null
                   and un.night >= ${addDays(today, -DEMO_BOOKINGS_DAYS_BACK)}::date
                   and un.night < ${addDays(today, DEMO_BOOKINGS_DAYS_AHEAD)}::date)::int as sold,
                 greatest(1, (select count(*) from rooms r where r.property_id = p.id and r.status <> 'maintenance'))::int as units
          from bookings b join properties p on p.id = b.property_id
          group by p.id, p.nombre order by p.nombre`,
    );
    expect(rows.map((r) => r.nombre)).toEqual([
      'Apartamento Sol de Triana',
      'Hotel Alameda Centro',
      'Villa Mar Azul',
    ]);
    for (const r of rows) {
      expect(r.first >= addDays(today, -DEMO_BOOKINGS_DAYS_BACK), r.nombre).toBe(true);
      expect(r.last <= addDays(today, DEMO_BOOKINGS_DAYS_AHEAD + 14), r.nombre).toBe(true);
      const occupancy = r.sold / (r.units * (DEMO_BOOKINGS_DAYS_BACK + DEMO_BOOKINGS_DAYS_AHEAD));
      expect(occupancy, `${r.nombre} occupancy`).toBeGreaterThan(0.55);
      expect(occupancy, `${r.nombre} occupancy`).toBeLessThan(0.75);
    }
  });

  it('holds every night of every stay in unit_nights, weekends fuller than weekdays', async () => {
    const [nights] = await query<{ expected: number; held: number }>(
      sql`select (select coalesce(sum((end_date - start_date) * cardinality(case when cardinality(room_ids) = 0
                    then array[property_id] else room_ids end)), 0) from bookings where status <> 'cancelled')::int as expected,
                 (select count(*) from unit_nights where booking_id is not null)::int as held`,
    );
    expect(nights?.held).toBe(nights?.expected);
    const perDay = await query<{ dow: number; n: number }>(
      sql`select extract(isodow from night)::int as dow, count(*)::int as n from unit_nights
          where booking_id is not null group by 1 order by 1`,
    );
    const n = (dow: number) => perDay.find((d) => d.dow === dow)?.n ?? 0;
    // Friday and Saturday nights against Monday to Wednesday.
    expect(Math.min(n(5), n(6))).toBeGreaterThan(Math.max(n(1), n(2), n(3)));
  });

  it('mixes statuses, payments, channels, promotions, taxes and guests from Spain and Latin America', async () => {
    const [mix] = await query<Record<string, number>>(
      sql`select count(*) filter (where status = 'cancelled')::int as cancelled,
                 count(*) filter (where paused)::int as paused,
                 count(*) filter (where payment_status = 'paid')::int as paid,
                 count(*) filter (where payment_status = 'pending')::int as pending,
                 count(*) filter (where jsonb_array_length(promotions) > 0)::int as promotions,
                 count(*) filter (where jsonb_array_length(taxes) > 0)::int as taxes,
                 count(*) filter (where phone like '+34 %')::int as spain,
                 count(*) filter (where phone not like '+34 %')::int as latam,
                 count(distinct channel)::int as channels,
                 count(*)::int as total
          from bookings`,
    );
    expect(mix?.cancelled).toBeGreaterThan(2);
    expect(mix?.cancelled).toBeLessThan((mix?.total ?? 0) * 0.1);
    for (const key of ['paused', 'paid', 'pending', 'promotions', 'taxes', 'spain', 'latam']) {
      expect(mix?.[key], key).toBeGreaterThan(0);
    }
    expect(mix?.channels).toBe(4);
    // The room in maintenance keeps only stays that ended before today.
    const [late] = await query<{ n: number }>(
      sql`select count(*)::int as n from bookings b join rooms r on r.id = any(b.room_ids)
          where r.status = 'maintenance' and b.end_date > ${today}::date`,
    );
    expect(late?.n).toBe(0);
  });

  it('shows content around today in the calendar and the dashboard, with arrivals today', async () => {
    const token = await login(demoEmails.empresa);
    const calendar = await t.app.inject({
      method: 'GET',
      url: `/api/calendar?from=${addDays(today, -14)}&to=${addDays(today, 31)}`,
      headers: bearer(token),
    });
    expect(calendar.statusCode).toBe(200);
    const all = decodeCalendar(calendarWire.parse(calendar.json().data)).properties;
    const apartment = all.find((p) => p.nombre === 'Apartamento Sol de Triana');
    const villa = all.find((p) => p.nombre === 'Villa Mar Azul');
    expect(apartment?.units[0]?.bookings.length).toBeGreaterThan(3);
    expect(villa?.units[0]?.bookings.length).toBeGreaterThan(1);
    // Weekends cost more than weekdays.
    const price = (date: string) => apartment?.nights.find((n) => n.date === date)?.price ?? 0;
    expect(price('2026-11-28')).toBeGreaterThan(price('2026-11-25'));
    const closed = await query<{ nombre: string; n: number }>(
      sql`select p.nombre, count(*)::int as n from closed_dates c join properties p on p.id = c.property_id
          group by p.nombre order by p.nombre`,
    );
    expect(closed.map((c) => c.nombre)).toEqual([
      'Apartamento Sol de Triana',
      'Hotel Alameda Centro',
      'Villa Mar Azul',
    ]);

    const hotelToken = await login(demoEmails.hotel);
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard?period=month',
      headers: bearer(hotelToken),
    });
    expect(dashboard.statusCode).toBe(200);
    const d = dashboard.json().data;
    expect(d.checkins_today).toBeGreaterThan(0);
    expect(d.total_reservations).toBeGreaterThan(50);
    expect(d.occupancy).toBeGreaterThan(30);
    expect(d.revenue).toBeGreaterThan(0);
    expect(d.upcoming.length).toBeGreaterThan(4);
    expect(d.chart.filter((m: { revenue: number }) => m.revenue > 0).length).toBe(7);
  });

  it('leaves everything as it is when run again', async () => {
    const before = await query<{ b: number; n: number; c: number; p: number }>(
      sql`select (select count(*) from bookings)::int as b, (select count(*) from unit_nights)::int as n,
                 (select count(*) from closed_dates)::int as c, (select count(*) from night_prices)::int as p`,
    );
    t.clock.advance(3 * 86_400_000);
    await seedDemo(t.database.db, t.clock, { appSecret: t.config.APP_SECRET });
    const after = await query<{ b: number; n: number; c: number; p: number }>(
      sql`select (select count(*) from bookings)::int as b, (select count(*) from unit_nights)::int as n,
                 (select count(*) from closed_dates)::int as c, (select count(*) from night_prices)::int as p`,
    );
    expect(after).toEqual(before);
  });
});
