import type { AddonCode } from '@posada/domain/pricing';
import { and, asc, count, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/accounts.ts';
import { billingPayments, coupons, priceBooks, subscriptions } from '../../db/schema/billing.ts';
import { stripeEvents } from '../../db/schema/payments.ts';
import { properties } from '../../db/schema/properties.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
export type SubscriptionPatch = Partial<Omit<NewSubscriptionRow, 'accountId' | 'createdAt'>>;
export type CouponRow = typeof coupons.$inferSelect;
export type PriceBookRow = typeof priceBooks.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;

/**
 * Drizzle queries of the subscriptions module: subscriptions and billing_payments (owned), and the reads it
 * needs (accounts, properties, price_books, coupons, stripe_events).
 */
export function createSubscriptionsRepo({ db }: { db: Db }) {
  return {
    async find(accountId: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.accountId, accountId))
        .limit(1);
      return row ?? null;
    },

    /** The row locked for update (PostgreSQL; PGlite is one session anyway). */
    async findForUpdate(accountId: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.accountId, accountId))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    async findByStripeSubscription(id: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.stripeSubscriptionId, id))
        .limit(1);
      return row ?? null;
    },

    async findByCustomer(id: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.stripeCustomerId, id))
        .limit(1);
      return row ?? null;
    },

    /** Inserts the row unless one exists (two first readings at once create one). */
    async insertIfMissing(values: NewSubscriptionRow): Promise<void> {
      await db.insert(subscriptions).values(values).onConflictDoNothing({ target: subscriptions.accountId });
    },

    async update(accountId: string, patch: SubscriptionPatch): Promise<SubscriptionRow> {
      const [row] = await db
        .update(subscriptions)
        .set(patch)
        .where(eq(subscriptions.accountId, accountId))
        .returning();
      if (!row) throw new Error('subscription row missing');
      return row;
    },

    async findAccount(accountId: string): Promise<AccountRow | null> {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
      return row ?? null;
    },

    async ownerEmail(accountId: string): Promise<{ email: string; name: string } | null> {
      const [row] = await db
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(and(eq(users.accountId, accountId), eq(users.type, 'empresa')))
        .orderBy(asc(users.createdAt))
        .limit(1);
      return row ?? null;
    },

    async countProperties(accountId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(properties)
        .where(eq(properties.accountId, accountId));
      return Number(row?.n ?? 0);
    },

    /**
     * What the account's properties use of each add-on now (issue 27: a downgrade names what it turns
     * off): the properties with the chatbot, smart locks, identity check, reviews or guest messaging on.
     */
    async addonsInUse(accountId: string): Promise<Partial<Record<AddonCode, string[]>>> {
      const rows = await db
        .select({
          name: properties.nombre,
          chatbot: properties.botGpt,
          locks: properties.smartLock,
          identity: properties.identityVerification,
          reviews: properties.reviewsEnabled,
          whatsapp: properties.confirmWhatsapp,
          sms: properties.confirmSms,
        })
        .from(properties)
        .where(eq(properties.accountId, accountId))
        .orderBy(asc(properties.nombre));
      const using = (on: (r: (typeof rows)[number]) => boolean) => rows.filter(on).map((r) => r.name);
      return {
        chatbot: using((r) => r.chatbot),
        remote_access: using((r) => r.locks),
        identity_verification: using((r) => r.identity),
        reviews: using((r) => r.reviews),
        messaging: using((r) => r.whatsapp || r.sms),
      };
    },

    /** The newest price book (admin edits add versions). */
    async latestPriceBook(): Promise<PriceBookRow | null> {
      const [row] = await db.select().from(priceBooks).orderBy(desc(priceBooks.version)).limit(1);
      return row ?? null;
    },

    async findPriceBook(id: string): Promise<PriceBookRow | null> {
      const [row] = await db.select().from(priceBooks).where(eq(priceBooks.id, id)).limit(1);
      return row ?? null;
    },

    async findCouponByCode(code: string): Promise<CouponRow | null> {
      const [row] = await db
        .select()
        .from(coupons)
        .where(sql`upper(${coupons.code}) = upper(${code})`)
        .limit(1);
      return row ?? null;
    },

    async findCoupon(id: string): Promise<CouponRow | null> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
      return row ?? null;
    },

    /** A stored Stripe webhook event (payments owns stripe_events). */
    async findStripeEvent(id: string) {
      const [row] = await db.select().from(stripeEvents).where(eq(stripeEvents.id, id)).limit(1);
      return row ?? null;
    },

    /** Accounts whose free trial is over without a paid subscription (the trial-end job). */
    async listTrialsEnded(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
        .where(
          and(
            lte(accounts.trialEndsAt, now),
            or(
              and(isNull(subscriptions.accountId), eq(accounts.statusSubscription, 'demo')),
              and(eq(subscriptions.state, 'trialing'), isNull(subscriptions.stripeSubscriptionId)),
            ),
          ),
        )
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** A charge or failure, once per Stripe event (a replay records nothing); true when recorded. */
    async recordPayment(values: typeof billingPayments.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(billingPayments)
        .values(values)
        .onConflictDoNothing({ target: billingPayments.stripeEventId })
        .returning({ id: billingPayments.id });
      return rows.length > 0;
    },

    async listPayments(accountId: string) {
      return db
        .select()
        .from(billingPayments)
        .where(eq(billingPayments.accountId, accountId))
        .orderBy(desc(billingPayments.occurredAt));
    },
  };
}

export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>;
