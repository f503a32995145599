import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

/** Drizzle queries of the notifications table, which only this module writes. */
export function createNotificationsRepo({ db }: { db: Db }) {
  return {
    async insert(values: NewNotificationRow): Promise<string> {
      const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
      if (!row) throw new Error('notifications: the row was not written');
      return row.id;
    },

    list: (accountId: string, limit: number): Promise<NotificationRow[]> =>
      db
        .select()
        .from(notifications)
        .where(eq(notifications.accountId, accountId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit),

    async find(accountId: string, id: string): Promise<{ readAt: Date | null } | null> {
      const [row] = await db
        .select({ readAt: notifications.readAt })
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.accountId, accountId)))
        .limit(1);
      return row ?? null;
    },

    async setRead(accountId: string, id: string, readAt: Date): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt })
        .where(and(eq(notifications.id, id), eq(notifications.accountId, accountId)));
    },
  };
}
