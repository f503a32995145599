import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { checkinGuests, checkins } from '../../db/schema/checkins.ts';
import { properties } from '../../db/schema/properties.ts';
import { isUuid, containsPattern as likeTerm } from '../../lib/sql.ts';

export type CheckinRow = typeof checkins.$inferSelect;
export type GuestRow = typeof checkinGuests.$inferSelect;
export type PropertyRow = typeof properties.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;

const lead = alias(checkinGuests, 'lead');

const listColumns = {
  checkin: checkins,
  propertyName: properties.nombre,
  timeZone: properties.timeZone,
  bookingCode: bookings.code,
  leadFirstName: lead.firstName,
  leadLastName: lead.lastName,
  leadCountry: lead.country,
  leadBirthDate: lead.birthDate,
  leadGender: lead.gender,
  leadDocumentType: lead.documentType,
  leadDocumentLast4: lead.documentLast4,
  leadId: lead.id,
  leadSealed: lead.documentNumberSealed,
  registered: sql<number>`(select count(*)::int from checkin_guests g where g.checkin_id = ${checkins.id})`,
};

export type ListRow = {
  checkin: CheckinRow;
  propertyName: string;
  timeZone: string;
  bookingCode: string | null;
  leadFirstName: string | null;
  leadLastName: string | null;
  leadCountry: string | null;
  leadBirthDate: string | null;
  leadGender: string | null;
  leadDocumentType: string | null;
  leadDocumentLast4: string | null;
  leadId: string | null;
  leadSealed: string | null;
  registered: number;
};

/** The filters of the operator's check-in list (GET /api/checkins), tenant checks done. */
export interface CheckinListFilters {
  propertyId?: string;
  tab?: string;
  from?: string;
  to?: string;
  country?: string;
  q?: string;
  page: number;
  pageSize: number;
}

/** The filters of the guest history (GET /api/checkins/history), tenant checks done. */
export interface HistoryFilters {
  propertyId?: string;
  from?: string;
  to?: string;
  country?: string;
  page: number;
  pageSize: number;
}

/**
 * Drizzle queries of check-ins and their guests (and the reads they join). Every query of an operator's
 * row filters by account; inside a transaction, build it on the transaction (`createCheckinsRepo({ db: tx })`).
 */
export function createCheckinsRepo({ db }: { db: Db }) {
  /** A check-in list row: the check-in with its property, booking code, lead guest and guest count. */
  const listBase = () =>
    db
      .select(listColumns)
      .from(checkins)
      .innerJoin(properties, eq(properties.id, checkins.propertyId))
      .leftJoin(bookings, eq(bookings.id, checkins.bookingId))
      .leftJoin(lead, and(eq(lead.checkinId, checkins.id), eq(lead.isLead, true)));

  return {
    listBase,

    async propertyOf(accountId: string, id: string | undefined): Promise<PropertyRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(properties)
        .where(and(eq(properties.id, id), eq(properties.accountId, accountId)))
        .limit(1);
      return row ?? null;
    },

    async checkinOf(accountId: string, id: string): Promise<CheckinRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(checkins)
        .where(and(eq(checkins.id, id), eq(checkins.accountId, accountId)))
        .limit(1);
      return row ?? null;
    },

    async bookingOf(accountId: string, id: string | undefined): Promise<BookingRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, id), eq(bookings.accountId, accountId)))
        .limit(1);
      return row ?? null;
    },

    async listRowById(accountId: string, id: string): Promise<ListRow | null> {
      const [row] = await listBase()
        .where(and(eq(checkins.accountId, accountId), eq(checkins.id, id)))
        .limit(1);
      return (row as ListRow | undefined) ?? null;
    },

    /** The check-in's guests, the lead first, then in registration order. */
    async guestsOf(accountId: string, checkinId: string): Promise<GuestRow[]> {
      return db
        .select()
        .from(checkinGuests)
        .where(and(eq(checkinGuests.checkinId, checkinId), eq(checkinGuests.accountId, accountId)))
        .orderBy(desc(checkinGuests.isLead), checkinGuests.createdAt);
    },

    /** The account's booking with its property. */
    async bookingWithProperty(
      accountId: string,
      bookingId: string,
    ): Promise<{ booking: BookingRow; property: PropertyRow } | null> {
      const [row] = await db
        .select({ booking: bookings, property: properties })
        .from(bookings)
        .innerJoin(properties, eq(properties.id, bookings.propertyId))
        .where(and(eq(bookings.id, bookingId), eq(bookings.accountId, accountId)))
        .limit(1);
      return row ?? null;
    },

    async checkinOfBooking(bookingId: string): Promise<CheckinRow | null> {
      const [row] = await db.select().from(checkins).where(eq(checkins.bookingId, bookingId)).limit(1);
      return row ?? null;
    },

    async updateCheckin(id: string, patch: Partial<CheckinRow>): Promise<CheckinRow | null> {
      const [row] = await db.update(checkins).set(patch).where(eq(checkins.id, id)).returning();
      return row ?? null;
    },

    /** Deletes the check-ins (and so their guests) whose purge date is before `today`; how many. */
    async purgeBefore(today: string): Promise<number> {
      const gone = await db
        .delete(checkins)
        .where(lt(checkins.purgeAfter, today))
        .returning({ id: checkins.id });
      return gone.length;
    },

    async insertCheckin(values: typeof checkins.$inferInsert): Promise<CheckinRow | null> {
      const [row] = await db.insert(checkins).values(values).returning();
      return row ?? null;
    },

    /**
     * Programmed check-ins due at `now`, not sent, whose booking is neither paused nor cancelled and whose
     * link has not expired, earliest first, with their property's name.
     */
    async dueToSend(now: Date, limit: number): Promise<{ checkin: CheckinRow; propertyName: string }[]> {
      return db
        .select({ checkin: checkins, propertyName: properties.nombre })
        .from(checkins)
        .innerJoin(properties, eq(properties.id, checkins.propertyId))
        .innerJoin(bookings, eq(bookings.id, checkins.bookingId))
        .where(
          and(
            isNotNull(checkins.scheduledFor),
            lte(checkins.scheduledFor, now),
            isNull(checkins.sentAt),
            eq(checkins.status, 'pending'),
            eq(bookings.paused, false),
            sql`${bookings.status} <> 'cancelled'`,
            sql`${checkins.linkExpiresAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(checkins.scheduledFor)
        .limit(limit);
    },

    /** Marks the check-in sent unless another run did first; null then. */
    async claimSend(id: string, now: Date): Promise<CheckinRow | null> {
      const [row] = await db
        .update(checkins)
        .set({ sentAt: now })
        .where(and(eq(checkins.id, id), isNull(checkins.sentAt)))
        .returning();
      return row ?? null;
    },

    /**
     * Finished check-ins still missing travellers whose lead guest is due a reminder (issue 27): at most
     * `max` reminders a day apart, the first a day after finishing, while the link is valid.
     */
    async dueTravellerReminders(
      now: Date,
      max: number,
      limit: number,
    ): Promise<{ checkin: CheckinRow; propertyName: string; registered: number }[]> {
      const dayAgo = new Date(now.getTime() - 24 * 3_600_000).toISOString();
      const registered = sql<number>`(select count(*)::int from ${checkinGuests} where ${checkinGuests.checkinId} = ${checkins.id})`;
      return db
        .select({ checkin: checkins, propertyName: properties.nombre, registered })
        .from(checkins)
        .innerJoin(properties, eq(properties.id, checkins.propertyId))
        .where(
          and(
            eq(checkins.status, 'complete'),
            lt(checkins.travellerReminders, max),
            sql`coalesce(${checkins.travellersRemindedAt}, ${checkins.completedAt}) <= ${dayAgo}::timestamptz`,
            sql`${checkins.linkExpiresAt} > ${now.toISOString()}::timestamptz`,
            sql`${registered} < ${checkins.expectedGuests}`,
          ),
        )
        .orderBy(checkins.completedAt)
        .limit(limit);
    },

    /** Counts one traveller reminder unless another run did first; null then. */
    async claimTravellerReminder(row: CheckinRow, now: Date): Promise<CheckinRow | null> {
      const [claimed] = await db
        .update(checkins)
        .set({ travellerReminders: row.travellerReminders + 1, travellersRemindedAt: now })
        .where(and(eq(checkins.id, row.id), eq(checkins.travellerReminders, row.travellerReminders)))
        .returning();
      return claimed ?? null;
    },

    async checkinExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: checkins.id }).from(checkins).where(eq(checkins.id, id)).limit(1);
      return Boolean(row);
    },

    async insertGuest(values: typeof checkinGuests.$inferInsert): Promise<void> {
      await db.insert(checkinGuests).values(values);
    },

    /** Marks the check-in complete unless it already is; null when it was. */
    async completeCheckin(id: string, now: Date): Promise<CheckinRow | null> {
      const [row] = await db
        .update(checkins)
        .set({ status: 'complete', completedAt: now })
        .where(and(eq(checkins.id, id), ne(checkins.status, 'complete')))
        .returning();
      return row ?? null;
    },

    /** One page of the account's check-ins (today's arrivals first, issue 13) and how many match. */
    async listPage(
      accountId: string,
      query: CheckinListFilters,
      now: Date,
    ): Promise<{ rows: ListRow[]; total: number }> {
      const conditions: (SQL | undefined)[] = [eq(checkins.accountId, accountId)];
      if (query.propertyId) conditions.push(eq(checkins.propertyId, query.propertyId));
      if (query.tab === 'pending') conditions.push(eq(checkins.status, 'pending'));
      if (query.tab === 'complete') conditions.push(eq(checkins.status, 'complete'));
      // Today in each property's own time zone.
      const propertyToday = sql`(${now.toISOString()}::timestamptz at time zone ${properties.timeZone})::date`;
      if (query.tab === 'today') conditions.push(sql`${checkins.startDate} = ${propertyToday}`);
      if (query.from) conditions.push(gte(checkins.startDate, query.from));
      if (query.to) conditions.push(lte(checkins.startDate, query.to));
      if (query.country) {
        conditions.push(
          sql`exists (select 1 from checkin_guests g where g.checkin_id = ${checkins.id} and g.country = ${query.country.toUpperCase()})`,
        );
      }
      const term = query.q?.trim();
      if (term) {
        const pattern = likeTerm(term);
        conditions.push(
          or(
            ilike(checkins.name, pattern),
            ilike(checkins.email, pattern),
            ilike(checkins.phone, pattern),
            ilike(bookings.code, pattern),
            sql`exists (select 1 from checkin_guests g where g.checkin_id = ${checkins.id} and (g.first_name || ' ' || g.last_name) ilike ${pattern})`,
          ),
        );
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        listBase()
          .where(where)
          // Operators start from today (issue 13): today's arrivals, then the next ones nearest first,
          // then the past stays, most recent first.
          .orderBy(
            sql`case when ${checkins.startDate} >= ${propertyToday} then 0 else 1 end`,
            sql`case when ${checkins.startDate} >= ${propertyToday} then ${checkins.startDate} end asc`,
            desc(checkins.startDate),
            desc(checkins.createdAt),
            checkins.id,
          )
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: count() })
          .from(checkins)
          .innerJoin(properties, eq(properties.id, checkins.propertyId))
          .leftJoin(bookings, eq(bookings.id, checkins.bookingId))
          .where(where),
      ]);
      return { rows: rows as ListRow[], total: Number(total?.n ?? 0) };
    },

    /** One page of the guests of the account's completed check-ins, newest stays first, and the count. */
    async historyPage(
      accountId: string,
      query: HistoryFilters,
    ): Promise<{ rows: { guest: GuestRow; checkin: CheckinRow; propertyName: string }[]; total: number }> {
      const conditions: (SQL | undefined)[] = [
        eq(checkinGuests.accountId, accountId),
        eq(checkins.status, 'complete'),
      ];
      if (query.propertyId) conditions.push(eq(checkins.propertyId, query.propertyId));
      if (query.from) conditions.push(gte(checkins.startDate, query.from));
      if (query.to) conditions.push(lte(checkins.startDate, query.to));
      if (query.country) conditions.push(eq(checkinGuests.country, query.country.toUpperCase()));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({ guest: checkinGuests, checkin: checkins, propertyName: properties.nombre })
          .from(checkinGuests)
          .innerJoin(checkins, eq(checkins.id, checkinGuests.checkinId))
          .innerJoin(properties, eq(properties.id, checkins.propertyId))
          .where(where)
          .orderBy(desc(checkins.startDate), desc(checkinGuests.createdAt), checkinGuests.id)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: count() })
          .from(checkinGuests)
          .innerJoin(checkins, eq(checkins.id, checkinGuests.checkinId))
          .where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** The guest's registration card: undefined without such a guest, null when it has no card. */
    async guestPdf(
      accountId: string,
      checkinId: string,
      guestId: string,
    ): Promise<{ pdf: Uint8Array | null } | undefined> {
      if (!isUuid(guestId)) return undefined;
      const [row] = await db
        .select({ pdf: checkinGuests.registrationPdf })
        .from(checkinGuests)
        .where(
          and(
            eq(checkinGuests.id, guestId),
            eq(checkinGuests.checkinId, checkinId),
            eq(checkinGuests.accountId, accountId),
          ),
        )
        .limit(1);
      return row;
    },

    async setKeys(accountId: string, id: string, delivered: boolean): Promise<void> {
      await db
        .update(checkins)
        .set({ keysDelivered: delivered })
        .where(and(eq(checkins.id, id), eq(checkins.accountId, accountId)));
    },

    /** Keys delivered, only if they were not yet: true when this call changed it (smart-locks' release). */
    async claimKeysDelivered(id: string): Promise<boolean> {
      const rows = await db
        .update(checkins)
        .set({ keysDelivered: true })
        .where(and(eq(checkins.id, id), eq(checkins.keysDelivered, false)))
        .returning({ id: checkins.id });
      return rows.length > 0;
    },

    /** The check-in locked FOR UPDATE until the transaction ends. */
    async lockCheckin(id: string): Promise<CheckinRow | null> {
      return (await db.select().from(checkins).where(eq(checkins.id, id)).for('update'))[0] ?? null;
    },

    async guestCount(checkinId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(checkinGuests)
        .where(eq(checkinGuests.checkinId, checkinId));
      return Number(row?.n ?? 0);
    },
  };
}

export type CheckinsRepo = ReturnType<typeof createCheckinsRepo>;
