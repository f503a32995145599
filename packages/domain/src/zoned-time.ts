/**
 * One home for the conversion between an instant and a place's wall clock (issue 28): a property's "today",
 * the instant of 10 PM in Madrid, the local date of a feed's timestamp, an authority's local stamp. IANA
 * zone names; one cached Intl formatter per zone (building one costs far more than using it); an unknown
 * zone throws `RangeError`.
 */

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClockOf(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
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
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** The zone's wall time at an instant (whole seconds). */
export function wallTime(instant: number | Date, timeZone: string): WallTime {
  const parts = Object.fromEntries(
    wallClockOf(timeZone)
      .formatToParts(typeof instant === 'number' ? new Date(instant) : instant)
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

/** Milliseconds the zone is ahead of UTC at an instant (+7,200,000 in Madrid in summer). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const w = wallTime(instantMs, timeZone);
  return (
    Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instantMs / 1000) * 1000
  );
}

/**
 * The instant (ms) of a wall time written as if it were UTC (`Date.UTC(y, m - 1, d, h, mi, s)`). Two
 * passes: the offset at the first guess, then at the corrected instant (DST changes at night).
 */
export function instantOfWallTime(wallAsUtcMs: number, timeZone: string): number {
  const first = wallAsUtcMs - zoneOffsetMs(wallAsUtcMs, timeZone);
  return wallAsUtcMs - zoneOffsetMs(first, timeZone);
}

/** The UTC instant of `date` (YYYY-MM-DD) at `hour`:`minute` wall-clock time in `timeZone`. */
export function zonedTime(date: string, hour: number, timeZone: string, minute = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(instantOfWallTime(Date.UTC(y, m - 1, d, hour, minute), timeZone));
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) in a zone at an instant: a property's "today". Fast: reports call it per row. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormatters.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, format);
  }
  return format.format(now);
}

/** Whether Intl knows this zone name (feeds may send Windows names like 'W. Europe Standard Time'). */
export function isKnownZone(timeZone: string): boolean {
  try {
    wallClockOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The latest "today" among several zones: the day a person working across them has reached somewhere
 * (an account with properties in Madrid and Bogotá is in tomorrow once Madrid is). Falls back to `fallbackZone`.
 */
export function latestTodayIn(
  timeZones: readonly string[],
  fallbackZone: string,
  now: Date = new Date(),
): string {
  const days = (timeZones.length ? timeZones : [fallbackZone]).map((zone) => todayIn(zone, now));
  return days.reduce((latest, day) => (day > latest ? day : latest));
}
