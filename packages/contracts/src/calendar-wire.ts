import { z } from 'zod';
import { bookingChannelSchema, bookingStatusSchema, paymentStatusSchema } from './booking-fields.ts';
import { type CalendarData, calendarProperty, calendarUnit } from './calendar.ts';
import { uuid } from './primitives.ts';

/**
 * The wire form of GET /api/calendar. A year of 500 units is 180 000 nights and 40 000 stays: written as
 * objects, their repeated keys and dates made most of a 23 MB answer. On the wire, nights are columns
 * (index i is the night `from` + i) and stays are tuples in the order of calendarBookingTuple; the answer
 * is about a third of the size. `decodeCalendar` gives back calendarData, which is what screens use.
 */
const stopSellFlag = z.union([z.literal(0), z.literal(1)]);
export const calendarNightColumns = z.object({
  price: z.array(z.number().int().nullable()),
  min_stay: z.array(z.number().int()),
  stop_sell: z.array(stopSellFlag),
});
export const calendarBookingTuple = z.tuple([
  uuid(), // id
  z.string(), // code
  z.string(), // name
  z.string(), // start_date
  z.string(), // end_date
  z.number().int(), // number_of_guests
  bookingStatusSchema,
  paymentStatusSchema,
  stopSellFlag, // paused (0 or 1)
  bookingChannelSchema,
  z.number().int(), // total
  // external_ref: only on stays imported from a channel with a code (issue 15); older tuples end at total.
  z.string().nullable().optional(),
]);
export const calendarWire = z.object({
  from: z.string(),
  to: z.string(),
  properties: z.array(
    calendarProperty.extend({
      room_types: z.array(
        calendarProperty.shape.room_types.element.extend({
          nights: calendarNightColumns.extend({ available: z.array(z.number().int()) }),
        }),
      ),
      nights: calendarNightColumns,
      units: z.array(calendarUnit.extend({ bookings: z.array(calendarBookingTuple) })),
    }),
  ),
});
export type CalendarWire = z.infer<typeof calendarWire>;

/** The dates of [from, to), one per night (UTC arithmetic: a calendar date has no time zone). */
function datesOf(from: string, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

function decodeNights(dates: string[], columns: z.infer<typeof calendarNightColumns>) {
  return dates.map((date, i) => ({
    date,
    price: columns.price[i] ?? null,
    min_stay: columns.min_stay[i] ?? 1,
    stop_sell: columns.stop_sell[i] === 1,
  }));
}

/* The wire answer of GET /api/calendar as the screens read it (see calendarWire). */

export function decodeCalendar(wire: CalendarWire): CalendarData {
  const nightCount = Math.max(0, Math.round((Date.parse(wire.to) - Date.parse(wire.from)) / 86_400_000));
  const dates = datesOf(wire.from, nightCount);
  return {
    from: wire.from,
    to: wire.to,
    properties: wire.properties.map((p) => ({
      ...p,
      nights: p.nights.price.length > 0 ? decodeNights(dates, p.nights) : [],
      room_types: p.room_types.map((t) => ({
        ...t,
        nights: decodeNights(dates, t.nights).map((n, i) => ({
          ...n,
          available: t.nights.available[i] ?? 0,
        })),
      })),
      units: p.units.map((u) => ({
        ...u,
        bookings: u.bookings.map(
          ([
            id,
            code,
            name,
            start_date,
            end_date,
            number_of_guests,
            status,
            payment_status,
            paused,
            channel,
            total,
            external_ref,
          ]) => ({
            id,
            code,
            name,
            start_date,
            end_date,
            number_of_guests,
            status,
            payment_status,
            paused: paused === 1,
            channel,
            total,
            external_ref: external_ref ?? null,
          }),
        ),
      })),
    })),
  };
}
