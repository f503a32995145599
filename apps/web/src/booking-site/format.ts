import { formatMoney } from '@posada/domain/money';
import { intlLocale } from '../lib/intl.ts';

/**
 * The website's formats, each Intl formatter made once (a month of day buttons asks for ~100 labels; making
 * a formatter per label was most of the page's main-thread time on a slow phone).
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** Minor units in the property's currency, as packages/domain writes money (COP without decimals; Latin digits in Arabic). */
export function money(minor: number, currency: string, lng: string): string {
  return formatMoney(minor, currency, lng, { country: 'pesos', grouping: 'always' });
}

/** A calendar cell's price: the number alone, short ("120", "350 mil"); the currency is said above. */
export function shortAmount(minor: number, lng: string): string {
  return cached(
    `short|${lng}`,
    () => new Intl.NumberFormat(intlLocale(lng), { notation: 'compact', maximumFractionDigits: 1 }),
  ).format(minor / 100);
}

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const dates = (key: string, lng: string, options: Intl.DateTimeFormatOptions) =>
  cached(`${key}|${lng}`, () => new Intl.DateTimeFormat(intlLocale(lng), { ...options, timeZone: 'UTC' }));

/** "jueves, 12 de marzo de 2026": a calendar button's name. */
export const longDay = (iso: string, lng: string) =>
  dates('long', lng, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(utc(iso));

export const monthTitle = (month: string, lng: string) =>
  dates('month', lng, { month: 'long', year: 'numeric' }).format(utc(`${month}-01`));

/** Monday to Sunday, short ("lu", "Mon"). */
export function weekdayNames(lng: string): string[] {
  const format = dates('weekday', lng, { weekday: 'short' });
  // 30 November 2026 is a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2026, 10, 30 + i))));
}

/** "12–15 mar 2026". */
export const stayRange = (start: string, end: string, lng: string) =>
  dates('range', lng, { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(utc(start), utc(end));
