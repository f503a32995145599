import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_KEY } from './session.ts';

export const languages = ['es', 'en', 'ar'] as const;
export type Language = (typeof languages)[number];

/** Every JSON file under locales/{lng}/{namespace}.json; a test checks the three languages have the same keys. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, module] of Object.entries(files)) {
  const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
  if (!match) continue;
  const [, lng = '', ns = ''] = match;
  resources[lng] ??= {};
  resources[lng][ns] = module.default;
}

export function isRtl(language: string): boolean {
  return language.startsWith('ar');
}

function applyDocumentLanguage(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
}

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    fallbackLng: 'es',
    supportedLngs: [...languages],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    defaultNS: 'common',
    ns: Object.keys(resources.es ?? {}),
    interpolation: { escapeValue: false },
    // spec 1: taken from the browser on the first visit, then stored locally.
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_KEY,
      caches: ['localStorage'],
    },
    returnNull: false,
  });

applyDocumentLanguage(i18n.resolvedLanguage ?? 'es');
i18n.on('languageChanged', (language) => applyDocumentLanguage(i18n.resolvedLanguage ?? language));

export default i18n;
