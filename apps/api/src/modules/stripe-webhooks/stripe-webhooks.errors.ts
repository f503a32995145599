import { AppError } from '../../lib/errors.ts';

/** Coded errors of the Stripe webhook endpoint; each code is a key of src/i18n/*.json. */
export const stripeWebhooksErrors = {
  /** STRIPE_WEBHOOK_SECRET is not set: nothing can be verified, so nothing is accepted (Stripe retries). */
  notConfigured: () => new AppError('stripe_webhooks.not_configured', 503),
  /** No or bad `Stripe-Signature`, a body changed on the way, or a timestamp outside 300 s. */
  signatureInvalid: () => new AppError('stripe.signature_invalid', 400),
};
