import { AppError } from '../../lib/errors.ts';

/** Coded errors of guest payments and the payments account; each code is a key of src/i18n/*.json. */
export const paymentsErrors = {
  /** The platform has no STRIPE_SECRET_KEY: nothing can be charged. */
  notConfigured: () => new AppError('payments.not_configured', 422),
  /** spec 8 payment link: no payment provider configured (no approved payments account). */
  noProvider: () => new AppError('payments.no_provider', 422),
  /** spec 8 payment link: price zero. */
  priceZero: () => new AppError('payments.price_zero', 422, { errors: { amount: ['payments.price_zero'] } }),
  /** spec 8 payment link: missing data (the fields that are missing). */
  missingData: (fields: string[]) =>
    new AppError('payments.missing_data', 422, {
      errors: Object.fromEntries(fields.map((f) => [f, ['validation.required']])),
    }),
  notFound: () => new AppError('payments.not_found', 404),
  bookingNotFound: () => new AppError('bookings.not_found', 404),
  /** Refund only what was paid; cancel only an open link; capture only a hold. */
  invalidState: () => new AppError('payments.invalid_state', 409),
  refundTooMuch: () =>
    new AppError('payments.refund_too_much', 422, { errors: { amount: ['payments.refund_too_much'] } }),
  captureTooMuch: () =>
    new AppError('payments.capture_too_much', 422, { errors: { amount: ['payments.capture_too_much'] } }),
  /** Sending by e-mail with no guest e-mail, or by WhatsApp with no phone. */
  noEmail: () => new AppError('payments.no_email', 422),
  noPhone: () => new AppError('payments.no_phone', 422),
  whatsappNotConfigured: () => new AppError('payments.whatsapp_not_configured', 422),
  /** Stripe refused or failed (the adapter already counted it on the integrations page). */
  provider: () => new AppError('payments.provider_error', 502),
  /** No channel took the link (not configured, no address, refused): its delivery records say why. */
  notSent: () => new AppError('payments.not_sent', 502),
};
