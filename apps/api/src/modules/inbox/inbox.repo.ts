import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { bookings } from '../../db/schema/bookings.ts';
import {
  type InboxChannel,
  inboxMessages,
  inboxThreads,
  type MessageStatus,
} from '../../db/schema/messaging.ts';
import { properties } from '../../db/schema/properties.ts';

export type ThreadRow = typeof inboxThreads.$inferSelect;
export type MessageRow = typeof inboxMessages.$inferSelect;
export type NewMessage = typeof inboxMessages.$inferInsert;

/** A thread with what the list shows beside it: its property and the linked stay's dates. */
export interface ThreadViewRow {
  thread: ThreadRow;
  propertyName: string | null;
  arrival: string | null;
  departure: string | null;
}

/** Statuses an outbound message may move to from each one: only forward (read never goes back). */
const forwardFrom: Record<Exclude<MessageStatus, 'received' | 'queued'>, MessageStatus[]> = {
  accepted: ['queued'],
  sent: ['queued', 'accepted'],
  delivered: ['queued', 'accepted', 'sent'],
  read: ['queued', 'accepted', 'sent', 'delivered'],
  failed: ['queued', 'accepted', 'sent', 'delivered'],
};

/** inbox_threads and inbox_messages (owned here); every query names its account. */
export function createInboxRepo(db: Db) {
  return {
    async threadById(accountId: string, id: string): Promise<ThreadRow | null> {
      const [row] = await db
        .select()
        .from(inboxThreads)
        .where(and(eq(inboxThreads.accountId, accountId), eq(inboxThreads.id, id)));
      return row ?? null;
    },

    /** The account's thread of a phone (digits), or of an e-mail when the guest has no phone. */
    async threadByAddress(
      accountId: string,
      address: { phone: string | null; email: string | null },
    ): Promise<ThreadRow | null> {
      const where = address.phone
        ? eq(inboxThreads.phone, address.phone)
        : address.email
          ? and(sql`${inboxThreads.phone} is null`, eq(inboxThreads.email, address.email))
          : null;
      if (!where) return null;
      const [row] = await db
        .select()
        .from(inboxThreads)
        .where(and(eq(inboxThreads.accountId, accountId), where));
      return row ?? null;
    },

    /** A thread that knows this e-mail (also one opened by phone), the most recent first. */
    async threadByEmail(accountId: string, email: string): Promise<ThreadRow | null> {
      const [row] = await db
        .select()
        .from(inboxThreads)
        .where(and(eq(inboxThreads.accountId, accountId), sql`lower(${inboxThreads.email}) = ${email}`))
        .orderBy(desc(inboxThreads.lastMessageAt))
        .limit(1);
      return row ?? null;
    },

    /** Opens the thread (or finds the one a concurrent writer just opened: the unique address indexes). */
    async openThread(row: typeof inboxThreads.$inferInsert): Promise<ThreadRow> {
      const [inserted] = await db.insert(inboxThreads).values(row).onConflictDoNothing().returning();
      if (inserted) return inserted;
      const found = await this.threadByAddress(row.accountId, {
        phone: row.phone ?? null,
        email: row.email ?? null,
      });
      if (!found) throw new Error('inbox: the thread was neither opened nor found');
      return found;
    },

    async updateThread(accountId: string, id: string, values: Partial<typeof inboxThreads.$inferInsert>) {
      if (Object.keys(values).length === 0) return;
      await db
        .update(inboxThreads)
        .set(values)
        .where(and(eq(inboxThreads.accountId, accountId), eq(inboxThreads.id, id)));
    },

    /**
     * A message joins its thread: the list's last message, preview and channel move only for a message not
     * older than the last one (webhooks may arrive out of order); an inbound one counts as unread and, on
     * WhatsApp, (re)opens the 24-hour window from its own time.
     */
    async touchThread(
      accountId: string,
      id: string,
      message: { at: Date; preview: string; channel: InboxChannel; inbound: boolean },
    ) {
      const newer = sql`${message.at.toISOString()}::timestamptz >= ${inboxThreads.lastMessageAt}`;
      await db
        .update(inboxThreads)
        .set({
          lastMessageAt: sql`greatest(${inboxThreads.lastMessageAt}, ${message.at.toISOString()}::timestamptz)`,
          lastMessagePreview: sql`case when ${newer} then ${message.preview} else ${inboxThreads.lastMessagePreview} end`,
          lastChannel: sql`case when ${newer} then ${message.channel} else ${inboxThreads.lastChannel} end`,
          ...(message.inbound ? { unreadCount: sql`${inboxThreads.unreadCount} + 1` } : {}),
          // Only a WhatsApp message opens WhatsApp's 24-hour window (an SMS or e-mail reply does not).
          ...(message.inbound && message.channel === 'whatsapp'
            ? {
                lastInboundAt: sql`greatest(${inboxThreads.lastInboundAt}, ${message.at.toISOString()}::timestamptz)`,
              }
            : {}),
        })
        .where(and(eq(inboxThreads.accountId, accountId), eq(inboxThreads.id, id)));
    },

    /** Stores a message; null when its (channel, external id) was already stored. */
    async insertMessage(row: NewMessage): Promise<MessageRow | null> {
      const [inserted] = await db.insert(inboxMessages).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    async messageByExternalId(channel: InboxChannel, externalId: string): Promise<MessageRow | null> {
      const [row] = await db
        .select()
        .from(inboxMessages)
        .where(and(eq(inboxMessages.channel, channel), eq(inboxMessages.externalId, externalId)));
      return row ?? null;
    },

    async messageById(accountId: string, id: string): Promise<MessageRow | null> {
      const [row] = await db
        .select()
        .from(inboxMessages)
        .where(and(eq(inboxMessages.accountId, accountId), eq(inboxMessages.id, id)));
      return row ?? null;
    },

    /** Answers the message's thread, or null when there is no such message. */
    async updateMessage(
      accountId: string,
      id: string,
      values: Partial<NewMessage>,
    ): Promise<{ threadId: string } | null> {
      const [row] = await db
        .update(inboxMessages)
        .set(values)
        .where(and(eq(inboxMessages.accountId, accountId), eq(inboxMessages.id, id)))
        .returning({ threadId: inboxMessages.threadId });
      return row ?? null;
    },

    /** Moves an outbound message's status forward only; null when it was not moved (older or repeated). */
    async moveStatus(
      channel: InboxChannel,
      externalId: string,
      status: Exclude<MessageStatus, 'received' | 'queued'>,
      at: Date,
      error: { code: string; text: string } | null,
    ): Promise<MessageRow | null> {
      const [row] = await db
        .update(inboxMessages)
        .set({
          status,
          statusAt: at,
          ...(status === 'failed'
            ? { errorCode: error?.code ?? 'failed', errorText: error?.text ?? null }
            : {}),
        })
        .where(
          and(
            eq(inboxMessages.channel, channel),
            eq(inboxMessages.externalId, externalId),
            eq(inboxMessages.direction, 'out'),
            inArray(inboxMessages.status, forwardFrom[status]),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The accounts whose threads know this phone, the most recently active first (shared number routing). */
    async accountsOfPhone(phone: string): Promise<string[]> {
      const rows = await db
        .select({ accountId: inboxThreads.accountId })
        .from(inboxThreads)
        .where(and(isNotNull(inboxThreads.phone), eq(inboxThreads.phone, phone)))
        .orderBy(desc(inboxThreads.lastMessageAt))
        .limit(20);
      return rows.map((r) => r.accountId);
    },

    /** The account of a thread named by a reply address (the e-mail inbound route has no tenant yet). */
    async accountOfThread(id: string): Promise<string | null> {
      const [row] = await db
        .select({ accountId: inboxThreads.accountId })
        .from(inboxThreads)
        .where(eq(inboxThreads.id, id));
      return row?.accountId ?? null;
    },

    async threadView(accountId: string, id: string): Promise<ThreadViewRow | null> {
      const [row] = await db
        .select({
          thread: inboxThreads,
          propertyName: properties.nombre,
          arrival: bookings.startDate,
          departure: bookings.endDate,
        })
        .from(inboxThreads)
        .leftJoin(properties, eq(properties.id, inboxThreads.propertyId))
        .leftJoin(bookings, eq(bookings.id, inboxThreads.bookingId))
        .where(and(eq(inboxThreads.accountId, accountId), eq(inboxThreads.id, id)));
      return row ?? null;
    },

    async authorName(userId: string): Promise<string | null> {
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
      return row?.name ?? null;
    },
  };
}

export type InboxRepo = ReturnType<typeof createInboxRepo>;
