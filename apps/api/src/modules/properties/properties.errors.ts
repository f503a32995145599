import { AppError } from '../../lib/errors.ts';

/** Coded errors of properties; each code is also its message key in src/i18n/*.json. */
export const propertiesErrors = {
  notFound: () => new AppError('properties.not_found', 404),
  limitReached: () => new AppError('properties.limit_reached', 422),
  roomNameTaken: () =>
    new AppError('properties.room_name_taken', 422, { errors: { rooms: ['properties.room_name_taken'] } }),
  /**
   * spec 6: a subscription-gated settings section. The message is the spec's text verbatim, kept in English
   * in the es, en and ar catalogues alike (the spec gives no translation, and the web shows the same text).
   */
  featureUnavailable: () => new AppError('settings.feature_unavailable', 403),
  aiNotConfigured: () => new AppError('ai.not_configured', 503),
  aiProviderError: () => new AppError('ai.provider_error', 502),
};
