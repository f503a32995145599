import { z } from 'zod';
import { dateRange, isoDate } from './booking-fields.ts';
import { uuid } from './primitives.ts';
import { currencySchema } from './properties.ts';

/* Availability and price of a stay before it is booked (spec 5 Reservation modal; spec 7). */

/**
 * POST /api/bookings/availability: whether a range can be booked (spec 5: the check on create, and on
 * update when dates or property changed). For hotels, per room type, how many rooms are free for the whole
 * range (available_instances).
 */
export const availabilityBody = dateRange(
  z.object({
    property_id: uuid(),
    start_date: isoDate,
    end_date: isoDate,
    room_type_id: uuid().nullable().optional(),
    /** The booking being edited: its own nights do not count as taken. */
    exclude_booking_id: uuid().optional(),
  }),
);
export const availabilityData = z.object({
  available: z.boolean(),
  /** Hotel: free rooms of the type for the whole range; apartment or villa: 1 or 0. */
  available_instances: z.number().int(),
  /** Why not: dates_taken, closed, min_stay (with min_stay nights). */
  reason: z.enum(['dates_taken', 'closed', 'min_stay']).nullable(),
  min_stay: z.number().int().nullable(),
});
export type Availability = z.infer<typeof availabilityData>;

/** POST /api/calculate-apartment-price (spec 7). */
export const calculatePriceBody = dateRange(
  z.object({
    start_date: isoDate,
    end_date: isoDate,
    property_id: uuid(),
    room_type_id: uuid().nullable().optional(),
    quantity: z.number().int().min(1).max(500).default(1),
  }),
);
export const calculatedPrice = z.object({
  total_price: z.number().int(),
  /** Average per night, rounded. */
  price_per_night: z.number().int(),
  currency: currencySchema,
  nights: z.array(z.object({ date: z.string(), price: z.number().int() })),
});
export type CalculatedPrice = z.infer<typeof calculatedPrice>;
