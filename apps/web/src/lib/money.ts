import type { Currency } from '@posada/contracts/properties';
import { amountToMinorUnits } from '@posada/domain/money';

/**
 * Money in the wizard: amounts are stored as integer minor units (ARCHITECTURE §6, ISO 4217: two for
 * EUR, USD and COP) and shown in the currency's own number format. Colombian pesos are shown with no
 * decimals, grouped the Colombian way (1.250.000), as operators there price them (spec 9).
 */
export interface CurrencyFormat {
  locale: string;
  /** Digits the operator types and sees after the decimal separator. */
  shownDigits: number;
  thousandSeparator: string;
  decimalSeparator: string;
  symbol: string;
}

/** ISO 4217 minor-unit exponent of each currency the wizard offers. */
const MINOR_EXPONENT: Record<Currency, number> = { EUR: 2, USD: 2, COP: 2 };
const LOCALE: Record<Currency, string> = { EUR: 'es-ES', COP: 'es-CO', USD: 'en-US' };
const SHOWN_DIGITS: Record<Currency, number> = { EUR: 2, USD: 2, COP: 0 };

export function currencyFormat(currency: Currency): CurrencyFormat {
  const locale = LOCALE[currency];
  const parts = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    useGrouping: 'always',
  } as Intl.NumberFormatOptions).formatToParts(1234567.5);
  const part = (type: Intl.NumberFormatPartTypes, fallback: string) =>
    parts.find((p) => p.type === type)?.value ?? fallback;
  return {
    locale,
    shownDigits: SHOWN_DIGITS[currency],
    thousandSeparator: part('group', ','),
    decimalSeparator: part('decimal', '.'),
    symbol: part('currency', currency),
  };
}

/** An amount as typed (in currency units) → integer minor units, to the nearest; null when empty or not a number. */
export function toMinorUnits(amount: number | string | null | undefined, currency: Currency): number | null {
  if (amount === null || amount === undefined || amount === '') return null;
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return null;
  return amountToMinorUnits(value, MINOR_EXPONENT[currency], SHOWN_DIGITS[currency]);
}

/** Integer minor units → the amount in currency units (for the input). */
export function fromMinorUnits(minor: number | null, currency: Currency): number | null {
  if (minor === null) return null;
  return minor / 10 ** MINOR_EXPONENT[currency];
}

/** Parses text typed in the currency's format ("1.250.000" for COP, "85,50" for EUR). */
export function parseAmount(text: string, currency: Currency): number | null {
  const { thousandSeparator, decimalSeparator } = currencyFormat(currency);
  const cleaned = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .split(thousandSeparator)
    .join('')
    .replace(decimalSeparator, '.')
    .replace(/[^\d.-]/g, '');
  if (cleaned === '' || cleaned === '.' || cleaned === '-') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** Minor units shown as money in the currency's own format: 85,50 €, $ 1.250.000, $85.50. */
export function formatMoney(minor: number, currency: Currency): string {
  const { locale, shownDigits } = currencyFormat(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: shownDigits,
    maximumFractionDigits: shownDigits,
  }).format(minor / 10 ** MINOR_EXPONENT[currency]);
}
