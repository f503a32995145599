import { intlLocale } from '../../../../lib/intl.ts';

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
