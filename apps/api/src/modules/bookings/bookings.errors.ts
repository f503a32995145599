import { AppError } from '../../lib/errors.ts';

/**
 * Coded errors of bookings, availability, prices and closed dates; each code is also its message key in
 * src/i18n/*.json. Rule refusals carry the same key under the field they are about (`errors`), so the
 * reservation modal can show it beside the field as well as in a toast (field texts take no parameters).
 */
export const bookingsErrors = {
  notFound: () => new AppError('booking.not_found', 404),
  propertyNotFound: () => new AppError('properties.not_found', 404),
  roomNotFound: () => new AppError('rooms.not_found', 404),
  roomTypeNotFound: () => new AppError('room_types.not_found', 404),
  closedDateNotFound: () => new AppError('booking.closed_date_not_found', 404),
  /** spec 8: 'Las fechas ya están reservadas o bloqueadas'. */
  datesTaken: () => new AppError('booking.dates_taken', 409),
  /** spec 8: 'Las nuevas fechas ya están reservadas o bloqueadas'. */
  newDatesTaken: () => new AppError('booking.new_dates_taken', 409),
  /** spec 4: an external-channel booking cannot be cancelled here. */
  externalNotCancellable: () => new AppError('booking.external_not_cancellable', 409),
  /** spec 4, docs/channels.md: an external-channel booking is changed on its channel, not here. */
  externalNotEditable: () => new AppError('booking.external_not_editable', 409),
  cancelled: () => new AppError('booking.cancelled_not_editable', 409),
  /** spec 4 Room: a room in maintenance cannot be sold. */
  roomMaintenance: () =>
    new AppError('booking.room_maintenance', 409, { errors: { to_room_id: ['booking.room_maintenance'] } }),
  notHotel: () => new AppError('booking.not_hotel', 422),
  roomNotInBooking: () =>
    new AppError('booking.room_not_in_booking', 422, {
      errors: { from_room_id: ['booking.room_not_in_booking'] },
    }),
  /** spec 5: arrival not before today (in the property's time zone). */
  arrivalPast: () =>
    new AppError('booking.arrival_past', 422, { errors: { start_date: ['booking.arrival_past'] } }),
  /** spec 5: guests capped at the property's (or the rooms') capacity. */
  guestsMax: () =>
    new AppError('booking.guests_max', 422, { errors: { number_of_guests: ['booking.guests_max'] } }),
  /** spec 5: hotel quantity up to the rooms of the type (fewer free rooms on the dates: dates_taken). */
  quantityMax: () =>
    new AppError('booking.quantity_max', 422, { errors: { quantity: ['booking.quantity_max'] } }),
  /** spec 5 Calendar: the minimum stay is checked against the nights of the range. */
  minStay: () => new AppError('booking.min_stay', 422, { errors: { end_date: ['booking.min_stay'] } }),
  /** Hotels and campings sell a room type: room_type_id is required. */
  roomTypeRequired: () =>
    new AppError('validation.failed', 400, {
      messageKey: 'validation.failed',
      errors: { room_type_id: ['booking.room_type_required'] },
    }),
  rangeTooLong: () =>
    new AppError('booking.range_too_long', 422, { errors: { end_date: ['booking.range_too_long'] } }),
};
