import { AppError } from '../../lib/errors.ts';

/** Coded errors of the channel calendars; each code (or message key) is a key of src/i18n/*.json. */
export const channelsErrors = {
  notFound: () => new AppError('channels.not_found', 404),
  propertyNotFound: () => new AppError('properties.not_found', 404),
  roomNotFound: () => new AppError('rooms.not_found', 404),
  /** spec 6: channel connection needs an active plan (the same refusal as the other gated features). */
  featureUnavailable: () => new AppError('settings.feature_unavailable', 403),
  /** A hotel or camping sells by room: its calendar is one room's. */
  roomRequired: () =>
    new AppError('validation.failed', 400, { errors: { room_id: ['channels.room_required'] } }),
  /** An apartment or villa sells whole: no room. */
  roomNotAllowed: () =>
    new AppError('validation.failed', 400, { errors: { room_id: ['channels.room_not_allowed'] } }),
  /** The same feed already connected to the unit (its stays would collide with themselves). */
  duplicate: () => new AppError('channels.duplicate', 409, { errors: { url: ['channels.duplicate'] } }),
  /**
   * "Sincronizar ahora" could not read the feed: the reason in the caller's words (also kept in the health).
   * 422: nothing of ours failed; the channel's answer cannot be used as it is.
   */
  syncFailed: (code: string, reason: string) =>
    new AppError('channels.sync_failed', 422, { params: { reason }, errors: { url: [code] } }),
};
