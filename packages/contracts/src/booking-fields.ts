import {
  bookingChannels,
  bookingStatuses,
  manualPaymentStatuses,
  paymentStatuses,
} from '@posada/domain/booking-rules';
import { z } from 'zod';
import { isoDate as calendarDate, text } from './primitives.ts';

/*
 * What the booking, availability, closed-date, night-price, calendar and dashboard contracts share: calendar
 * dates (YYYY-MM-DD in the property's time zone; a range covers the nights from start_date up to, not
 * including, end_date), money in minor units, the status enums and a price line.
 */

/** `abort`: one message per field — a missing or impossible date skips the later range checks. */
export const isoDate = calendarDate('booking.select_dates');
export const money = z.number().int().max(2_000_000_000);
export const required = (max: number) =>
  text({ max, trim: true }).min(1, { message: 'booking.fill_required', abort: true });

export const bookingStatusSchema = z.enum(bookingStatuses);
export const paymentStatusSchema = z.enum(paymentStatuses);
/** What an operator may set by hand (spec 4: pending and paid); rejected and refunded come from a payment. */
export const manualPaymentStatusSchema = z.enum(manualPaymentStatuses);
export const bookingChannelSchema = z.enum(bookingChannels);

export const priceLine = z.object({
  description: text({ max: 120, trim: true }).default(''),
  price: money.min(0, 'booking.price_negative'),
});
export type PriceLineInput = z.input<typeof priceLine>;

/** Keeps the object schema's input and output types (z.input of a plain ZodType<T> would be unknown). */
export const dateRange = <S extends z.ZodType<{ start_date: string; end_date: string }>>(schema: S) =>
  schema.refine((b) => b.end_date > b.start_date, {
    path: ['end_date'],
    message: 'booking.departure_after_arrival',
  });
