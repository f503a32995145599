import type { Currency } from '@posada/contracts/properties';
import { formatMoneyIn, intlLocale } from '../lib/intl.ts';

/** Minor units in the property's currency (COP without decimals; Latin digits in Arabic). */
export const money = (minor: number, currency: string, lng: string) =>
  formatMoneyIn(minor, currency as Currency, lng);

/** A calendar cell's price: the number alone, short ("120", "350 mil"); the currency is said above. */
export function shortAmount(minor: number, lng: string): string {
  return new Intl.NumberFormat(intlLocale(lng), { notation: 'compact', maximumFractionDigits: 1 }).format(
    minor / 100,
  );
}

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** "jueves, 12 de marzo de 2026": a calendar button's name. */
export const longDay = (iso: string, lng: string) =>
  new Intl.DateTimeFormat(intlLocale(lng), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utc(iso));

export const monthTitle = (month: string, lng: string) =>
  new Intl.DateTimeFormat(intlLocale(lng), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    utc(`${month}-01`),
  );

/** Monday to Sunday, short ("lu", "Mon"). */
export function weekdayNames(lng: string): string[] {
  const format = new Intl.DateTimeFormat(intlLocale(lng), { weekday: 'short', timeZone: 'UTC' });
  // 2026-11-30 is a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2026, 10, 30 + i))));
}

/** "12–15 mar 2026". */
export const stayRange = (start: string, end: string, lng: string) =>
  new Intl.DateTimeFormat(intlLocale(lng), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(utc(start), utc(end));
