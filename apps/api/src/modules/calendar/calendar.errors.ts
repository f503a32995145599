import { AppError } from '../../lib/errors.ts';

/** Coded errors of the calendar; each code is also its message key in src/i18n. */
export const calendarErrors = {
  /** spec 5 Calendar: a valid range is required and start cannot be after end. */
  invalidRange: () =>
    new AppError('calendar.invalid_range', 400, { errors: { to: ['calendar.invalid_range'] } }),
  /** One call draws at most this many nights (the calendars ask for a few months at a time). */
  rangeTooLong: (max: number) =>
    new AppError('calendar.range_too_long', 400, {
      params: { max },
      errors: { to: ['calendar.range_too_long_field'] },
    }),
  /** Another account's property, an unknown one, or not an id at all: not found (ARCHITECTURE §3). */
  propertyNotFound: () => new AppError('properties.not_found', 404),
};
