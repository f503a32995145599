import { z } from 'zod';
import { dateRange, isoDate, money } from './booking-fields.ts';
import { uuid } from './primitives.ts';

/* Night prices and minimum stays (spec 3 Price range; spec 5 availabilityPrices). */

/**
 * Price range (spec 3: start, end, price per night, minimum stay), PUT /api/night-prices. For a hotel it
 * applies to a room type (availabilityPrices edits several types at once through several calls or the
 * bulk body). `price` null keeps each night's price; `min_stay` null keeps each night's minimum stay.
 */
export const nightPricesBody = dateRange(
  z.object({
    property_id: uuid(),
    room_type_id: uuid().nullable().optional(),
    start_date: isoDate,
    end_date: isoDate,
    price: money.min(0, 'booking.price_negative').nullable(),
    min_stay: z.number().int().min(1).max(365).nullable(),
    /** Hotels (availabilityPrices): close the type for sale on these nights without touching the rooms. */
    stop_sell: z.boolean().optional(),
  }),
);
export type NightPricesBody = z.input<typeof nightPricesBody>;

/** PUT /api/night-prices answers every night of the range as stored afterwards. */
export const nightPricesData = z.object({
  property_id: uuid(),
  room_type_id: uuid().nullable(),
  nights: z.array(
    z.object({
      date: z.string(),
      /** null: the base price (the property's, or the room type's rate). */
      price: z.number().int().nullable(),
      min_stay: z.number().int(),
      stop_sell: z.boolean(),
    }),
  ),
});
export type NightPricesData = z.infer<typeof nightPricesData>;
