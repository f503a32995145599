import type { ServiceBody } from '@posada/contracts/experiences';
import { amountToMinorUnits } from '@posada/domain/money';
import { intlLocale } from '../../../lib/intl.ts';

export type ServiceCurrency = ServiceBody['currency'];
export const serviceCurrencies: readonly ServiceCurrency[] = [
  'EUR',
  'USD',
  'COP',
  'MXN',
  'ARS',
  'CLP',
  'PEN',
];

/** Each currency in the number format of where it is used (85,50 €; $ 1.250.000; S/ 35.00). */
const LOCALE: Record<ServiceCurrency, string> = {
  EUR: 'es-ES',
  USD: 'en-US',
  COP: 'es-CO',
  MXN: 'es-MX',
  ARS: 'es-AR',
  CLP: 'es-CL',
  PEN: 'es-PE',
};

/**
 * Minor units are hundredths in every currency of the store (as lib/intl's money, and the contract's
 * "at most 1,000,000.00"); pesos of Colombia and Chile are priced without decimals.
 */
export function minorExponent(_currency: string): number {
  return 2;
}
export function shownDigits(currency: string): number {
  return currency === 'CLP' || currency === 'COP' ? 0 : 2;
}

function localeOf(currency: string): string {
  return LOCALE[currency as ServiceCurrency] ?? 'es-ES';
}

/** Minor units → money: in Spanish the currency's own country format, else the interface language's. */
export function formatServicePrice(minor: number, currency: string, language = 'es'): string {
  const digits = shownDigits(currency);
  const locale = language.startsWith('es') ? localeOf(currency) : intlLocale(language);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(minor / 10 ** minorExponent(currency));
  } catch {
    return `${minor / 10 ** minorExponent(currency)} ${currency}`;
  }
}

/** The number input's separators and symbol for the currency. */
export function servicePriceFormat(currency: string) {
  const parts = new Intl.NumberFormat(localeOf(currency), {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    useGrouping: 'always',
  } as Intl.NumberFormatOptions).formatToParts(1234567.5);
  const part = (type: Intl.NumberFormatPartTypes, fallback: string) =>
    parts.find((p) => p.type === type)?.value ?? fallback;
  return {
    thousandSeparator: part('group', '.'),
    decimalSeparator: part('decimal', ','),
    symbol: part('currency', currency),
    digits: shownDigits(currency),
  };
}

/** An amount typed in currency units → integer minor units; null when empty or not a number. */
export function amountToMinor(amount: number | string | null | undefined, currency: string): number | null {
  if (amount === null || amount === undefined || amount === '') return null;
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value) || value < 0) return null;
  return amountToMinorUnits(value, minorExponent(currency), shownDigits(currency));
}

export function minorToAmount(minor: number, currency: string): number {
  return minor / 10 ** minorExponent(currency);
}
