/**
 * The booking website's own tiny translator (no i18next: the first screen stays small), like the guest
 * check-in's. Only the chosen language's `locales/{lng}/booking-site.json` is downloaded; Arabic switches
 * the page to right-to-left.
 */
export const siteLanguages = ['es', 'en', 'ar'] as const;
export type SiteLanguage = (typeof siteLanguages)[number];

type Messages = Record<string, unknown>;
const loaders = import.meta.glob<{ default: Messages }>('../locales/*/booking-site.json');
const loaded = new Map<SiteLanguage, Messages>();
let current: SiteLanguage = 'es';

export function pickLanguage(candidates: readonly (string | null | undefined)[]): SiteLanguage {
  for (const c of candidates) {
    const code = c?.slice(0, 2).toLowerCase();
    if (code && (siteLanguages as readonly string[]).includes(code)) return code as SiteLanguage;
  }
  return 'es';
}

export async function loadLanguage(lng: SiteLanguage): Promise<void> {
  if (!loaded.has(lng)) {
    const loader = loaders[`../locales/${lng}/booking-site.json`];
    if (!loader) throw new Error(`no booking-site messages for ${lng}`);
    loaded.set(lng, (await loader()).default);
  }
  current = lng;
  document.documentElement.lang = lng;
  document.documentElement.dir = lng === 'ar' ? 'rtl' : 'ltr';
}

export const language = () => current;

/** `t('site.from', { price })`; the key itself when missing. */
export function t(key: string, params?: Record<string, string | number>): string {
  let node: unknown = loaded.get(current);
  for (const part of key.split('.')) node = (node as Messages | undefined)?.[part];
  if (typeof node !== 'string') return key;
  return params ? node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? '')) : node;
}

/** A translated text when the key exists, else the fallback (a service the list does not name). */
export function tOr(key: string, fallback: string, params?: Record<string, string | number>): string {
  const text = t(key, params);
  return text === key ? fallback : text;
}
