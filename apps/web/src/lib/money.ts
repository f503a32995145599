import {
  amountToMinorUnits,
  formatMoney,
  MINOR_EXPONENT,
  type MoneyFormatOptions,
  type MoneyInputFormat,
  moneyInputFormat,
} from '@posada/domain/money';

/**
 * Money in the operator app: amounts are integer minor units (ARCHITECTURE §6) written by the one formatter,
 * packages/domain's formatMoney (it caches its Intl formats); this file names the app's ways of writing them
 * and converts what an input holds. Colombian pesos are shown with no decimals (spec 9).
 */
export const moneyStyles = {
  /** Tables, modals and forms: 1.250,50 € · $ 1.250.000 · €1,250.50 (as lib/intl formatMoneyIn). */
  interface: { country: 'pesos', grouping: 'always' },
  /** The calendars' modals and labels, trailing zeros dropped: 120 € · 120,5 € · $ 250.000. */
  calendar: { country: 'pesos', decimals: 'at-most' },
  /** A calendar cell: the number alone (the grid names the currency once), compact from 10.000: 1.250 · 250 mil. */
  cell: { show: 'amount', decimals: 'none', compactFrom: 10_000, grouping: 'always' },
  /** The experiences store: in Spanish each currency its country's way (S/ 35.50 · $ 15.000 CLP). */
  store: { country: 'in-spanish' },
  /** The dashboard: cents only when there are any (1.250 € · 1.250,50 €). */
  dashboard: { locale: 'as-given', country: 'pesos', decimals: 'when-any' },
  /** The dashboard's figures and chart values: whole units. */
  whole: { locale: 'as-given', country: 'pesos', decimals: 'none' },
  /** A chart axis: 1,3 M € · $ 850 mil · €12K. */
  axis: { locale: 'as-given', country: 'pesos', compactFrom: 0 },
  /** The admin panel. */
  admin: { locale: 'as-given' },
  /** The property wizard and the rates: the currency's country's way whatever the language (85,50 € · $85.50). */
  country: { country: 'always' },
  /** The currency's sign alone (€, US$, COP). */
  symbol: { show: 'symbol', locale: 'as-given' },
} as const satisfies Record<string, MoneyFormatOptions>;
export type MoneyStyle = keyof typeof moneyStyles;

/** Minor units as money for a reader of the interface `language`, in one of the app's styles. */
export function money(
  minor: number,
  currency: string,
  language: string,
  style: MoneyStyle = 'interface',
): string {
  return formatMoney(minor, currency, language, moneyStyles[style]);
}

/** One currency's amounts in one language and style, for a view that writes many (the calendars). */
export function moneyFormatter(
  currency: string,
  language: string,
  style: MoneyStyle = 'interface',
): (minor: number) => string {
  const options = moneyStyles[style];
  return (minor) => formatMoney(minor, currency, language, options);
}

/** A calendar cell's price, the number alone (the grid names the currency once): 120 · 1.250 · 250 mil (es) / 250K (en). */
export function cellPriceFormatter(language: string): (minor: number) => string {
  // Whole units in every currency: the currency does not change the text.
  return moneyFormatter('EUR', language, 'cell');
}

/** Minor units in the currency's own country's way, whatever the interface language (the wizard, the rates). */
export function countryMoney(minor: number, currency: string): string {
  return formatMoney(minor, currency, 'es', moneyStyles.country);
}

/** The money inputs type amounts in the currency's own country format ("1.250.000" for COP, "85,50" for EUR). */
export type CurrencyFormat = MoneyInputFormat;
export function currencyFormat(currency: string): CurrencyFormat {
  return moneyInputFormat(currency, 'es', moneyStyles.country);
}

/** An amount as typed (in currency units) → integer minor units, to the nearest; null when empty or not a number. */
export function toMinorUnits(amount: number | string | null | undefined, currency: string): number | null {
  if (amount === null || amount === undefined || amount === '') return null;
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return null;
  return amountToMinorUnits(value, MINOR_EXPONENT, currencyFormat(currency).shownDigits);
}

/** Integer minor units → the amount in currency units (for the input). */
export function fromMinorUnits(minor: number | null, _currency?: string): number | null {
  if (minor === null) return null;
  return minor / 10 ** MINOR_EXPONENT;
}

/** Parses text typed in the currency's format ("1.250.000" for COP, "85,50" for EUR). */
export function parseAmount(text: string, currency: string): number | null {
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
