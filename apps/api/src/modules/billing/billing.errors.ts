import { AppError } from '../../lib/errors.ts';

/** Coded errors of billing (docs/billing.md); each code is also a key of src/i18n/*.json. */
export const billingErrors = {
  notFound: () => new AppError('common.not_found', 404),
  /** spec 8 "invoice generation failure": the invoice or its PDF could not be produced. */
  generationFailed: () => new AppError('billing.invoice_generation_failed', 500),
  /** An issued invoice is never edited: only its status and payment date change; corrections are credit notes. */
  immutable: () => new AppError('billing.invoice_immutable', 409),
  /** A credit note corrects an invoice, not another credit note. */
  notAnInvoice: () => new AppError('billing.not_an_invoice', 422),
  /** A credit note's lines must take away, not add (negative total), and never more than the invoice. */
  invalidCredit: () => new AppError('billing.invalid_credit', 422),
};
