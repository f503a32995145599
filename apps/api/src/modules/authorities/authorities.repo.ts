import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/accounts.ts';
import {
  policeFiles,
  policeRegistrationAttempts,
  policeRegistrations,
  type RegistrationState,
} from '../../db/schema/authorities.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { checkinGuests, checkins } from '../../db/schema/checkins.ts';
import { properties, propertyAuthorities } from '../../db/schema/properties.ts';
import { isUuid, rowsOf, uuidList } from '../../lib/sql.ts';
import { unsettledStates } from './registration-rules.ts';

export type RegistrationRow = typeof policeRegistrations.$inferSelect;
export type NewRegistration = typeof policeRegistrations.$inferInsert;
export type AttemptRow = typeof policeRegistrationAttempts.$inferSelect;
export type PoliceFileRow = typeof policeFiles.$inferSelect;
export type AuthorityRow = typeof propertyAuthorities.$inferSelect;
export type PropertyRow = typeof properties.$inferSelect;

export interface RegistrationFilter {
  accountId: string;
  state?: RegistrationState;
  kind?: 'PV' | 'RH';
  propertyId?: string;
  createdFrom?: Date;
  createdBefore?: Date;
  /** Unsettled with the deadline within this instant. */
  dueBefore?: Date;
  checkinId?: string;
}

/**
 * The police tables (owned by authorities) and the reads it is granted: properties and their authority
 * settings, check-ins with their guests, bookings and the account's plan. Every read of the operator's
 * data is scoped by account.
 */
export function createAuthoritiesRepo(deps: { db: Db }) {
  const { db } = deps;

  const where = (f: RegistrationFilter): SQL | undefined => {
    const parts: (SQL | undefined)[] = [eq(policeRegistrations.accountId, f.accountId)];
    if (f.state) parts.push(eq(policeRegistrations.state, f.state));
    if (f.kind) parts.push(eq(policeRegistrations.kind, f.kind));
    if (f.propertyId)
      parts.push(isUuid(f.propertyId) ? eq(policeRegistrations.propertyId, f.propertyId) : sql`false`);
    if (f.checkinId) parts.push(eq(policeRegistrations.checkinId, f.checkinId));
    if (f.createdFrom) parts.push(gte(policeRegistrations.createdAt, f.createdFrom));
    if (f.createdBefore) parts.push(lt(policeRegistrations.createdAt, f.createdBefore));
    if (f.dueBefore) {
      parts.push(lte(policeRegistrations.dueAt, f.dueBefore));
      parts.push(inArray(policeRegistrations.state, [...unsettledStates]));
    }
    return and(...parts);
  };

  const listColumns = {
    registration: policeRegistrations,
    propertyName: properties.nombre,
    bookingCode: bookings.code,
    checkinName: checkins.name,
    bookingName: bookings.name,
  };

  return {
    async property(accountId: string, id: string): Promise<PropertyRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(properties)
        .where(and(eq(properties.id, id), eq(properties.accountId, accountId)));
      return row ?? null;
    },

    async authority(propertyId: string): Promise<AuthorityRow | null> {
      const [row] = await db
        .select()
        .from(propertyAuthorities)
        .where(eq(propertyAuthorities.propertyId, propertyId));
      return row ?? null;
    },

    async account(accountId: string) {
      const [row] = await db
        .select({
          plan: accounts.plan,
          statusSubscription: accounts.statusSubscription,
          trialEndsAt: accounts.trialEndsAt,
          servicios: accounts.servicios,
        })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return row ?? null;
    },

    /** The language of the account's first user (the bell's texts are written in it). */
    async accountLocale(accountId: string): Promise<string> {
      const [row] = await db
        .select({ locale: users.locale })
        .from(users)
        .where(eq(users.accountId, accountId))
        .orderBy(asc(users.createdAt))
        .limit(1);
      return row?.locale ?? 'es';
    },

    async checkin(accountId: string, id: string) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(checkins)
        .where(and(eq(checkins.id, id), eq(checkins.accountId, accountId)));
      return row ?? null;
    },

    async checkinById(id: string) {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(checkins).where(eq(checkins.id, id));
      return row ?? null;
    },

    guests: (checkinId: string) =>
      db
        .select()
        .from(checkinGuests)
        .where(eq(checkinGuests.checkinId, checkinId))
        .orderBy(desc(checkinGuests.isLead), asc(checkinGuests.createdAt), asc(checkinGuests.id)),

    async booking(accountId: string, id: string) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, id), eq(bookings.accountId, accountId)));
      return row ?? null;
    },

    /** The check-ins of a booking (a correction of the booking corrects their PV too). */
    checkinsOfBooking: (accountId: string, bookingId: string) =>
      db
        .select({ id: checkins.id, status: checkins.status })
        .from(checkins)
        .where(and(eq(checkins.accountId, accountId), eq(checkins.bookingId, bookingId))),

    /** Inserts unless the idempotency key exists; null when it did. */
    async insert(values: NewRegistration): Promise<RegistrationRow | null> {
      const [row] = await db.insert(policeRegistrations).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async find(accountId: string, id: string): Promise<RegistrationRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(policeRegistrations)
        .where(and(eq(policeRegistrations.id, id), eq(policeRegistrations.accountId, accountId)));
      return row ?? null;
    },

    /** Every version of a check-in's (PV) or a booking's (RH) registration, newest first. */
    versions(accountId: string, kind: 'PV' | 'RH', subjectId: string): Promise<RegistrationRow[]> {
      const subject =
        kind === 'PV'
          ? eq(policeRegistrations.checkinId, subjectId)
          : eq(policeRegistrations.bookingId, subjectId);
      return db
        .select()
        .from(policeRegistrations)
        .where(and(eq(policeRegistrations.accountId, accountId), eq(policeRegistrations.kind, kind), subject))
        .orderBy(desc(policeRegistrations.version));
    },

    ofBooking: (accountId: string, bookingId: string) =>
      db
        .select()
        .from(policeRegistrations)
        .where(
          and(eq(policeRegistrations.accountId, accountId), eq(policeRegistrations.bookingId, bookingId)),
        ),

    /** The latest PV state per check-in, for the list badges. */
    async latestStates(accountId: string, checkinIds: string[]) {
      if (checkinIds.length === 0) return [];
      return db
        .selectDistinctOn([policeRegistrations.checkinId], {
          checkinId: policeRegistrations.checkinId,
          state: policeRegistrations.state,
        })
        .from(policeRegistrations)
        .where(
          and(
            eq(policeRegistrations.accountId, accountId),
            eq(policeRegistrations.kind, 'PV'),
            inArray(policeRegistrations.checkinId, checkinIds),
          ),
        )
        .orderBy(policeRegistrations.checkinId, desc(policeRegistrations.version));
    },

    async checkinProperties(accountId: string, checkinIds: string[]) {
      if (checkinIds.length === 0) return [];
      return db
        .select({ id: checkins.id, propertyId: checkins.propertyId, entity: propertyAuthorities.entity })
        .from(checkins)
        .leftJoin(propertyAuthorities, eq(propertyAuthorities.propertyId, checkins.propertyId))
        .where(and(eq(checkins.accountId, accountId), inArray(checkins.id, checkinIds)));
    },

    /** A guarded state change: only from one of `from`; null when another worker got there first. */
    async transition(
      id: string,
      from: readonly RegistrationState[],
      patch: Partial<NewRegistration>,
    ): Promise<RegistrationRow | null> {
      const [row] = await db
        .update(policeRegistrations)
        .set(patch)
        .where(and(eq(policeRegistrations.id, id), inArray(policeRegistrations.state, [...from])))
        .returning();
      return row ?? null;
    },

    async update(id: string, patch: Partial<NewRegistration>): Promise<RegistrationRow | null> {
      const [row] = await db
        .update(policeRegistrations)
        .set(patch)
        .where(eq(policeRegistrations.id, id))
        .returning();
      return row ?? null;
    },

    /** The property+kind groups with registrations due (queued or cancelling, next attempt passed). */
    dueGroups: (now: Date, states: readonly RegistrationState[]) =>
      db
        .selectDistinct({
          accountId: policeRegistrations.accountId,
          propertyId: policeRegistrations.propertyId,
          kind: policeRegistrations.kind,
          state: policeRegistrations.state,
          batchCode: policeRegistrations.batchCode,
        })
        .from(policeRegistrations)
        .where(
          and(
            inArray(policeRegistrations.state, [...states]),
            sql`coalesce(${policeRegistrations.nextAttemptAt}, ${policeRegistrations.createdAt}) <= ${now.toISOString()}::timestamptz`,
            sql`coalesce(${policeRegistrations.notBefore}, ${policeRegistrations.createdAt}) <= ${now.toISOString()}::timestamptz`,
          ),
        ),

    /**
     * Claims up to `limit` due registrations of one property and kind in state `from`, moving them to `to`
     * in one statement (`for update skip locked`): two workers never claim the same row.
     */
    async claim(opts: {
      propertyId: string;
      kind: 'PV' | 'RH';
      from: RegistrationState;
      to: RegistrationState;
      now: Date;
      limit: number;
      ids?: string[];
      batchCode?: string | null;
      nextAttemptAt?: Date | null;
    }): Promise<RegistrationRow[]> {
      const now = opts.now.toISOString();
      const ids = opts.ids?.length ? sql`and id = any(${uuidList(opts.ids)})` : sql``;
      const batch = opts.batchCode ? sql`and batch_code = ${opts.batchCode}` : sql``;
      const due = opts.ids?.length
        ? sql``
        : sql`and coalesce(next_attempt_at, created_at) <= ${now}::timestamptz and coalesce(not_before, created_at) <= ${now}::timestamptz`;
      const claimed = await rowsOf<{ id: string }>(
        db,
        sql`
        update police_registrations set state = ${opts.to}, updated_at = ${now}::timestamptz,
          next_attempt_at = ${opts.nextAttemptAt?.toISOString() ?? null}::timestamptz
        where id in (
          select id from police_registrations
          where property_id = ${opts.propertyId} and kind = ${opts.kind} and state = ${opts.from}
            ${due} ${ids} ${batch}
          order by created_at, id
          limit ${opts.limit}
          for update skip locked
        )
        returning id`,
      );
      if (claimed.length === 0) return [];
      return db
        .select()
        .from(policeRegistrations)
        .where(
          inArray(
            policeRegistrations.id,
            claimed.map((r) => r.id),
          ),
        )
        .orderBy(asc(policeRegistrations.createdAt), asc(policeRegistrations.id));
    },

    /** Registrations of a batch in the order they were sent. */
    batch: (batchCode: string) =>
      db
        .select()
        .from(policeRegistrations)
        .where(eq(policeRegistrations.batchCode, batchCode))
        .orderBy(asc(policeRegistrations.createdAt), asc(policeRegistrations.id)),

    async addAttempt(values: typeof policeRegistrationAttempts.$inferInsert): Promise<void> {
      await db.insert(policeRegistrationAttempts).values(values);
    },

    attempts: (registrationId: string) =>
      db
        .select()
        .from(policeRegistrationAttempts)
        .where(eq(policeRegistrationAttempts.registrationId, registrationId))
        .orderBy(asc(policeRegistrationAttempts.createdAt)),

    async list(f: RegistrationFilter, page?: { limit: number; offset: number }) {
      const q = db
        .select(listColumns)
        .from(policeRegistrations)
        .innerJoin(properties, eq(properties.id, policeRegistrations.propertyId))
        .leftJoin(bookings, eq(bookings.id, policeRegistrations.bookingId))
        .leftJoin(checkins, eq(checkins.id, policeRegistrations.checkinId))
        .where(where(f))
        .orderBy(desc(policeRegistrations.createdAt), desc(policeRegistrations.id));
      return page ? q.limit(page.limit).offset(page.offset) : q;
    },

    async count(f: RegistrationFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(policeRegistrations).where(where(f));
      return row?.n ?? 0;
    },

    async countByState(accountId: string) {
      return db
        .select({ state: policeRegistrations.state, n: count() })
        .from(policeRegistrations)
        .where(eq(policeRegistrations.accountId, accountId))
        .groupBy(policeRegistrations.state);
    },

    /** PVs held for travellers still to register (all accounts: the sweep's safety net). */
    waitingForGuests: () =>
      db.select().from(policeRegistrations).where(eq(policeRegistrations.state, 'waiting_guests')).limit(500),

    /** Unsettled registrations inside the warning window not warned about yet (all accounts: the sweep). */
    overdueToWarn: (before: Date) =>
      db
        .select()
        .from(policeRegistrations)
        .where(
          and(
            inArray(policeRegistrations.state, [...unsettledStates]),
            lte(policeRegistrations.dueAt, before),
            isNull(policeRegistrations.overdueNotifiedAt),
          ),
        )
        .limit(500),

    /** Accepted registrations whose booking was cancelled meanwhile (it was out when the cancellation came). */
    acceptedOfCancelledBookings: () =>
      db
        .select({ registration: policeRegistrations })
        .from(policeRegistrations)
        .innerJoin(bookings, eq(bookings.id, policeRegistrations.bookingId))
        .where(
          and(
            eq(policeRegistrations.state, 'accepted'),
            inArray(policeRegistrations.entity, ['guardia_civil', 'policia_nacional']),
            sql`jsonb_array_length(${policeRegistrations.communicationCodes}) > 0`,
            eq(bookings.status, 'cancelled'),
          ),
        )
        .limit(500),

    /** RD 933/2021: the record is kept 3 years; past `purge_after` it goes (attempts with it). */
    async purge(today: string): Promise<number> {
      const gone = await db
        .delete(policeRegistrations)
        .where(lt(policeRegistrations.purgeAfter, today))
        .returning({ id: policeRegistrations.id });
      return gone.length;
    },

    /** Mossos registrations waiting for a file (needs_action, no file yet) of one property. */
    awaitingFile: (propertyId: string) =>
      db
        .select()
        .from(policeRegistrations)
        .where(
          and(
            eq(policeRegistrations.propertyId, propertyId),
            eq(policeRegistrations.entity, 'mossos'),
            eq(policeRegistrations.state, 'needs_action'),
            isNull(policeRegistrations.policeFileId),
            sql`${policeRegistrations.errors} @> '[{"code":"authorities.awaiting_upload"}]'::jsonb`,
          ),
        )
        .orderBy(asc(policeRegistrations.createdAt), asc(policeRegistrations.id)),

    ofFile: (fileId: string) =>
      db.select().from(policeRegistrations).where(eq(policeRegistrations.policeFileId, fileId)),

    async insertFile(values: typeof policeFiles.$inferInsert): Promise<PoliceFileRow> {
      const [row] = await db.insert(policeFiles).values(values).returning();
      if (!row) throw new Error('police file not inserted');
      return row;
    },

    async file(accountId: string, id: string): Promise<PoliceFileRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(policeFiles)
        .where(and(eq(policeFiles.id, id), eq(policeFiles.accountId, accountId)));
      return row ?? null;
    },

    async lastFile(propertyId: string): Promise<PoliceFileRow | null> {
      const [row] = await db
        .select()
        .from(policeFiles)
        .where(eq(policeFiles.propertyId, propertyId))
        .orderBy(desc(policeFiles.createdAt))
        .limit(1);
      return row ?? null;
    },

    files(accountId: string, opts: { propertyId?: string; pending?: boolean }) {
      return db
        .select({ file: policeFiles, propertyName: properties.nombre })
        .from(policeFiles)
        .innerJoin(properties, eq(properties.id, policeFiles.propertyId))
        .where(
          and(
            eq(policeFiles.accountId, accountId),
            opts.propertyId ? eq(policeFiles.propertyId, opts.propertyId) : undefined,
            opts.pending ? isNull(policeFiles.uploadedAt) : undefined,
          ),
        )
        .orderBy(desc(policeFiles.day), desc(policeFiles.sequence));
    },

    async updateFile(id: string, patch: Partial<typeof policeFiles.$inferInsert>) {
      const [row] = await db.update(policeFiles).set(patch).where(eq(policeFiles.id, id)).returning();
      return row ?? null;
    },

    /** Files not uploaded whose last reminder is older than `before` (all accounts: the sweep). */
    filesToRemind: (before: Date) =>
      db
        .select()
        .from(policeFiles)
        .where(
          and(
            isNull(policeFiles.uploadedAt),
            sql`coalesce(${policeFiles.lastReminderAt}, ${policeFiles.createdAt}) <= ${before.toISOString()}::timestamptz`,
          ),
        )
        .limit(500),
  };
}

export type AuthoritiesRepo = ReturnType<typeof createAuthoritiesRepo>;
