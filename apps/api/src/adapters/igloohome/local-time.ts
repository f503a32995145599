/**
 * igloohome wants local wall times on the hour with an explicit offset (`2026-07-01T15:00:00+02:00`) in
 * the lock's zone. These helpers compute them from an instant and the property's IANA zone, across DST.
 */

import { wallTime as wallTimeAt, zoneOffsetMs } from '@posada/domain/zoned-time';

const HOUR = 3_600_000;

const wallTime = (date: Date, timeZone: string) => wallTimeAt(date.getTime(), timeZone);

/** Minutes the zone is ahead of UTC at that instant (+120 in Madrid in summer). */
export function offsetMinutes(date: Date, timeZone: string): number {
  return Math.round(zoneOffsetMs(date.getTime(), timeZone) / 60_000);
}

/** The instant at the start of the local hour that contains `date`. */
export function floorToLocalHour(date: Date, timeZone: string): Date {
  const w = wallTime(date, timeZone);
  return new Date(date.getTime() - (w.minute * 60 + w.second) * 1000 - date.getUTCMilliseconds());
}

/** `date` when it is on a local hour, else the next local hour. */
export function ceilToLocalHour(date: Date, timeZone: string): Date {
  const floor = floorToLocalHour(date, timeZone);
  return floor.getTime() === date.getTime()
    ? floor
    : floorToLocalHour(new Date(floor.getTime() + HOUR), timeZone);
}

/** The instant of a local wall time (the later reading when the hour does not exist). */
function instantOf(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const utc = Date.UTC(year, month - 1, day, hour);
  const first = utc - offsetMinutes(new Date(utc), timeZone) * 60_000;
  return new Date(utc - offsetMinutes(new Date(first), timeZone) * 60_000);
}

/** Local midnight at or before `date`. */
export function floorToLocalDay(date: Date, timeZone: string): Date {
  const w = wallTime(date, timeZone);
  return instantOf(w.year, w.month, w.day, 0, timeZone);
}

/** `date` when it is local midnight, else the next local midnight. */
export function ceilToLocalDay(date: Date, timeZone: string): Date {
  const floor = floorToLocalDay(date, timeZone);
  if (floor.getTime() === date.getTime()) return floor;
  const w = wallTime(date, timeZone);
  return instantOf(w.year, w.month, w.day + 1, 0, timeZone);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:00:00±hh:mm`, the local hour of `date` (which must be on the hour) with its offset. */
export function localHourString(date: Date, timeZone: string): string {
  const w = wallTime(date, timeZone);
  const offset = offsetMinutes(date, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:00:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
