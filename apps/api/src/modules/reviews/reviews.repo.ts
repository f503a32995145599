import { and, desc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { inboxMessages, reviewRequests, reviewSettings } from '../../db/schema/messaging.ts';
import { properties } from '../../db/schema/properties.ts';

export type ReviewRequestRow = typeof reviewRequests.$inferSelect;
export type ReviewSettingsRow = typeof reviewSettings.$inferSelect;

/** Bookings of these states are stays a guest made (not blocks, cancellations or unpaid web requests). */
export const reviewableStatuses = ['booked', 'overbooking', 'completed', 'in_progress', 'approved'] as const;

/** The defaults of a property without a review_settings row (the table's defaults). */
export const defaultReviewSettings = { sendHour: 11, delayDays: 0, scale: 10 } as const;

const propertyColumns = {
  id: properties.id,
  accountId: properties.accountId,
  name: properties.nombre,
  timeZone: properties.timeZone,
  reviewUrl: properties.reviewUrl,
  reviewsEnabled: properties.reviewsEnabled,
};
export type ReviewPropertyRow = {
  id: string;
  accountId: string;
  name: string;
  timeZone: string;
  reviewUrl: string | null;
  reviewsEnabled: boolean;
};

/** Queries of the reviews module (owns review_requests and review_settings; reads properties, bookings, accounts, checkins, inbox messages). */
export function createReviewsRepo({ db }: { db: Db }) {
  return {
    async findProperty(accountId: string, id: string): Promise<ReviewPropertyRow | null> {
      const [row] = await db
        .select(propertyColumns)
        .from(properties)
        .where(and(eq(properties.id, id), eq(properties.accountId, accountId)));
      return row ?? null;
    },

    async propertyById(id: string): Promise<ReviewPropertyRow | null> {
      const [row] = await db.select(propertyColumns).from(properties).where(eq(properties.id, id));
      return row ?? null;
    },

    async planHolder(accountId: string) {
      const [row] = await db
        .select({
          plan: accounts.plan,
          statusSubscription: accounts.statusSubscription,
          servicios: accounts.servicios,
        })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return row ?? null;
    },

    async settings(propertyId: string): Promise<ReviewSettingsRow | null> {
      const [row] = await db.select().from(reviewSettings).where(eq(reviewSettings.propertyId, propertyId));
      return row ?? null;
    },

    async saveSettings(row: typeof reviewSettings.$inferInsert) {
      await db
        .insert(reviewSettings)
        .values(row)
        .onConflictDoUpdate({
          target: reviewSettings.propertyId,
          set: {
            sendHour: row.sendHour,
            delayDays: row.delayDays,
            scale: row.scale,
            updatedAt: row.updatedAt,
          },
        });
    },

    /**
     * Stays that ended between `fromDate` and `toDate` (departure dates, inclusive) in properties with reviews
     * on and a review URL, with no request yet and a phone or an e-mail to write to.
     */
    async endedStaysWithoutRequest(fromDate: string, toDate: string) {
      return db
        .select({
          bookingId: bookings.id,
          accountId: bookings.accountId,
          propertyId: bookings.propertyId,
          endDate: bookings.endDate,
          timeZone: properties.timeZone,
          sendHour: reviewSettings.sendHour,
          delayDays: reviewSettings.delayDays,
          scale: reviewSettings.scale,
          phone: bookings.phone,
          email: bookings.email,
        })
        .from(bookings)
        .innerJoin(properties, eq(properties.id, bookings.propertyId))
        .leftJoin(reviewSettings, eq(reviewSettings.propertyId, bookings.propertyId))
        .leftJoin(reviewRequests, eq(reviewRequests.bookingId, bookings.id))
        .where(
          and(
            gte(bookings.endDate, fromDate),
            lte(bookings.endDate, toDate),
            inArray(bookings.status, [...reviewableStatuses]),
            eq(properties.reviewsEnabled, true),
            isNotNull(properties.reviewUrl),
            sql`${properties.reviewUrl} <> ''`,
            sql`${reviewRequests.id} is null`,
            or(sql`${bookings.phone} <> ''`, sql`${bookings.email} <> ''`),
          ),
        )
        .limit(500);
    },

    /** Inserts the request unless the booking has one (a second run, another instance): true when inserted. */
    async insertRequest(row: typeof reviewRequests.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(reviewRequests)
        .values(row)
        .onConflictDoNothing({ target: reviewRequests.bookingId })
        .returning({ id: reviewRequests.id });
      return inserted.length > 0;
    },

    async dueRequests(now: Date) {
      return db
        .select({ id: reviewRequests.id })
        .from(reviewRequests)
        .where(and(eq(reviewRequests.status, 'scheduled'), lte(reviewRequests.dueAt, now)))
        .orderBy(reviewRequests.dueAt)
        .limit(200);
    },

    /** Takes a scheduled request for sending (status sent, sent_at now): null when another run took it. */
    async claim(id: string, now: Date): Promise<ReviewRequestRow | null> {
      const [row] = await db
        .update(reviewRequests)
        .set({ status: 'sent', sentAt: now })
        .where(and(eq(reviewRequests.id, id), eq(reviewRequests.status, 'scheduled')))
        .returning();
      return row ?? null;
    },

    async update(id: string, set: Partial<typeof reviewRequests.$inferInsert>) {
      await db.update(reviewRequests).set(set).where(eq(reviewRequests.id, id));
    },

    /** The stay a request is about: the guest, the property, the check-in's language. */
    async stayOf(bookingId: string) {
      const [row] = await db
        .select({
          name: bookings.name,
          phone: bookings.phone,
          email: bookings.email,
          status: bookings.status,
          language: checkins.language,
        })
        .from(bookings)
        .leftJoin(checkins, eq(checkins.bookingId, bookings.id))
        .where(eq(bookings.id, bookingId))
        .limit(1);
      return row ?? null;
    },

    /** Moves the waiting requests of a property to a new moment (settings changed). */
    async scheduledOf(propertyId: string) {
      return db
        .select({ id: reviewRequests.id, endDate: bookings.endDate })
        .from(reviewRequests)
        .innerJoin(bookings, eq(bookings.id, reviewRequests.bookingId))
        .where(and(eq(reviewRequests.propertyId, propertyId), eq(reviewRequests.status, 'scheduled')));
    },

    async byToken(token: string): Promise<ReviewRequestRow | null> {
      const [row] = await db.select().from(reviewRequests).where(eq(reviewRequests.token, token));
      return row ?? null;
    },

    /** Stores the score once: null when the request was already answered (the first answer stands). */
    async answer(id: string, score: number, now: Date): Promise<ReviewRequestRow | null> {
      const [row] = await db
        .update(reviewRequests)
        .set({ status: 'answered', score, answeredAt: now })
        .where(and(eq(reviewRequests.id, id), eq(reviewRequests.status, 'sent')))
        .returning();
      return row ?? null;
    },

    /** The latest sent, unanswered request of a thread since `since` (a number written there is its score). */
    async openRequestOfThread(accountId: string, threadId: string, since: Date) {
      const [row] = await db
        .select()
        .from(reviewRequests)
        .where(
          and(
            eq(reviewRequests.accountId, accountId),
            eq(reviewRequests.threadId, threadId),
            eq(reviewRequests.status, 'sent'),
            gte(reviewRequests.sentAt, since),
          ),
        )
        .orderBy(desc(reviewRequests.sentAt))
        .limit(1);
      return row ?? null;
    },

    async inboundMessage(accountId: string, messageId: string) {
      const [row] = await db
        .select({
          body: inboxMessages.body,
          channel: inboxMessages.channel,
          direction: inboxMessages.direction,
        })
        .from(inboxMessages)
        .where(and(eq(inboxMessages.id, messageId), eq(inboxMessages.accountId, accountId)));
      return row ?? null;
    },

    async counts(accountId: string, propertyId: string) {
      return db
        .select({ status: reviewRequests.status, count: sql<number>`count(*)::int` })
        .from(reviewRequests)
        .where(and(eq(reviewRequests.accountId, accountId), eq(reviewRequests.propertyId, propertyId)))
        .groupBy(reviewRequests.status);
    },

    async scores(accountId: string, propertyId: string) {
      return db
        .select({
          score: reviewRequests.score,
          scale: reviewRequests.scale,
          count: sql<number>`count(*)::int`,
        })
        .from(reviewRequests)
        .where(
          and(
            eq(reviewRequests.accountId, accountId),
            eq(reviewRequests.propertyId, propertyId),
            eq(reviewRequests.status, 'answered'),
          ),
        )
        .groupBy(reviewRequests.score, reviewRequests.scale);
    },

    async latestAnswers(accountId: string, propertyId: string, limit: number) {
      return db
        .select({
          bookingId: reviewRequests.bookingId,
          guestName: bookings.name,
          score: reviewRequests.score,
          scale: reviewRequests.scale,
          channel: reviewRequests.channel,
          answeredAt: reviewRequests.answeredAt,
        })
        .from(reviewRequests)
        .innerJoin(bookings, eq(bookings.id, reviewRequests.bookingId))
        .where(
          and(
            eq(reviewRequests.accountId, accountId),
            eq(reviewRequests.propertyId, propertyId),
            eq(reviewRequests.status, 'answered'),
          ),
        )
        .orderBy(desc(reviewRequests.answeredAt))
        .limit(limit);
    },
  };
}

export type ReviewsRepo = ReturnType<typeof createReviewsRepo>;
