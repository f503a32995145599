import { AppError } from '../../lib/errors.ts';

/** Coded errors of the WhatsApp connection; each code is also a key of src/i18n/*.json. */
export const whatsappErrors = {
  /** The server lacks settings for this way of connecting (the names are said, never values). */
  notConfigured: (missing: string[]) =>
    new AppError('whatsapp.not_configured', 503, { params: { missing: missing.join(', ') } }),
  featureUnavailable: () => new AppError('settings.feature_unavailable', 403),
  /** The state of the dialog is not ours, another account's, or older than its 10 minutes. */
  stateInvalid: () => new AppError('whatsapp.signup_state_invalid', 422),
  /** Meta refused the code (expired, used) or the token. */
  signupRefused: () => new AppError('whatsapp.signup_failed', 422),
  noBusinessAccount: () => new AppError('whatsapp.no_waba', 422),
  noPhoneNumber: () => new AppError('whatsapp.no_number', 422),
  /** Meta refused to register the number (a wrong two-step PIN). */
  registerRefused: () => new AppError('whatsapp.register_failed', 422),
  /** Another Posada account has this number connected. */
  numberInUse: () => new AppError('whatsapp.number_in_use', 409),
  /** Meta could not be reached or answered badly: try again (the integrations page shows it). */
  providerFailed: () => new AppError('whatsapp.provider_failed', 422),
  /** spec 9: the shared number is only for up to 50 places. */
  sharedOverLimit: (places: number, max: number) =>
    new AppError('whatsapp.shared_over_limit', 422, { params: { places, max } }),
  /** spec 8 Session and account: "Messaging disconnect failure (contact support)". */
  disconnectFailed: () => new AppError('whatsapp.disconnect_failed', 422),
  notConnected: () => new AppError('whatsapp.not_connected', 409),
  quickReplyNotFound: () => new AppError('whatsapp.quick_reply_not_found', 404),
  quickReplyExists: () =>
    new AppError('validation.failed', 400, { errors: { name: ['whatsapp.quick_reply_exists'] } }),
};
