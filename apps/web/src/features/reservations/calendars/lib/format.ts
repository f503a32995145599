import type { Currency } from '@posada/contracts/properties';

/** Dates and numbers in the interface language; Arabic keeps Latin digits, as the rest of the app. */
export function intlLocale(language: string): string {
  if (language.startsWith('ar')) return 'ar-u-nu-latn';
  if (language.startsWith('en')) return 'en-GB';
  return 'es-ES';
}

/**
 * Compact numbers for calendar cells (no room for a currency symbol in a 56 px column; the currency is
 * named once in the grid's corner): 120, 1.250, 250 mil (es) / 250K (en).
 */
export function cellPriceFormatter(language: string): (minor: number) => string {
  const locale = intlLocale(language);
  const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  return (minor) => {
    const major = minor / 100;
    return Math.abs(major) >= 10_000 ? compact.format(major) : plain.format(Math.round(major));
  };
}

/** Whole currency units: "120 €", "$ 250.000". For the modals and the monthly cells' labels. */
export function moneyFormatter(currency: Currency, language: string): (minor: number) => string {
  const locale = currency === 'COP' && language.startsWith('es') ? 'es-CO' : intlLocale(language);
  const digits = currency === 'COP' ? 0 : 2;
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: digits,
  });
  return (minor) => format.format(minor / 100);
}

/** Day labels (header and cells) for one language, cached per date. */
export function dayFormatters(language: string) {
  const locale = intlLocale(language);
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const short = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const range = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const cache = new Map<string, string>();
  const cached = (kind: string, date: string, f: Intl.DateTimeFormat) => {
    const key = `${kind}${date}`;
    let value = cache.get(key);
    if (value === undefined) {
      value = f.format(new Date(`${date}T00:00:00Z`));
      cache.set(key, value);
    }
    return value;
  };
  return {
    weekday: (date: string) => cached('w', date, weekday).replace(/\.$/, ''),
    long: (date: string) => cached('l', date, long),
    short: (date: string) => cached('s', date, short),
    month: (date: string) => cached('m', date, month),
    /** Two cached short dates, for labels drawn by the hundred (formatRange is slow). */
    span: (start: string, end: string) => `${cached('s', start, short)} – ${cached('s', end, short)}`,
    range: (start: string, end: string) => {
      const key = `r${start}${end}`;
      let value = cache.get(key);
      if (value === undefined) {
        value = range.formatRange(new Date(`${start}T00:00:00Z`), new Date(`${end}T00:00:00Z`));
        cache.set(key, value);
      }
      return value;
    },
  };
}
export type DayFormatters = ReturnType<typeof dayFormatters>;
