/**
 * Money is integer minor units plus an ISO currency code (ARCHITECTURE §6). An amount typed in currency
 * units becomes minor units by rounding to the nearest unit, halves away from zero (1,005 € → 101 cents,
 * −0,005 € → −1 cent), on the decimal the operator typed rather than on its binary approximation:
 * 1.005 * 100 is 100.49999999999999 in floating point, and Math.round of that would lose the cent.
 */

/** A non-negative `value` × 10^`digits`, shifting the point in its shortest decimal text: exact for '1.005e2'. */
function shift(value: number, digits: number): number {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + digits}`);
}

/** `value` rounded to `digits` decimals, halves away from zero, computed on its shortest decimal form. */
export function roundHalfAwayFromZero(value: number, digits: number): number {
  if (!Number.isFinite(value)) return value;
  const result = shift(Math.floor(shift(Math.abs(value), digits) + 0.5), -digits);
  return value < 0 && result !== 0 ? -result : result;
}

/**
 * An amount in currency units → integer minor units. `shownDigits` is the precision the operator works
 * in (Colombian pesos are priced without decimals, spec 9) and `exponent` the ISO 4217 minor-unit
 * exponent the amount is stored in (2 for EUR, USD and COP).
 */
export function amountToMinorUnits(amount: number, exponent: number, shownDigits = exponent): number {
  const shown = roundHalfAwayFromZero(amount, Math.min(shownDigits, exponent));
  return roundHalfAwayFromZero(shown < 0 ? -shift(-shown, exponent) : shift(shown, exponent), 0);
}

/** The number formats of Posada's three languages (the API's e-mails, messages and bot replies). */
export const intlTagOf = { es: 'es-ES', en: 'en-GB', ar: 'ar' } as const;

/**
 * The one money formatter (issue 28): the API's e-mails and messages and the web's screens. Minor units are
 * hundredths in every currency Posada stores (the contracts' "at most 1,000,000.00"); pesos of Colombia and
 * Chile are priced and shown without decimals (spec 9).
 */
export const MINOR_EXPONENT = 2;
const SHOWN_DIGITS: Readonly<Record<string, number>> = { COP: 0, CLP: 0 };

/** Decimals a currency is priced and shown with: none for Colombian and Chilean pesos, two otherwise. */
export function shownDigitsOf(currency: string): number {
  return SHOWN_DIGITS[currency.toUpperCase()] ?? 2;
}

/** Each currency in the number format of the country that uses it (85,50 €; $ 1.250.000; S/ 35.00). */
const COUNTRY_LOCALE: Readonly<Record<string, string>> = {
  EUR: 'es-ES',
  USD: 'en-US',
  COP: 'es-CO',
  MXN: 'es-MX',
  ARS: 'es-AR',
  CLP: 'es-CL',
  PEN: 'es-PE',
};

/** Money's locale per language: Arabic keeps Latin digits, as the web's date and phone inputs do. */
const MONEY_TAG = { es: 'es-ES', en: 'en-GB', ar: 'ar-u-nu-latn' } as const;

export interface MoneyFormatOptions {
  /**
   * Decimals in standard notation: 'currency' (default) the currency's always (85,00 €; $ 1.250.000);
   * 'when-any' the currency's only when the amount has cents (1.250 € but 1.250,50 €); 'at-most' up to the
   * currency's, trailing zeros dropped (120 €, 120,5 €); 'none' whole units, rounded (KPI figures, cells).
   */
  decimals?: 'currency' | 'when-any' | 'at-most' | 'none';
  /** Compact notation (1,3 M €, 250 mil) from this many currency units up, one decimal at most: 0 for chart axes. */
  compactFrom?: number;
  /** 'always' groups four-digit amounts too (1.250,50 € rather than Spanish's default 1250,50 €). */
  grouping?: 'auto' | 'always';
  /** 'money' (default) the amount with its currency; 'amount' the number alone; 'symbol' the currency's sign alone (€, US$, COP). */
  show?: 'money' | 'amount' | 'symbol';
  /**
   * The language's locale: 'regional' (default) es-ES, en-GB, ar with Latin digits; 'as-given' the tag as
   * the caller has it (i18next's 'en' writes US dollars as "$" where en-GB writes "US$").
   */
  locale?: 'regional' | 'as-given';
  /**
   * When the currency is written in its own country's way instead of the reader's: 'never' (default);
   * 'pesos' Colombian pesos for a Spanish reader ($ 1.250.000, not 1.250.000 COP); 'in-spanish' every
   * currency for a Spanish reader (S/ 35,00; $ 15.000 CLP); 'always' whatever the language (the property
   * wizard: 85,50 €, $ 1.250.000, $85.50).
   */
  country?: 'never' | 'pesos' | 'in-spanish' | 'always';
}

function languageOf(language: string): keyof typeof MONEY_TAG {
  if (language.startsWith('ar')) return 'ar';
  if (language.startsWith('en')) return 'en';
  return 'es';
}

/** The Intl locale `formatMoney` writes `currency` in for a reader of `language`. */
export function moneyLocale(currency: string, language: string, options: MoneyFormatOptions = {}): string {
  const code = currency.toUpperCase();
  const lang = languageOf(language);
  const country = options.country ?? 'never';
  if (country === 'always' || (country === 'in-spanish' && lang === 'es')) {
    return COUNTRY_LOCALE[code] ?? MONEY_TAG.es;
  }
  if (country === 'pesos' && lang === 'es' && code === 'COP') return COUNTRY_LOCALE.COP ?? 'es-CO';
  return options.locale === 'as-given' ? language || 'es' : MONEY_TAG[lang];
}

/** Intl.NumberFormat is slow to construct (a calendar draws hundreds of prices): one per locale and options. */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

function fractionDigits(major: number, digits: number, decimals: MoneyFormatOptions['decimals']) {
  switch (decimals) {
    case 'none':
      return { minimumFractionDigits: 0, maximumFractionDigits: 0 };
    case 'at-most':
      return { minimumFractionDigits: 0, maximumFractionDigits: digits };
    case 'when-any': {
      const shown = digits > 0 && Math.round(major * 10 ** digits) % 10 ** digits !== 0 ? digits : 0;
      return { minimumFractionDigits: shown, maximumFractionDigits: shown };
    }
    default:
      return { minimumFractionDigits: digits, maximumFractionDigits: digits };
  }
}

/**
 * Minor units in the currency as a reader of `language` (es, en, ar) writes money: 1250,50 € (es),
 * €1,250.50 (en), 1.250.000 COP (es); see MoneyFormatOptions for the web's variants. A code Intl does not
 * know gives "12.5 XYZ".
 */
export function formatMoney(
  minor: number,
  currency: string,
  language: string,
  options: MoneyFormatOptions = {},
): string {
  const code = currency.toUpperCase();
  const major = minor / 10 ** MINOR_EXPONENT;
  const locale = moneyLocale(code, language, options);
  const show = options.show ?? 'money';
  try {
    if (show === 'symbol') {
      const parts = numberFormat(locale, { style: 'currency', currency: code }).formatToParts(0);
      return parts.find((part) => part.type === 'currency')?.value ?? code;
    }
    const style: Intl.NumberFormatOptions = show === 'money' ? { style: 'currency', currency: code } : {};
    if (options.compactFrom !== undefined && Math.abs(major) >= options.compactFrom) {
      return numberFormat(locale, { ...style, notation: 'compact', maximumFractionDigits: 1 }).format(major);
    }
    return numberFormat(locale, {
      ...style,
      ...fractionDigits(major, shownDigitsOf(code), options.decimals),
      ...(options.grouping === 'always' ? { useGrouping: 'always' } : {}),
    } as Intl.NumberFormatOptions).format(major);
  } catch {
    return show === 'symbol' ? code : `${major} ${code}`;
  }
}

/** What a money input needs of a currency in a locale: its separators, sign and decimals (85,50 €; $ 1.250.000). */
export interface MoneyInputFormat {
  locale: string;
  thousandSeparator: string;
  decimalSeparator: string;
  symbol: string;
  /** Decimals the operator types and sees. */
  shownDigits: number;
}

/** The separators and sign of `currency` as `formatMoney` writes it with the same options. */
export function moneyInputFormat(
  currency: string,
  language: string,
  options: MoneyFormatOptions = {},
): MoneyInputFormat {
  const code = currency.toUpperCase();
  const locale = moneyLocale(code, language, options);
  let parts: Intl.NumberFormatPart[] = [];
  try {
    parts = numberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      useGrouping: 'always',
    } as Intl.NumberFormatOptions).formatToParts(1234567.5);
  } catch {
    // An unknown code: the fallbacks below.
  }
  const part = (type: Intl.NumberFormatPartTypes, fallback: string) =>
    parts.find((p) => p.type === type)?.value ?? fallback;
  return {
    locale,
    thousandSeparator: part('group', '.'),
    decimalSeparator: part('decimal', ','),
    symbol: part('currency', code),
    shownDigits: shownDigitsOf(code),
  };
}
