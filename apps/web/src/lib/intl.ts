import type { Currency } from '@posada/contracts/properties';
import { formatMoney } from '@posada/domain/money';

/**
 * Dates and money in the interface language (spec 1: es, en, ar). Arabic keeps Latin digits, as the
 * date and phone inputs do, so a number reads the same in the list and in the form.
 */
export function intlLocale(language: string): string {
  if (language.startsWith('ar')) return 'ar-u-nu-latn';
  if (language.startsWith('en')) return 'en-GB';
  return 'es-ES';
}

/**
 * Minor units as money in the interface language: 1.250,50 € (es), €1,250.50 (en), $ 1.250.000 (es, COP).
 * packages/domain's formatter, in lib/money's 'interface' style (written out here: the light entries import
 * this file and not lib/money).
 */
export function formatMoneyIn(minor: number, currency: Currency, language: string): string {
  return formatMoney(minor, currency, language, { country: 'pesos', grouping: 'always' });
}

function utcDate(iso: string): Date {
  return new Date(`${iso.slice(0, 10)}T00:00:00Z`);
}

/** A stay date (YYYY-MM-DD): "12 mar 2026". */
export function formatDay(iso: string, language: string, withYear = true): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(utcDate(iso));
}

/**
 * Server texts that carry stay dates as YYYY-MM-DD (a notification's "Villa · 2026-03-12 → 2026-03-15")
 * with the dates in the interface language: "Villa · 12–15 mar 2026". Each date is isolated (FSI…PDI) so
 * an Arabic date keeps its order inside a Latin property name.
 */
export function localizeIsoDates(text: string, language: string): string {
  const valid = (iso: string) => !Number.isNaN(utcDate(iso).getTime());
  const isolate = (s: string) => `\u2068${s}\u2069`;
  return text
    .replace(/\b(\d{4}-\d{2}-\d{2}) → (\d{4}-\d{2}-\d{2})\b/g, (whole, start: string, end: string) =>
      valid(start) && valid(end) && start < end ? isolate(formatStay(start, end, language)) : whole,
    )
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, (iso) => (valid(iso) ? isolate(formatDay(iso, language)) : iso));
}

/** A long stay date with the weekday: "jueves, 12 de marzo de 2026". */
export function formatLongDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcDate(iso));
}

/** Arrival to departure as one range: "12–15 mar 2026", "28 mar – 2 abr 2026". */
export function formatStay(start: string, end: string, language: string): string {
  const format = new Intl.DateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format.formatRange(utcDate(start), utcDate(end));
}

/** An instant (timestamptz) as date and time, in the given time zone (the browser's by default). */
export function formatDateTime(instant: string, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(instant));
}

/** A month (YYYY-MM) with its year: "nov 2026" (the reports' months). */
export function formatMonth(yearMonth: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcDate(`${yearMonth.slice(0, 7)}-01`));
}

/** A count or a share in the interface language, Latin digits in Arabic: 1.250 (es), 33,3 % (es). */
export function formatNumber(
  value: number,
  language: string,
  options: Intl.NumberFormatOptions = {},
): string {
  return new Intl.NumberFormat(intlLocale(language), options).format(value);
}

/**
 * How long ago an instant was, in the interface language: "hace 5 minutos", "5 minutes ago", "قبل 5 دقائق";
 * past a week, the day ("12 mar"). The bot chats list uses it.
 */
export function formatRelativeTime(instant: string, language: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(instant).getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  const format = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' });
  if (abs < 60) return format.format(0, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return format.format(Math.round(seconds / 86_400), 'day');
  return new Intl.DateTimeFormat(intlLocale(language), { day: 'numeric', month: 'short' }).format(
    new Date(instant),
  );
}
