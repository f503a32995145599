import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inboxUnrouted } from '../../db/schema/messaging.ts';
import { containsPattern } from '../../lib/sql.ts';

export type UnroutedRow = typeof inboxUnrouted.$inferSelect;
export type NewUnrouted = typeof inboxUnrouted.$inferInsert;

/**
 * inbox_unrouted (owned by the inbox module): guests' messages no account could be found for. Platform-wide by
 * nature (no account yet): only the admin back office reads them.
 */
export function createInboxUnroutedRepo(db: Db) {
  return {
    /** Stores it once by (channel, external id); null when it was stored before. */
    async insert(row: NewUnrouted): Promise<UnroutedRow | null> {
      const [inserted] = await db
        .insert(inboxUnrouted)
        .values(row)
        .onConflictDoNothing({ target: [inboxUnrouted.channel, inboxUnrouted.externalId] })
        .returning();
      return inserted ?? null;
    },

    async byExternalId(channel: UnroutedRow['channel'], externalId: string): Promise<UnroutedRow | null> {
      const [row] = await db
        .select()
        .from(inboxUnrouted)
        .where(and(eq(inboxUnrouted.channel, channel), eq(inboxUnrouted.externalId, externalId)));
      return row ?? null;
    },

    async byId(id: string): Promise<UnroutedRow | null> {
      const [row] = await db.select().from(inboxUnrouted).where(eq(inboxUnrouted.id, id));
      return row ?? null;
    },

    /** Newest first after the keyset `(received_at, id)`; `search` over name, phone digits and text. */
    async list(opts: {
      search: string;
      assigned: boolean | null;
      after: { at: Date; id: string } | null;
      limit: number;
    }): Promise<UnroutedRow[]> {
      const where: (SQL | undefined)[] = [];
      if (opts.assigned === true) where.push(isNotNull(inboxUnrouted.assignedAt));
      if (opts.assigned === false) where.push(isNull(inboxUnrouted.assignedAt));
      if (opts.search) {
        const pattern = containsPattern(opts.search);
        const digits = opts.search.replace(/\D/g, '');
        where.push(
          or(
            ilike(inboxUnrouted.senderName, pattern),
            ilike(inboxUnrouted.body, pattern),
            digits.length >= 3 ? ilike(inboxUnrouted.phone, containsPattern(digits)) : undefined,
          ),
        );
      }
      if (opts.after)
        where.push(
          sql`(${inboxUnrouted.receivedAt}, ${inboxUnrouted.id}) < (${opts.after.at.toISOString()}::timestamptz, ${opts.after.id}::uuid)`,
        );
      return db
        .select()
        .from(inboxUnrouted)
        .where(and(...where))
        .orderBy(desc(inboxUnrouted.receivedAt), desc(inboxUnrouted.id))
        .limit(opts.limit);
    },

    async countWaiting(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(inboxUnrouted)
        .where(isNull(inboxUnrouted.assignedAt));
      return row?.n ?? 0;
    },

    /**
     * Marks a waiting message assigned to an account's thread (one conditional update): null when it was
     * assigned already.
     */
    async claim(
      id: string,
      values: { accountId: string; userId: string; threadId: string; at: Date },
    ): Promise<UnroutedRow | null> {
      const [row] = await db
        .update(inboxUnrouted)
        .set({
          assignedAccountId: values.accountId,
          assignedByUserId: values.userId,
          assignedThreadId: values.threadId,
          assignedAt: values.at,
        })
        .where(and(eq(inboxUnrouted.id, id), isNull(inboxUnrouted.assignedAt)))
        .returning();
      return row ?? null;
    },
  };
}
