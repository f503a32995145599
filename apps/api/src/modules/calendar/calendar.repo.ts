import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf, uuidList } from '../../lib/sql.ts';

/**
 * The calendar's reads: a handful of set-based queries over every property of the request at once (no
 * query per unit or per day). Dates come back as text (YYYY-MM-DD) and counts as int, identically on
 * PostgreSQL and PGlite.
 */

export interface CalendarPropertyRow {
  id: string;
  nombre: string;
  tipo_propiedad: string;
  currency: string;
  guests: number;
  price_night: number | null;
  /** The cheapest rate without a room type. */
  wide_rate: number | null;
}

export interface CalendarRoomTypeRow {
  id: string;
  property_id: string;
  name: string;
  max_guests: number;
  base_price: number | null;
  rooms_count: number;
  /** Rooms of the type not in maintenance: the most that can be free on a night. */
  sellable_rooms: number;
}

export interface CalendarRoomRow {
  id: string;
  property_id: string;
  room_type_id: string;
  name: string;
  status: 'available' | 'occupied' | 'cleaning' | 'maintenance';
}

/**
 * The stays of one unit as JSON text, built by the database: an array of the contract's
 * calendarBookingTuple, soonest first. The calendar of 500 units holds tens of thousands of stays; having PostgreSQL
 * write them spares parsing that many rows and serialising that many objects in the API.
 */
export interface CalendarUnitBookingsRow {
  /** property id (apartment, villa) or room id (hotel). */
  unit_id: string;
  bookings: string;
}

/** A unit's stays before and after the cached months, comma-separated tuples (null for none). */
export interface CalendarBookingEdgesRow {
  unit_id: string;
  head: string | null;
  tail: string | null;
}

/** One month of a unit, as the month cache keeps it. */
export interface MonthTextRow {
  key: string;
  /** First day of the month. */
  month: string;
  text: string;
}

export interface CachedMonthRow {
  key: string;
  month: string;
  generation: number;
  /** null when a write marked it stale. */
  text: string | null;
}

export interface StoredMonth {
  key: string;
  month: string;
  generation: number;
  text: string;
}

/** The two month caches (db/schema/calendar-cache.ts): table, key column, text column. */
export interface MonthCache {
  table: 'calendar_stays_cache' | 'calendar_nights_cache';
  key: 'unit_id' | 'unit_key';
  text: 'stays' | 'nights';
}
export const staysCache: MonthCache = { table: 'calendar_stays_cache', key: 'unit_id', text: 'stays' };
export const nightsCache: MonthCache = { table: 'calendar_nights_cache', key: 'unit_key', text: 'nights' };

export interface CalendarClosedRow {
  id: string;
  property_id: string;
  room_id: string | null;
  start_date: string;
  end_date: string;
  reason: string;
}

/**
 * Explicit per-night rows of one unit key outside the cached whole months, compactly: comma-separated
 * numbers, four per night — offset from `from`, price (-1 for none), min_stay, stop_sell (0 or 1).
 */
export interface CalendarNightPricesRow {
  unit_key: string;
  nights: string;
}

/** Rooms of a type taken (booked or closed) per night, rooms in maintenance left out: offset, count, … */
export interface CalendarTakenRow {
  room_type_id: string;
  nights: string;
}

export type CalendarRepo = ReturnType<typeof createCalendarRepo>;

/**
 * The contract's calendarBookingTuple as JSON text, per row of `bookings b`. Plain concatenation is about
 * twice as fast as json_build_array here; to_json escapes the free text (code, name), the other values are
 * dates, numbers and the app's own enum words. The channel's code (external_ref) is written only when there
 * is one, so the tuples of the app's own bookings stay as short as before.
 */
const stayTuple = sql`'["' || b.id || '",' || to_json(b.code) || ',' || to_json(b.name)
  || ',"' || b.start_date || '","' || b.end_date || '",' || b.guests || ',"' || b.status
  || '","' || b.payment_status || '",' || b.paused::int || ',"' || b.channel || '",' || b.total
  || coalesce(',' || to_json(b.external_ref), '') || ']'`;
const stayOrder = sql`b.start_date, b.created_at, b.id`;
/** Hotels and campings: a stay sits on each room it holds. */
const roomsOfStay = sql`join lateral unnest(b.room_ids) as room(id) on true`;
const unitOf = (perRoom: boolean) => (perRoom ? sql`room.id` : sql`b.property_id`);
/** A night_prices row as its four numbers, the offset counted from `origin`. */
const nightNumbers = (origin: SQL) =>
  sql`(night - ${origin}) || ',' || coalesce(price, -1) || ',' || min_stay || ',' || stop_sell::int`;

export function createCalendarRepo({ db, postgres = false }: { db: Db; postgres?: boolean }) {
  /**
   * The large reads. On PostgreSQL their cost estimates cross jit_above_cost, and compiling them takes
   * longer than it saves (20–30 ms a call on the bench): they run with JIT off, in a transaction of their
   * own so the setting ends with it. PGlite has no JIT.
   */
  const heavy = <T>(query: SQL): Promise<T[]> =>
    postgres
      ? db.transaction(async (tx) => {
          await tx.execute(sql`set local jit = off`);
          return rowsOf<T>(tx as unknown as Db, query);
        })
      : rowsOf<T>(db, query);

  return {
    /** The account's properties, all or those of `ids` (another account's are simply not found). */
    async properties(accountId: string, ids: readonly string[] | null): Promise<CalendarPropertyRow[]> {
      return rowsOf<CalendarPropertyRow>(
        db,
        sql`select p.id, p.nombre, p.tipo_propiedad, p.currency, p.guests, p.price_night,
                   (select min(ra.price) from rates ra
                     where ra.account_id = p.account_id and ra.property_id = p.id
                       and ra.room_type_id is null)::int as wide_rate
            from properties p
            where p.account_id = ${accountId} ${ids ? sql`and p.id = any(${uuidList(ids)})` : sql``}
            order by p.created_at, p.id`,
      );
    },

    /**
     * Room types of the hotels with their base price — the type's cheapest rate, else the property's
     * cheapest rate without a type, else its price_night (as POST /api/calculate-apartment-price prices a
     * night) — and how many rooms they have.
     */
    async roomTypes(accountId: string, propertyIds: readonly string[]): Promise<CalendarRoomTypeRow[]> {
      if (propertyIds.length === 0) return [];
      return rowsOf<CalendarRoomTypeRow>(
        db,
        sql`select rt.id, rt.property_id, rt.name, (rt.adults + rt.children)::int as max_guests,
                   coalesce(
                     (select min(ra.price) from rates ra
                       where ra.account_id = rt.account_id and ra.room_type_id = rt.id),
                     (select min(ra.price) from rates ra
                       where ra.account_id = rt.account_id and ra.property_id = rt.property_id
                         and ra.room_type_id is null),
                     (select p.price_night from properties p where p.id = rt.property_id)
                   )::int as base_price,
                   count(ro.id)::int as rooms_count,
                   (count(ro.id) filter (where ro.status <> 'maintenance'))::int as sellable_rooms
            from room_types rt
            left join rooms ro on ro.room_type_id = rt.id and ro.account_id = rt.account_id
            where rt.account_id = ${accountId} and rt.property_id = any(${uuidList(propertyIds)})
            group by rt.id
            order by rt.created_at, rt.id`,
      );
    },

    /** The rooms of the hotels, in their type's order and then by name. */
    async rooms(accountId: string, propertyIds: readonly string[]): Promise<CalendarRoomRow[]> {
      if (propertyIds.length === 0) return [];
      return rowsOf<CalendarRoomRow>(
        db,
        sql`select ro.id, ro.property_id, ro.room_type_id, ro.name, ro.status
            from rooms ro join room_types rt on rt.id = ro.room_type_id
            where ro.account_id = ${accountId} and ro.property_id = any(${uuidList(propertyIds)})
            order by rt.created_at, rt.id, length(ro.name), ro.name, ro.id`,
      );
    },

    /**
     * Stays per unit, cancelled ones left out (their nights are free again), on the property (apartment,
     * villa) or on each of the rooms assigned (hotel), soonest first, as the comma-separated text of
     * calendarBookingTuple: `head` those overlapping [from, before), `tail` those starting in [after, to).
     * The months between come from the month cache (calendar-month-cache.ts).
     */
    async bookingEdges(
      accountId: string,
      propertyIds: readonly string[],
      window: { from: string; before: string; after: string; to: string },
      perRoom: boolean,
    ): Promise<CalendarBookingEdgesRow[]> {
      if (propertyIds.length === 0) return [];
      const { from, before, after, to } = window;
      return heavy<CalendarBookingEdgesRow>(
        sql`select ${unitOf(perRoom)} as unit_id,
                   string_agg(${stayTuple}, ',' order by ${stayOrder})
                     filter (where b.start_date < ${before}::date) as head,
                   string_agg(${stayTuple}, ',' order by ${stayOrder})
                     filter (where b.start_date >= ${after}::date) as tail
            from bookings b ${perRoom ? roomsOfStay : sql``}
            where b.account_id = ${accountId} and b.property_id = any(${uuidList(propertyIds)})
              and b.status <> 'cancelled'
              and ((b.start_date < ${before}::date and b.end_date > ${from}::date)
                or (b.start_date >= ${after}::date and b.start_date < ${to}::date))
            group by 1`,
      );
    },

    /** The month cache's stays of `units` for the months [first, end): per unit and month of start_date. */
    async bookingMonths(
      accountId: string,
      propertyIds: readonly string[],
      units: readonly string[],
      first: string,
      end: string,
      perRoom: boolean,
    ): Promise<MonthTextRow[]> {
      if (units.length === 0) return [];
      return heavy<MonthTextRow>(
        sql`select ${unitOf(perRoom)} as key, to_char(b.start_date, 'YYYY-MM-01') as month,
                   string_agg(${stayTuple}, ',' order by ${stayOrder}) as text
            from bookings b ${perRoom ? roomsOfStay : sql``}
            where b.account_id = ${accountId} and b.property_id = any(${uuidList(propertyIds)})
              and ${unitOf(perRoom)} = any(${uuidList(units)})
              and b.status <> 'cancelled'
              and b.start_date >= ${first}::date and b.start_date < ${end}::date
            group by 1, 2`,
      );
    },

    async closedDates(
      accountId: string,
      propertyIds: readonly string[],
      from: string,
      to: string,
    ): Promise<CalendarClosedRow[]> {
      if (propertyIds.length === 0) return [];
      return rowsOf<CalendarClosedRow>(
        db,
        sql`select id, property_id, room_id, start_date::text as start_date, end_date::text as end_date,
                   reason
            from closed_dates
            where account_id = ${accountId} and property_id = any(${uuidList(propertyIds)})
              and start_date < ${to}::date and end_date > ${from}::date
            order by start_date, id`,
      );
    },

    /** Explicit per-night rows in [from, before) and [after, to), per unit key, offsets from `from`. */
    async nightPriceEdges(
      accountId: string,
      propertyIds: readonly string[],
      window: { from: string; before: string; after: string; to: string },
    ): Promise<CalendarNightPricesRow[]> {
      if (propertyIds.length === 0) return [];
      const { from, before, after, to } = window;
      return heavy<CalendarNightPricesRow>(
        sql`select unit_key, string_agg(${nightNumbers(sql`${from}::date`)}, ',') as nights
            from night_prices
            where account_id = ${accountId} and property_id = any(${uuidList(propertyIds)})
              and ((night >= ${from}::date and night < ${before}::date)
                or (night >= ${after}::date and night < ${to}::date))
            group by unit_key`,
      );
    },

    /** Explicit night rows of `keys` in [first, end), per unit key, offsets from `first`. */
    async nightPriceRange(
      accountId: string,
      propertyIds: readonly string[],
      keys: readonly string[],
      first: string,
      end: string,
    ): Promise<CalendarNightPricesRow[]> {
      if (keys.length === 0) return [];
      return heavy<CalendarNightPricesRow>(
        sql`select unit_key, string_agg(${nightNumbers(sql`${first}::date`)}, ',') as nights
            from night_prices
            where account_id = ${accountId} and property_id = any(${uuidList(propertyIds)})
              and unit_key = any(${uuidList(keys)})
              and night >= ${first}::date and night < ${end}::date
            group by unit_key`,
      );
    },

    /** Cached months of `keys` in [first, end), stale ones included (text null). */
    async cachedMonths(
      cache: MonthCache,
      accountId: string,
      keys: readonly string[],
      first: string,
      end: string,
    ): Promise<CachedMonthRow[]> {
      if (keys.length === 0) return [];
      const table = sql.identifier(cache.table);
      const key = sql.identifier(cache.key);
      const text = sql.identifier(cache.text);
      return rowsOf<CachedMonthRow>(
        db,
        sql`select ${key} as key, month::text as month, generation, ${text} as text from ${table}
            where account_id = ${accountId} and ${key} = any(${uuidList(keys)})
              and month >= ${first}::date and month < ${end}::date`,
      );
    },

    /**
     * Stores rebuilt months, each only if it is still at the generation it was read at (0 when it was
     * absent): a month a write marked stale meanwhile stays stale. Sorted as the triggers mark them. On
     * PostgreSQL it gives up after a short lock wait rather than hold up a booking (a writer that marks
     * several months over several statements could otherwise deadlock with it): the months stay stale.
     */
    async storeMonths(cache: MonthCache, accountId: string, rows: StoredMonth[]): Promise<void> {
      if (rows.length === 0) return;
      const sorted = [...rows].sort((a, b) =>
        a.key === b.key ? a.month.localeCompare(b.month) : a.key < b.key ? -1 : 1,
      );
      const table = sql.identifier(cache.table);
      const key = sql.identifier(cache.key);
      const text = sql.identifier(cache.text);
      const store = sql`insert into ${table} as c (${key}, month, account_id, generation, ${text})
            select x.key, x.month, ${accountId}, x.generation, x.text
            from json_to_recordset(${JSON.stringify(sorted)}::json)
              as x(key uuid, month date, generation int, text text)
            on conflict (${key}, month) do update set ${text} = excluded.${text}
            where c.generation = excluded.generation and c.${text} is null`;
      if (!postgres) {
        await db.execute(store);
        return;
      }
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '200ms'`);
        await tx.execute(store);
      });
    },

    /** Per room type and night, how many of its rooms (not in maintenance) are booked or closed. */
    async takenRooms(
      accountId: string,
      propertyIds: readonly string[],
      from: string,
      to: string,
    ): Promise<CalendarTakenRow[]> {
      if (propertyIds.length === 0) return [];
      return heavy<CalendarTakenRow>(
        sql`select room_type_id, string_agg(off || ',' || taken, ',') as nights
            from (
              select ro.room_type_id, un.night - ${from}::date as off, count(*) as taken
              from unit_nights un join rooms ro on ro.id = un.unit_id
              where un.account_id = ${accountId} and un.property_id = any(${uuidList(propertyIds)})
                and un.night >= ${from}::date and un.night < ${to}::date
                and ro.status <> 'maintenance'
              group by ro.room_type_id, un.night
            ) per_night
            group by room_type_id`,
      );
    },
  };
}
