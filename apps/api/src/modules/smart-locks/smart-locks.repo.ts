import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { properties } from '../../db/schema/properties.ts';
import { rooms } from '../../db/schema/rooms.ts';
import {
  accessCodeReleases,
  accessCodes,
  lockAccounts,
  lockAssignments,
} from '../../db/schema/smart-locks.ts';

export type LockAccountRow = typeof lockAccounts.$inferSelect;
export type LockAssignmentRow = typeof lockAssignments.$inferSelect;
export type AccessCodeRow = typeof accessCodes.$inferSelect;
export type PropertyLockRow = Pick<
  typeof properties.$inferSelect,
  | 'id'
  | 'accountId'
  | 'nombre'
  | 'tipoPropiedad'
  | 'timeZone'
  | 'smartLock'
  | 'smartLockDeliveryTime'
  | 'smartLockKeyType'
  | 'smartLockMasterCode'
  | 'smartLockRequiresRegistration'
  | 'checkinTime'
  | 'checkoutTime'
>;
export type StayCheckinRow = typeof checkins.$inferSelect;

const propertyColumns = {
  id: properties.id,
  accountId: properties.accountId,
  nombre: properties.nombre,
  tipoPropiedad: properties.tipoPropiedad,
  timeZone: properties.timeZone,
  smartLock: properties.smartLock,
  smartLockDeliveryTime: properties.smartLockDeliveryTime,
  smartLockKeyType: properties.smartLockKeyType,
  smartLockMasterCode: properties.smartLockMasterCode,
  smartLockRequiresRegistration: properties.smartLockRequiresRegistration,
  checkinTime: properties.checkinTime,
  checkoutTime: properties.checkoutTime,
};

/** Every query of the four smart-lock tables, each scoped by account; reads of properties, bookings, rooms, check-ins. */
export function createSmartLocksRepo({ db }: { db: Db }) {
  return {
    // Vendor accounts.
    listAccounts: (accountId: string) =>
      db
        .select()
        .from(lockAccounts)
        .where(eq(lockAccounts.accountId, accountId))
        .orderBy(asc(lockAccounts.vendor)),
    async findAccount(accountId: string, id: string): Promise<LockAccountRow | null> {
      const [row] = await db
        .select()
        .from(lockAccounts)
        .where(and(eq(lockAccounts.accountId, accountId), eq(lockAccounts.id, id)));
      return row ?? null;
    },
    async findAccountById(id: string): Promise<LockAccountRow | null> {
      const [row] = await db.select().from(lockAccounts).where(eq(lockAccounts.id, id));
      return row ?? null;
    },
    async upsertAccount(values: typeof lockAccounts.$inferInsert & { id: string }): Promise<LockAccountRow> {
      const [row] = await db
        .insert(lockAccounts)
        .values(values)
        .onConflictDoUpdate({
          target: [lockAccounts.accountId, lockAccounts.vendor],
          set: {
            label: values.label,
            credentialsSealed: sql`excluded.credentials_sealed`,
            status: 'connected',
            lastError: null,
            updatedAt: values.updatedAt ?? new Date(),
          },
        })
        .returning();
      return row as LockAccountRow;
    },
    /** An existing row keeps its id: its credentials are sealed for that id. */
    async findAccountByVendor(accountId: string, vendor: LockAccountRow['vendor']) {
      const [row] = await db
        .select()
        .from(lockAccounts)
        .where(and(eq(lockAccounts.accountId, accountId), eq(lockAccounts.vendor, vendor)));
      return row ?? null;
    },
    updateAccount: (id: string, patch: Partial<LockAccountRow>) =>
      db.update(lockAccounts).set(patch).where(eq(lockAccounts.id, id)),
    async deleteAccount(accountId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(lockAccounts)
        .where(and(eq(lockAccounts.accountId, accountId), eq(lockAccounts.id, id)))
        .returning({ id: lockAccounts.id });
      return rows.length > 0;
    },

    // Properties, rooms (read).
    async findProperty(accountId: string, id: string): Promise<PropertyLockRow | null> {
      const [row] = await db
        .select(propertyColumns)
        .from(properties)
        .where(and(eq(properties.accountId, accountId), eq(properties.id, id)));
      return row ?? null;
    },
    listRooms: (accountId: string, propertyId: string) =>
      db
        .select({ id: rooms.id, name: rooms.name })
        .from(rooms)
        .where(and(eq(rooms.accountId, accountId), eq(rooms.propertyId, propertyId)))
        .orderBy(asc(rooms.name)),

    // Assignments.
    listAssignments: (accountId: string, propertyId: string) =>
      db
        .select({ assignment: lockAssignments, vendor: lockAccounts.vendor, roomName: rooms.name })
        .from(lockAssignments)
        .innerJoin(lockAccounts, eq(lockAccounts.id, lockAssignments.lockAccountId))
        .leftJoin(rooms, eq(rooms.id, lockAssignments.roomId))
        .where(and(eq(lockAssignments.accountId, accountId), eq(lockAssignments.propertyId, propertyId))),
    async hasAssignment(accountId: string, propertyId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: lockAssignments.id })
        .from(lockAssignments)
        .where(and(eq(lockAssignments.accountId, accountId), eq(lockAssignments.propertyId, propertyId)))
        .limit(1);
      return Boolean(row);
    },
    async replaceAssignment(values: typeof lockAssignments.$inferInsert): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(lockAssignments)
          .where(
            and(
              eq(lockAssignments.accountId, values.accountId),
              eq(lockAssignments.propertyId, values.propertyId),
              values.roomId ? eq(lockAssignments.roomId, values.roomId) : isNull(lockAssignments.roomId),
            ),
          );
        await tx.insert(lockAssignments).values(values);
      });
    },
    async deleteAssignment(accountId: string, propertyId: string, roomId: string | null): Promise<boolean> {
      const rows = await db
        .delete(lockAssignments)
        .where(
          and(
            eq(lockAssignments.accountId, accountId),
            eq(lockAssignments.propertyId, propertyId),
            roomId ? eq(lockAssignments.roomId, roomId) : isNull(lockAssignments.roomId),
          ),
        )
        .returning({ id: lockAssignments.id });
      return rows.length > 0;
    },

    // Stays (read).
    async findBooking(accountId: string, id: string) {
      const [row] = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.accountId, accountId), eq(bookings.id, id)));
      return row ?? null;
    },
    /** Bookings of a property whose stay has not ended (the settings changed: their codes follow). */
    async upcomingBookings(accountId: string, propertyId: string, now: Date): Promise<string[]> {
      const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
      const rows = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.accountId, accountId),
            eq(bookings.propertyId, propertyId),
            gte(bookings.endDate, yesterday),
          ),
        );
      return rows.map((r) => r.id);
    },
    async findCheckin(accountId: string, id: string): Promise<StayCheckinRow | null> {
      const [row] = await db
        .select()
        .from(checkins)
        .where(and(eq(checkins.accountId, accountId), eq(checkins.id, id)));
      return row ?? null;
    },
    async checkinOfBooking(accountId: string, bookingId: string): Promise<StayCheckinRow | null> {
      const [row] = await db
        .select()
        .from(checkins)
        .where(and(eq(checkins.accountId, accountId), eq(checkins.bookingId, bookingId)));
      return row ?? null;
    },

    // Access codes.
    codesOfBooking: (accountId: string, bookingId: string) =>
      db
        .select()
        .from(accessCodes)
        .where(and(eq(accessCodes.accountId, accountId), eq(accessCodes.bookingId, bookingId)))
        .orderBy(asc(accessCodes.createdAt)),
    codesOfCheckin: (accountId: string, checkinId: string, bookingId: string | null) =>
      db
        .select()
        .from(accessCodes)
        .where(
          and(
            eq(accessCodes.accountId, accountId),
            bookingId
              ? or(eq(accessCodes.checkinId, checkinId), eq(accessCodes.bookingId, bookingId))
              : eq(accessCodes.checkinId, checkinId),
          ),
        )
        .orderBy(asc(accessCodes.createdAt)),
    /** Codes live on a lock (other stays): a generated code must not repeat one. */
    liveCodesOnLock: (accountId: string, remoteLockId: string) =>
      db
        .select({ id: accessCodes.id, codeSealed: accessCodes.codeSealed })
        .from(accessCodes)
        .where(
          and(
            eq(accessCodes.accountId, accountId),
            eq(accessCodes.remoteLockId, remoteLockId),
            inArray(accessCodes.state, ['requested', 'active', 'update_requested']),
          ),
        ),
    async insertCode(values: typeof accessCodes.$inferInsert): Promise<AccessCodeRow> {
      const [row] = await db.insert(accessCodes).values(values).returning();
      return row as AccessCodeRow;
    },
    async updateCode(id: string, patch: Partial<AccessCodeRow>): Promise<void> {
      await db.update(accessCodes).set(patch).where(eq(accessCodes.id, id));
    },
    /** Codes with vendor work due now (created, moved or removed), oldest first. */
    dueCodes: (now: Date, limit = 50) =>
      db
        .select()
        .from(accessCodes)
        .where(
          and(
            inArray(accessCodes.state, ['requested', 'update_requested', 'revoke_requested']),
            or(isNull(accessCodes.nextAttemptAt), lte(accessCodes.nextAttemptAt, now)),
            or(isNull(accessCodes.notBefore), lte(accessCodes.notBefore, now)),
          ),
        )
        .orderBy(asc(accessCodes.createdAt))
        .limit(limit),
    /** Active codes whose stay is over: removed after departure. */
    pastCodes: (now: Date, limit = 50) =>
      db
        .select()
        .from(accessCodes)
        .where(and(eq(accessCodes.state, 'active'), lte(accessCodes.validUntil, now)))
        .limit(limit),
    /** Claims a due code for one run (several processes never call the vendor twice at once). */
    async claimCode(id: string, now: Date, until: Date): Promise<AccessCodeRow | null> {
      const [row] = await db
        .update(accessCodes)
        .set({ nextAttemptAt: until })
        .where(
          and(
            eq(accessCodes.id, id),
            or(isNull(accessCodes.nextAttemptAt), lte(accessCodes.nextAttemptAt, now)),
          ),
        )
        .returning();
      return row ?? null;
    },

    // Releases.
    insertRelease: (values: typeof accessCodeReleases.$inferInsert) =>
      db.insert(accessCodeReleases).values(values),
    releasesOf: (accountId: string, checkinId: string) =>
      db
        .select({
          id: accessCodeReleases.id,
          reason: accessCodeReleases.reason,
          createdAt: accessCodeReleases.createdAt,
          userName: users.name,
        })
        .from(accessCodeReleases)
        .leftJoin(users, eq(users.id, accessCodeReleases.userId))
        .where(and(eq(accessCodeReleases.accountId, accountId), eq(accessCodeReleases.checkinId, checkinId)))
        .orderBy(asc(accessCodeReleases.createdAt)),
  };
}

export type SmartLocksRepo = ReturnType<typeof createSmartLocksRepo>;
