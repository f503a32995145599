/**
 * Dashboard arithmetic (spec 2.4 Dashboard, spec 9 chart ranges). The API computes the figures in SQL with
 * the same definitions; these functions state them once, feed the SQL its dates and let the web app label
 * the chart. Dates are ISO calendar dates; ranges are [from, to).
 */
import { addDays, nightsBetween } from './booking-rules.ts';

export interface DateWindow {
  from: string;
  to: string;
}

/** The first day of the month `months` months after (or before, when negative) the month of `date`. */
export function monthStart(date: string, months = 0): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/**
 * The months of the revenue chart: the last `count` calendar months ending with today's month, oldest
 * first, each as `YYYY-MM` with its [from, to) window.
 */
export function chartMonths(today: string, count: number): (DateWindow & { month: string })[] {
  return Array.from({ length: count }, (_, i) => {
    const from = monthStart(today, i - count + 1);
    return { month: from.slice(0, 7), from, to: monthStart(from, 1) };
  });
}

/** Nights of the stay [start, end) that fall inside the window [from, to). */
export function overlapNights(start: string, end: string, window: DateWindow): number {
  const from = start > window.from ? start : window.from;
  const to = end < window.to ? end : window.to;
  return nightsBetween(from, to);
}

/**
 * A stay's amount pro-rated to a window: amount × nights inside the window ÷ nights of the stay, not
 * rounded (sums are rounded once, at the end). A stay of 4 nights at 400.00 with 1 night in the window
 * contributes 100.00.
 */
export function proratedAmount(amount: number, start: string, end: string, window: DateWindow): number {
  const nights = nightsBetween(start, end);
  if (nights === 0) return 0;
  return (amount * overlapNights(start, end, window)) / nights;
}

/** Booked ÷ sellable nights as a percentage with one decimal, 0 when nothing was sellable, at most 100. */
export function occupancyPercent(booked: number, sellable: number): number {
  if (sellable <= 0) return 0;
  return Math.min(100, Math.round((booked * 1000) / sellable) / 10);
}

/** Nights in a window (the sellable nights of one unit). */
export function windowNights(window: DateWindow): number {
  return nightsBetween(window.from, window.to);
}

/** The last night of a window (its `to` is exclusive). */
export function lastNight(window: DateWindow): string {
  return addDays(window.to, -1);
}
