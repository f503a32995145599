import { z } from 'zod';
import {
  bookingChannelSchema,
  bookingStatusSchema,
  dateRange,
  isoDate,
  manualPaymentStatusSchema,
  money,
  paymentStatusSchema,
  priceLine,
  required,
} from './booking-fields.ts';
import { multilineText, text, uuid } from './primitives.ts';
import { currencySchema } from './properties.ts';

/**
 * Bookings (spec 3 Booking payloads, Reservation; spec 4 Booking, Reservation payment; spec 5 Reservation
 * modal; spec 7). Availability, closed dates, night prices, the calendar and the dashboard have their own
 * files beside this one.
 * Money is in minor units of the property's currency. Dates are YYYY-MM-DD in the property's time zone;
 * a stay covers the nights from start_date up to, not including, end_date.
 * Every answer is wrapped in the envelope of ./envelope.ts.
 */

/** The fields of a booking as the modal sends them, on create and on update. */
const bookingFields = z.object({
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
});

/**
 * POST /api/create/new-booking (spec 3 Booking create payload plus the modal's quantity, promotions and
 * taxes). `user_id`, `property_title` and `status` are accepted for the contract but the server decides
 * them: the caller's account, the property's name, booked. For a hotel, `room_type_id` and `quantity`
 * choose how many rooms of a type; free rooms are assigned. Arrival before today: 422 booking.arrival_past.
 * Nights taken or blocked: 409 booking.dates_taken ('Las fechas ya están reservadas o bloqueadas').
 */
export const createBookingBody = dateRange(bookingFields);
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
    ...bookingFields.shape,
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
export const paymentStatusBody = z.object({ payment_status: manualPaymentStatusSchema });
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
  /** The channel's own reservation code of an imported booking (Airbnb HM…), null otherwise (issue 15). */
  external_ref: z.string().nullable().optional(),
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
