import { bookingPaths } from '@posada/contracts/bookings';
import { and, eq, ne } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, migrationsFolder } from '../../db/client.ts';
import { bookings, unitNights } from '../../db/schema/bookings.ts';
import { properties } from '../../db/schema/properties.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import {
  buildTestApp,
  createTestDatabase,
  createThrowawayPostgres,
  type TestApp,
  type TestDatabase,
  testDbKind,
} from '../../test/test-app.ts';

/**
 * No double booking under concurrency (issue 4): many creates for the same nights at once. On PostgreSQL
 * (TEST_DB=postgres) the app runs on a pool of 30 connections, so every request has its own connection and
 * its own transaction, and only the database can refuse the losers. On PGlite (a single session) the same
 * requests are interleaved by the event loop.
 */
async function concurrentDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (testDbKind !== 'postgres' || !baseUrl) {
    return createTestDatabase();
  }
  const throwaway = await createThrowawayPostgres(baseUrl);
  const pool = new pg.Pool({ connectionString: throwaway.url, max: 30 });
  pool.on('error', () => {});
  const database: Database = {
    kind: 'postgres',
    db: drizzle(pool) as unknown as Db,
    pool,
    sql: { query: async (text, values) => pool.query(text, values as unknown[]) as never },
    migrate: () => migrate(drizzle(pool), { migrationsFolder }),
    close: () => pool.end(),
  };
  await database.migrate();
  return {
    database,
    url: throwaway.url,
    async dispose() {
      await database.close();
      await throwaway.drop();
    },
  };
}

describe(`concurrent bookings of the same nights (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let apartment: string;
  let hotel: string;
  let doubleType: string;

  beforeAll(async () => {
    t = await buildTestApp({ testDatabase: await concurrentDatabase() });
    const owner = await createEmpresa(t, {
      properties: [
        { nombre: 'Casa Azul', tipoPropiedad: 'apartamento' },
        { nombre: 'Hotel Sol', tipoPropiedad: 'hotel' },
      ],
    });
    token = await loginToken(t, owner.email);
    [apartment = '', hotel = ''] = owner.propertyIds;
    await t.database.db.update(properties).set({ guests: 4 }).where(eq(properties.id, apartment));
    const type = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${hotel}/room-types`,
      payload: { name: 'Doble', adults: 2 },
      headers: bearer(token),
    });
    doubleType = type.json().data.id;
    await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${hotel}/rooms`,
      payload: { rooms: ['101', '102', '103'].map((name) => ({ room_type_id: doubleType, name })) },
      headers: bearer(token),
    });
  });
  afterAll(() => t.close());

  const create = (i: number, overrides: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: bookingPaths.create,
      headers: bearer(token),
      payload: {
        start_date: '2026-12-01',
        end_date: '2026-12-08',
        name: `Huésped ${i}`,
        email: `huesped${i}@example.com`,
        phone: `+34 600 000 ${String(i).padStart(3, '0')}`,
        property_id: apartment,
        number_of_guests: 2,
        price: 70_000,
        ...overrides,
      },
    });

  const outcome = (responses: { statusCode: number; json(): { message?: string } }[]) => ({
    won: responses.filter((r) => r.statusCode === 201).length,
    refused: responses.filter(
      (r) => r.statusCode === 409 && r.json().message === 'Las fechas ya están reservadas o bloqueadas',
    ).length,
  });

  it('20 creates of the same nights of an apartment: exactly one wins, 19 get the spec 8 warning', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => create(i, {})));
    expect(outcome(responses)).toEqual({ won: 1, refused: 19 });
    // The requests really ran side by side: the pool opened a connection for (nearly) each of them.
    if (testDbKind === 'postgres') expect(t.database.pool?.totalCount).toBeGreaterThanOrEqual(15);
    const stored = await t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.propertyId, apartment), ne(bookings.status, 'cancelled')));
    expect(stored).toHaveLength(1);
    const nights = await t.database.db.select().from(unitNights).where(eq(unitNights.propertyId, apartment));
    expect(nights).toHaveLength(7);
    expect(new Set(nights.map((n) => n.bookingId))).toEqual(new Set([stored[0]?.id]));
  });

  it('20 overlapping creates (shifted stays) never share a night', async () => {
    // Stays of 3 nights starting on consecutive days: many overlap each other, some do not.
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const start = `2027-01-${String(i + 1).padStart(2, '0')}`;
        const end = `2027-01-${String(i + 4).padStart(2, '0')}`;
        return create(100 + i, { start_date: start, end_date: end });
      }),
    );
    const { won, refused } = outcome(responses);
    expect(won + refused).toBe(20);
    expect(won).toBeGreaterThanOrEqual(1);
    const nights = await t.database.db.select().from(unitNights).where(eq(unitNights.propertyId, apartment));
    const january = nights.filter((n) => n.night.startsWith('2027-01'));
    expect(january).toHaveLength(won * 3);
  });

  it('10 single-room creates on a hotel type of 3 rooms: exactly 3 win, each on its own room', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        create(200 + i, { property_id: hotel, room_type_id: doubleType, quantity: 1 }),
      ),
    );
    expect(outcome(responses)).toEqual({ won: 3, refused: 7 });
    const rooms = responses
      .filter((r) => r.statusCode === 201)
      .flatMap((r) => (r.json() as { data: { rooms: { name: string }[] } }).data.rooms.map((x) => x.name))
      .sort();
    expect(rooms).toEqual(['101', '102', '103']);
    const nights = await t.database.db.select().from(unitNights).where(eq(unitNights.propertyId, hotel));
    expect(nights).toHaveLength(3 * 7);
  });

  it('closures and bookings racing for the same nights: exactly one of them holds them', async () => {
    const dates = { start_date: '2027-03-01', end_date: '2027-03-04' };
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? create(300 + i, dates)
          : t.app.inject({
              method: 'POST',
              url: bookingPaths.closedDates,
              headers: bearer(token),
              payload: { property_id: apartment, ...dates },
            }),
      ),
    );
    expect(outcome(responses)).toEqual({ won: 1, refused: 9 });
    const nights = await t.database.db.select().from(unitNights).where(eq(unitNights.propertyId, apartment));
    expect(nights.filter((n) => n.night.startsWith('2027-03'))).toHaveLength(3);
  });
});
