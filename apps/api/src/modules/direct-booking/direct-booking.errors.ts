import { AppError } from '../../lib/errors.ts';

/** Coded errors of the direct-booking settings and website; each code is its message key in src/i18n. */
export const directBookingErrors = {
  /** The website: unknown slug, web booking off, or no active plan (spec 6); never says which. */
  siteNotFound: () => new AppError('direct_booking.site_not_found', 404),
  propertyNotFound: () => new AppError('properties.not_found', 404),
  roomTypeNotFound: () => new AppError('room_types.not_found', 404),
  /** PUT units/{id}: no apartment, villa or room type of the account has that id. */
  unitNotFound: () => new AppError('direct_booking.unit_not_found', 404),
  /** A web booking paid online, by its id on the website's payment page (unknown or another site's). */
  bookingNotFound: () => new AppError('booking.not_found', 404),
  /**
   * Online payment in advance needs Stripe configured and an approved payments account (issue 16); the
   * message says which is missing.
   */
  onlineNeedsPayments: (
    missing: 'not_configured' | 'no_payments_account' | 'account_not_approved' = 'no_payments_account',
  ) => {
    const key =
      missing === 'not_configured'
        ? 'direct_booking.online_not_configured'
        : missing === 'account_not_approved'
          ? 'direct_booking.online_account_pending'
          : 'direct_booking.online_needs_payments';
    return new AppError('direct_booking.online_needs_payments', 422, {
      messageKey: key,
      errors: { payment_type: [key] },
    });
  },
  /** spec 6: web booking needs an active plan. */
  planRequired: () => new AppError('settings.feature_unavailable', 403),
  /** spec 5 Settings: the discount's rule, under discount_value, like a schema error. */
  discount: (key: string) =>
    new AppError('validation.failed', 400, {
      messageKey: 'validation.failed',
      errors: { discount_value: [key] },
    }),
  roomTypeRequired: () =>
    new AppError('validation.failed', 400, {
      messageKey: 'validation.failed',
      errors: { room_type_id: ['booking.room_type_required'] },
    }),
  guestsMax: () => new AppError('booking.guests_max', 422, { errors: { guests: ['booking.guests_max'] } }),
  /** spec 5 'no rates assigned': a stay whose nights have no price is not sold (never a booking at 0). */
  noPrice: () => new AppError('direct_booking.no_price', 422),
  /** The calendar reads at most about 13 months at once. */
  rangeTooLong: () =>
    new AppError('booking.range_too_long', 422, { errors: { to: ['booking.range_too_long'] } }),
  /** spec 8 fallbacks of the Channels screen when the unexpected happens. */
  saveFailed: () => new AppError('direct_booking.save_failed', 500),
  unitFailed: () => new AppError('direct_booking.unit_failed', 500),
  bookingFailed: () => new AppError('booking.create_failed', 500),
};
