import { bookingChannels, bookingStatuses, paymentStatuses } from '@posada/domain/booking-rules';
import { z } from 'zod';
import { isoDate as calendarDate, multilineText, text, uuid } from './primitives.ts';
import { currencySchema } from './properties.ts';

/**
 * Bookings, availability, prices and closed dates (spec 3 Booking payloads, Reservation, Closed dates,
 * Price range; spec 4 Booking, Reservation payment; spec 5 Reservation modal and Calendar; spec 7).
 * Money is in minor units of the property's currency. Dates are YYYY-MM-DD in the property's time zone;
 * a stay covers the nights from start_date up to, not including, end_date.
 * Every answer is wrapped in the envelope of ./envelope.ts.
 */

/** `abort`: one message per field — a missing or impossible date skips the later range checks. */
export const isoDate = calendarDate('booking.select_dates');
const money = z.number().int().max(2_000_000_000);
const required = (max: number) =>
  text({ max, trim: true }).min(1, { message: 'booking.fill_required', abort: true });

export const bookingStatusSchema = z.enum(bookingStatuses);
export const paymentStatusSchema = z.enum(paymentStatuses);
export const bookingChannelSchema = z.enum(bookingChannels);

export const priceLine = z.object({
  description: text({ max: 120, trim: true }).default(''),
  price: money.min(0, 'booking.price_negative'),
});
export type PriceLineInput = z.input<typeof priceLine>;

/** Keeps the object schema's input and output types (z.input of a plain ZodType<T> would be unknown). */
const dateRange = <S extends z.ZodType<{ start_date: string; end_date: string }>>(schema: S) =>
  schema.refine((b) => b.end_date > b.start_date, {
    path: ['end_date'],
    message: 'booking.departure_after_arrival',
  });

/**
 * POST /api/create/new-booking (spec 3 Booking create payload plus the modal's quantity, promotions and
 * taxes). `user_id`, `property_title` and `status` are accepted for the contract but the server decides
 * them: the caller's account, the property's name, booked. For a hotel, `room_type_id` and `quantity`
 * choose how many rooms of a type; free rooms are assigned. Arrival before today: 422 booking.arrival_past.
 * Nights taken or blocked: 409 booking.dates_taken ('Las fechas ya están reservadas o bloqueadas').
 */
export const createBookingBody = dateRange(
  z.object({
    start_date: isoDate,
    end_date: isoDate,
    name: required(120),
    email: text({ max: 254, trim: true })
      .min(1, { message: 'booking.fill_required', abort: true })
      .email('validation.invalid_email'),
    /** spec 5: at least 5 digits (booking.phone_min); stored as typed, E.164 when it parses. */
    phone: required(40).refine((p) => p.replace(/\D/g, '').length >= 5, 'booking.phone_min'),
    property_id: uuid('validation.required'),
    number_of_guests: z.number().int().min(1, 'booking.guests_min').max(500),
    price: money.min(0, 'booking.price_negative'),
    property_title: text({ max: 200 }).optional(),
    status: text({ max: 40 }).optional(),
    user_id: z.union([text(), z.number()]).optional(),
    room_type_id: uuid().nullable().optional(),
    quantity: z.number().int().min(1, 'booking.quantity_min').max(500).default(1),
    promotions: z.array(priceLine).max(1, 'booking.promotion_limit').default([]),
    taxes: z.array(priceLine).max(1, 'booking.tax_limit').default([]),
    notes: multilineText(2000, { trim: true }).default(''),
  }),
);
export type CreateBookingBody = z.input<typeof createBookingBody>;
export type CreateBookingInput = z.output<typeof createBookingBody>;

/**
 * PUT /api/update/booking/{id} (spec 3 update payload: adds id and the original_* fields). When the dates
 * or the property changed the availability is checked again: 409 booking.new_dates_taken ('Las nuevas
 * fechas ya están reservadas o bloqueadas').
 */
export const updateBookingBody = dateRange(
  z.object({
    id: uuid(),
    start_date: isoDate,
    end_date: isoDate,
    name: required(120),
    email: text({ max: 254, trim: true })
      .min(1, { message: 'booking.fill_required', abort: true })
      .email('validation.invalid_email'),
    phone: required(40).refine((p) => p.replace(/\D/g, '').length >= 5, 'booking.phone_min'),
    property_id: uuid('validation.required'),
    number_of_guests: z.number().int().min(1, 'booking.guests_min').max(500),
    price: money.min(0, 'booking.price_negative'),
    property_title: text({ max: 200 }).optional(),
    status: text({ max: 40 }).optional(),
    user_id: z.union([text(), z.number()]).optional(),
    room_type_id: uuid().nullable().optional(),
    quantity: z.number().int().min(1, 'booking.quantity_min').max(500).default(1),
    promotions: z.array(priceLine).max(1, 'booking.promotion_limit').default([]),
    taxes: z.array(priceLine).max(1, 'booking.tax_limit').default([]),
    notes: multilineText(2000, { trim: true }).default(''),
    original_start_date: isoDate,
    original_end_date: isoDate,
    original_property_id: uuid(),
  }),
);
export type UpdateBookingBody = z.input<typeof updateBookingBody>;
export type UpdateBookingInput = z.output<typeof updateBookingBody>;

/** POST /api/booking/cancelled. An external-channel booking: 409 booking.external_not_cancellable. */
export const cancelBookingBody = z.object({ booking_id: uuid() });

/** PUT /api/bookings/{id}/paused: paused bookings get no automatic check-in message (spec 4). */
export const pauseBookingBody = z.object({ paused: z.boolean() });
/** PUT /api/bookings/{id}/payment-status (spec 4: pending or paid, changed by hand). */
export const paymentStatusBody = z.object({ payment_status: paymentStatusSchema });
/** PUT /api/bookings/{id}/room: move one of the booking's rooms to another free room (hotel calendar). */
export const changeRoomBody = z.object({ from_room_id: uuid(), to_room_id: uuid() });

export const bookingIdParams = z.object({ id: uuid() });

export const bookingRoom = z.object({ id: uuid(), name: z.string() });

/** spec 3 Reservation (list and detail). */
export const bookingSchema = z.object({
  id: uuid(),
  /** Short human code, e.g. PS-7K3Q9M. */
  code: z.string(),
  property_id: uuid(),
  property_title: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  nights: z.number().int(),
  number_of_guests: z.number().int(),
  status: bookingStatusSchema,
  payment_status: paymentStatusSchema,
  paused: z.boolean(),
  channel: bookingChannelSchema,
  /** External channels cannot be cancelled here (spec 4). */
  external: z.boolean(),
  room_type_id: uuid().nullable(),
  room_type_name: z.string().nullable(),
  quantity: z.number().int(),
  rooms: z.array(bookingRoom),
  currency: currencySchema,
  price: z.number().int(),
  promotions: z.array(z.object({ description: z.string(), price: z.number().int() })),
  taxes: z.array(z.object({ description: z.string(), price: z.number().int() })),
  /** price − promotions */
  subtotal: z.number().int(),
  /** price − promotions + taxes (spec 5) */
  total: z.number().int(),
  /** Programmed deposit (0 when none). */
  deposit: z.number().int(),
  notes: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** spec 3 Booking read for edit (the legacy names), alongside the full booking. */
export const bookingForEdit = z.object({
  id: uuid(),
  nombre: z.string(),
  email: z.string(),
  telefono: z.string(),
  cantidad_huesped: z.number().int(),
  price: z.number().int(),
  propiedad_id: uuid(),
  fecha_ingreso: z.string(),
  fecha_salida: z.string(),
});

/**
 * One booking as create, update, cancel, detail and the other single-booking calls answer it: the full
 * Reservation plus the legacy "read for edit" names (spec 3), so either reading finds its fields.
 */
export const bookingDetail = bookingSchema.extend({
  nombre: z.string(),
  telefono: z.string(),
  cantidad_huesped: z.number().int(),
  propiedad_id: uuid(),
  fecha_ingreso: z.string(),
  fecha_salida: z.string(),
});
export type BookingDetail = z.infer<typeof bookingDetail>;

/** GET /api/bookings: Reservas list, paged for thousands of rows. */
export const bookingsQuery = z.object({
  search: text({ max: 120, trim: true }).optional(),
  property_id: uuid().optional(),
  status: bookingStatusSchema.optional(),
  payment_status: paymentStatusSchema.optional(),
  channel: bookingChannelSchema.optional(),
  /** Stays overlapping [from, to). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  sort: z.enum(['start_date', '-start_date', 'created_at', '-created_at']).default('start_date'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type BookingsQuery = z.input<typeof bookingsQuery>;

export const bookingsPage = z.object({
  items: z.array(bookingSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type BookingsPage = z.infer<typeof bookingsPage>;

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

// ---------------------------------------------------------------- closed dates and prices

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

/** DELETE /api/closed-dates/{id} answers the id it deleted. */
export const closedDateDeleted = z.object({ id: uuid() });

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

// ---------------------------------------------------------------- calendar

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

/** The wire answer of GET /api/calendar as the screens read it (see calendarWire). */
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
          }),
        ),
      })),
    })),
  };
}

// ---------------------------------------------------------------- dashboard

export const dashboardQuery = z.object({
  period: z.enum(['today', 'week', 'month', 'year']).default('month'),
  months: z.coerce
    .number()
    .int()
    .refine((m) => m === 6 || m === 12 || m === 24)
    .default(12),
  /** Empty: all the account's properties. */
  property_id: uuid().optional(),
});
export const dashboardData = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  currency: currencySchema,
  total_reservations: z.number().int(),
  checkins_today: z.number().int(),
  /** Booked nights / sellable nights in the period, 0–100. */
  occupancy: z.number(),
  /** Revenue of stays in the period, nights pro-rated (minor units). */
  revenue: z.number().int(),
  upcoming: z.array(bookingSchema),
  revenue_by_channel: z.array(z.object({ channel: bookingChannelSchema, revenue: z.number().int() })),
  revenue_by_property: z.array(
    z.object({ property_id: uuid(), nombre: z.string(), revenue: z.number().int() }),
  ),
  chart: z.array(z.object({ month: z.string(), revenue: z.number().int(), bookings: z.number().int() })),
});
export type DashboardData = z.infer<typeof dashboardData>;

export const bookingPaths = {
  create: '/api/create/new-booking',
  update: (id: string) => `/api/update/booking/${id}`,
  cancel: '/api/booking/cancelled',
  calculatePrice: '/api/calculate-apartment-price',
  list: '/api/bookings',
  one: (id: string) => `/api/bookings/${id}`,
  paused: (id: string) => `/api/bookings/${id}/paused`,
  paymentStatus: (id: string) => `/api/bookings/${id}/payment-status`,
  room: (id: string) => `/api/bookings/${id}/room`,
  availability: '/api/bookings/availability',
  closedDates: '/api/closed-dates',
  closedDate: (id: string) => `/api/closed-dates/${id}`,
  nightPrices: '/api/night-prices',
  calendar: '/api/calendar',
  dashboard: '/api/dashboard',
} as const;
