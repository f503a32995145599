import type { bookingsQuery } from '@posada/contracts/bookings';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { bookings, closedDates, nightPrices, unitNights } from '../../db/schema/bookings.ts';
import { properties } from '../../db/schema/properties.ts';
import { rooms, roomTypes } from '../../db/schema/rooms.ts';
import { containsPattern as likeTerm } from '../../lib/sql.ts';

/** The Reservas list query after parsing (defaults applied). */
export type BookingsListQuery = z.output<typeof bookingsQuery>;
export type BookingRow = typeof bookings.$inferSelect;
export type NewBookingRow = Omit<typeof bookings.$inferInsert, 'code'>;
export type ClosedDateRow = typeof closedDates.$inferSelect;
export type NewUnitNight = typeof unitNights.$inferInsert;

/** What the booking rules need to know about a property. */
export interface PropertyInfo {
  id: string;
  nombre: string;
  tipoPropiedad: string;
  timeZone: string;
  guests: number;
  priceNight: number | null;
  currency: string;
}

export interface RoomInfo {
  id: string;
  propertyId: string;
  roomTypeId: string;
  name: string;
  status: string;
}

/** A booking with the names the answers show beside it. */
export interface BookingListRow {
  booking: BookingRow;
  propertyTitle: string;
  roomTypeName: string | null;
}

export interface NightSetting {
  night: string;
  price: number | null;
  minStay: number;
  stopSell: boolean;
}

/**
 * Drizzle queries of bookings, closed dates, unit nights and night prices. Every query
 * filters by account; unit_nights and night_prices are reached through ids already checked against it.
 */
export function createBookingsRepo({ db }: { db: Db }) {
  /** The columns of a RoomInfo. */
  const roomInfoColumns = {
    id: rooms.id,
    propertyId: rooms.propertyId,
    roomTypeId: rooms.roomTypeId,
    name: rooms.name,
    status: rooms.status,
  };
  const bookingColumns = {
    booking: bookings,
    propertyTitle: properties.nombre,
    roomTypeName: roomTypes.name,
  };
  const withNames = () =>
    db
      .select(bookingColumns)
      .from(bookings)
      .innerJoin(properties, eq(properties.id, bookings.propertyId))
      .leftJoin(roomTypes, eq(roomTypes.id, bookings.roomTypeId));

  const listWhere = (accountId: string, q: BookingsListQuery): SQL | undefined => {
    const conditions: (SQL | undefined)[] = [eq(bookings.accountId, accountId)];
    if (q.property_id) conditions.push(eq(bookings.propertyId, q.property_id));
    if (q.status) conditions.push(eq(bookings.status, q.status));
    if (q.payment_status) conditions.push(eq(bookings.paymentStatus, q.payment_status));
    if (q.channel) conditions.push(eq(bookings.channel, q.channel));
    // Stays overlapping [from, to).
    if (q.from) conditions.push(gt(bookings.endDate, q.from));
    if (q.to) conditions.push(lt(bookings.startDate, q.to));
    const term = q.search?.trim();
    if (term) {
      const pattern = likeTerm(term);
      const matches: (SQL | undefined)[] = [
        ilike(bookings.name, pattern),
        ilike(bookings.email, pattern),
        ilike(bookings.phone, pattern),
        ilike(bookings.code, pattern),
        // The channel's code of an imported booking (Airbnb HM…), as the guest or the channel quotes it.
        ilike(bookings.externalRef, pattern),
      ];
      // "600 12 34" finds +34600123456: a term written like a phone number is compared by its digits
      // (phones are stored in E.164 when they parse, so their digits are contiguous).
      const digits = term.replace(/\D/g, '');
      if (digits.length >= 3 && /^[\d\s+().-]+$/.test(term)) {
        matches.push(like(bookings.phone, `%${digits}%`));
      }
      conditions.push(or(...matches));
    }
    return and(...conditions);
  };

  /** The stored settings of each night of [start, end) that has a row (price, minimum stay, stop-sell). */
  const nightSettings = (unitKey: string, start: string, end: string): Promise<NightSetting[]> =>
    db
      .select({
        night: nightPrices.night,
        price: nightPrices.price,
        minStay: nightPrices.minStay,
        stopSell: nightPrices.stopSell,
      })
      .from(nightPrices)
      .where(and(eq(nightPrices.unitKey, unitKey), gte(nightPrices.night, start), lt(nightPrices.night, end)))
      .orderBy(asc(nightPrices.night));

  return {
    async findProperty(accountId: string, id: string): Promise<PropertyInfo | null> {
      const [row] = await db
        .select({
          id: properties.id,
          nombre: properties.nombre,
          tipoPropiedad: properties.tipoPropiedad,
          timeZone: properties.timeZone,
          guests: properties.guests,
          priceNight: properties.priceNight,
          currency: properties.currency,
        })
        .from(properties)
        .where(and(eq(properties.accountId, accountId), eq(properties.id, id)));
      return row ?? null;
    },

    async findRoom(accountId: string, id: string): Promise<RoomInfo | null> {
      const [row] = await db
        .select(roomInfoColumns)
        .from(rooms)
        .where(and(eq(rooms.accountId, accountId), eq(rooms.id, id)));
      return row ?? null;
    },

    /**
     * Rooms of a property (optionally of one type, or these ids), locked FOR UPDATE until the transaction
     * ends, always in id order so two writers never wait on each other in a cycle. The lock serialises
     * room allocation with other allocations and with a maintenance change of the same rooms.
     */
    async lockRooms(
      accountId: string,
      propertyId: string,
      filter: { roomTypeId?: string; roomIds?: string[] } = {},
    ): Promise<RoomInfo[]> {
      const conditions = [eq(rooms.accountId, accountId), eq(rooms.propertyId, propertyId)];
      if (filter.roomTypeId) conditions.push(eq(rooms.roomTypeId, filter.roomTypeId));
      if (filter.roomIds) conditions.push(inArray(rooms.id, filter.roomIds));
      return db
        .select(roomInfoColumns)
        .from(rooms)
        .where(and(...conditions))
        .orderBy(asc(rooms.id))
        .for('update');
    },

    /** Rooms of a property (or of one type), by name, without locking (availability reads). */
    async listRooms(accountId: string, propertyId: string, roomTypeId?: string | null): Promise<RoomInfo[]> {
      const conditions = [eq(rooms.accountId, accountId), eq(rooms.propertyId, propertyId)];
      if (roomTypeId) conditions.push(eq(rooms.roomTypeId, roomTypeId));
      return db
        .select(roomInfoColumns)
        .from(rooms)
        .where(and(...conditions))
        .orderBy(asc(sql`lower(${rooms.name})`), asc(rooms.id));
    },

    async roomNames(accountId: string, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: rooms.id, name: rooms.name })
        .from(rooms)
        .where(and(eq(rooms.accountId, accountId), inArray(rooms.id, ids)));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /**
     * Units with at least one night of [start, end) already sold or closed, not counting the nights of
     * `excludeBookingId`: per unit, whether a booking and whether a closure holds them.
     */
    async blockedUnits(
      unitIds: string[],
      start: string,
      end: string,
      excludeBookingId?: string | null,
    ): Promise<Map<string, { booked: boolean; closed: boolean }>> {
      if (unitIds.length === 0) return new Map();
      const conditions = [
        inArray(unitNights.unitId, unitIds),
        gte(unitNights.night, start),
        lt(unitNights.night, end),
      ];
      if (excludeBookingId) {
        conditions.push(sql`${unitNights.bookingId} is distinct from ${excludeBookingId}`);
      }
      const rows = await db
        .select({
          unitId: unitNights.unitId,
          booked: sql<boolean>`bool_or(${unitNights.bookingId} is not null)`,
          closed: sql<boolean>`bool_or(${unitNights.closedDateId} is not null)`,
        })
        .from(unitNights)
        .where(and(...conditions))
        .groupBy(unitNights.unitId);
      return new Map(rows.map((r) => [r.unitId, { booked: !!r.booked, closed: !!r.closed }]));
    },

    async insertNights(rows: NewUnitNight[]): Promise<void> {
      // Chunks keep each statement well under the parameter limit (7 columns × 2 000 rows).
      for (let i = 0; i < rows.length; i += 2000) {
        await db.insert(unitNights).values(rows.slice(i, i + 2000));
      }
    },

    async deleteBookingNights(bookingId: string, roomId?: string): Promise<void> {
      const conditions = [eq(unitNights.bookingId, bookingId)];
      if (roomId) conditions.push(eq(unitNights.unitId, roomId));
      await db.delete(unitNights).where(and(...conditions));
    },

    async deleteClosedDateNights(closedDateId: string): Promise<void> {
      await db.delete(unitNights).where(eq(unitNights.closedDateId, closedDateId));
    },

    nightSettings,

    /**
     * Upserts one row per night of [start, end): a null price or minimum stay keeps what the night had
     * (a new night gets no price of its own and minimum stay 1); stop-sell undefined keeps it too.
     */
    async upsertNightPrices(values: {
      accountId: string;
      propertyId: string;
      unitKey: string;
      start: string;
      end: string;
      price: number | null;
      minStay: number | null;
      stopSell: boolean | undefined;
    }): Promise<NightSetting[]> {
      const stopSell = values.stopSell ?? null;
      await db.execute(sql`
        insert into night_prices (unit_key, night, account_id, property_id, price, min_stay, stop_sell)
        select ${values.unitKey}::uuid, d::date, ${values.accountId}::uuid, ${values.propertyId}::uuid,
               ${values.price}::integer, coalesce(${values.minStay}::integer, 1), coalesce(${stopSell}::boolean, false)
        from generate_series(${values.start}::date, ${values.end}::date - 1, interval '1 day') as d
        on conflict (unit_key, night) do update set
          price = coalesce(${values.price}::integer, night_prices.price),
          min_stay = coalesce(${values.minStay}::integer, night_prices.min_stay),
          stop_sell = coalesce(${stopSell}::boolean, night_prices.stop_sell)
      `);
      return nightSettings(values.unitKey, values.start, values.end);
    },

    /**
     * Inserts a booking under a fresh code; a code the account already uses is drawn again (ON CONFLICT DO
     * NOTHING keeps the surrounding transaction usable).
     */
    async insertBooking(values: NewBookingRow, makeCode: () => string): Promise<BookingRow> {
      for (let attempt = 0; attempt < 8; attempt++) {
        const [row] = await db
          .insert(bookings)
          .values({ ...values, code: makeCode() })
          .onConflictDoNothing({ target: [bookings.accountId, bookings.code] })
          .returning();
        if (row) return row;
      }
      throw new Error('no free booking code after 8 attempts');
    },

    async findBooking(
      accountId: string,
      id: string,
      opts: { lock?: boolean } = {},
    ): Promise<BookingRow | null> {
      const query = db
        .select()
        .from(bookings)
        .where(and(eq(bookings.accountId, accountId), eq(bookings.id, id)));
      const [row] = opts.lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async findBookingWithNames(accountId: string, id: string): Promise<BookingListRow | null> {
      const [row] = await withNames().where(and(eq(bookings.accountId, accountId), eq(bookings.id, id)));
      return row ?? null;
    },

    async updateBooking(
      accountId: string,
      id: string,
      values: Partial<typeof bookings.$inferInsert>,
    ): Promise<BookingRow | null> {
      const [row] = await db
        .update(bookings)
        .set(values)
        .where(and(eq(bookings.accountId, accountId), eq(bookings.id, id)))
        .returning();
      return row ?? null;
    },

    /** The Reservas list: filters, search, sort and one page, plus the total for the pager. */
    async list(accountId: string, q: BookingsListQuery) {
      const where = listWhere(accountId, q);
      const order = {
        start_date: [asc(bookings.startDate), asc(bookings.id)],
        '-start_date': [desc(bookings.startDate), desc(bookings.id)],
        created_at: [asc(bookings.createdAt), asc(bookings.id)],
        '-created_at': [desc(bookings.createdAt), desc(bookings.id)],
      }[q.sort];
      const pageSize = q.page_size;
      const [items, [total]] = await Promise.all([
        withNames()
          .where(where)
          .orderBy(...order)
          .limit(pageSize)
          .offset((q.page - 1) * pageSize),
        db.select({ n: count() }).from(bookings).where(where),
      ]);
      return { items, total: Number(total?.n ?? 0) };
    },

    // ------------------------------------------------------------ closed dates

    async insertClosedDate(values: typeof closedDates.$inferInsert): Promise<ClosedDateRow> {
      const [row] = await db.insert(closedDates).values(values).returning();
      if (!row) throw new Error('closed date not inserted');
      return row;
    },

    async findClosedDate(accountId: string, id: string, opts: { lock?: boolean } = {}) {
      const query = db
        .select()
        .from(closedDates)
        .where(and(eq(closedDates.accountId, accountId), eq(closedDates.id, id)));
      const [row] = opts.lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async updateClosedDate(
      accountId: string,
      id: string,
      values: Partial<typeof closedDates.$inferInsert>,
    ): Promise<ClosedDateRow | null> {
      const [row] = await db
        .update(closedDates)
        .set(values)
        .where(and(eq(closedDates.accountId, accountId), eq(closedDates.id, id)))
        .returning();
      return row ?? null;
    },

    async deleteClosedDate(accountId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(closedDates)
        .where(and(eq(closedDates.accountId, accountId), eq(closedDates.id, id)))
        .returning({ id: closedDates.id });
      return rows.length > 0;
    },

    async listClosedDates(accountId: string, propertyId: string, from: string, to: string) {
      return db
        .select()
        .from(closedDates)
        .where(
          and(
            eq(closedDates.accountId, accountId),
            eq(closedDates.propertyId, propertyId),
            gt(closedDates.endDate, from),
            lt(closedDates.startDate, to),
          ),
        )
        .orderBy(asc(closedDates.startDate), asc(closedDates.id));
    },

    async setGuests(accountId: string, bookingId: string, guests: number): Promise<void> {
      await db
        .update(bookings)
        .set({ guests })
        .where(and(eq(bookings.id, bookingId), eq(bookings.accountId, accountId)));
    },
  };
}

export type BookingsRepo = ReturnType<typeof createBookingsRepo>;
