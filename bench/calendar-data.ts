// Data sets of the calendar and booking benches: 500 apartments, or one hotel of 500 rooms in 10 room types,
// about 65 % booked with 1–6-night stays over a year, written in bulk through unit_nights.
import { addDays } from '@posada/domain/booking-rules';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client.ts';
import { accounts, users } from '../apps/api/src/db/schema/accounts.ts';
import { properties } from '../apps/api/src/db/schema/properties.ts';
import { rooms, roomTypes } from '../apps/api/src/db/schema/rooms.ts';
import { insertClosures, insertStays, type StayInput } from '../apps/api/src/demo/stay-rows.ts';

export const units = Number(process.env.BENCH_UNITS ?? 500);
export const nights = 365;
export const from = '2027-01-01';
export const to = addDays(from, nights);

/** A small deterministic generator, so both databases hold the same stays. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function account(database: Database, email: string, passwordHash: string): Promise<string> {
  const [row] = await database.db
    .insert(accounts)
    .values({ name: email, statusSubscription: 'subscribed', quantity: units + 1, roomQuantity: units })
    .returning({ id: accounts.id });
  if (!row) throw new Error('account not inserted');
  await database.db.insert(users).values({
    accountId: row.id,
    type: 'empresa',
    name: 'Bench',
    email,
    phone: '+34612345678',
    passwordHash,
    emailVerifiedAt: new Date(),
  });
  return row.id;
}

/** Stays of 1–6 nights with gaps, about 65 % of the nights of [from − 10, to + 10) of one unit. */
function staysOf(random: () => number, base: Omit<StayInput, 'code' | 'startDate' | 'endDate'>, tag: string) {
  const out: StayInput[] = [];
  let day = -10;
  while (day < nights + 10) {
    day += Math.floor(random() * 3);
    const n = 1 + Math.floor(random() * 6);
    out.push({
      ...base,
      code: `${tag}-${out.length}`,
      startDate: addDays(from, day),
      endDate: addDays(from, day + n),
      channel: random() < 0.5 ? 'booking' : 'manual',
      paymentStatus: random() < 0.5 ? 'paid' : 'pending',
    });
    day += n;
  }
  return out;
}

const guest = { name: 'Lucía García Pérez', email: 'lucia@example.com', phone: '+34 600 000 000', guests: 2 };

/** 500 apartments, a price on every night, stays and two closures each. */
export async function seedApartments(database: Database, accountId: string) {
  const { db } = database;
  const ids: string[] = [];
  for (let i = 0; i < units; i += 250) {
    const rows = await db
      .insert(properties)
      .values(
        Array.from({ length: Math.min(250, units - i) }, (_, k) => ({
          accountId,
          nombre: `Apartamento ${String(i + k + 1).padStart(3, '0')}`,
          tipoPropiedad: 'apartamento',
          priceNight: 9_000 + ((i + k) % 7) * 500,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i + k)),
        })),
      )
      .returning({ id: properties.id });
    ids.push(...rows.map((r) => r.id));
  }
  await db.execute(sql`
    insert into night_prices (unit_key, night, account_id, property_id, price, min_stay, stop_sell)
    select p.id, ${from}::date + n, p.account_id, p.id, p.price_night + (n % 7) * 100, 1 + (n % 3), n % 50 = 0
    from properties p cross join generate_series(0, ${nights - 1}) as n
    where p.account_id = ${accountId}`);
  const random = generator(1);
  const stays = ids.flatMap((id, i) =>
    staysOf(random, { accountId, propertyId: id, price: 30_000, ...guest }, `A${i}`),
  );
  await insertStays(db, stays);
  return { stays: stays.length };
}

/** One hotel of 500 rooms in 10 types, stays per room, prices on every night per type. */
export async function seedHotel(database: Database, accountId: string) {
  const { db } = database;
  const [hotel] = await db
    .insert(properties)
    .values({
      accountId,
      nombre: 'Gran Hotel Bench',
      tipoPropiedad: 'hotel',
      priceNight: 12_000,
      guests: 1_000,
    })
    .returning({ id: properties.id });
  if (!hotel) throw new Error('hotel not inserted');
  const types = await db
    .insert(roomTypes)
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        accountId,
        propertyId: hotel.id,
        name: `Tipo ${i + 1}`,
        adults: 2,
      })),
    )
    .returning({ id: roomTypes.id });
  const roomRows = await db
    .insert(rooms)
    .values(
      Array.from({ length: units }, (_, i) => ({
        accountId,
        propertyId: hotel.id,
        roomTypeId: types[i % types.length]?.id ?? '',
        name: String(100 + i),
        status: i % 97 === 0 ? ('maintenance' as const) : ('available' as const),
      })),
    )
    .returning({ id: rooms.id, roomTypeId: rooms.roomTypeId });
  await db.execute(sql`
    insert into night_prices (unit_key, night, account_id, property_id, price, min_stay, stop_sell)
    select rt.id, ${from}::date + n, rt.account_id, rt.property_id, 12000 + (n % 7) * 100, 1, false
    from room_types rt cross join generate_series(0, ${nights - 1}) as n
    where rt.account_id = ${accountId}`);
  const random = generator(2);
  const stays = roomRows.flatMap((room, i) =>
    staysOf(
      random,
      {
        accountId,
        propertyId: hotel.id,
        roomTypeId: room.roomTypeId,
        roomIds: [room.id],
        price: 12_000,
        ...guest,
      },
      `H${i}`,
    ),
  );
  // Keep nights free for a few closures on some rooms.
  const closures = roomRows
    .filter((_, i) => i % 25 === 0)
    .map((room) => ({
      accountId,
      propertyId: hotel.id,
      roomId: room.id,
      startDate: addDays(to, 20),
      endDate: addDays(to, 25),
    }));
  await insertStays(db, stays);
  await insertClosures(db, closures);
  return { stays: stays.length };
}
