import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { reminders } from '../../db/schema/checkins.ts';
import { properties } from '../../db/schema/properties.ts';
import { isUuid } from '../../lib/sql.ts';

export type ReminderRow = typeof reminders.$inferSelect;
export type NewReminder = typeof reminders.$inferInsert;
export type ReminderPatch = Partial<
  Pick<NewReminder, 'propertyId' | 'bookingId' | 'day' | 'hour' | 'description' | 'dueAt' | 'rangAt'>
>;

/**
 * Drizzle queries of the reminders (spec 3 Reminder). Every query of an operator's reminder filters by
 * account; inside a transaction, build it on the transaction (`createRemindersRepo({ db: tx })`).
 */
export function createRemindersRepo({ db }: { db: Db }) {
  return {
    async byId(accountId: string, id: string): Promise<ReminderRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(reminders)
        .where(and(eq(reminders.id, id), eq(reminders.accountId, accountId)))
        .limit(1);
      return row ?? null;
    },

    async list(accountId: string): Promise<ReminderRow[]> {
      return db
        .select()
        .from(reminders)
        .where(eq(reminders.accountId, accountId))
        .orderBy(asc(reminders.dueAt));
    },

    /** The property of the account's booking, null when the account has no such booking. */
    async bookingPropertyId(accountId: string, bookingId: string): Promise<string | null> {
      const [row] = await db
        .select({ propertyId: bookings.propertyId })
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), eq(bookings.accountId, accountId)))
        .limit(1);
      return row?.propertyId ?? null;
    },

    /** The account's property `propertyId`, or without one the account's first property. */
    async propertyZone(
      accountId: string,
      propertyId: string | null,
    ): Promise<{ id: string; timeZone: string } | null> {
      const [row] = await db
        .select({ id: properties.id, timeZone: properties.timeZone })
        .from(properties)
        .where(
          propertyId
            ? and(eq(properties.id, propertyId), eq(properties.accountId, accountId))
            : eq(properties.accountId, accountId),
        )
        .orderBy(asc(properties.createdAt))
        .limit(1);
      return row ?? null;
    },

    async insert(values: NewReminder): Promise<ReminderRow | null> {
      const [row] = await db.insert(reminders).values(values).returning();
      return row ?? null;
    },

    async update(accountId: string, id: string, patch: ReminderPatch): Promise<ReminderRow | null> {
      const [row] = await db
        .update(reminders)
        .set(patch)
        .where(and(eq(reminders.id, id), eq(reminders.accountId, accountId)))
        .returning();
      return row ?? null;
    },

    async remove(accountId: string, id: string): Promise<void> {
      await db.delete(reminders).where(and(eq(reminders.id, id), eq(reminders.accountId, accountId)));
    },

    /** Reminders due at `now` that have not rung, earliest first. */
    async due(now: Date, limit: number): Promise<ReminderRow[]> {
      return db
        .select()
        .from(reminders)
        .where(and(lte(reminders.dueAt, now), isNull(reminders.rangAt)))
        .orderBy(asc(reminders.dueAt))
        .limit(limit);
    },

    /** Marks the reminder rung unless another run did first; false then. */
    async claimRing(id: string, now: Date): Promise<boolean> {
      const [claimed] = await db
        .update(reminders)
        .set({ rangAt: now })
        .where(and(eq(reminders.id, id), isNull(reminders.rangAt)))
        .returning({ id: reminders.id });
      return Boolean(claimed);
    },
  };
}
