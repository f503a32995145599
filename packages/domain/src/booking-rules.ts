/**
 * Booking rules shared by the reservation modal, the calendars and the API (spec 5 Reservation modal and
 * booking form, spec 5 Calendar, spec 9). Dates are ISO calendar dates (YYYY-MM-DD) in the property's
 * time zone; a stay covers the nights from arrival up to, not including, departure.
 */

/** spec 9: at most 1 promotion and 1 tax line. */
export const MAX_PROMOTIONS = 1;
export const MAX_TAXES = 1;
/** spec 5 / spec 9: phone minimum 5 digits. */
export const PHONE_MIN_DIGITS = 5;

/** spec 4 Booking: status labels. Create and update set booked; cancel sets cancelled. */
export const bookingStatuses = [
  'booked',
  'blocked',
  'cancelled',
  'overbooking',
  'completed',
  'in_progress',
  'pending',
  'approved',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/**
 * spec 4 Reservation payment: pending or paid, changeable manually between them; the detail also shows
 * rejected and refunded, which only a real payment sets (issue 16: a Stripe payment failed or refunded).
 */
export const paymentStatuses = ['pending', 'paid', 'rejected', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/** The states an operator may set by hand, for money received outside Stripe. */
export const manualPaymentStatuses = ['pending', 'paid'] as const;
export type ManualPaymentStatus = (typeof manualPaymentStatuses)[number];

/** spec 3 Reservation source channel: manual (here), the direct-booking link, or an external agency. */
export const bookingChannels = ['manual', 'web', 'airbnb', 'booking', 'expedia', 'vrbo', 'other'] as const;
export type BookingChannel = (typeof bookingChannels)[number];

/** spec 4: a booking from an external channel cannot be cancelled here. */
export function isExternalChannel(channel: BookingChannel): boolean {
  return channel !== 'manual' && channel !== 'web';
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Nights between arrival and departure (0 when departure is not after arrival). */
export function nightsBetween(start: string, end: string): number {
  const ms = Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`);
  return Math.max(0, Math.round(ms / 86_400_000));
}

/** Each night of the stay, arrival included, departure excluded. */
export function eachNight(start: string, end: string): string[] {
  return Array.from({ length: nightsBetween(start, end) }, (_, i) => addDays(start, i));
}

export interface PriceLine {
  description: string;
  /** Minor units of the booking's currency. */
  price: number;
}

/** spec 5: Total = price minus promotions plus taxes (minor units). */
export function bookingTotal(price: number, promotions: PriceLine[], taxes: PriceLine[]): number {
  const sum = (lines: PriceLine[]) => lines.reduce((acc, line) => acc + line.price, 0);
  return price - sum(promotions) + sum(taxes);
}

export function phoneDigits(phone: string): number {
  return phone.replace(/\D/g, '').length;
}

/** spec 5: a stay's departure is after its arrival (at least one night); bookings and send check-in. */
export const departsAfterArrival = (start: string, end: string): boolean => end > start;

/** The keys of spec 5 booking-form alerts (translated under booking.* on both sides). */
export type BookingFormError =
  | 'booking.fill_required'
  | 'booking.phone_min'
  | 'booking.select_dates'
  | 'booking.guests_min'
  | 'booking.guests_max'
  | 'booking.price_negative'
  | 'booking.arrival_past'
  | 'booking.departure_after_arrival'
  | 'booking.quantity_min'
  | 'booking.quantity_max'
  | 'booking.promotion_limit'
  | 'booking.tax_limit';

export interface BookingFormValues {
  name: string;
  email: string;
  phone: string;
  start_date: string;
  end_date: string;
  number_of_guests: number;
  price: number;
  quantity: number;
  promotions: PriceLine[];
  taxes: PriceLine[];
}

export interface BookingFormContext {
  /** Today in the property's time zone. */
  today: string;
  /** The property's guest capacity (for a hotel: the room type's per-room maximum times the quantity). */
  capacity: number;
  /** Hotel only: rooms of the type free for the whole range (spec 5 available_instances). */
  availableInstances?: number;
  /** On edit the arrival may already be in the past (a stay in progress keeps its arrival). */
  originalStartDate?: string;
}

/**
 * Every rule of spec 5 "Reservation modal and booking form", field by field. The first failing rule per
 * field wins; an empty result means the form may be sent.
 */
export function bookingFormErrors(
  v: BookingFormValues,
  ctx: BookingFormContext,
): Partial<Record<keyof BookingFormValues, BookingFormError>> {
  const errors: Partial<Record<keyof BookingFormValues, BookingFormError>> = {};
  if (!v.name.trim()) errors.name = 'booking.fill_required';
  if (!v.email.trim()) errors.email = 'booking.fill_required';
  if (!v.phone.trim()) errors.phone = 'booking.fill_required';
  else if (phoneDigits(v.phone) < PHONE_MIN_DIGITS) errors.phone = 'booking.phone_min';

  if (!isIsoDate(v.start_date)) errors.start_date = 'booking.select_dates';
  if (!isIsoDate(v.end_date)) errors.end_date = 'booking.select_dates';
  if (!errors.start_date && v.start_date < ctx.today && v.start_date !== ctx.originalStartDate) {
    errors.start_date = 'booking.arrival_past';
  }
  if (!errors.start_date && !errors.end_date && !departsAfterArrival(v.start_date, v.end_date)) {
    errors.end_date = 'booking.departure_after_arrival';
  }

  if (!Number.isInteger(v.number_of_guests) || v.number_of_guests < 1) {
    errors.number_of_guests = 'booking.guests_min';
  } else if (v.number_of_guests > ctx.capacity) errors.number_of_guests = 'booking.guests_max';

  if (!Number.isFinite(v.price) || v.price < 0) errors.price = 'booking.price_negative';

  if (ctx.availableInstances !== undefined) {
    if (!Number.isInteger(v.quantity) || v.quantity < 1) errors.quantity = 'booking.quantity_min';
    else if (v.quantity > ctx.availableInstances) errors.quantity = 'booking.quantity_max';
  }
  if (v.promotions.length > MAX_PROMOTIONS) errors.promotions = 'booking.promotion_limit';
  if (v.taxes.length > MAX_TAXES) errors.taxes = 'booking.tax_limit';
  return errors;
}

/** spec 2.4 Dashboard periods. */
export const dashboardPeriods = ['today', 'week', 'month', 'year'] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];
/** spec 9: dashboard chart ranges 6, 12, 24 months. */
export const dashboardChartMonths = [6, 12, 24] as const;

/** The dates a dashboard period covers, [from, to) — week starts on Monday (Spain). */
export function periodRange(period: DashboardPeriod, today: string): { from: string; to: string } {
  const d = new Date(`${today}T00:00:00Z`);
  switch (period) {
    case 'today':
      return { from: today, to: addDays(today, 1) };
    case 'week': {
      const monday = addDays(today, -((d.getUTCDay() + 6) % 7));
      return { from: monday, to: addDays(monday, 7) };
    }
    case 'month': {
      const from = `${today.slice(0, 7)}-01`;
      const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
      return { from, to: next.toISOString().slice(0, 10) };
    }
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${d.getUTCFullYear() + 1}-01-01` };
  }
}
