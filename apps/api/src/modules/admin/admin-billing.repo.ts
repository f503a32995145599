import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/accounts.ts';
import { billingPayments, coupons, invoices, priceBooks } from '../../db/schema/billing.ts';
import { containsPattern } from '../../lib/sql.ts';

export type PriceBookRow = typeof priceBooks.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

/** Fully qualified: drizzle writes a select field's columns unqualified in a query without a join. */
const subscriptionsCount = sql<number>`(select count(*)::int from subscriptions s where s.price_book_id = "price_books"."id")`;

/** price_books (new versions only, never updated), coupons, and the reads of manager/payments. */
export function createAdminBillingRepo({ db }: { db: Db }) {
  return {
    async listPriceBooks() {
      return db
        .select({ book: priceBooks, createdByName: users.name, subscriptionsCount })
        .from(priceBooks)
        .leftJoin(users, eq(users.id, priceBooks.createdBy))
        .orderBy(desc(priceBooks.version));
    },

    async latestPriceBook(): Promise<PriceBookRow | null> {
      const [row] = await db.select().from(priceBooks).orderBy(desc(priceBooks.version)).limit(1);
      return row ?? null;
    },

    async insertPriceBook(values: typeof priceBooks.$inferInsert): Promise<PriceBookRow> {
      const [row] = await db.insert(priceBooks).values(values).returning();
      if (!row) throw new Error('price book insert returned nothing');
      return row;
    },

    async listCoupons(): Promise<CouponRow[]> {
      return db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
    },

    async findCoupon(id: string): Promise<CouponRow | null> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
      return row ?? null;
    },

    async findCouponByCode(code: string): Promise<CouponRow | null> {
      const [row] = await db
        .select()
        .from(coupons)
        .where(sql`upper(${coupons.code}) = ${code.trim().toUpperCase()}`)
        .limit(1);
      return row ?? null;
    },

    async insertCoupon(values: typeof coupons.$inferInsert): Promise<CouponRow> {
      const [row] = await db.insert(coupons).values(values).returning();
      if (!row) throw new Error('coupon insert returned nothing');
      return row;
    },

    async setCouponActive(id: string, active: boolean): Promise<CouponRow | null> {
      const [row] = await db.update(coupons).set({ active }).where(eq(coupons.id, id)).returning();
      return row ?? null;
    },

    /** Subscription payments across accounts, newest first, and the totals of the whole filtered set. */
    async listPayments(opts: {
      from?: Date;
      to?: Date;
      status?: string;
      account?: string;
      limit: number;
      offset: number;
    }) {
      const conditions: SQL[] = [];
      if (opts.from) conditions.push(gte(billingPayments.occurredAt, opts.from));
      if (opts.to) conditions.push(lt(billingPayments.occurredAt, opts.to));
      if (opts.status) conditions.push(eq(billingPayments.status, opts.status));
      if (opts.account) {
        const pattern = containsPattern(opts.account);
        const byOwner = sql`exists (select 1 from ${users} where ${users.accountId} = ${billingPayments.accountId} and ${users.email} ilike ${pattern})`;
        const match = or(ilike(accounts.name, pattern), byOwner);
        if (match) conditions.push(match);
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total], totals] = await Promise.all([
        db
          .select({ payment: billingPayments, accountName: accounts.name, invoiceCode: invoices.code })
          .from(billingPayments)
          .innerJoin(accounts, eq(accounts.id, billingPayments.accountId))
          .leftJoin(invoices, eq(invoices.id, billingPayments.invoiceId))
          .where(where)
          .orderBy(desc(billingPayments.occurredAt), desc(billingPayments.id))
          .limit(opts.limit)
          .offset(opts.offset),
        db
          .select({ n: count() })
          .from(billingPayments)
          .innerJoin(accounts, eq(accounts.id, billingPayments.accountId))
          .where(where),
        db
          .select({
            status: billingPayments.status,
            currency: billingPayments.currency,
            amount: sum(billingPayments.amount),
            n: count(),
          })
          .from(billingPayments)
          .innerJoin(accounts, eq(accounts.id, billingPayments.accountId))
          .where(where)
          .groupBy(billingPayments.status, billingPayments.currency)
          .orderBy(billingPayments.currency),
      ]);
      return { rows, total: total?.n ?? 0, totals };
    },
  };
}
