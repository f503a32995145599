import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { billingDetails, invoiceSeries, invoices, subscriptions } from '../../db/schema/billing.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { billingErrors } from './billing.errors.ts';

export type BillingDetailsRow = typeof billingDetails.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<
  typeof invoices.$inferInsert,
  'id' | 'series' | 'year' | 'number' | 'code' | 'createdAt'
>;

/** The only fields of an issued invoice that ever change (docs/billing.md: invoices are never edited). */
export type InvoicePaymentPatch = { status: 'paid' | 'unpaid'; paidAt: Date | null };

export interface InvoiceFilters {
  accountId?: string;
  status?: 'paid' | 'unpaid';
  kind?: 'invoice' | 'credit_note';
  from?: Date;
  to?: Date;
  /** Code, customer name or tax id (contains, case-insensitive). */
  q?: string;
}

/** `F2026-000001` */
export const invoiceCode = (series: string, year: number, number: number) =>
  `${series}${year}-${String(number).padStart(6, '0')}`;

export function createBillingRepo({ db }: { db: Db }) {
  const filterWhere = (f: InvoiceFilters): SQL | undefined => {
    const parts: SQL[] = [];
    if (f.accountId) parts.push(eq(invoices.accountId, f.accountId));
    if (f.status) parts.push(eq(invoices.status, f.status));
    if (f.kind) parts.push(eq(invoices.kind, f.kind));
    if (f.from) parts.push(gte(invoices.issuedAt, f.from));
    if (f.to) parts.push(lt(invoices.issuedAt, f.to));
    if (f.q) {
      const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const q = or(
        ilike(invoices.code, like),
        sql`${invoices.customer}->>'name' ilike ${like}`,
        sql`${invoices.customer}->>'taxId' ilike ${like}`,
      );
      if (q) parts.push(q);
    }
    return parts.length ? and(...parts) : undefined;
  };

  return {
    async details(accountId: string): Promise<BillingDetailsRow | null> {
      return (
        (await db.select().from(billingDetails).where(eq(billingDetails.accountId, accountId)))[0] ?? null
      );
    },

    async saveDetails(row: typeof billingDetails.$inferInsert): Promise<BillingDetailsRow> {
      const { accountId: _, ...set } = row;
      const [saved] = await db
        .insert(billingDetails)
        .values(row)
        .onConflictDoUpdate({ target: billingDetails.accountId, set })
        .returning();
      if (!saved) throw new Error('billing details not saved');
      return saved;
    },

    /** The account owner's language and e-mail (the first empresa user of the account). */
    async owner(accountId: string): Promise<{ locale: string; email: string; name: string } | null> {
      const [row] = await db
        .select({ locale: users.locale, email: users.email, name: users.name })
        .from(users)
        .where(and(eq(users.accountId, accountId), eq(users.type, 'empresa')))
        .orderBy(users.createdAt)
        .limit(1);
      return row ?? null;
    },

    async invoice(id: string, accountId?: string): Promise<InvoiceRow | null> {
      const where = accountId
        ? and(eq(invoices.id, id), eq(invoices.accountId, accountId))
        : eq(invoices.id, id);
      return (await db.select().from(invoices).where(where))[0] ?? null;
    },

    async invoiceByStripeId(stripeInvoiceId: string): Promise<InvoiceRow | null> {
      return (
        (await db.select().from(invoices).where(eq(invoices.stripeInvoiceId, stripeInvoiceId)))[0] ?? null
      );
    },

    async codes(ids: string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: invoices.id, code: invoices.code })
        .from(invoices)
        .where(inArray(invoices.id, ids));
      return new Map(rows.map((r) => [r.id, r.code]));
    },

    async list(filters: InvoiceFilters, page?: { limit: number; offset: number }): Promise<InvoiceRow[]> {
      const query = db
        .select()
        .from(invoices)
        .where(filterWhere(filters))
        .orderBy(desc(invoices.issuedAt), desc(invoices.series), desc(invoices.number));
      return page ? query.limit(page.limit).offset(page.offset) : query;
    },

    async totals(filters: InvoiceFilters) {
      const [counted] = await db.select({ n: count() }).from(invoices).where(filterWhere(filters));
      const rows = await db
        .select({
          currency: invoices.currency,
          subtotal: sum(invoices.subtotal),
          vatAmount: sum(invoices.vatAmount),
          total: sum(invoices.total),
        })
        .from(invoices)
        .where(filterWhere(filters))
        .groupBy(invoices.currency)
        .orderBy(invoices.currency);
      return {
        count: Number(counted?.n ?? 0),
        byCurrency: rows.map((r) => ({
          currency: r.currency,
          subtotal: Number(r.subtotal ?? 0),
          vatAmount: Number(r.vatAmount ?? 0),
          total: Number(r.total ?? 0),
        })),
      };
    },

    /**
     * Issues one document in one transaction: the series row of (series, year) is created if missing and
     * locked `for update`, so concurrent issues queue on it and numbers have no gaps (a failed insert rolls
     * the number back with it). `existing` runs after the lock: an idempotent caller sees a concurrent
     * issue's committed row and gets it instead of a second document.
     */
    async issue(
      series: 'F' | 'R',
      year: number,
      build: (number: number, code: string) => NewInvoice,
      existing?: (tx: Db) => Promise<InvoiceRow | null>,
    ): Promise<{ row: InvoiceRow; created: boolean }> {
      return db.transaction(async (tx) => {
        await tx.insert(invoiceSeries).values({ series, year, lastNumber: 0 }).onConflictDoNothing();
        const [locked] = await tx
          .select()
          .from(invoiceSeries)
          .where(and(eq(invoiceSeries.series, series), eq(invoiceSeries.year, year)))
          .for('update');
        if (!locked) throw new Error('invoice series not found');
        const found = existing ? await existing(tx as unknown as Db) : null;
        if (found) return { row: found, created: false };
        const number = locked.lastNumber + 1;
        const code = invoiceCode(series, year, number);
        await tx
          .update(invoiceSeries)
          .set({ lastNumber: number })
          .where(and(eq(invoiceSeries.series, series), eq(invoiceSeries.year, year)));
        const [row] = await tx
          .insert(invoices)
          .values({ ...build(number, code), series, year, number, code })
          .returning();
        if (!row) throw new Error('invoice not inserted');
        return { row, created: true };
      });
    },

    async stripeInvoiceIn(tx: Db, stripeInvoiceId: string): Promise<InvoiceRow | null> {
      return (
        (await tx.select().from(invoices).where(eq(invoices.stripeInvoiceId, stripeInvoiceId)))[0] ?? null
      );
    },

    /**
     * The one write an issued invoice accepts: its payment status and date. Any other field is refused
     * (billing.invoice_immutable) before the database is touched.
     */
    async updateInvoice(id: string, patch: InvoicePaymentPatch): Promise<InvoiceRow | null> {
      const keys = Object.keys(patch);
      if (keys.some((k) => k !== 'status' && k !== 'paidAt')) throw billingErrors.immutable();
      const [row] = await db
        .update(invoices)
        .set({ status: patch.status, paidAt: patch.paidAt })
        .where(eq(invoices.id, id))
        .returning();
      return row ?? null;
    },

    /** Credit notes already issued against an invoice (their totals are negative). */
    async creditedTotal(invoiceId: string): Promise<number> {
      const [row] = await db
        .select({ total: sum(invoices.subtotal) })
        .from(invoices)
        .where(and(eq(invoices.correctsInvoiceId, invoiceId), eq(invoices.kind, 'credit_note')));
      return Number(row?.total ?? 0);
    },

    /** The subscription's current period (subscriptions are the subscriptions module's; read only). */
    async subscriptionPeriod(accountId: string) {
      const [row] = await db
        .select({
          state: subscriptions.state,
          start: subscriptions.currentPeriodStart,
          end: subscriptions.currentPeriodEnd,
        })
        .from(subscriptions)
        .where(eq(subscriptions.accountId, accountId));
      return row ?? null;
    },

    async countCheckins(accountId: string, window?: { start: Date; end: Date }): Promise<number> {
      const where = window
        ? and(
            eq(checkins.accountId, accountId),
            gte(checkins.createdAt, window.start),
            lt(checkins.createdAt, window.end),
          )
        : eq(checkins.accountId, accountId);
      const [row] = await db.select({ n: count() }).from(checkins).where(where);
      return Number(row?.n ?? 0);
    },
  };
}

export type BillingRepo = ReturnType<typeof createBillingRepo>;
