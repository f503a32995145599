import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { paymentAccounts, stripeEvents } from '../../db/schema/payments.ts';

export type StoredStripeEvent = typeof stripeEvents.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** stripe_events (owned here) and the reads that find which Posada account an event concerns. */
export function createStripeWebhooksRepo() {
  return {
    /** Stores the event once: false when its id was already stored (a replay). */
    async insert(db: Db, row: typeof stripeEvents.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(stripeEvents)
        .values(row)
        .onConflictDoNothing({ target: stripeEvents.id })
        .returning({ id: stripeEvents.id });
      return inserted.length > 0;
    },

    async accountOfConnected(db: Db, stripeAccountId: string): Promise<string | null> {
      const [row] = await db
        .select({ accountId: paymentAccounts.accountId })
        .from(paymentAccounts)
        .where(eq(paymentAccounts.stripeAccountId, stripeAccountId));
      return row?.accountId ?? null;
    },

    /** metadata.account_id, when it is an account that exists (a stale or forged id finds nothing). */
    async existingAccount(db: Db, id: string): Promise<string | null> {
      if (!UUID.test(id)) return null;
      const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id));
      return row?.id ?? null;
    },

    async accountOfCustomer(db: Db, customer: string): Promise<string | null> {
      const [row] = await db
        .select({ accountId: subscriptions.accountId })
        .from(subscriptions)
        .where(eq(subscriptions.stripeCustomerId, customer));
      return row?.accountId ?? null;
    },

    async markProcessed(db: Db, id: string, at: Date): Promise<void> {
      await db.update(stripeEvents).set({ processedAt: at, lastError: null }).where(eq(stripeEvents.id, id));
    },

    async read(db: Db, id: string): Promise<StoredStripeEvent | null> {
      const [row] = await db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
      return row ?? null;
    },
  };
}

export type StripeWebhooksRepo = ReturnType<typeof createStripeWebhooksRepo>;
