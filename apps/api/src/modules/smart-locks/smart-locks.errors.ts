import { AppError } from '../../lib/errors.ts';

/** Coded errors of the smart-locks endpoints; each code is also a key of src/i18n/*.json. */
export const smartLocksErrors = {
  notFound: () => new AppError('smart_locks.not_found', 404),
  propertyNotFound: () => new AppError('properties.not_found', 404),
  checkinNotFound: () => new AppError('checkin.not_found', 404),
  featureUnavailable: () => new AppError('settings.feature_unavailable', 403),
  /**
   * The server has no adapter for this vendor (TTLock without the platform's developer app). 422, not 5xx:
   * nothing of ours failed, the request cannot be served as configured.
   */
  vendorUnavailable: () => new AppError('smart_locks.vendor_unavailable', 422),
  /** The vendor refused the credentials typed on the connect form. */
  connectRefused: () => new AppError('smart_locks.connect_refused', 422),
  /** The vendor could not be reached or answered badly: try again later (the integrations page shows it). */
  vendorFailed: () => new AppError('smart_locks.vendor_failed', 422),
  /** The lock is not one of the vendor account's locks. */
  unknownLock: () =>
    new AppError('validation.failed', 400, { errors: { remote_lock_id: ['smart_locks.unknown_lock'] } }),
  unknownAccount: () =>
    new AppError('validation.failed', 400, { errors: { lock_account_id: ['smart_locks.not_found'] } }),
  roomNotFound: () => new AppError('validation.failed', 400, { errors: { room_id: ['common.not_found'] } }),
  /** Only a completed check-in has a door code to release. */
  notComplete: () => new AppError('smart_locks.checkin_not_complete', 409),
};
