import { AppError } from '../../lib/errors.ts';

/** Coded errors of the subscription endpoints; each code is also a key of src/i18n/*.json. */
export const subscriptionsErrors = {
  /** No STRIPE_SECRET_KEY: nothing can be bought or changed (the trial still runs and ends). */
  notConfigured: () => new AppError('subscriptions.not_configured', 503),
  /** A change, cancel, resume or portal needs a paid subscription (checkout first). */
  noSubscription: () => new AppError('subscriptions.no_subscription', 409),
  /** Checkout while a paid subscription runs: change it instead. */
  alreadySubscribed: () => new AppError('subscriptions.already_subscribed', 409),
  /** Resume of a subscription that is not set to cancel, or cancel of one already cancelling. */
  notCancelling: () => new AppError('subscriptions.not_cancelling', 409),
  /** No price book: the admin must publish a price list first. */
  noPrices: () => new AppError('subscriptions.no_prices', 503),
  /** Stripe could not be reached or refused: try again later (the integrations page shows it). */
  providerFailed: () => new AppError('subscriptions.provider_failed', 502),
  /** Unknown, inactive, expired or used-up coupon. */
  invalidCoupon: () =>
    new AppError('validation.failed', 400, { errors: { coupon: ['subscriptions.invalid_coupon'] } }),
  /** A change that changes nothing. */
  nothingChanged: () =>
    new AppError('validation.failed', 400, { errors: { changes: ['subscriptions.nothing_changed'] } }),
};
