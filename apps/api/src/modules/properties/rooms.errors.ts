import { AppError } from '../../lib/errors.ts';

/** Coded errors of room types, rooms, rates and images; each code is also its message key in src/i18n. */
export const roomsErrors = {
  roomTypeNotFound: () => new AppError('room_types.not_found', 404),
  roomTypeInUse: () => new AppError('room_types.in_use', 409),
  roomNotFound: () => new AppError('rooms.not_found', 404),
  /** spec 5: 'Límite alcanzado', with a request to upgrade. */
  limitReached: (max: number) =>
    new AppError('rooms.limit_reached', 422, { params: { max }, errors: { rooms: ['rooms.limit_hint'] } }),
  roomTypeInvalid: (fields: string[]) =>
    new AppError('rooms.room_type_invalid', 422, {
      errors: Object.fromEntries(fields.map((f) => [f, ['rooms.room_type_invalid']])),
    }),
  roomNameTaken: (fields: string[]) =>
    new AppError('properties.room_name_taken', 422, {
      errors: Object.fromEntries(fields.map((f) => [f, ['properties.room_name_taken']])),
    }),
  /** Deleting a room would silently drop the nights of its current and future stays. */
  roomHasBookings: (names: string[]) =>
    new AppError('rooms.has_bookings', 409, { params: { rooms: names.join(', ') } }),
  rateNotFound: () => new AppError('rates.not_found', 404),
  rateRoomTypeInvalid: () =>
    new AppError('rates.room_type_invalid', 422, { errors: { room_type_id: ['rates.room_type_invalid'] } }),
  imageNotFound: () => new AppError('images.not_found', 404),
  tooManyImages: (max: number) => new AppError('images.too_many', 413, { params: { max } }),
};
