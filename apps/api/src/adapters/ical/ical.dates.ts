/**
 * Calendar-date helpers for the iCal adapter: feeds carry all-day dates (floating, the property's own) or
 * instants (UTC or a TZID wall time) that become the property's local date.
 */

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

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether Intl knows this zone name (feeds may send Windows names like 'W. Europe Standard Time'). */
export function isKnownZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function wallParts(instantMs: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instantMs))
      .map((p) => [p.type, Number(p.value)]),
  );
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The calendar date of an instant in a zone. */
export function localDateOf(instantMs: number, timeZone: string): string {
  const w = wallParts(instantMs, timeZone);
  return isoDate(w.year, w.month, w.day);
}

function offsetMs(instantMs: number, timeZone: string): number {
  const w = wallParts(instantMs, timeZone);
  return (
    Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instantMs / 1000) * 1000
  );
}

/** The instant of a wall time in a zone (the later offset wins across a DST change, close enough for dates). */
export function instantOfWallTime(wallAsUtcMs: number, timeZone: string): number {
  const first = wallAsUtcMs - offsetMs(wallAsUtcMs, timeZone);
  return wallAsUtcMs - offsetMs(first, timeZone);
}
