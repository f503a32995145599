import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/accounts.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { guestPayments, paymentAccounts, stripeEvents } from '../../db/schema/payments.ts';
import { properties } from '../../db/schema/properties.ts';
import { isUuid } from '../../lib/sql.ts';

export type GuestPaymentRow = typeof guestPayments.$inferSelect;
export type NewGuestPayment = typeof guestPayments.$inferInsert;
export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;
export type StoredStripeEvent = typeof stripeEvents.$inferSelect;

/** Drizzle queries of the payments module (owns payment_accounts, guest_payments; reads the rest). */
export function createPaymentsRepo(deps: { db: Db }) {
  const { db } = deps;
  return {
    async paymentAccount(accountId: string, on: Db = db): Promise<PaymentAccountRow | null> {
      const [row] = await on.select().from(paymentAccounts).where(eq(paymentAccounts.accountId, accountId));
      return row ?? null;
    },

    async paymentAccountByStripeId(stripeAccountId: string, on: Db = db): Promise<PaymentAccountRow | null> {
      const [row] = await on
        .select()
        .from(paymentAccounts)
        .where(eq(paymentAccounts.stripeAccountId, stripeAccountId));
      return row ?? null;
    },

    async insertPaymentAccount(row: typeof paymentAccounts.$inferInsert, on: Db = db) {
      const [created] = await on.insert(paymentAccounts).values(row).onConflictDoNothing().returning();
      return created ?? null;
    },

    async updatePaymentAccount(
      accountId: string,
      patch: Partial<typeof paymentAccounts.$inferInsert>,
      on: Db = db,
    ): Promise<PaymentAccountRow | null> {
      const [row] = await on
        .update(paymentAccounts)
        .set(patch)
        .where(eq(paymentAccounts.accountId, accountId))
        .returning();
      return row ?? null;
    },

    /** The account's country and its owner (first empresa user) for a new connected account. */
    async accountOwner(accountId: string): Promise<{ pais: string; email: string | null } | null> {
      const [account] = await db
        .select({ pais: accounts.pais })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      if (!account) return null;
      const [owner] = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.accountId, accountId), eq(users.type, 'empresa')))
        .orderBy(asc(users.createdAt))
        .limit(1);
      return { pais: account.pais, email: owner?.email ?? null };
    },

    async booking(accountId: string, bookingId: string) {
      if (!isUuid(bookingId)) return null;
      const [row] = await db
        .select({
          id: bookings.id,
          propertyId: bookings.propertyId,
          name: bookings.name,
          email: bookings.email,
          phone: bookings.phone,
          currency: bookings.currency,
          code: bookings.code,
          paymentStatus: bookings.paymentStatus,
          propertyTitle: properties.nombre,
        })
        .from(bookings)
        .innerJoin(properties, eq(properties.id, bookings.propertyId))
        .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)));
      return row ?? null;
    },

    async insertGuestPayment(row: NewGuestPayment, on: Db = db): Promise<GuestPaymentRow> {
      const [created] = await on.insert(guestPayments).values(row).returning();
      if (!created) throw new Error('payments: the guest payment was not written');
      return created;
    },

    async guestPayment(accountId: string, id: string, on: Db = db): Promise<GuestPaymentRow | null> {
      if (!isUuid(id) || !isUuid(accountId)) return null;
      const [row] = await on
        .select()
        .from(guestPayments)
        .where(and(eq(guestPayments.accountId, accountId), eq(guestPayments.id, id)));
      return row ?? null;
    },

    /** Locks the row for a state change (FOR UPDATE; PGlite is one session, so it is a no-op there). */
    async lockGuestPayment(id: string, on: Db): Promise<GuestPaymentRow | null> {
      const [row] = await on.select().from(guestPayments).where(eq(guestPayments.id, id)).for('update');
      return row ?? null;
    },

    async guestPaymentBySession(sessionId: string, on: Db = db): Promise<GuestPaymentRow | null> {
      const [row] = await on
        .select()
        .from(guestPayments)
        .where(eq(guestPayments.stripeCheckoutSessionId, sessionId));
      return row ?? null;
    },

    async guestPaymentByIntent(intentId: string, on: Db = db): Promise<GuestPaymentRow | null> {
      const [row] = await on
        .select()
        .from(guestPayments)
        .where(eq(guestPayments.stripePaymentIntentId, intentId));
      return row ?? null;
    },

    async updateGuestPayment(id: string, patch: Partial<NewGuestPayment>, on: Db = db) {
      const [row] = await on.update(guestPayments).set(patch).where(eq(guestPayments.id, id)).returning();
      return row ?? null;
    },

    async bookingPayments(accountId: string, bookingId: string, on: Db = db): Promise<GuestPaymentRow[]> {
      if (!isUuid(bookingId)) return [];
      return on
        .select()
        .from(guestPayments)
        .where(and(eq(guestPayments.accountId, accountId), eq(guestPayments.bookingId, bookingId)))
        .orderBy(desc(guestPayments.createdAt));
    },

    /** Open payments whose Checkout session should have expired by `now` (the sweep). */
    async overdueOpen(now: Date, limit = 100): Promise<GuestPaymentRow[]> {
      return db
        .select()
        .from(guestPayments)
        .where(and(inArray(guestPayments.status, ['open', 'rejected']), lte(guestPayments.expiresAt, now)))
        .orderBy(asc(guestPayments.expiresAt))
        .limit(limit);
    },

    async stripeEvent(id: string): Promise<StoredStripeEvent | null> {
      const [row] = await db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
      return row ?? null;
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
