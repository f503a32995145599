import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { addDays } from '@posada/domain/booking-rules';
import { todayIn } from '@posada/domain/zoned-time';
import autocannon, { type Request as BenchRequest } from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Database } from '../apps/api/src/db/client.ts';
import { accounts, users } from '../apps/api/src/db/schema/accounts.ts';
import { properties } from '../apps/api/src/db/schema/properties.ts';
import { rates, rooms, roomTypes } from '../apps/api/src/db/schema/rooms.ts';
import { rowsOf } from '../apps/api/src/lib/sql.ts';
import { hashPassword } from '../apps/api/src/modules/auth/password.ts';
import { type BenchRow, writeReport } from './report.ts';
import { postgresUrl, type Target, targets } from './targets.ts';

const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_BOOKING_CONNECTIONS ?? 50);
const apartmentsCount = 40;
const roomsPerType = 25;
const horizonDays = 120;
const password = 'Bench-Password-2026';
const email = 'bench-bookings@example.com';

interface Inventory {
  accountId: string;
  apartments: string[];
  hotelId: string;
  types: string[];
}

async function seed(database: Database): Promise<Inventory> {
  const { db } = database;
  const [account] = await db
    .insert(accounts)
    .values({ name: 'Bench', statusSubscription: 'subscribed', quantity: 100, roomQuantity: 100 })
    .returning({ id: accounts.id });
  if (!account) throw new Error('account not inserted');
  await db.insert(users).values({
    accountId: account.id,
    type: 'empresa',
    name: 'Bench',
    email,
    phone: '+34612345678',
    passwordHash: await hashPassword(password),
    emailVerifiedAt: new Date(),
  });
  const apartments = await db
    .insert(properties)
    .values(
      Array.from({ length: apartmentsCount }, (_, i) => ({
        accountId: account.id,
        nombre: `Apartamento ${i + 1}`,
        tipoPropiedad: 'apartamento',
        priceNight: 9_000,
        guests: 4,
      })),
    )
    .returning({ id: properties.id });
  const [hotel] = await db
    .insert(properties)
    .values({
      accountId: account.id,
      nombre: 'Hotel',
      tipoPropiedad: 'hotel',
      priceNight: 12_000,
      guests: 200,
    })
    .returning({ id: properties.id });
  if (!hotel) throw new Error('hotel not inserted');
  const types = await db
    .insert(roomTypes)
    .values(
      ['Doble', 'Suite'].map((name) => ({
        accountId: account.id,
        propertyId: hotel.id,
        name,
        adults: 2,
        children: 1,
      })),
    )
    .returning({ id: roomTypes.id });
  await db.insert(rooms).values(
    types.flatMap((type, t) =>
      Array.from({ length: roomsPerType }, (_, i) => ({
        accountId: account.id,
        propertyId: hotel.id,
        roomTypeId: type.id,
        name: `${t + 1}${String(i + 1).padStart(2, '0')}`,
      })),
    ),
  );
  await db.insert(rates).values(
    types.map((type) => ({
      accountId: account.id,
      propertyId: hotel.id,
      roomTypeId: type.id,
      name: 'Estándar',
      occupancy: 2,
      price: 12_000,
    })),
  );
  return {
    accountId: account.id,
    apartments: apartments.map((a) => a.id),
    hotelId: hotel.id,
    types: types.map((t) => t.id),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

interface Outcome {
  row: Omit<BenchRow, 'database'>;
  created: number;
  refused: number;
}

async function measure(label: string, url: string, token: string, body: () => object): Promise<Outcome> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const requests: BenchRequest[] = [
    {
      method: 'POST',
      path: '/api/create/new-booking',
      setupRequest: (request) => ({
        ...request,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body()),
      }),
    },
  ];
  // PGlite serves one transaction at a time: 50 clients queue, so allow a long wait per answer.
  const run = autocannon({ url, connections, duration: durationSeconds, timeout: 60, requests });
  run.on('response', (_client, statusCode, _bytes, ms) => {
    latencies.push(ms);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await run;
  latencies.sort((a, b) => a - b);
  const created = statuses.get(201) ?? 0;
  const refused = statuses.get(409) ?? 0;
  return {
    created,
    refused,
    row: {
      scenario: label,
      connections,
      seconds: result.duration,
      requests: latencies.length,
      okPerSecond: created / result.duration,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      // Answers other than created (201) or dates taken (409), connection errors and timeouts.
      failures: latencies.length - created - refused + result.errors + result.timeouts,
      statuses: Object.fromEntries(statuses),
    },
  };
}

interface Check {
  bookings: number;
  duplicateNights: number;
  overlaps: number;
  missingNights: number;
  typeOversold: number;
}

/** Overbooking checks, straight on the database after the run. */
async function check(database: Database, accountId: string): Promise<Check> {
  const [row] = await rowsOf<Check>(
    database.db,
    sql`with stay_units as (
          select b.id, b.start_date, b.end_date, coalesce(r.id, b.property_id) as unit_id
          from bookings b left join lateral unnest(b.room_ids) as r(id) on true
          where b.account_id = ${accountId} and b.status <> 'cancelled'
        )
        select
          (select count(*) from bookings where account_id = ${accountId})::int as bookings,
          (select count(*) from (select unit_id, night from unit_nights where account_id = ${accountId}
             group by unit_id, night having count(*) > 1) d)::int as "duplicateNights",
          (select count(*) from stay_units a join stay_units b
             on a.unit_id = b.unit_id and a.id < b.id and a.start_date < b.end_date and b.start_date < a.end_date
          )::int as overlaps,
          ((select coalesce(sum(end_date - start_date), 0) from stay_units)
            - (select count(*) from unit_nights where account_id = ${accountId} and booking_id is not null))::int
            as "missingNights",
          (select count(*) from (
             select ro.room_type_id, un.night from unit_nights un join rooms ro on ro.id = un.unit_id
             where un.account_id = ${accountId}
             group by ro.room_type_id, un.night
             having count(*) > (select count(*) from rooms r2 where r2.room_type_id = ro.room_type_id)
           ) o)::int as "typeOversold"`,
  );
  if (!row) throw new Error('no check row');
  return row;
}

/** The checks once no request is still writing: two equal counts of bookings a second apart. */
async function settled(database: Database, accountId: string): Promise<Check> {
  let last = await check(database, accountId);
  for (let i = 0; i < 60; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = await check(database, accountId);
    if (now.bookings === last.bookings) return now;
    last = now;
  }
  return last;
}

const notes: string[] = [];

async function benchTarget(target: Target): Promise<BenchRow[]> {
  const { database } = target;
  await database.migrate();
  const inventory = await seed(database);
  const config = loadConfig({
    NODE_ENV: 'production',
    // A random secret per run: production refuses to start without one.
    APP_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: 'memory://',
    // A load test is one address firing thousands of requests; the limits are not what it measures.
    RATE_LIMIT_MAX: '1000000000',
    RATE_LIMIT_PUBLIC_MAX: '1000000000',
  });
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const url = `http://127.0.0.1:${address.port}`;
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status}`);
  const token = ((await res.json()) as { data: { token: string } }).data.token;

  const today = todayIn('Europe/Madrid', new Date());
  let n = 0;
  const guest = () => {
    n++;
    return { name: `Huésped ${n}`, email: `h${n}@example.com`, phone: '+34 600 000 000', price: 30_000 };
  };
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)] as T;
  const spread = () => {
    const start = addDays(today, 1 + Math.floor(Math.random() * horizonDays));
    if (Math.random() < 0.6) {
      return {
        ...guest(),
        property_id: pick(inventory.apartments),
        start_date: start,
        end_date: addDays(start, 1 + Math.floor(Math.random() * 5)),
        number_of_guests: 2,
      };
    }
    return {
      ...guest(),
      property_id: inventory.hotelId,
      room_type_id: pick(inventory.types),
      quantity: 1 + Math.floor(Math.random() * 2),
      start_date: start,
      end_date: addDays(start, 1 + Math.floor(Math.random() * 4)),
      number_of_guests: 2,
    };
  };
  const hotSpot = () => ({
    ...guest(),
    property_id: inventory.apartments[0],
    start_date: addDays(today, horizonDays + 30),
    end_date: addDays(today, horizonDays + 33),
    number_of_guests: 2,
  });

  try {
    const rows: BenchRow[] = [];
    for (const [label, body] of [
      ['POST /api/create/new-booking, random stays (40 apartments, 50 hotel rooms)', spread],
      ['POST /api/create/new-booking, every client the same nights of one apartment', hotSpot],
    ] as const) {
      const before = await check(database, inventory.accountId);
      const outcome = await measure(label, url, token, body);
      // autocannon drops its connections at the deadline; the requests then in flight still finish on the
      // server (and may create bookings nobody counted): wait until the number of bookings settles.
      const after = await settled(database, inventory.accountId);
      const stored = after.bookings - before.bookings;
      const clean =
        after.duplicateNights === 0 &&
        after.overlaps === 0 &&
        after.missingNights === 0 &&
        after.typeOversold === 0 &&
        stored >= outcome.created &&
        // Besides the counted creates: requests in flight at the deadline or past the client's timeout.
        stored <= outcome.created + outcome.row.failures + connections;
      notes.push(
        `${target.label}, ${label}: ${outcome.created} created (201), ${outcome.refused} refused (409 dates taken), ` +
          `${stored} bookings stored (with the requests in flight at the deadline); overbooking checks — ` +
          `nights sold twice ${after.duplicateNights}, overlapping stays on a unit ${after.overlaps}, ` +
          `stays missing nights ${after.missingNights}, room-type nights over capacity ${after.typeOversold}: ` +
          `${clean ? 'zero overbookings' : 'FAILED'}.`,
      );
      if (body === hotSpot) {
        const [hot] = await rowsOf<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from bookings
              where property_id = ${inventory.apartments[0] ?? ''} and status <> 'cancelled'
                and start_date < ${addDays(today, horizonDays + 33)}::date
                and end_date > ${addDays(today, horizonDays + 30)}::date`,
        );
        notes.push(
          `${target.label}, hot spot: ${hot?.n} stay holds the contested nights (exactly one expected).`,
        );
        if (hot?.n !== 1) process.exitCode = 1;
      }
      if (!clean) process.exitCode = 1;
      rows.push({ database: target.label, ...outcome.row });
    }
    return rows;
  } finally {
    await app.close();
  }
}

const loadAtStart = loadavg()[0] ?? 0;
const rows: BenchRow[] = [];
for (const open of targets) {
  const target = await open();
  try {
    console.log(`booking bench on ${target.label}…`);
    rows.push(...(await benchTarget(target)));
  } finally {
    await target.dispose();
  }
}

const machine = `${availableParallelism()} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadAtStart.toFixed(1)} at start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
writeReport('bookings', {
  title: 'Booking creation under 50 concurrent clients',
  machine,
  notes: [
    `${durationSeconds} s per scenario; autocannon with ${connections} connections against the real API on 127.0.0.1. "requests/s" counts created bookings (201); "not 200" counts answers other than 201 or 409 (dates taken), errors and timeouts.`,
    'Each create checks arrival, capacity, stop-sell and minimum stay, allocates free hotel rooms and inserts the nights into unit_nights in one transaction (docs/decisions.md).',
    ...notes,
    postgresUrl
      ? 'PostgreSQL: a throwaway database on the given server.'
      : 'PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).',
  ],
  rows,
});
