import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { bookings, closedDates, unitNights } from '../../db/schema/bookings.ts';
import { channelCalendars, channelEvents, icalExports } from '../../db/schema/channels.ts';
import { properties } from '../../db/schema/properties.ts';
import { rooms } from '../../db/schema/rooms.ts';

export type ChannelCalendarRow = typeof channelCalendars.$inferSelect;
export type ChannelEventRow = typeof channelEvents.$inferSelect;
export type IcalExportRow = typeof icalExports.$inferSelect;

/** A connection with the names the screens show beside it. */
export interface CalendarWithNames {
  calendar: ChannelCalendarRow;
  propertyName: string;
  roomName: string | null;
  timeZone: string;
}

/** One held night of a unit and who holds it (the export feed). */
export interface HeldNight {
  night: string;
  bookingId: string | null;
  closedDateId: string | null;
}

/**
 * Drizzle queries of channel_calendars, channel_events and ical_exports (owned by channels), and the reads
 * the export feed needs (unit_nights, bookings, closed dates). Every tenant query filters by account.
 */
export function createChannelsRepo({ db }: { db: Db }) {
  const withNames = () =>
    db
      .select({
        calendar: channelCalendars,
        propertyName: properties.nombre,
        roomName: rooms.name,
        timeZone: properties.timeZone,
      })
      .from(channelCalendars)
      .innerJoin(properties, eq(properties.id, channelCalendars.propertyId))
      .leftJoin(rooms, eq(rooms.id, channelCalendars.roomId));

  return {
    db,

    async findProperty(accountId: string, id: string) {
      const [row] = await db
        .select({
          id: properties.id,
          nombre: properties.nombre,
          tipoPropiedad: properties.tipoPropiedad,
          timeZone: properties.timeZone,
        })
        .from(properties)
        .where(and(eq(properties.accountId, accountId), eq(properties.id, id)));
      return row ?? null;
    },

    async findRoom(accountId: string, id: string) {
      const [row] = await db
        .select({ id: rooms.id, propertyId: rooms.propertyId, name: rooms.name })
        .from(rooms)
        .where(and(eq(rooms.accountId, accountId), eq(rooms.id, id)));
      return row ?? null;
    },

    /** The account's language for the bell (its first user's). */
    async accountLocale(accountId: string): Promise<string> {
      const [row] = await db
        .select({ locale: users.locale })
        .from(users)
        .where(eq(users.accountId, accountId))
        .orderBy(asc(users.createdAt))
        .limit(1);
      return row?.locale ?? 'es';
    },

    async insertCalendar(values: typeof channelCalendars.$inferInsert): Promise<ChannelCalendarRow> {
      const [row] = await db.insert(channelCalendars).values(values).returning();
      if (!row) throw new Error('channel calendar not inserted');
      return row;
    },

    async listCalendars(accountId: string, propertyId?: string): Promise<CalendarWithNames[]> {
      const conditions = [eq(channelCalendars.accountId, accountId)];
      if (propertyId) conditions.push(eq(channelCalendars.propertyId, propertyId));
      return withNames()
        .where(and(...conditions))
        .orderBy(asc(properties.nombre), asc(channelCalendars.createdAt), asc(channelCalendars.id));
    },

    async findCalendar(accountId: string, id: string): Promise<CalendarWithNames | null> {
      const [row] = await withNames().where(
        and(eq(channelCalendars.accountId, accountId), eq(channelCalendars.id, id)),
      );
      return row ?? null;
    },

    /** Any account's connection (the sync job works across accounts). */
    async calendarById(id: string): Promise<CalendarWithNames | null> {
      const [row] = await withNames().where(eq(channelCalendars.id, id));
      return row ?? null;
    },

    async updateCalendar(id: string, values: Partial<typeof channelCalendars.$inferInsert>): Promise<void> {
      await db.update(channelCalendars).set(values).where(eq(channelCalendars.id, id));
    },

    async deleteCalendar(accountId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(channelCalendars)
        .where(and(eq(channelCalendars.accountId, accountId), eq(channelCalendars.id, id)))
        .returning({ id: channelCalendars.id });
      return rows.length > 0;
    },

    /**
     * Claims up to `limit` connections whose next run has come: next_sync_at moves on to `nextAt` in the
     * same statement, so another instance's job does not take them too.
     */
    async claimDue(now: Date, nextAt: Date, limit: number): Promise<string[]> {
      const due = db
        .select({ id: channelCalendars.id })
        .from(channelCalendars)
        .where(and(isNotNull(channelCalendars.nextSyncAt), lte(channelCalendars.nextSyncAt, now)))
        .orderBy(asc(channelCalendars.nextSyncAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(channelCalendars)
        .set({ nextSyncAt: nextAt })
        .where(inArray(channelCalendars.id, due))
        .returning({ id: channelCalendars.id });
      return rows.map((r) => r.id);
    },

    /** Connections failing for longer than `since` allows, for the dashboard's red card. */
    async failingSince(accountId: string, before: Date): Promise<CalendarWithNames[]> {
      return withNames()
        .where(
          and(
            eq(channelCalendars.accountId, accountId),
            isNotNull(channelCalendars.failingSince),
            lte(channelCalendars.failingSince, before),
          ),
        )
        .orderBy(asc(channelCalendars.failingSince));
    },

    async countOverbookings(accountId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(channelEvents)
        .where(and(eq(channelEvents.accountId, accountId), eq(channelEvents.state, 'overbooking')));
      return Number(row?.n ?? 0);
    },

    // ------------------------------------------------------------------ events

    /** The events still live (not cancelled) whose stay is not over by `today`. */
    async liveEvents(calendarId: string, today: string): Promise<ChannelEventRow[]> {
      return db
        .select()
        .from(channelEvents)
        .where(
          and(
            eq(channelEvents.calendarId, calendarId),
            ne(channelEvents.state, 'cancelled'),
            gt(channelEvents.endDate, today),
          ),
        )
        .orderBy(asc(channelEvents.startDate), asc(channelEvents.id));
    },

    async eventsOfCalendar(calendarId: string): Promise<ChannelEventRow[]> {
      return db.select().from(channelEvents).where(eq(channelEvents.calendarId, calendarId));
    },

    // ------------------------------------------------------------------ export

    async findExport(unitId: string): Promise<IcalExportRow | null> {
      const [row] = await db.select().from(icalExports).where(eq(icalExports.unitId, unitId));
      return row ?? null;
    },

    /** Inserts the unit's export token unless one exists (two first asks at once keep the first). */
    async insertExport(values: typeof icalExports.$inferInsert): Promise<IcalExportRow> {
      await db.insert(icalExports).values(values).onConflictDoNothing({ target: icalExports.unitId });
      const [row] = await db.select().from(icalExports).where(eq(icalExports.unitId, values.unitId));
      if (!row) throw new Error('ical export not stored');
      return row;
    },

    async replaceExportToken(unitId: string, tokenHash: string, tokenSealed: string): Promise<void> {
      await db.update(icalExports).set({ tokenHash, tokenSealed }).where(eq(icalExports.unitId, unitId));
    },

    /** The feed a token opens: the unit's own, or a connection's (which leaves out its channel's imports). */
    async feedByTokenHash(
      hash: string,
    ): Promise<
      | { kind: 'unit'; unitId: string; accountId: string; propertyId: string; createdAt: Date }
      | { kind: 'connection'; calendar: ChannelCalendarRow }
      | null
    > {
      const [unit] = await db.select().from(icalExports).where(eq(icalExports.tokenHash, hash));
      if (unit) return { kind: 'unit', ...unit };
      const [calendar] = await db
        .select()
        .from(channelCalendars)
        .where(eq(channelCalendars.exportTokenHash, hash));
      return calendar ? { kind: 'connection', calendar } : null;
    },

    /** Every held night of the unit from `from` on, in order. */
    async heldNights(unitId: string, from: string): Promise<HeldNight[]> {
      return db
        .select({
          night: unitNights.night,
          bookingId: unitNights.bookingId,
          closedDateId: unitNights.closedDateId,
        })
        .from(unitNights)
        .where(and(eq(unitNights.unitId, unitId), sql`${unitNights.night} >= ${from}::date`))
        .orderBy(asc(unitNights.night));
    },

    /** The bookings and closures imported from `channel` for the unit (left out of that channel's feed). */
    async importedFrom(
      unitId: string,
      channel: string,
    ): Promise<{ bookingIds: Set<string>; closedDateIds: Set<string> }> {
      const rows = await db
        .select({ bookingId: channelEvents.bookingId, closedDateId: channelEvents.closedDateId })
        .from(channelEvents)
        .innerJoin(channelCalendars, eq(channelCalendars.id, channelEvents.calendarId))
        .where(
          and(
            eq(channelCalendars.unitId, unitId),
            eq(channelCalendars.channel, channel as ChannelCalendarRow['channel']),
            or(isNotNull(channelEvents.bookingId), isNotNull(channelEvents.closedDateId)),
          ),
        );
      return {
        bookingIds: new Set(rows.flatMap((r) => (r.bookingId ? [r.bookingId] : []))),
        closedDateIds: new Set(rows.flatMap((r) => (r.closedDateId ? [r.closedDateId] : []))),
      };
    },

    /**
     * The newest change of the unit's feed: its bookings' last update (cancelled ones too), its closures'
     * creation, the token's creation.
     */
    async lastChange(accountId: string, propertyId: string, unitId: string, floor: Date): Promise<Date> {
      const [b] = await db
        .select({ at: sql<string | null>`max(${bookings.updatedAt})` })
        .from(bookings)
        .where(
          and(
            eq(bookings.accountId, accountId),
            eq(bookings.propertyId, propertyId),
            unitId === propertyId ? sql`true` : sql`${unitId}::uuid = any(${bookings.roomIds})`,
          ),
        );
      const [c] = await db
        .select({ at: sql<string | null>`max(${closedDates.createdAt})` })
        .from(closedDates)
        .where(
          and(
            eq(closedDates.accountId, accountId),
            eq(closedDates.propertyId, propertyId),
            unitId === propertyId
              ? sql`true`
              : or(isNull(closedDates.roomId), eq(closedDates.roomId, unitId)),
          ),
        );
      const times = [floor.getTime()];
      for (const r of [b, c]) if (r?.at) times.push(new Date(r.at).getTime());
      return new Date(Math.max(...times));
    },
  };
}

export type ChannelsRepo = ReturnType<typeof createChannelsRepo>;
