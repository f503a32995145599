import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The calendar's reads: a handful of set-based queries over every property of the request at once (no
 * query per unit or per day). Dates come back as text (YYYY-MM-DD) and counts as int, identically on
 * PostgreSQL and PGlite.
 */

export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A list of uuids as one parameter (works the same on node-postgres and PGlite). */
export const uuidList = (ids: readonly string[]) => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;

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

export interface CalendarClosedRow {
  id: string;
  property_id: string;
  room_id: string | null;
  start_date: string;
  end_date: string;
  reason: string;
}

/**
 * The explicit per-night rows of one unit key, compactly: a JSON array of numbers, four per night —
 * offset from `from`, price (-1 for none), min_stay, stop_sell (0 or 1). A year of 500 units is 500 short
 * texts that JSON.parse reads natively, instead of 182 500 rows.
 */
export interface CalendarNightPricesRow {
  unit_key: string;
  nights: string;
}

/** Rooms of a type taken (booked or closed) per night, rooms in maintenance left out: [offset, count, …]. */
export interface CalendarTakenRow {
  room_type_id: string;
  nights: string;
}

export type CalendarRepo = ReturnType<typeof createCalendarRepo>;

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
     * Stays overlapping [from, to) per unit, cancelled ones left out (their nights are free again): on the
     * property (apartment, villa) or on each of the rooms assigned (hotel).
     */
    async bookings(
      accountId: string,
      propertyIds: readonly string[],
      from: string,
      to: string,
      /** Hotels and campings: each stay on every room it holds; otherwise on the property. */
      perRoom: boolean,
    ): Promise<CalendarUnitBookingsRow[]> {
      if (propertyIds.length === 0) return [];
      // The contract's calendarBookingTuple. Plain concatenation is about twice as fast as json_build_array
      // here; to_json escapes the free text (code, name), the other values are dates, numbers and the app's
      // own enum words.
      const stay = sql`'["' || b.id || '",' || to_json(b.code) || ',' || to_json(b.name)
        || ',"' || b.start_date || '","' || b.end_date || '",' || b.guests || ',"' || b.status
        || '","' || b.payment_status || '",' || b.paused::int || ',"' || b.channel || '",' || b.total || ']'`;
      return heavy<CalendarUnitBookingsRow>(
        sql`select ${perRoom ? sql`room.id` : sql`b.property_id`} as unit_id,
                   '[' || string_agg(${stay}, ',' order by b.start_date, b.created_at, b.id) || ']' as bookings
            from bookings b
            ${perRoom ? sql`join lateral unnest(b.room_ids) as room(id) on true` : sql``}
            where b.account_id = ${accountId} and b.property_id = any(${uuidList(propertyIds)})
              and b.status <> 'cancelled'
              and b.start_date < ${to}::date and b.end_date > ${from}::date
            group by 1`,
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

    /** Explicit per-night prices in [from, to), one row per unit key (property or room type). */
    async nightPrices(
      accountId: string,
      propertyIds: readonly string[],
      from: string,
      to: string,
    ): Promise<CalendarNightPricesRow[]> {
      if (propertyIds.length === 0) return [];
      return heavy<CalendarNightPricesRow>(
        sql`select unit_key,
                   '[' || string_agg((night - ${from}::date) || ',' || coalesce(price, -1) || ',' || min_stay
                     || ',' || stop_sell::int, ',') || ']' as nights
            from night_prices
            where account_id = ${accountId} and property_id = any(${uuidList(propertyIds)})
              and night >= ${from}::date and night < ${to}::date
            group by unit_key`,
      );
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
        sql`select room_type_id, '[' || string_agg(off || ',' || taken, ',') || ']' as nights
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
