import { addDays, type BookingChannel, type PriceLine } from '@posada/domain/booking-rules';
import { todayIn } from '@posada/domain/zoned-time';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, users } from '../db/schema/accounts.ts';
import { bookings, closedDates, nightPrices } from '../db/schema/bookings.ts';
import { properties } from '../db/schema/properties.ts';
import { rates, rooms, roomTypes } from '../db/schema/rooms.ts';
import type { Clock } from '../lib/clock.ts';
import {
  type ClosureInput,
  insertClosures,
  insertStays,
  type StayInput,
  upsertNightPrices,
} from './stay-rows.ts';

/**
 * Demo reservations (issue 4 item 8): a year of stays around today on the demo apartment, villa and hotel —
 * six months back and six ahead — so the calendars and the dashboard always show real content. Dated from
 * the clock and drawn from a fixed-seed generator, so two runs on the same day give the same data.
 *
 * - occupancy around 55–75 %, Friday and Saturday nights fuller, summer and Christmas busier;
 * - per-night prices: weekends +20 %, summer, Holy Week and Christmas ranges, minimum stays;
 * - a few cancellations, paused stays, paid and pending payments, channels manual, web, Booking.com and
 *   Airbnb, guests from Spain and Latin America, promotions and tourist taxes on some;
 * - closed dates on the apartment, the villa and one hotel room; hotel rooms assigned one by one (and a few
 *   two-room groups), the room in maintenance keeping only its past stays.
 *
 * Everything goes in through unit_nights, so the (unit, night) key proves there is no overlap. Nights more
 * than six months ahead stay free (flows that book can use them). Idempotent: a property that already has
 * reservations, night prices or closed dates keeps them and gets nothing more of that kind.
 */

export const DEMO_BOOKINGS_DAYS_BACK = 182;
export const DEMO_BOOKINGS_DAYS_AHEAD = 182;

interface DemoUnitPlan {
  email: string;
  nombre: string;
  /** Stay length in nights: min and max. */
  nights: [number, number];
  /** Chance of an arrival on a free weekday (weekends get more). */
  arrival: number;
  channels: [BookingChannel, number][];
  maxGuests: number;
}

const plans: DemoUnitPlan[] = [
  {
    email: 'demo@posada.local',
    nombre: 'Apartamento Sol de Triana',
    nights: [2, 6],
    arrival: 0.28,
    channels: [
      ['airbnb', 40],
      ['booking', 30],
      ['manual', 15],
      ['web', 15],
    ],
    maxGuests: 4,
  },
  {
    email: 'demo@posada.local',
    nombre: 'Villa Mar Azul',
    nights: [3, 9],
    arrival: 0.17,
    channels: [
      ['airbnb', 35],
      ['booking', 20],
      ['manual', 25],
      ['web', 20],
    ],
    maxGuests: 8,
  },
  {
    email: 'hotel@posada.local',
    nombre: 'Hotel Alameda Centro',
    nights: [1, 4],
    arrival: 0.3,
    channels: [
      ['booking', 50],
      ['manual', 25],
      ['web', 20],
      ['airbnb', 5],
    ],
    maxGuests: 2,
  },
];

const firstNames = [
  'Lucía',
  'Martín',
  'Sofía',
  'Hugo',
  'Valentina',
  'Mateo',
  'Camila',
  'Alejandro',
  'Daniela',
  'Pablo',
  'Martina',
  'Diego',
  'Paula',
  'Javier',
  'Elena',
  'Santiago',
  'Carmen',
  'Sebastián',
  'Isabel',
  'Andrés',
  'Julia',
  'Nicolás',
  'Ximena',
  'Gonzalo',
  'Renata',
  'Álvaro',
  'Mariana',
  'Tomás',
  'Nerea',
  'Joaquín',
];
const lastNames = [
  'García',
  'Fernández',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Rodríguez',
  'Hernández',
  'Díaz',
  'Moreno',
  'Álvarez',
  'Romero',
  'Navarro',
  'Torres',
  'Ramírez',
  'Vargas',
  'Castillo',
  'Rojas',
  'Mendoza',
  'Herrera',
  'Aguilar',
  'Ortiz',
  'Restrepo',
  'Quispe',
  'Salazar',
  'Villalobos',
  'Iglesias',
  'Cabrera',
  'Soto',
];
/** Where guests come from: dialling code and a typical mobile prefix. */
const origins: [string, string, number][] = [
  ['+34', '6', 55],
  ['+52', '155', 12],
  ['+57', '310', 10],
  ['+54', '911', 8],
  ['+56', '9', 5],
  ['+51', '9', 5],
  ['+593', '99', 5],
];

/** A small deterministic generator (mulberry32) seeded from a text. */
export function generator(seed: string) {
  let a = 0;
  for (const ch of seed) a = (Math.imul(a ^ ch.charCodeAt(0), 2654435761) + 1) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const weighted = <T>(items: readonly [T, number][]): T => {
    let r = next() * items.reduce((acc, [, w]) => acc + w, 0);
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return (items.at(-1) as [T, number])[0];
  };
  return { next, int, pick, weighted };
}
type Random = ReturnType<typeof generator>;

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const monthDay = (date: string) => date.slice(5);

/** Season of a night: price factor and minimum stay for apartments/villas (hotels keep 1 but New Year). */
function season(date: string): { factor: number; minStay: number; name: string } {
  const md = monthDay(date);
  if (md >= '12-20' || md <= '01-06')
    return { factor: 1.25, minStay: md === '12-31' ? 3 : 2, name: 'christmas' };
  if (md >= '06-15' && md <= '09-15') return { factor: 1.35, minStay: 4, name: 'summer' };
  if (md >= '03-28' && md <= '04-06') return { factor: 1.3, minStay: 3, name: 'holy-week' };
  return { factor: 1, minStay: 1, name: 'low' };
}

/** A night's price in minor units from the base: the season, and Friday and Saturday nights +20 %. */
function nightPrice(base: number, date: string): number {
  const weekend = weekday(date) === 5 || weekday(date) === 6 ? 1.2 : 1;
  return Math.round((base * season(date).factor * weekend) / 100) * 100;
}

/** How much more likely an arrival is on this day: Thursday to Saturday and high season. */
function arrivalBoost(date: string): number {
  const day = weekday(date);
  const weekend = day === 5 ? 2.2 : day === 4 || day === 6 ? 1.5 : 0.8;
  const s = season(date).name;
  return weekend * (s === 'summer' || s === 'christmas' ? 1.4 : s === 'holy-week' ? 1.3 : 1);
}

interface Guest {
  name: string;
  email: string;
  phone: string;
}
function guestOf(random: Random, used: Set<string>): Guest {
  const first = random.pick(firstNames);
  const last = `${random.pick(lastNames)} ${random.pick(lastNames)}`;
  const [code, prefix] = random.weighted(origins.map(([c, p, w]) => [[c, p] as const, w]));
  const digits = String(random.int(10_000_000, 99_999_999)).slice(0, 9 - prefix.length + 1);
  let email = `${first}.${last.split(' ')[0]}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  while (used.has(email)) email = `${email}${random.int(1, 9)}`;
  used.add(email);
  return { name: `${first} ${last}`, email: `${email}@example.com`, phone: `${code} ${prefix}${digits}` };
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function codeOf(random: Random, used: Set<string>): string {
  for (;;) {
    const code = `PS-${Array.from({ length: 6 }, () => random.pick([...CODE_ALPHABET])).join('')}`;
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
  }
}

interface Unit {
  /** Property id or room id. */
  id: string;
  roomTypeId: string | null;
  maxGuests: number;
  /** Base price of a night (property price or the room type's cheapest rate). */
  base: number;
  /** In maintenance: keeps only stays that ended before today. */
  maintenance: boolean;
  /** Taken nights, as offsets from the first day. */
  taken: Set<number>;
}

interface Context {
  accountId: string;
  propertyId: string;
  hotel: boolean;
  today: string;
  first: string;
  now: Date;
  random: Random;
  plan: DemoUnitPlan;
  guests: Set<string>;
  codes: Set<string>;
}

/** Whether nights [start, start + n) of all the units are free (and not after the window). */
const free = (units: Unit[], start: number, n: number, last: number) => {
  if (start + n > last) return false;
  for (const u of units) for (let i = start; i < start + n; i++) if (u.taken.has(i)) return false;
  return true;
};

function stayOf(ctx: Context, units: Unit[], start: number, n: number): StayInput {
  const { random } = ctx;
  const startDate = addDays(ctx.first, start);
  const endDate = addDays(startDate, n);
  for (const u of units) for (let i = start; i < start + n; i++) u.taken.add(i);
  const past = endDate <= ctx.today;
  const guest = guestOf(random, ctx.guests);
  const unit = units[0] as Unit;
  let price = 0;
  for (let i = 0; i < n; i++) price += nightPrice(unit.base, addDays(startDate, i)) * units.length;
  const guestsCount = random.int(1, unit.maxGuests * units.length);
  const promotions: PriceLine[] = [];
  if (n >= 7 && random.next() < 0.6) {
    promotions.push({ description: 'Descuento estancia larga 10 %', price: Math.round(price / 1000) * 100 });
  } else if (random.next() < 0.08) {
    promotions.push({ description: 'Cliente habitual', price: 1_500 });
  }
  const taxes: PriceLine[] =
    !ctx.hotel && random.next() < 0.35
      ? [{ description: 'Tasa turística', price: Math.min(n, 7) * guestsCount * 100 }]
      : [];
  const lead = random.int(2, 75);
  const created = new Date(
    `${addDays(startDate, -lead)}T${String(random.int(8, 22)).padStart(2, '0')}:15:00Z`,
  );
  return {
    accountId: ctx.accountId,
    propertyId: ctx.propertyId,
    code: codeOf(random, ctx.codes),
    ...guest,
    startDate,
    endDate,
    guests: guestsCount,
    status: 'booked',
    paymentStatus: past
      ? random.next() < 0.92
        ? 'paid'
        : 'pending'
      : random.next() < 0.35
        ? 'paid'
        : 'pending',
    paused: !past && random.next() < 0.1,
    channel: random.weighted(ctx.plan.channels),
    roomTypeId: unit.roomTypeId,
    roomIds: ctx.hotel ? units.map((u) => u.id) : [],
    price,
    promotions,
    taxes,
    deposit: !past && !ctx.hotel && random.next() < 0.2 ? 10_000 : 0,
    createdAt: created < ctx.now ? created : new Date(ctx.now.getTime() - random.int(1, 30) * 3_600_000),
  };
}

/**
 * Walks the days of each unit: on a free day a stay may start (likelier at weekends and in high season),
 * lasting the plan's nights and respecting the minimum stay of its arrival night.
 */
function fillUnit(ctx: Context, unit: Unit, last: number, todayOffset: number): StayInput[] {
  const out: StayInput[] = [];
  const [minNights, maxNights] = ctx.plan.nights;
  for (let day = 0; day < last; ) {
    const date = addDays(ctx.first, day);
    const wanted = ctx.random.int(minNights, maxNights);
    const n = Math.max(wanted, ctx.hotel ? 1 : season(date).minStay);
    const mayStart = !unit.maintenance || day + n <= todayOffset;
    if (mayStart && ctx.random.next() < ctx.plan.arrival * arrivalBoost(date) && free([unit], day, n, last)) {
      out.push(stayOf(ctx, [unit], day, n));
      day += n;
    } else day += 1;
  }
  return out;
}

/** A cancelled stay (holds no nights): what the guest had booked before cancelling. */
function cancelledOf(ctx: Context, unit: Unit, last: number): StayInput {
  const start = ctx.random.int(0, last - 8);
  const n = ctx.random.int(ctx.plan.nights[0], ctx.plan.nights[1]);
  const stay = stayOf(ctx, [{ ...unit, taken: new Set() }], start, n);
  return { ...stay, status: 'cancelled', paused: false, paymentStatus: 'pending', deposit: 0 };
}

export async function seedDemoBookings(
  db: Db,
  clock: Clock,
  note: (created: boolean, what: string) => void,
  emailFor: (demoEmail: string) => string = (email) => email,
): Promise<void> {
  const now = clock.now();
  for (const plan of plans) {
    const [property] = await db
      .select({
        id: properties.id,
        accountId: properties.accountId,
        tipo: properties.tipoPropiedad,
        timeZone: properties.timeZone,
        priceNight: properties.priceNight,
        guests: properties.guests,
      })
      .from(properties)
      .innerJoin(accounts, eq(accounts.id, properties.accountId))
      .innerJoin(users, eq(users.accountId, accounts.id))
      .where(and(eq(users.email, emailFor(plan.email)), eq(properties.nombre, plan.nombre)))
      .limit(1);
    if (!property) continue;
    const hotel = property.tipo === 'hotel' || property.tipo === 'camping';
    const today = todayIn(property.timeZone, now);
    const first = addDays(today, -DEMO_BOOKINGS_DAYS_BACK);
    const last = DEMO_BOOKINGS_DAYS_BACK + DEMO_BOOKINGS_DAYS_AHEAD;
    const ofProperty = (table: typeof bookings | typeof nightPrices | typeof closedDates) =>
      and(eq(table.accountId, property.accountId), eq(table.propertyId, property.id));
    const has = async (table: typeof bookings | typeof nightPrices | typeof closedDates) =>
      Number((await db.select({ n: count() }).from(table).where(ofProperty(table)))[0]?.n ?? 0) > 0;
    const random = generator(`${plan.nombre}:${today}`);
    const ctx: Context = {
      accountId: property.accountId,
      propertyId: property.id,
      hotel,
      today,
      first,
      now,
      random,
      plan,
      guests: new Set(),
      codes: new Set(
        (
          await db
            .select({ code: bookings.code })
            .from(bookings)
            .where(eq(bookings.accountId, property.accountId))
        ).map((b) => b.code),
      ),
    };

    // Units and their base prices, as the calendar prices a night without its own row.
    let units: Unit[];
    const typeBase = new Map<string, number>();
    if (hotel) {
      const types = await db
        .select({ id: roomTypes.id, adults: roomTypes.adults, children: roomTypes.children })
        .from(roomTypes)
        .where(and(eq(roomTypes.accountId, property.accountId), eq(roomTypes.propertyId, property.id)));
      const typeRates = await db
        .select({ roomTypeId: rates.roomTypeId, price: rates.price })
        .from(rates)
        .where(and(eq(rates.accountId, property.accountId), eq(rates.propertyId, property.id)));
      for (const t of types) {
        const own = typeRates.filter((r) => r.roomTypeId === t.id).map((r) => r.price);
        typeBase.set(t.id, own.length > 0 ? Math.min(...own) : (property.priceNight ?? 10_000));
      }
      const roomRows = await db
        .select({ id: rooms.id, roomTypeId: rooms.roomTypeId, status: rooms.status })
        .from(rooms)
        .where(
          and(
            eq(rooms.accountId, property.accountId),
            inArray(
              rooms.roomTypeId,
              types.map((t) => t.id),
            ),
          ),
        )
        .orderBy(asc(rooms.name));
      units = roomRows.map((r) => {
        const type = types.find((t) => t.id === r.roomTypeId);
        return {
          id: r.id,
          roomTypeId: r.roomTypeId,
          maxGuests: type ? type.adults + type.children : 2,
          base: typeBase.get(r.roomTypeId) ?? 10_000,
          maintenance: r.status === 'maintenance',
          taken: new Set<number>(),
        };
      });
    } else {
      units = [
        {
          id: property.id,
          roomTypeId: null,
          maxGuests: property.guests,
          base: property.priceNight ?? 10_000,
          maintenance: false,
          taken: new Set<number>(),
        },
      ];
    }
    if (units.length === 0) continue;

    // Per-night prices from a month back to a year ahead (weekends, seasons, minimum stays).
    if (!(await has(nightPrices))) {
      const keys: [string, number][] = hotel ? [...typeBase.entries()] : [[property.id, units[0]?.base ?? 0]];
      const nights = [];
      for (let day = -30; day < 365; day++) {
        const date = addDays(today, day);
        const s = season(date);
        for (const [unitKey, base] of keys) {
          const price = nightPrice(base, date);
          const minStay = hotel ? (monthDay(date) === '12-31' ? 2 : 1) : s.minStay;
          if (price === base && minStay === 1) continue;
          nights.push({
            accountId: property.accountId,
            propertyId: property.id,
            unitKey,
            night: date,
            price,
            minStay,
          });
        }
      }
      await upsertNightPrices(db, nights);
      note(true, `    ${nights.length} night prices on '${plan.nombre}' (weekends, seasons, minimum stays)`);
    }

    // Closed dates first, so stays go around them.
    const todayOffset = DEMO_BOOKINGS_DAYS_BACK;
    const closures: (ClosureInput & { unit: Unit; from: number; n: number })[] = [];
    const close = (unit: Unit, from: number, n: number, reason: string, roomId: string | null) => {
      for (let i = from; i < from + n; i++) unit.taken.add(i);
      closures.push({
        accountId: property.accountId,
        propertyId: property.id,
        roomId,
        startDate: addDays(first, from),
        endDate: addDays(first, from + n),
        reason,
        unit,
        from,
        n,
      });
    };
    // A property's stays and closures go in together, once: one that has either keeps it (no clash).
    if ((await has(bookings)) || (await has(closedDates))) {
      note(false, `  reservations and closed dates of '${plan.nombre}' (left unchanged)`);
      continue;
    }
    const [main] = units;
    if (!hotel && main) {
      close(main, todayOffset - 75, 4, 'Pintura y pequeñas reparaciones', null);
      close(main, todayOffset + 38, 3, 'Uso propio', null);
    } else {
      const room = units.find((u) => !u.maintenance && u !== units[0]) ?? units[0];
      if (room) close(room, todayOffset + 12, 5, 'Cambio de moqueta', room.id);
    }

    const stays: StayInput[] = [];
    // Arrivals today, so the dashboard and the calendars show check-ins from the first look.
    const arriving = hotel ? units.filter((u) => !u.maintenance).slice(0, 3) : units;
    for (const [i, unit] of arriving.entries()) {
      const n = Math.max(ctx.plan.nights[0] + i, hotel ? 1 : season(today).minStay);
      if (free([unit], todayOffset, n, last)) stays.push(stayOf(ctx, [unit], todayOffset, n));
    }
    // Hotel groups: two rooms of a type for the same nights.
    if (hotel) {
      for (let g = 0; g < 10; g++) {
        const start = random.int(0, last - 5);
        const n = random.int(2, 4);
        const type = random.pick(units.filter((u) => !u.maintenance)).roomTypeId;
        const pair = units.filter(
          (u) => u.roomTypeId === type && !u.maintenance && free([u], start, n, last),
        );
        if (pair.length >= 2) stays.push(stayOf(ctx, pair.slice(0, 2), start, n));
      }
    }
    for (const unit of units) stays.push(...fillUnit(ctx, unit, last, todayOffset));
    const cancelled = Math.max(2, Math.round(stays.length * 0.05));
    for (let i = 0; i < cancelled; i++)
      stays.push(cancelledOf(ctx, random.pick(units.filter((u) => !u.maintenance)), last));

    await db.transaction(async (tx) => {
      await insertStays(tx as unknown as Db, stays);
      await insertClosures(tx as unknown as Db, closures);
    });
    const open = units.filter((u) => !u.maintenance);
    const sold = open.reduce((acc, u) => acc + u.taken.size, 0) - closures.reduce((acc, c) => acc + c.n, 0);
    const sellable = open.length * last;
    note(
      true,
      `  ${stays.length} reservations on '${plan.nombre}' (${cancelled} cancelled, ${Math.round((sold * 100) / Math.max(1, sellable))} % of nights sold, ${closures.length} closed ranges)`,
    );
  }
}
