import { z } from 'zod';
import { bookingChannelSchema, bookingStatusSchema, isoDate, paymentStatusSchema } from './booking-fields.ts';
import { closedDatesSchema } from './closed-dates.ts';
import { text, uuid } from './primitives.ts';
import { currencySchema } from './properties.ts';

/* The calendars (spec 5 Calendar): what GET /api/calendar means, and the event that reloads them. */

/**
 * Socket event (to every signed-in user of the account) after a booking, closure or price change, so open
 * calendars and lists reload.
 */
export const calendarChangedEvent = 'calendar-changed';
export interface CalendarChangedPayload {
  property_id: string;
  kind: 'booking' | 'closed_dates' | 'night_prices';
  booking_id?: string;
}

/**
 * GET /api/calendar?from&to&property_ids (comma list; empty = all): everything the three calendars draw
 * in one call. Units are the property itself (apartment, villa) or each room (hotel).
 */
export const calendarQuery = z.object({
  from: isoDate,
  to: isoDate,
  property_ids: text({ max: 4000 }).optional(),
});
export const calendarNight = z.object({
  date: z.string(),
  price: z.number().int().nullable(),
  min_stay: z.number().int(),
  stop_sell: z.boolean(),
});
export const calendarBooking = z.object({
  id: uuid(),
  code: z.string(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  number_of_guests: z.number().int(),
  status: bookingStatusSchema,
  payment_status: paymentStatusSchema,
  paused: z.boolean(),
  channel: bookingChannelSchema,
  total: z.number().int(),
  /** The channel's own code of an imported booking (Airbnb HM…), null otherwise (issue 15). */
  external_ref: z.string().nullable().optional(),
});
export const calendarUnit = z.object({
  /** property id (apartment, villa) or room id (hotel). */
  id: uuid(),
  property_id: uuid(),
  name: z.string(),
  room_type_id: uuid().nullable(),
  status: z.enum(['available', 'occupied', 'cleaning', 'maintenance']),
  bookings: z.array(calendarBooking),
  closed: z.array(closedDatesSchema),
});
export const calendarProperty = z.object({
  id: uuid(),
  nombre: z.string(),
  tipo_propiedad: z.string(),
  currency: currencySchema,
  guests: z.number().int(),
  base_price: z.number().int().nullable(),
  room_types: z.array(
    z.object({
      id: uuid(),
      name: z.string(),
      max_guests: z.number().int(),
      base_price: z.number().int().nullable(),
      rooms_count: z.number().int(),
      /** Per night of [from, to): price, min stay, stop-sell, and free rooms. */
      nights: z.array(calendarNight.extend({ available: z.number().int() })),
    }),
  ),
  /** Apartment or villa: per night of [from, to). */
  nights: z.array(calendarNight),
  units: z.array(calendarUnit),
});
export const calendarData = z.object({
  from: z.string(),
  to: z.string(),
  properties: z.array(calendarProperty),
});
export type CalendarData = z.infer<typeof calendarData>;
