/**
 * Numbers and dates of the dashboard, in the interface language (es, en, ar) through Intl. Money is written
 * by lib/money (the 'dashboard', 'whole' and 'axis' styles of packages/domain's formatMoney).
 */

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** 0–100 (one decimal at most) as a percentage in the language: 72,5 %, 72.5%, ٧٢٫٥٪. */
export function formatPercent(value: number, language: string): string {
  const clamped = Math.min(100, Math.max(0, value));
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(
    clamped / 100,
  );
}

/** A calendar date (YYYY-MM-DD) or month (YYYY-MM) as a UTC instant, so no time zone moves the day. */
function utc(isoDate: string): Date {
  return new Date(`${isoDate.length === 7 ? `${isoDate}-01` : isoDate.slice(0, 10)}T00:00:00Z`);
}

/** A chart month (YYYY-MM): `short` gives "nov", `long` gives "noviembre de 2026". */
export function formatMonth(month: string, language: string, style: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    month: style,
    ...(style === 'long' ? { year: 'numeric' } : {}),
  }).format(utc(month));
}

/** The year of a chart month, two digits ("26"), for the first month of each year on the axis. */
export function formatYearShort(month: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeZone: 'UTC', year: '2-digit' }).format(utc(month));
}

export function formatDay(isoDate: string, language: string, withYear = false): string {
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
  }).format(utc(isoDate));
}

/** Day number and short month of a date, for the calendar tile of an upcoming stay. */
export function dayParts(isoDate: string, language: string): { day: string; month: string; weekday: string } {
  const date = utc(isoDate);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(language, { timeZone: 'UTC', ...options }).format(date);
  return {
    day: part({ day: 'numeric' }),
    month: part({ month: 'short' }),
    weekday: part({ weekday: 'short' }),
  };
}

/** The day before an ISO date (period and stay ends are exclusive). */
export function previousDay(isoDate: string): string {
  const date = utc(isoDate);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * A window [from, to) as the days it covers: "20 nov 2026" for one day, "1–30 nov 2026" for a month,
 * "1 ene – 31 dic 2026" for a year, in the language's own range style.
 */
export function formatPeriod(period: { from: string; to: string }, language: string): string {
  const from = period.from.slice(0, 10);
  const last = period.to.slice(0, 10) > from ? previousDay(period.to) : from;
  const format = new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  if (last === from) return format.format(utc(from));
  return format.formatRange(utc(from), utc(last));
}

/** A stay's dates without the year when both are in the same year: "12–15 nov", "30 dic – 2 ene 2027". */
export function formatStay(start: string, end: string, language: string): string {
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  const format = new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
  return format.formatRange(utc(start), utc(end));
}
