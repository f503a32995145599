import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  broadcastRecipients,
  broadcasts,
  inboxMessages,
  inboxThreads,
  messageTemplates,
  type RecipientStatus,
} from '../../db/schema/messaging.ts';

export type BroadcastRow = typeof broadcasts.$inferSelect;
export type RecipientRow = typeof broadcastRecipients.$inferSelect;
export type NewRecipient = Omit<typeof broadcastRecipients.$inferInsert, 'broadcastId' | 'accountId'>;
export type TemplateRow = typeof messageTemplates.$inferSelect;

/** A recipient as shown: its status is its inbox message's once there is one (joined, never copied). */
export interface RecipientView {
  id: string;
  bookingId: string | null;
  threadId: string | null;
  guestName: string;
  phone: string;
  status: RecipientStatus;
  reason: string | null;
  updatedAt: Date;
}

/**
 * Queries of broadcasts and broadcast_recipients (written only here), and the reads this module is granted:
 * the account's WhatsApp templates (message_templates), the guests' threads for opt-outs (inbox_threads)
 * and the inbox messages a recipient's status comes from (inbox_messages).
 */
export function createBroadcastsRepo({ db }: { db: Db }) {
  /** The recipient's shown status: its message's when it has one; claimed but never stored: failed. */
  const shownStatus = sql<RecipientStatus>`case
    when ${broadcastRecipients.messageId} is not null then ${inboxMessages.status}
    when ${broadcastRecipients.status} = 'sent' then 'failed'
    else ${broadcastRecipients.status} end`;
  const shownReason = sql<string | null>`case
    when ${broadcastRecipients.messageId} is not null then coalesce(${inboxMessages.errorCode}, ${broadcastRecipients.reason})
    when ${broadcastRecipients.status} = 'sent' then 'interrupted'
    else ${broadcastRecipients.reason} end`;

  return {
    async approvedTemplates(accountId: string): Promise<TemplateRow[]> {
      return db
        .select()
        .from(messageTemplates)
        .where(
          and(
            eq(messageTemplates.accountId, accountId),
            eq(messageTemplates.kind, 'whatsapp'),
            eq(messageTemplates.status, 'approved'),
          ),
        )
        .orderBy(asc(messageTemplates.name), asc(messageTemplates.language));
    },

    async findTemplate(accountId: string, id: string): Promise<TemplateRow | null> {
      const [row] = await db
        .select()
        .from(messageTemplates)
        .where(
          and(
            eq(messageTemplates.accountId, accountId),
            eq(messageTemplates.id, id),
            eq(messageTemplates.kind, 'whatsapp'),
          ),
        );
      return row ?? null;
    },

    /** The phones (digits, no '+') of the account's threads whose guest asked for no more broadcasts. */
    async optedOutPhones(accountId: string, phones: string[]): Promise<Set<string>> {
      if (phones.length === 0) return new Set();
      const rows = await db
        .select({ phone: inboxThreads.phone })
        .from(inboxThreads)
        .where(
          and(
            eq(inboxThreads.accountId, accountId),
            inArray(inboxThreads.phone, phones),
            isNotNull(inboxThreads.optedOutAt),
          ),
        );
      return new Set(rows.map((r) => r.phone ?? ''));
    },

    /** Business-initiated WhatsApp messages (templates) of the account since `since` that did not fail. */
    async templatesSentSince(accountId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(inboxMessages)
        .where(
          and(
            eq(inboxMessages.accountId, accountId),
            eq(inboxMessages.channel, 'whatsapp'),
            eq(inboxMessages.direction, 'out'),
            eq(inboxMessages.type, 'template'),
            ne(inboxMessages.status, 'failed'),
            gte(inboxMessages.sentAt, since),
          ),
        );
      return Number(row?.n ?? 0);
    },

    async insertBroadcast(
      values: typeof broadcasts.$inferInsert,
      recipients: NewRecipient[],
    ): Promise<BroadcastRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(broadcasts).values(values).returning();
        if (!row) throw new Error('broadcast not inserted');
        if (recipients.length > 0)
          await tx
            .insert(broadcastRecipients)
            .values(recipients.map((r) => ({ ...r, broadcastId: row.id, accountId: row.accountId })));
        return row;
      });
    },

    async findBroadcast(accountId: string, id: string): Promise<BroadcastRow | null> {
      const [row] = await db
        .select()
        .from(broadcasts)
        .where(and(eq(broadcasts.accountId, accountId), eq(broadcasts.id, id)));
      return row ?? null;
    },

    async listBroadcasts(accountId: string, limit = 100): Promise<BroadcastRow[]> {
      return db
        .select()
        .from(broadcasts)
        .where(eq(broadcasts.accountId, accountId))
        .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
        .limit(limit);
    },

    /** Per broadcast, how many recipients are in each shown status. */
    async counts(
      accountId: string,
      broadcastIds: string[],
    ): Promise<{ broadcastId: string; status: RecipientStatus; n: number }[]> {
      if (broadcastIds.length === 0) return [];
      const rows = await db
        .select({ broadcastId: broadcastRecipients.broadcastId, status: shownStatus, n: count() })
        .from(broadcastRecipients)
        .leftJoin(inboxMessages, eq(inboxMessages.id, broadcastRecipients.messageId))
        .where(
          and(
            eq(broadcastRecipients.accountId, accountId),
            inArray(broadcastRecipients.broadcastId, broadcastIds),
          ),
        )
        .groupBy(broadcastRecipients.broadcastId, shownStatus);
      return rows.map((r) => ({ ...r, n: Number(r.n) }));
    },

    async recipients(accountId: string, broadcastId: string): Promise<RecipientView[]> {
      return db
        .select({
          id: broadcastRecipients.id,
          bookingId: broadcastRecipients.bookingId,
          threadId: broadcastRecipients.threadId,
          guestName: broadcastRecipients.guestName,
          phone: broadcastRecipients.phone,
          status: shownStatus,
          reason: shownReason,
          updatedAt:
            sql<Date>`greatest(${broadcastRecipients.updatedAt}, coalesce(${inboxMessages.statusAt}, ${broadcastRecipients.updatedAt}))`.mapWith(
              (v: string | Date) => new Date(v),
            ),
        })
        .from(broadcastRecipients)
        .leftJoin(inboxMessages, eq(inboxMessages.id, broadcastRecipients.messageId))
        .where(
          and(eq(broadcastRecipients.accountId, accountId), eq(broadcastRecipients.broadcastId, broadcastId)),
        )
        .orderBy(asc(broadcastRecipients.guestName), asc(broadcastRecipients.phone));
    },

    /** The next recipients still waiting (not claimed), in a stable order. */
    async waiting(broadcastId: string, limit: number): Promise<RecipientRow[]> {
      return db
        .select()
        .from(broadcastRecipients)
        .where(
          and(eq(broadcastRecipients.broadcastId, broadcastId), eq(broadcastRecipients.status, 'queued')),
        )
        .orderBy(asc(broadcastRecipients.guestName), asc(broadcastRecipients.id))
        .limit(limit);
    },

    /**
     * Claims a waiting recipient before its message goes out: only one run wins (status queued → sent), so a
     * retried or repeated job never sends twice. A run that dies after the claim leaves it without a message:
     * shown as failed ('interrupted'), never sent again.
     */
    async claim(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(broadcastRecipients)
        .set({ status: 'sent', updatedAt: at })
        .where(and(eq(broadcastRecipients.id, id), eq(broadcastRecipients.status, 'queued')))
        .returning({ id: broadcastRecipients.id });
      return rows.length === 1;
    },

    async setSent(id: string, values: { threadId: string; messageId: string; at: Date }): Promise<void> {
      await db
        .update(broadcastRecipients)
        .set({ threadId: values.threadId, messageId: values.messageId, updatedAt: values.at })
        .where(eq(broadcastRecipients.id, id));
    },

    async setFailed(id: string, reason: string, at: Date): Promise<void> {
      await db
        .update(broadcastRecipients)
        .set({ status: 'failed', reason, updatedAt: at })
        .where(eq(broadcastRecipients.id, id));
    },

    /** Waiting recipients become skipped with `reason` (the daily limit, a cancellation). */
    async skipWaiting(broadcastId: string, reason: string, at: Date, ids?: string[]): Promise<number> {
      const rows = await db
        .update(broadcastRecipients)
        .set({ status: 'skipped', reason, updatedAt: at })
        .where(
          and(
            eq(broadcastRecipients.broadcastId, broadcastId),
            eq(broadcastRecipients.status, 'queued'),
            ids ? inArray(broadcastRecipients.id, ids) : undefined,
          ),
        )
        .returning({ id: broadcastRecipients.id });
      return rows.length;
    },

    /** sending → done (or cancelled); a finished broadcast stays as it is. */
    async finish(
      accountId: string,
      id: string,
      status: 'done' | 'cancelled',
      at: Date,
    ): Promise<BroadcastRow | null> {
      const [row] = await db
        .update(broadcasts)
        .set({ status, finishedAt: at })
        .where(
          and(
            eq(broadcasts.accountId, accountId),
            eq(broadcasts.id, id),
            eq(broadcasts.status, 'sending'),
            isNull(broadcasts.finishedAt),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}

export type BroadcastsRepo = ReturnType<typeof createBroadcastsRepo>;
