/**
 * The light entries' tiny translator (no i18next: the first screen stays small). Each page has one
 * bundle of messages, `locales/{lng}/{namespace}.json`, registered by its entry's i18n.ts with
 * `registerMessages`; only the chosen language's file is downloaded, and Arabic switches the page to
 * right-to-left.
 */
export const lightLanguages = ['es', 'en', 'ar'] as const;
export type LightLanguage = (typeof lightLanguages)[number];

type Messages = Record<string, unknown>;
/** `import.meta.glob('../locales/*\/{namespace}.json')` written in an entry's folder (src/{entry}/). */
export type MessageLoaders = Record<string, () => Promise<{ default: Messages }>>;

let namespace = '';
let loaders: MessageLoaders = {};
const loaded = new Map<LightLanguage, Messages>();
let current: LightLanguage = 'es';

/** The page's messages: its namespace and the loaders of its files (called once, by the entry). */
export function registerMessages(name: string, files: MessageLoaders): void {
  namespace = name;
  loaders = files;
}

export function pickLanguage(candidates: readonly (string | null | undefined)[]): LightLanguage {
  for (const c of candidates) {
    const code = c?.slice(0, 2).toLowerCase();
    if (code && (lightLanguages as readonly string[]).includes(code)) return code as LightLanguage;
  }
  return 'es';
}

export async function loadLanguage(lng: LightLanguage): Promise<void> {
  if (!loaded.has(lng)) {
    const loader = loaders[`../locales/${lng}/${namespace}.json`];
    if (!loader) throw new Error(`no ${namespace} messages for ${lng}`);
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
