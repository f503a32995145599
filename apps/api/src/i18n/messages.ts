import ar from './ar.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };

export const locales = ['es', 'en', 'ar'] as const;
export type Locale = (typeof locales)[number];

type Catalogue = Record<string, string>;
export const catalogues: Record<Locale, Catalogue> = { es, en, ar };

/** The caller's language from Accept-Language (first supported tag), es by default. */
export function pickLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return 'es';
  const tags = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.split('=')[1]) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { lang } of tags) {
    if ((locales as readonly string[]).includes(lang)) return lang as Locale;
  }
  return 'es';
}

export function hasMessage(key: string): boolean {
  return key in catalogues.es;
}

/** Translate a key, filling {name} placeholders. Unknown keys come back as the key itself. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const template = catalogues[locale][key] ?? catalogues.es[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
