import { AppError } from '../../lib/errors.ts';

/** Coded errors of the bell and the delivery preferences; each code is also a key of src/i18n/*.json. */
export const notificationsErrors = {
  notFound: () => new AppError('notifications.not_found', 404),
  propertyNotFound: () => new AppError('properties.not_found', 404),
  featureUnavailable: () => new AppError('settings.feature_unavailable', 403),
  /** No shared WhatsApp number or no notification template on this server (the 503 of a missing setting). */
  whatsappNotConfigured: () => new AppError('notifications.whatsapp.not_configured', 503),
  /** WhatsApp goes to the operator's own phone: the profile has none. */
  noPhone: () => new AppError('notifications.no_phone', 422),
  duplicateKind: () =>
    new AppError('validation.failed', 400, { errors: { preferences: ['notifications.duplicate_kind'] } }),
};
