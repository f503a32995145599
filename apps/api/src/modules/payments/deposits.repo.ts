import { and, asc, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guestPayments } from '../../db/schema/payments.ts';
import type { GuestPaymentRow } from './payments.repo.ts';

/** Queries of the deposits (guest_payments of kind 'deposit'); the engine's repo does the rest. */
export function createDepositsRepo(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The newest deposit payment of a check-in (the one the screens show). */
    async latestDeposit(accountId: string, checkinId: string): Promise<GuestPaymentRow | null> {
      const [row] = await db
        .select()
        .from(guestPayments)
        .where(
          and(
            eq(guestPayments.accountId, accountId),
            eq(guestPayments.checkinId, checkinId),
            eq(guestPayments.kind, 'deposit'),
          ),
        )
        .orderBy(desc(guestPayments.createdAt), desc(guestPayments.id))
        .limit(1);
      return row ?? null;
    },

    async payment(id: string): Promise<GuestPaymentRow | null> {
      const [row] = await db.select().from(guestPayments).where(eq(guestPayments.id, id)).limit(1);
      return row ?? null;
    },

    /** Held deposits that must be captured before `before` (the hold job re-reads them). */
    async holdsEndingBefore(before: Date, limit = 100): Promise<GuestPaymentRow[]> {
      return db
        .select()
        .from(guestPayments)
        .where(
          and(
            eq(guestPayments.kind, 'deposit'),
            eq(guestPayments.status, 'authorized'),
            isNotNull(guestPayments.captureBefore),
            lte(guestPayments.captureBefore, before),
          ),
        )
        .orderBy(asc(guestPayments.captureBefore))
        .limit(limit);
    },

    /** A saved card given up (the deposit refunded while only the card was kept): it is no longer charged. */
    async forgetCard(id: string, now: Date): Promise<void> {
      await db.update(guestPayments).set({ refundedAt: now, updatedAt: now }).where(eq(guestPayments.id, id));
    },
  };
}

export type DepositsRepo = ReturnType<typeof createDepositsRepo>;
