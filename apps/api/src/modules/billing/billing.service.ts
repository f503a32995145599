import type {
  AdminInvoiceList,
  BillingDetails,
  BillingDetailsInput,
  Consumo,
  InvoiceSummary,
} from '@posada/contracts/billing';
import { invoicePdfFileName } from '@posada/contracts/billing';
import type { InvoiceLine, InvoiceParty } from '@posada/domain/pricing';
import { invoiceTotals, type VatDecision, vatFor } from '@posada/domain/vat';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/sql.ts';
import { billingErrors } from './billing.errors.ts';
import {
  type BillingDetailsRow,
  createBillingRepo,
  type InvoiceFilters,
  type InvoiceRow,
} from './billing.repo.ts';
import { type InvoicePdfLocale, renderInvoicePdf } from './invoice-pdf.ts';

export type { InvoiceRow } from './billing.repo.ts';

/** What the subscriptions module hands over when Stripe reports `invoice.paid` (or `invoice.finalized`). */
export interface IssueSubscriptionInvoiceInput {
  accountId: string;
  /** Stripe's invoice id (in_…): one document per Stripe invoice, however many times this is called. */
  stripeInvoiceId: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** Before VAT, integer minor units of `currency` (a discount is a negative line). */
  lines: InvoiceLine[];
  currency: string;
  paid: boolean;
  paidAt?: Date | null;
}

export interface IssueCreditNoteInput {
  /** The invoice corrected (an 'F' invoice, never a credit note). */
  invoiceId: string;
  /** Why it is corrected (printed on the credit note, RD 1619/2012 art. 15). */
  reason: string;
  /** The lines credited; their amounts are stored negative. Default: every line of the invoice. */
  lines?: InvoiceLine[];
  /** Settled already (the refund was made): status paid. Default unpaid. */
  paid?: boolean;
}

export interface BillingDeps {
  db: Db;
  clock: Clock;
  /** The platform's tax data (config BILLING_ISSUER_*). */
  issuer: InvoiceParty;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * A credit note stores its reason as its first line with quantity 0 and amount 0 (the invoices table has
 * no reason column; docs/billing.md): the PDF prints it as the reason, not as a line.
 */
export const isReasonLine = (line: InvoiceLine) => line.quantity === 0 && line.amount === 0;

export function detailsAnswer(row: BillingDetailsRow): BillingDetails {
  return {
    business_name: row.businessName,
    tax_id: row.taxId,
    address: row.address,
    city: row.city,
    country: row.country,
    province: row.province,
    postal_code: row.postalCode,
    email: row.email,
    updated_at: row.updatedAt.toISOString(),
  };
}

function summary(row: InvoiceRow, codes: Map<string, string>): InvoiceSummary {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind === 'credit_note' ? 'credit_note' : 'invoice',
    issued_at: row.issuedAt.toISOString(),
    period_start: iso(row.periodStart),
    period_end: iso(row.periodEnd),
    subtotal: row.subtotal,
    vat_rate: row.vatRate,
    vat_amount: row.vatAmount,
    total: row.total,
    currency: row.currency,
    status: row.status === 'paid' ? 'paid' : 'unpaid',
    paid_at: iso(row.paidAt),
    issuer_name: row.issuer.name,
    corrects_invoice_id: row.correctsInvoiceId,
    corrects_code: row.correctsInvoiceId ? (codes.get(row.correctsInvoiceId) ?? null) : null,
  };
}

const pdfLocale = (locale: string): InvoicePdfLocale => (locale === 'en' || locale === 'ar' ? locale : 'es');

/**
 * Billing (docs/billing.md; owns billing_details, invoice_series, invoices): the billing data, the
 * invoices and credit notes the platform issues (numbered without gaps, never edited after issue), their
 * PDFs and the check-ins consumed.
 */
export function createBillingService({ db, clock, issuer }: BillingDeps) {
  const repo = createBillingRepo({ db });

  /** The customer as printed: the billing data, or the account's name and owner when none were saved. */
  async function customerOf(accountId: string): Promise<{ party: InvoiceParty; locale: InvoicePdfLocale }> {
    const [details, owner] = await Promise.all([repo.details(accountId), repo.owner(accountId)]);
    const locale = pdfLocale(owner?.locale ?? 'es');
    if (details)
      return {
        locale,
        party: {
          name: details.businessName,
          taxId: details.taxId,
          address: details.address,
          city: details.city,
          province: details.province,
          postalCode: details.postalCode,
          country: details.country,
          email: details.email ?? owner?.email ?? null,
        },
      };
    return {
      locale,
      party: {
        name: owner?.name ?? '',
        taxId: '',
        address: '',
        postalCode: '',
        country: 'ES',
        email: owner?.email ?? null,
      },
    };
  }

  async function withCodes(rows: InvoiceRow[]) {
    const codes = await repo.codes([
      ...new Set(rows.map((r) => r.correctsInvoiceId).filter((x): x is string => !!x)),
    ]);
    return rows.map((row) => summary(row, codes));
  }

  async function pdfOf(row: InvoiceRow) {
    let corrects: string | null = null;
    if (row.correctsInvoiceId) corrects = (await repo.invoice(row.correctsInvoiceId))?.code ?? null;
    try {
      const pdf = await renderInvoicePdf(row, { correctsCode: corrects });
      return { fileName: invoicePdfFileName(row.code), pdf };
    } catch {
      throw billingErrors.generationFailed();
    }
  }

  return {
    repo,

    /**
     * The VAT an account's next invoice will carry (its billing data today): the subscriptions module can
     * charge it through Stripe (a tax rate on the subscription), so the charge equals the invoice total.
     */
    async vatDecision(accountId: string): Promise<VatDecision> {
      const { party } = await customerOf(accountId);
      return vatFor({ country: party.country, postalCode: party.postalCode, taxId: party.taxId });
    },

    async getDetails(accountId: string): Promise<BillingDetails | null> {
      const row = await repo.details(accountId);
      return row ? detailsAnswer(row) : null;
    },

    /** PUT /api/billing/details: the body was validated by the contract (NIF check for Spain). */
    async saveDetails(accountId: string, input: BillingDetailsInput): Promise<BillingDetails> {
      const row = await repo.saveDetails({
        accountId,
        businessName: input.business_name,
        taxId: input.tax_id,
        address: input.address,
        city: input.city,
        country: input.country,
        province: input.province,
        postalCode: input.postal_code,
        email: input.email,
        updatedAt: clock.now(),
      });
      return detailsAnswer(row);
    },

    async listInvoices(accountId: string): Promise<InvoiceSummary[]> {
      return withCodes(await repo.list({ accountId }));
    },

    /** The PDF of one of the account's invoices; another account's id is 404. */
    async invoicePdf(accountId: string, invoiceId: string) {
      const row = isUuid(invoiceId) ? await repo.invoice(invoiceId, accountId) : null;
      if (!row) throw billingErrors.notFound();
      return pdfOf(row);
    },

    /** Any account's invoice PDF (admin back office). */
    async adminInvoicePdf(invoiceId: string) {
      const row = isUuid(invoiceId) ? await repo.invoice(invoiceId) : null;
      if (!row) throw billingErrors.notFound();
      return pdfOf(row);
    },

    /** Invoices across accounts with filters, a page, and sums over every matching row (admin). */
    async adminListInvoices(
      filters: InvoiceFilters,
      page: { limit: number; offset: number } = { limit: 50, offset: 0 },
    ): Promise<AdminInvoiceList> {
      const [rows, totals] = await Promise.all([repo.list(filters, page), repo.totals(filters)]);
      const items = await withCodes(rows);
      return {
        items: items.map((item, i) => ({
          ...item,
          account_id: rows[i]?.accountId ?? '',
          customer_name: rows[i]?.customer.name ?? '',
          customer_tax_id: rows[i]?.customer.taxId ?? '',
        })),
        total_count: totals.count,
        totals: totals.byCurrency.map((t) => ({
          currency: t.currency,
          subtotal: t.subtotal,
          vat_amount: t.vatAmount,
          total: t.total,
        })),
      };
    },

    /**
     * The invoice of one paid (or finalized) Stripe invoice: issued once per stripeInvoiceId, even when
     * called twice at the same time (the second call gets the first's row). The customer's billing data and
     * language are snapshotted; VAT follows vatFor (packages/domain/src/vat.ts).
     */
    async issueSubscriptionInvoice(input: IssueSubscriptionInvoiceInput): Promise<InvoiceRow> {
      const before = await repo.invoiceByStripeId(input.stripeInvoiceId);
      if (before) {
        if (input.paid && before.status !== 'paid')
          return (
            (await repo.updateInvoice(before.id, { status: 'paid', paidAt: input.paidAt ?? clock.now() })) ??
            before
          );
        return before;
      }
      const { party, locale } = await customerOf(input.accountId);
      const vat = vatFor({ country: party.country, postalCode: party.postalCode, taxId: party.taxId });
      const lines = input.lines.map((l) => ({ ...l }));
      const totals = invoiceTotals(
        lines.map((l) => l.amount),
        vat.rate,
      );
      const now = clock.now();
      const { row } = await repo.issue(
        'F',
        now.getUTCFullYear(),
        () => ({
          accountId: input.accountId,
          kind: 'invoice',
          correctsInvoiceId: null,
          issuedAt: now,
          periodStart: input.periodStart,
          periodEnd: input.periodEnd,
          currency: input.currency.toUpperCase(),
          lines,
          subtotal: totals.subtotal,
          vatRate: vat.rate,
          vatAmount: totals.vatAmount,
          total: totals.total,
          reverseCharge: vat.reverseCharge,
          status: input.paid ? 'paid' : 'unpaid',
          paidAt: input.paid ? (input.paidAt ?? now) : null,
          issuer,
          customer: party,
          locale,
          stripeInvoiceId: input.stripeInvoiceId,
        }),
        (tx) => repo.stripeInvoiceIn(tx, input.stripeInvoiceId),
      );
      return row;
    },

    /**
     * A credit note (factura rectificativa, series R) correcting an invoice: negative amounts, the
     * invoice's customer snapshot and VAT treatment, its reason. Never more than what is left to credit.
     */
    async issueCreditNote(input: IssueCreditNoteInput): Promise<InvoiceRow> {
      const original = isUuid(input.invoiceId) ? await repo.invoice(input.invoiceId) : null;
      if (!original) throw billingErrors.notFound();
      if (original.kind !== 'invoice') throw billingErrors.notAnInvoice();
      const source = input.lines ?? original.lines.filter((l) => !isReasonLine(l));
      const credited = source.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        unitAmount: -Math.abs(l.unitAmount),
        amount: -Math.abs(l.amount),
      }));
      const reason = input.reason.trim();
      const lines: InvoiceLine[] = [
        { description: reason, quantity: 0, unitAmount: 0, amount: 0 },
        ...credited,
      ];
      const totals = invoiceTotals(
        credited.map((l) => l.amount),
        original.vatRate,
      );
      const left = original.subtotal + (await repo.creditedTotal(original.id));
      if (!reason || totals.subtotal >= 0 || -totals.subtotal > left) throw billingErrors.invalidCredit();
      const now = clock.now();
      const { row } = await repo.issue('R', now.getUTCFullYear(), () => ({
        accountId: original.accountId,
        kind: 'credit_note',
        correctsInvoiceId: original.id,
        issuedAt: now,
        periodStart: original.periodStart,
        periodEnd: original.periodEnd,
        currency: original.currency,
        lines,
        subtotal: totals.subtotal,
        vatRate: original.vatRate,
        vatAmount: totals.vatAmount,
        total: totals.total,
        reverseCharge: original.reverseCharge,
        status: input.paid ? 'paid' : 'unpaid',
        paidAt: input.paid ? now : null,
        issuer: original.issuer,
        customer: original.customer,
        locale: original.locale,
        stripeInvoiceId: null,
      }));
      return row;
    },

    /** Marks an invoice (by id or Stripe id) paid; a paid one stays as it was. Null when none matches. */
    async markInvoicePaid(ref: { invoiceId?: string; stripeInvoiceId?: string; paidAt?: Date }) {
      const row = ref.invoiceId
        ? isUuid(ref.invoiceId)
          ? await repo.invoice(ref.invoiceId)
          : null
        : ref.stripeInvoiceId
          ? await repo.invoiceByStripeId(ref.stripeInvoiceId)
          : null;
      if (!row) return null;
      if (row.status === 'paid') return row;
      return repo.updateInvoice(row.id, { status: 'paid', paidAt: ref.paidAt ?? clock.now() });
    },

    /**
     * spec 7 balance/consumo: check-ins created in the current billing period (the subscription's current
     * period when it is active or past due; the current UTC calendar month in the trial or without one)
     * and all the account's check-ins.
     */
    async consumo(accountId: string): Promise<Consumo> {
      const now = clock.now();
      const sub = await repo.subscriptionPeriod(accountId);
      let start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      let end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      if (sub && sub.state !== 'trialing' && sub.start && sub.end && sub.start <= now && now < sub.end) {
        start = sub.start;
        end = sub.end;
      }
      const [consumo, checkins] = await Promise.all([
        repo.countCheckins(accountId, { start, end }),
        repo.countCheckins(accountId),
      ]);
      return { consumo, checkins, period_start: start.toISOString(), period_end: end.toISOString() };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
