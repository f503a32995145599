import { AppError } from '../../lib/errors.ts';

/** Coded errors of the operator's check-in endpoints; each code is also a key of src/i18n/*.json. */
export const checkinsErrors = {
  notFound: () => new AppError('checkin.not_found', 404),
  guestNotFound: () => new AppError('checkin.guest_not_found', 404),
  pdfNotFound: () => new AppError('checkin.pdf_not_found', 404),
  propertyNotFound: () => new AppError('properties.not_found', 404),
  bookingNotFound: () => new AppError('booking.not_found', 404),
  reminderNotFound: () => new AppError('reminders.not_found', 404),
  notificationNotFound: () => new AppError('notifications.not_found', 404),
  alreadyComplete: () => new AppError('checkin.already_complete', 409),
  /** Issue 27: the stay is over and its link no longer opens: nothing is sent. */
  linkExpired: () => new AppError('checkins.link_expired', 409),
  /** spec 5 Check-in forms: per-field keys (`checkin.errors.*`), nothing saved. */
  invalid: (errors: Record<string, string[]>) => new AppError('checkin.invalid_data', 422, { errors }),
};

/** All message keys a field error of the check-in forms can carry (the locale test checks them). */
export const checkinFieldErrorKeys = [
  'required',
  'birth_date',
  'phone',
  'email',
  'dni',
  'document_number',
  'document_not_allowed',
  'support_number',
  'issue_date',
  'date',
  'document_expired',
  'postal_code',
  'minors',
  'kinship',
  'departure_before_arrival',
  'departure_after_arrival',
  'guests_below_registered',
  'signature',
  'accepted_terms',
].map((suffix) => `checkin.errors.${suffix}`);
