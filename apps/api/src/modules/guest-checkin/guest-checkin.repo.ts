import { and, count, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { checkinGuests, checkins, checkinVerificationCodes } from '../../db/schema/checkins.ts';
import { identityVerdicts } from '../../db/schema/guest-checkin.ts';
import { properties } from '../../db/schema/properties.ts';
import { roomTypes } from '../../db/schema/rooms.ts';
import { isUuid } from '../../lib/sql.ts';

export type PropertyRow = typeof properties.$inferSelect;
export type CheckinRow = typeof checkins.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type VerificationCodeRow = typeof checkinVerificationCodes.$inferSelect;

/**
 * Drizzle queries of the guest's check-in flow: its verification codes, and the check-ins and guests it
 * writes (issue 12: until the guest flow calls the checkins service). Inside a transaction, build it on
 * the transaction (`createGuestCheckinRepo({ db: tx })`).
 */
export type IdentityVerdictRow = typeof identityVerdicts.$inferSelect;

export function createGuestCheckinRepo({ db }: { db: Db }) {
  return {
    /** Issue 27: the server's identity verdicts (never an image). */
    async insertVerdict(values: typeof identityVerdicts.$inferInsert): Promise<IdentityVerdictRow> {
      const [row] = await db.insert(identityVerdicts).values(values).returning();
      if (!row) throw new Error('identity verdict not stored');
      return row;
    },

    async verdictsSince(checkinId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(identityVerdicts)
        .where(and(eq(identityVerdicts.checkinId, checkinId), gte(identityVerdicts.createdAt, since)));
      return Number(row?.n ?? 0);
    },

    /** Takes a check-in's unused verdict for one guest (once); null when it is not there or was used. */
    async takeVerdict(checkinId: string, id: string, guestId: string): Promise<IdentityVerdictRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .update(identityVerdicts)
        .set({ guestId })
        .where(
          and(
            eq(identityVerdicts.id, id),
            eq(identityVerdicts.checkinId, checkinId),
            isNull(identityVerdicts.guestId),
          ),
        )
        .returning();
      return row ?? null;
    },

    async propertyById(id: string): Promise<PropertyRow | null> {
      if (!isUuid(id)) return null;
      return (await db.select().from(properties).where(eq(properties.id, id)).limit(1))[0] ?? null;
    },

    async checkinById(id: string): Promise<CheckinRow | null> {
      return (await db.select().from(checkins).where(eq(checkins.id, id)).limit(1))[0] ?? null;
    },

    /** The check-in locked FOR UPDATE until the transaction ends. */
    async lockCheckin(id: string): Promise<CheckinRow | null> {
      return (await db.select().from(checkins).where(eq(checkins.id, id)).for('update'))[0] ?? null;
    },

    async checkinByLink(propertyId: string, linkTokenHash: string): Promise<CheckinRow | null> {
      const [row] = await db
        .select()
        .from(checkins)
        .where(and(eq(checkins.linkTokenHash, linkTokenHash), eq(checkins.propertyId, propertyId)))
        .limit(1);
      return row ?? null;
    },

    /** The property's newest check-in whose own code is `wanted` (lower case). */
    async checkinByOwnCode(propertyId: string, wanted: string): Promise<CheckinRow | null> {
      const [row] = await db
        .select()
        .from(checkins)
        .where(and(eq(checkins.propertyId, propertyId), sql`lower(${checkins.checkinCode}) = ${wanted}`))
        .orderBy(desc(checkins.createdAt))
        .limit(1);
      return row ?? null;
    },

    async checkinOfBooking(bookingId: string): Promise<CheckinRow | null> {
      const [row] = await db.select().from(checkins).where(eq(checkins.bookingId, bookingId)).limit(1);
      return row ?? null;
    },

    /** The property's booking (not cancelled) whose code is `wanted` (lower case). */
    async activeBookingByCode(propertyId: string, wanted: string): Promise<BookingRow | null> {
      const [row] = await db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.propertyId, propertyId),
            sql`lower(${bookings.code}) = ${wanted}`,
            ne(bookings.status, 'cancelled'),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async bookingContact(bookingId: string): Promise<{ email: string; phone: string } | null> {
      const [row] = await db
        .select({ email: bookings.email, phone: bookings.phone })
        .from(bookings)
        .where(eq(bookings.id, bookingId))
        .limit(1);
      return row ?? null;
    },

    async bookingCode(bookingId: string): Promise<string | null> {
      const [row] = await db
        .select({ code: bookings.code })
        .from(bookings)
        .where(eq(bookings.id, bookingId))
        .limit(1);
      return row?.code ?? null;
    },

    /** The most guests one of the property's room types holds (adults + children), 0 without types. */
    async largestRoomType(propertyId: string): Promise<number> {
      const [row] = await db
        .select({ most: sql<number | null>`max(${roomTypes.adults} + ${roomTypes.children})` })
        .from(roomTypes)
        .where(eq(roomTypes.propertyId, propertyId));
      return Number(row?.most ?? 0);
    },

    async guestCount(checkinId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(checkinGuests)
        .where(eq(checkinGuests.checkinId, checkinId));
      return Number(row?.n ?? 0);
    },

    /** Verification codes sent for the check-in since `since`. */
    async sendsSince(checkinId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(checkinVerificationCodes)
        .where(
          and(
            eq(checkinVerificationCodes.checkinId, checkinId),
            gte(checkinVerificationCodes.createdAt, since),
          ),
        );
      return Number(row?.n ?? 0);
    },

    async insertVerificationCode(values: typeof checkinVerificationCodes.$inferInsert): Promise<void> {
      await db.insert(checkinVerificationCodes).values(values);
    },

    /** The newest code of the check-in not yet verified. */
    async latestOpenCode(checkinId: string): Promise<VerificationCodeRow | null> {
      const [row] = await db
        .select()
        .from(checkinVerificationCodes)
        .where(
          and(eq(checkinVerificationCodes.checkinId, checkinId), isNull(checkinVerificationCodes.verifiedAt)),
        )
        .orderBy(desc(checkinVerificationCodes.createdAt))
        .limit(1);
      return row ?? null;
    },

    async countWrongCode(id: string): Promise<void> {
      await db
        .update(checkinVerificationCodes)
        .set({ attempts: sql`${checkinVerificationCodes.attempts} + 1` })
        .where(eq(checkinVerificationCodes.id, id));
    },

    async markCodeVerified(id: string, now: Date): Promise<void> {
      await db
        .update(checkinVerificationCodes)
        .set({ verifiedAt: now })
        .where(eq(checkinVerificationCodes.id, id));
    },
  };
}

export type GuestCheckinRepo = ReturnType<typeof createGuestCheckinRepo>;
