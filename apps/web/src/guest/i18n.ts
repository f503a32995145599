/**
 * The guest flow's own tiny translator (no i18next: the first screen stays small). Only the chosen
 * language's `locales/{lng}/guest.json` is downloaded; Arabic switches the page to right-to-left.
 */
export const guestLanguages = ['es', 'en', 'ar'] as const;
export type GuestLanguage = (typeof guestLanguages)[number];

type Messages = Record<string, unknown>;
const loaders = import.meta.glob<{ default: Messages }>('../locales/*/guest.json');
const loaded = new Map<GuestLanguage, Messages>();
let current: GuestLanguage = 'es';

export function pickLanguage(candidates: readonly (string | null | undefined)[]): GuestLanguage {
  for (const c of candidates) {
    const code = c?.slice(0, 2).toLowerCase();
    if (code && (guestLanguages as readonly string[]).includes(code)) return code as GuestLanguage;
  }
  return 'es';
}

export async function loadLanguage(lng: GuestLanguage): Promise<void> {
  if (!loaded.has(lng)) {
    const loader = loaders[`../locales/${lng}/guest.json`];
    if (!loader) throw new Error(`no guest messages for ${lng}`);
    loaded.set(lng, (await loader()).default);
  }
  current = lng;
  document.documentElement.lang = lng;
  document.documentElement.dir = lng === 'ar' ? 'rtl' : 'ltr';
}

export const language = () => current;

/** `t('scan.title')`, `t('progress', { step: 2, total: 9 })`; the key itself when missing. */
export function t(key: string, params?: Record<string, string | number>): string {
  let node: unknown = loaded.get(current);
  for (const part of key.split('.')) node = (node as Messages | undefined)?.[part];
  if (typeof node !== 'string') return key;
  return params ? node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? '')) : node;
}
