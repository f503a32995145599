import { and, asc, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkins } from '../../db/schema/checkins.ts';

/** A check-in the inbox links a guest's thread to (issue 17, docs/messaging.md Inbox). */
export interface CheckinOfContact {
  accountId: string;
  checkinId: string;
  propertyId: string;
  bookingId: string | null;
  name: string;
}

const columns = {
  accountId: checkins.accountId,
  checkinId: checkins.id,
  propertyId: checkins.propertyId,
  bookingId: checkins.bookingId,
  name: checkins.name,
};

/** Read methods of the checkins module for the inbox (issue 17): a stay's check-in, a walk-in's phone. */
export function createCheckinContacts(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The check-in of a booking (its programmed or sent check-in), newest first. */
    async checkinOfBooking(accountId: string, bookingId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: checkins.id })
        .from(checkins)
        .where(and(eq(checkins.accountId, accountId), eq(checkins.bookingId, bookingId)))
        .orderBy(desc(checkins.createdAt))
        .limit(1);
      return row?.id ?? null;
    },
    /**
     * A check-in without a booking (walk-in) whose stay has not ended and whose phone has these digits; with
     * `accountId` null, across accounts (the shared number's routing).
     */
    async walkInsOfPhone(
      accountId: string | null,
      digits: string,
      today: string,
    ): Promise<CheckinOfContact[]> {
      if (!/^\d{6,15}$/.test(digits)) return [];
      return db
        .select(columns)
        .from(checkins)
        .where(
          and(
            accountId ? eq(checkins.accountId, accountId) : undefined,
            isNull(checkins.bookingId),
            gte(checkins.endDate, today),
            sql`regexp_replace(${checkins.phone}, '[^0-9]', '', 'g') = ${digits}`,
          ),
        )
        .orderBy(asc(checkins.startDate))
        .limit(20);
    },
  };
}

export type CheckinContacts = ReturnType<typeof createCheckinContacts>;
