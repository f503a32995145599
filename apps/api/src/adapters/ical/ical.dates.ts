/**
 * Calendar-date helpers for the iCal adapter: feeds carry all-day dates (floating, the property's own) or
 * instants (UTC or a TZID wall time) that become the property's local date.
 */

import { wallTime, zoneOffsetMs } from '../wall-time.ts';

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

/** Whether Intl knows this zone name (feeds may send Windows names like 'W. Europe Standard Time'). */
export function isKnownZone(timeZone: string): boolean {
  try {
    wallTime(0, timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar date of an instant in a zone. */
export function localDateOf(instantMs: number, timeZone: string): string {
  const w = wallTime(instantMs, timeZone);
  return isoDate(w.year, w.month, w.day);
}

/** The instant of a wall time in a zone (the later offset wins across a DST change, close enough for dates). */
export function instantOfWallTime(wallAsUtcMs: number, timeZone: string): number {
  const first = wallAsUtcMs - zoneOffsetMs(wallAsUtcMs, timeZone);
  return wallAsUtcMs - zoneOffsetMs(first, timeZone);
}
