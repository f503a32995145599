import { z } from 'zod';
import { dateRange, isoDate } from './booking-fields.ts';
import { text, uuid } from './primitives.ts';

/* Closed dates (spec 3): nights that cannot be sold. */

/**
 * Closed dates (spec 3: start, end): nights that cannot be sold. For a hotel, on one room (room_id);
 * otherwise on the whole property. Overlapping a booking or another closure: 409 booking.dates_taken.
 */
export const closedDatesBody = dateRange(
  z.object({
    property_id: uuid(),
    room_id: uuid().nullable().optional(),
    start_date: isoDate,
    end_date: isoDate,
    reason: text({ max: 200, trim: true }).default(''),
  }),
);
export const closedDatesSchema = z.object({
  id: uuid(),
  property_id: uuid(),
  room_id: uuid().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  reason: z.string(),
});
export type ClosedDates = z.infer<typeof closedDatesSchema>;

/** DELETE /api/closed-dates/{id} answers the id it deleted. */
export const closedDateDeleted = z.object({ id: uuid() });
