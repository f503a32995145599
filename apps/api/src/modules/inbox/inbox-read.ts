import type { InboxMessage, InboxThread } from '@posada/contracts/inbox';
import type { BookingOption, ComposerTemplate } from '@posada/contracts/inbox-requests';
import { MESSAGES_PAGE, THREADS_PAGE } from '@posada/contracts/inbox-requests';
import { and, desc, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { inboxMessages, inboxThreads, messageTemplates } from '../../db/schema/messaging.ts';
import { properties } from '../../db/schema/properties.ts';
import type { Locale } from '../../i18n/messages.ts';
import { containsPattern, isUuid } from '../../lib/sql.ts';
import type { ThreadViewRow } from './inbox.repo.ts';
import { toInboxMessage, toInboxThread } from './inbox-views.ts';

/**
 * The inbox screen's queries (issue 17, docs/messaging.md "Inbox"): the thread list (newest first, keyset
 * paging on (last_message_at, id) over the inbox_threads_recent_idx index), a thread's messages, the booking
 * card, and the two writes of the screen (read, manual booking link). Every query is scoped to the account.
 */

export interface ThreadFilters {
  search: string;
  propertyId: string;
  channel: string;
  unread: boolean;
  arrivalFrom: string;
  arrivalTo: string;
  cursor: string;
}

const threadColumns = {
  thread: inboxThreads,
  propertyName: properties.nombre,
  arrival: bookings.startDate,
  departure: bookings.endDate,
};

/** `<iso instant>_<uuid>`: the last item of a page. */
const encodeCursor = (at: Date, id: string) => `${at.toISOString()}_${id}`;
function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [iso, id] = cursor.split('_');
  const at = new Date(iso ?? '');
  return isUuid(id) && !Number.isNaN(at.getTime()) ? { at, id } : null;
}

export function createInboxRead({ db, now }: { db: Db; now: () => Date }) {
  const threadQuery = () =>
    db
      .select(threadColumns)
      .from(inboxThreads)
      .leftJoin(properties, eq(properties.id, inboxThreads.propertyId))
      .leftJoin(bookings, eq(bookings.id, inboxThreads.bookingId));

  /** The booking of the card, with its property and its most recent check-in. */
  async function bookingCard(accountId: string, bookingId: string) {
    if (!isUuid(bookingId)) return null;
    const [row] = await db
      .select({ booking: bookings, propertyName: properties.nombre })
      .from(bookings)
      .innerJoin(properties, eq(properties.id, bookings.propertyId))
      .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)))
      .limit(1);
    if (!row) return null;
    const [checkin] = await db
      .select({ id: checkins.id, status: checkins.status })
      .from(checkins)
      .where(and(eq(checkins.accountId, accountId), eq(checkins.bookingId, bookingId)))
      .orderBy(desc(checkins.createdAt))
      .limit(1);
    return { ...row, checkin: checkin ?? null };
  }

  return {
    async listThreads(
      accountId: string,
      f: ThreadFilters,
    ): Promise<{ items: InboxThread[]; nextCursor: string | null }> {
      const where: SQL[] = [eq(inboxThreads.accountId, accountId)];
      if (f.propertyId) where.push(eq(inboxThreads.propertyId, f.propertyId));
      if (f.channel) where.push(sql`${inboxThreads.lastChannel} = ${f.channel}`);
      if (f.unread) where.push(gt(inboxThreads.unreadCount, 0));
      if (f.arrivalFrom) where.push(sql`${bookings.startDate} >= ${f.arrivalFrom}`);
      if (f.arrivalTo) where.push(sql`${bookings.startDate} <= ${f.arrivalTo}`);
      if (f.search) {
        const pattern = containsPattern(f.search);
        const digits = f.search.replace(/\D/g, '');
        const matches: SQL[] = [
          sql`${inboxThreads.guestName} ilike ${pattern}`,
          sql`${inboxThreads.email} ilike ${pattern}`,
          sql`exists (select 1 from ${inboxMessages} where ${inboxMessages.threadId} = ${inboxThreads.id}
                and ${inboxMessages.accountId} = ${accountId} and ${inboxMessages.body} ilike ${pattern})`,
        ];
        if (digits.length >= 3) matches.push(sql`${inboxThreads.phone} like ${containsPattern(digits)}`);
        where.push(or(...matches) as SQL);
      }
      const cursor = f.cursor ? decodeCursor(f.cursor) : null;
      if (cursor)
        where.push(
          sql`(${inboxThreads.lastMessageAt}, ${inboxThreads.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`,
        );
      const rows = await threadQuery()
        .where(and(...where))
        .orderBy(desc(inboxThreads.lastMessageAt), desc(inboxThreads.id))
        .limit(THREADS_PAGE + 1);
      const page = rows.slice(0, THREADS_PAGE);
      const last = page.at(-1);
      return {
        items: page.map((row) => toInboxThread(row, now())),
        nextCursor:
          rows.length > THREADS_PAGE && last ? encodeCursor(last.thread.lastMessageAt, last.thread.id) : null,
      };
    },

    async thread(accountId: string, id: string): Promise<ThreadViewRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await threadQuery()
        .where(and(eq(inboxThreads.accountId, accountId), eq(inboxThreads.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** A page of messages, oldest first; `before` is the `next_before` of the newer page. */
    async messages(
      accountId: string,
      threadId: string,
      before: string,
      locale: Locale = 'es',
    ): Promise<{ items: InboxMessage[]; nextBefore: string | null }> {
      const where: SQL[] = [eq(inboxMessages.accountId, accountId), eq(inboxMessages.threadId, threadId)];
      const cursor = before ? decodeCursor(before) : null;
      if (cursor)
        where.push(
          sql`(${inboxMessages.sentAt}, ${inboxMessages.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`,
        );
      const rows = await db
        .select({ message: inboxMessages, authorName: users.name })
        .from(inboxMessages)
        .leftJoin(users, eq(users.id, inboxMessages.authorUserId))
        .where(and(...where))
        .orderBy(desc(inboxMessages.sentAt), desc(inboxMessages.id))
        .limit(MESSAGES_PAGE + 1);
      const page = rows.slice(0, MESSAGES_PAGE);
      const oldest = page.at(-1);
      return {
        items: page.reverse().map((r) => toInboxMessage(r.message, r.authorName, locale)),
        nextBefore:
          rows.length > MESSAGES_PAGE && oldest
            ? encodeCursor(oldest.message.sentAt, oldest.message.id)
            : null,
      };
    },

    async markRead(accountId: string, threadId: string): Promise<void> {
      await db
        .update(inboxThreads)
        .set({ unreadCount: 0 })
        .where(and(eq(inboxThreads.accountId, accountId), eq(inboxThreads.id, threadId)));
    },

    /** Links (or unlinks, `bookingId` null) a booking by hand: automatic matching leaves the thread alone. */
    async linkBooking(
      accountId: string,
      threadId: string,
      booking: { id: string; propertyId: string; checkinId: string | null } | null,
    ): Promise<void> {
      await db
        .update(inboxThreads)
        .set({
          bookingId: booking?.id ?? null,
          propertyId: booking ? booking.propertyId : sql`${inboxThreads.propertyId}`,
          checkinId: booking?.checkinId ?? null,
          linkedByHand: true,
        })
        .where(and(eq(inboxThreads.accountId, accountId), eq(inboxThreads.id, threadId)));
    },

    async unreadCount(accountId: string): Promise<{ unread: number; threads: number }> {
      const [row] = await db
        .select({
          unread: sql<number>`coalesce(sum(${inboxThreads.unreadCount}), 0)::int`,
          threads: sql<number>`count(*) filter (where ${inboxThreads.unreadCount} > 0)::int`,
        })
        .from(inboxThreads)
        .where(and(eq(inboxThreads.accountId, accountId), gt(inboxThreads.unreadCount, 0)));
      return { unread: Number(row?.unread ?? 0), threads: Number(row?.threads ?? 0) };
    },

    bookingCard,

    /** Bookings an operator may link: matching the search, else the guest's phone first, most recent first. */
    async bookingOptions(accountId: string, search: string, phone: string | null): Promise<BookingOption[]> {
      const where: SQL[] = [eq(bookings.accountId, accountId), sql`${bookings.status} <> 'blocked'`];
      if (search) {
        const pattern = containsPattern(search);
        const digits = search.replace(/\D/g, '');
        const any: SQL[] = [sql`${bookings.name} ilike ${pattern}`, sql`${bookings.code} ilike ${pattern}`];
        if (digits.length >= 3)
          any.push(sql`regexp_replace(${bookings.phone}, '\\D', '', 'g') like ${containsPattern(digits)}`);
        where.push(or(...any) as SQL);
      }
      const phoneDigits = phone?.replace(/\D/g, '').slice(-9) ?? '';
      const phoneFirst = phoneDigits
        ? sql`(regexp_replace(${bookings.phone}, '\\D', '', 'g') like ${`%${phoneDigits}`}) desc`
        : sql`1`;
      const rows = await db
        .select({ booking: bookings, propertyName: properties.nombre })
        .from(bookings)
        .innerJoin(properties, eq(properties.id, bookings.propertyId))
        .where(and(...where))
        .orderBy(phoneFirst, desc(bookings.startDate))
        .limit(20);
      return rows.map(({ booking: b, propertyName }) => ({
        id: b.id,
        code: b.code,
        name: b.name,
        phone: b.phone,
        property_name: propertyName,
        arrival: b.startDate,
        departure: b.endDate,
        status: b.status,
      }));
    },

    /** The booking to link: the account's, with its latest check-in. */
    async bookingToLink(accountId: string, bookingId: string) {
      const card = await bookingCard(accountId, bookingId);
      return card
        ? { id: card.booking.id, propertyId: card.booking.propertyId, checkinId: card.checkin?.id ?? null }
        : null;
    },

    /** The composer's templates: approved WhatsApp templates and every quick reply of the account. */
    async templates(accountId: string, id?: string): Promise<ComposerTemplate[]> {
      const where: SQL[] = [
        eq(messageTemplates.accountId, accountId),
        or(
          eq(messageTemplates.kind, 'quick_reply'),
          and(eq(messageTemplates.kind, 'whatsapp'), eq(messageTemplates.status, 'approved')),
        ) as SQL,
      ];
      if (id !== undefined) {
        if (!isUuid(id)) return [];
        where.push(eq(messageTemplates.id, id));
      }
      const rows = await db
        .select()
        .from(messageTemplates)
        .where(and(...where))
        .orderBy(messageTemplates.kind, messageTemplates.name);
      return rows.map((r) => ({ id: r.id, kind: r.kind, name: r.name, language: r.language, body: r.body }));
    },
  };
}

export type InboxRead = ReturnType<typeof createInboxRead>;
