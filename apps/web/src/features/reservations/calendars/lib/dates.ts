import { addDays, nightsBetween } from '@posada/domain/booking-rules';

/**
 * Calendar dates are ISO strings (YYYY-MM-DD) with no time zone; all arithmetic goes through
 * @posada/domain so the web and the API count nights the same way.
 */

export { addDays, nightsBetween };

/** `count` consecutive days from `from`. */
export function daysFrom(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function addMonths(date: string, months: number): string {
  const [y = 0, m = 1] = date.slice(0, 7).split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return d.toISOString().slice(0, 10);
}

export function daysInMonth(date: string): number {
  return nightsBetween(startOfMonth(date), addMonths(date, 1));
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function isWeekend(date: string): boolean {
  const d = weekday(date);
  return d === 0 || d === 6;
}

/**
 * The weeks of a month view, Monday first (Spain and Latin America): whole weeks from the Monday on or
 * before the 1st to the Sunday on or after the last day.
 */
export function monthWeeks(month: string): string[][] {
  const first = startOfMonth(month);
  const start = addDays(first, -((weekday(first) + 6) % 7));
  const last = addDays(addMonths(first, 1), -1);
  const end = addDays(last, (7 - weekday(last)) % 7);
  const days = daysFrom(start, nightsBetween(start, end) + 1);
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** A valid YYYY-MM-DD from a URL parameter, else the fallback. */
export function parseDateParam(value: string | null, fallback: string): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return fallback;
  const d = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value ? fallback : value;
}

/** [a, b) and [c, d) share at least one night. */
export function overlaps(aStart: string, aEnd: string, bStart: string, bEnd: string): boolean {
  return aStart < bEnd && bStart < aEnd;
}
