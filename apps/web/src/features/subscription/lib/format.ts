import type { Currency } from '@posada/contracts/properties';
import { formatMoneyIn, intlLocale } from '../../../lib/intl.ts';

/** Minor units in the interface language; the platform bills in EUR (COP for Colombian accounts). */
export function money(minor: number, currency: string, language: string): string {
  return formatMoneyIn(minor, (currency.toUpperCase() as Currency) ?? 'EUR', language);
}

/** An instant (ISO) as a day: "12 mar 2026". */
export function day(instant: string | null | undefined, language: string): string {
  if (!instant) return '';
  return new Intl.DateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(instant));
}
