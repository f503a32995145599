/**
 * Calendar-date helpers for the iCal adapter: feeds carry all-day dates (floating, the property's own) or
 * instants (UTC or a TZID wall time) that become the property's local date.
 */

import { wallTime } from '@posada/domain/zoned-time';

const DAY = 86_400_000;

/** 'YYYY-MM-DD' plus `days` (negative goes back). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export const isoDate = (year: number, month: number, day: number) =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** The calendar date of an instant in a zone. */
export function localDateOf(instantMs: number, timeZone: string): string {
  const w = wallTime(instantMs, timeZone);
  return isoDate(w.year, w.month, w.day);
}
