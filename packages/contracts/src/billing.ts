import { normalizeTaxId, spanishTaxIdKind } from '@posada/domain/tax-id';
import { z } from 'zod';
import { email, text } from './primitives.ts';

/**
 * Billing (issue 16, docs/billing.md): who the platform's invoices are made out to (spec 3 Billing data),
 * the invoices and credit notes the platform issued to the account (spec 3 Invoice) and the check-ins
 * consumed (spec 7 POST balance/consumo). Money is integer minor units plus an ISO currency.
 */

const required = (max = 200) => text({ max, trim: true }).min(1, 'validation.required');
const optional = (max = 200) =>
  text({ max, trim: true })
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * PUT /api/billing/details. For country ES the tax id must be a valid NIF (DNI, NIE or entity NIF/CIF,
 * with or without the ES prefix); elsewhere it is the VAT or tax number (empty for a consumer). The tax id
 * is stored normalized (upper case, no spaces, dots or dashes).
 */
export const billingDetailsBody = z
  .object({
    business_name: required(200),
    tax_id: text({ max: 30, trim: true })
      .default('')
      .transform((v) => normalizeTaxId(v)),
    address: required(300),
    city: optional(120),
    /** ISO 3166-1 alpha-2. */
    country: text({ max: 2, trim: true })
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}$/, 'billing.invalid_country')),
    province: optional(120),
    postal_code: required(20),
    /** Where invoices are sent; the account owner's e-mail when empty. */
    email: email()
      .nullish()
      .or(z.literal('').transform(() => null))
      .transform((v) => v ?? null),
  })
  .superRefine((body, ctx) => {
    if (body.tax_id && !/^[A-Z0-9]{2,30}$/.test(body.tax_id))
      ctx.addIssue({ code: 'custom', path: ['tax_id'], message: 'billing.invalid_tax_id' });
    else if (body.country === 'ES') {
      if (!body.tax_id) ctx.addIssue({ code: 'custom', path: ['tax_id'], message: 'validation.required' });
      else if (!spanishTaxIdKind(body.tax_id))
        ctx.addIssue({ code: 'custom', path: ['tax_id'], message: 'billing.invalid_nif' });
      if (!/^\d{5}$/.test(body.postal_code))
        ctx.addIssue({ code: 'custom', path: ['postal_code'], message: 'billing.invalid_postal_code' });
    }
  });
export type BillingDetailsBody = z.input<typeof billingDetailsBody>;
export type BillingDetailsInput = z.output<typeof billingDetailsBody>;

/** GET /api/billing/details: the saved data, or null when none was saved yet. */
export const billingDetailsSchema = z.object({
  business_name: z.string(),
  tax_id: z.string(),
  address: z.string(),
  city: z.string().nullable(),
  country: z.string(),
  province: z.string().nullable(),
  postal_code: z.string(),
  email: z.string().nullable(),
  updated_at: z.string(),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;
export const billingDetailsAnswer = billingDetailsSchema.nullable();

export const invoiceKinds = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];
/** spec 3 Invoice status. */
export const invoiceStatuses = ['paid', 'unpaid'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** One row of GET /api/billing/invoices (spec 3 Invoice: id, amount, issuing entity, issue date, status). */
export const invoiceSummarySchema = z.object({
  id: z.string(),
  /** 'F2026-000001' (invoices) or 'R2026-000001' (credit notes). */
  code: z.string(),
  kind: z.enum(invoiceKinds),
  issued_at: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  /** Before VAT, minor units (negative on a credit note). */
  subtotal: z.number().int(),
  vat_rate: z.number().int(),
  vat_amount: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  status: z.enum(invoiceStatuses),
  paid_at: z.string().nullable(),
  /** The issuing entity (the platform's legal name). */
  issuer_name: z.string(),
  /** A credit note's corrected invoice. */
  corrects_invoice_id: z.string().nullable(),
  corrects_code: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const invoiceListSchema = z.array(invoiceSummarySchema);

/** The file name of GET /api/billing/invoices/{id}/pdf: `Factura-F2026-000001.pdf`. */
export const invoicePdfFileName = (code: string) => `Factura-${code}.pdf`;

/**
 * POST /api/balance/consumo (spec 7): `consumo` = check-ins created in the current billing period (the
 * subscription's current period; in the trial or without a subscription, the current calendar month in
 * UTC); `checkins` = all the account's check-ins ever. `period_start`/`period_end` say which window.
 */
export const consumoSchema = z.object({
  consumo: z.number().int(),
  checkins: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
});
export type Consumo = z.infer<typeof consumoSchema>;

/** Admin listing of invoices across accounts (manager back office). */
export const adminInvoiceQuery = z.object({
  account_id: z.string().uuid().optional(),
  status: z.enum(invoiceStatuses).optional(),
  kind: z.enum(invoiceKinds).optional(),
  /** Issued on or after / before (ISO dates, UTC). */
  from: z.string().optional(),
  to: z.string().optional(),
  q: text({ max: 100, trim: true }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AdminInvoiceQuery = z.input<typeof adminInvoiceQuery>;

export const adminInvoiceSchema = invoiceSummarySchema.extend({
  account_id: z.string(),
  customer_name: z.string(),
  customer_tax_id: z.string(),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;
export const adminInvoiceListSchema = z.object({
  items: z.array(adminInvoiceSchema),
  total_count: z.number().int(),
  /** Sums over every matching row (not only the page), per currency. */
  totals: z.array(
    z.object({
      currency: z.string(),
      subtotal: z.number().int(),
      vat_amount: z.number().int(),
      total: z.number().int(),
    }),
  ),
});
export type AdminInvoiceList = z.infer<typeof adminInvoiceListSchema>;
