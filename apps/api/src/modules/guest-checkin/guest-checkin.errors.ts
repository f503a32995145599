import { AppError } from '../../lib/errors.ts';

/** Coded errors of the guest check-in; each code is its message key in src/i18n/*.json ("checkin" block). */
export const guestCheckinErrors = {
  notFound: () => new AppError('checkin.not_found', 404),
  /** The link is past its expiry (the day after the stay). */
  linkExpired: () => new AppError('checkin.link_expired', 410),
  /** spec 4: disabled accommodation blocks check-ins, with the message that the owner disabled them. */
  accommodationDisabled: () => new AppError('checkin.accommodation_disabled', 423),
  sessionInvalid: () => new AppError('checkin.session_invalid', 401),
  /** The code step and the messaging verification come before registering guests. */
  stepsMissing: () => new AppError('checkin.steps_missing', 403),
  codeStepMissing: () => new AppError('checkin.code_required', 403),
  /** spec 8. */
  wrongSecurityCode: () =>
    new AppError('checkin.wrong_security_code', 422, {
      errors: { security_code: ['checkin.wrong_security_code'] },
    }),
  codeNotRegistered: () =>
    new AppError('checkin.code_not_registered', 422, {
      errors: { checkin_code: ['checkin.code_not_registered'] },
    }),
  wrongMessagingCode: () =>
    new AppError('checkin.wrong_messaging_code', 422, { errors: { code: ['checkin.wrong_messaging_code'] } }),
  tooManyAttempts: () => new AppError('checkin.too_many_attempts', 429),
  tooManySends: () => new AppError('checkin.too_many_sends', 429),
  noActiveCode: () =>
    new AppError('checkin.code_expired', 422, { errors: { code: ['checkin.code_expired'] } }),
  channelUnavailable: () =>
    new AppError('checkin.channel_unavailable', 422, {
      errors: { channel: ['checkin.channel_unavailable'] },
    }),
  invalidDestination: () =>
    new AppError('checkin.invalid_destination', 422, {
      errors: { destination: ['checkin.invalid_destination'] },
    }),
  /** The stay has no contact for the chosen channel (the code never goes to an address the guest types). */
  noStayPhone: () =>
    new AppError('checkin.no_stay_phone', 422, { errors: { channel: ['checkin.no_stay_phone'] } }),
  noStayEmail: () =>
    new AppError('checkin.no_stay_email', 422, { errors: { channel: ['checkin.no_stay_email'] } }),
  sendFailed: () => new AppError('checkin.send_failed', 502),
  /** The check-in already holds the booking's guest count. */
  guestLimit: (count: number) => new AppError('checkin.guest_limit', 422, { params: { count } }),
  /** Per-field rule refusals of spec 5 (guestDataErrors and the postal-code records). */
  invalidGuest: (errors: Record<string, string[]>) =>
    new AppError('checkin.invalid_guest_data', 422, { errors }),
  alreadyComplete: () => new AppError('checkin.already_complete', 409),
  noGuests: () => new AppError('checkin.no_guests', 409),
  postalCodeNotFound: () => new AppError('checkin.postal_code_not_found', 404),
  /** Issue 27: the identity check's comparisons per check-in and hour are spent. */
  identityAttempts: () => new AppError('checkin.identity_attempts', 429),
  /** The server could not compare the images (not images, or the matcher failed): try again. */
  identityUnreadable: () =>
    new AppError('checkin.identity_unreadable', 422, {
      errors: { document: ['checkin.identity_unreadable'] },
    }),
};
