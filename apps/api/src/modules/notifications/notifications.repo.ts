import { and, count, desc, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { inboxThreads, notificationPreferences } from '../../db/schema/messaging.ts';
import { type NotificationKind, notifications } from '../../db/schema/notifications.ts';
import { properties } from '../../db/schema/properties.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

export interface ListFilter {
  unread?: boolean;
  kind?: NotificationKind;
  limit: number;
  offset: number;
}

/**
 * Drizzle queries of notifications and notification_preferences (which only this module writes), and the
 * reads it is granted: the account's users (whom to tell), properties (tenant checks) and inbox threads (the guest's name of a new message).
 */
export function createNotificationsRepo({ db }: { db: Db }) {
  return {
    async insert(values: NewNotificationRow): Promise<string> {
      const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
      if (!row) throw new Error('notifications: the row was not written');
      return row.id;
    },

    list: (accountId: string, filter: ListFilter): Promise<NotificationRow[]> =>
      db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.accountId, accountId),
            filter.unread ? isNull(notifications.readAt) : undefined,
            filter.kind ? eq(notifications.kind, filter.kind) : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(filter.limit)
        .offset(filter.offset),

    async countUnread(accountId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
      return Number(row?.n ?? 0);
    },

    async find(accountId: string, id: string): Promise<{ readAt: Date | null } | null> {
      const [row] = await db
        .select({ readAt: notifications.readAt })
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.accountId, accountId)))
        .limit(1);
      return row ?? null;
    },

    /** A notification by id alone (the delivery job: the id comes from our own event). */
    async byId(id: string): Promise<NotificationRow | null> {
      const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
      return row ?? null;
    },

    async setRead(accountId: string, id: string, readAt: Date): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt })
        .where(and(eq(notifications.id, id), eq(notifications.accountId, accountId)));
    },

    /** Marks every unread notification of the account read; answers how many. */
    async setAllRead(accountId: string, readAt: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt })
        .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /** The unread 'message' notification of a thread written since `since`, if any (collapses a chat). */
    async unreadMessageOf(accountId: string, threadId: string, since: Date): Promise<{ id: string } | null> {
      const [row] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.accountId, accountId),
            eq(notifications.kind, 'message'),
            eq(notifications.relationId, threadId),
            isNull(notifications.readAt),
            gte(notifications.createdAt, since),
          ),
        )
        .orderBy(desc(notifications.createdAt))
        .limit(1);
      return row ?? null;
    },

    async touchMessage(id: string, values: { title: string; body: string; createdAt: Date }): Promise<void> {
      await db.update(notifications).set(values).where(eq(notifications.id, id));
    },

    /** The account's operators (empresa users): whom the toast and the deliveries reach. */
    operators: (accountId: string) =>
      db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          phone: users.phone,
          locale: users.locale,
        })
        .from(users)
        .where(and(eq(users.accountId, accountId), eq(users.type, 'empresa')))
        .orderBy(users.createdAt),

    async property(accountId: string, propertyId: string): Promise<{ id: string; name: string } | null> {
      const [row] = await db
        .select({ id: properties.id, name: properties.nombre })
        .from(properties)
        .where(and(eq(properties.id, propertyId), eq(properties.accountId, accountId)))
        .limit(1);
      return row ?? null;
    },

    async thread(accountId: string, threadId: string) {
      const [row] = await db
        .select({
          id: inboxThreads.id,
          guestName: inboxThreads.guestName,
          phone: inboxThreads.phone,
          email: inboxThreads.email,
          propertyId: inboxThreads.propertyId,
          preview: inboxThreads.lastMessagePreview,
        })
        .from(inboxThreads)
        .where(and(eq(inboxThreads.id, threadId), eq(inboxThreads.accountId, accountId)))
        .limit(1);
      return row ?? null;
    },

    preferences: (accountId: string, propertyId: string) =>
      db
        .select({
          kind: notificationPreferences.kind,
          email: notificationPreferences.email,
          whatsapp: notificationPreferences.whatsapp,
        })
        .from(notificationPreferences)
        .where(
          and(
            eq(notificationPreferences.accountId, accountId),
            eq(notificationPreferences.propertyId, propertyId),
          ),
        ),

    async savePreferences(
      accountId: string,
      propertyId: string,
      rows: { kind: string; email: boolean; whatsapp: boolean }[],
      now: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        for (const r of rows) {
          await tx
            .insert(notificationPreferences)
            .values({
              accountId,
              propertyId,
              kind: r.kind,
              email: r.email,
              whatsapp: r.whatsapp,
              updatedAt: now,
            })
            .onConflictDoUpdate({
              target: [notificationPreferences.propertyId, notificationPreferences.kind],
              set: { email: r.email, whatsapp: r.whatsapp, updatedAt: now },
            });
        }
      });
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
