import { AppError } from '../../lib/errors.ts';

/** Coded errors of properties; each code is also its message key in src/i18n/*.json. */
export const propertiesErrors = {
  notFound: () => new AppError('properties.not_found', 404),
  limitReached: () => new AppError('properties.limit_reached', 422),
  roomNameTaken: () =>
    new AppError('properties.room_name_taken', 422, { errors: { rooms: ['properties.room_name_taken'] } }),
  aiNotConfigured: () => new AppError('ai.not_configured', 503),
  aiProviderError: () => new AppError('ai.provider_error', 502),
};
