import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_KEY } from './session.ts';

export const languages = ['es', 'en', 'ar'] as const;
export type Language = (typeof languages)[number];

/** The files of locales/{lng}/; a test checks this list against the folder. */
export const namespaces = [
  'account',
  'admin',
  'auth',
  'booking-site',
  'bot',
  'broadcasts',
  'calendar',
  'channels',
  'checkins',
  'common',
  'concierge',
  'dashboard',
  'deliveries',
  'direct-booking',
  'experiences',
  'guest',
  'inbox',
  'notifications',
  'payments',
  'properties',
  'registrations',
  'reservations',
  'rooms',
  'settings',
  'shell',
  'subscription',
  'upselling',
  'whatsapp',
] as const;

type Bundle = Record<string, Record<string, unknown>>;

/**
 * Only the interface language is downloaded (one chunk per language, every namespace in it): the staff
 * app's first route stays within its budget (ARCHITECTURE §4). Another language loads when chosen.
 */
const bundleLoaders: Record<Language, () => Promise<{ bundle: Bundle }>> = {
  es: () => import('./locale-bundles/es.ts'),
  en: () => import('./locale-bundles/en.ts'),
  ar: () => import('./locale-bundles/ar.ts'),
};
const bundles = new Map<Language, Promise<Bundle>>();

function loadBundle(lng: string): Promise<Bundle> {
  const language = (languages as readonly string[]).includes(lng) ? (lng as Language) : 'es';
  let bundle = bundles.get(language);
  if (!bundle) {
    bundle = bundleLoaders[language]().then((m) => m.bundle);
    bundles.set(language, bundle);
  }
  return bundle;
}

const bundleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    loadBundle(lng).then(
      (bundle) => callback(null, bundle[ns] ?? {}),
      (error: Error) => callback(error, false),
    );
  },
};

export function isRtl(language: string): boolean {
  return language.startsWith('ar');
}

function applyDocumentLanguage(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
}

/** Resolves once the interface language is loaded: main.tsx renders after it. */
export const i18nReady = i18n
  .use(bundleBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    // Spanish for a browser language we do not offer; none for ours (the locale test proves every key is
    // there), so an Arabic or English visitor does not download the Spanish bundle too.
    fallbackLng: (code) => ((languages as readonly string[]).includes(code?.slice(0, 2) ?? '') ? [] : ['es']),
    supportedLngs: [...languages],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    defaultNS: 'common',
    ns: [...namespaces],
    interpolation: { escapeValue: false },
    // spec 1: taken from the browser on the first visit, then stored locally.
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_KEY,
      caches: ['localStorage'],
    },
    returnNull: false,
    showSupportNotice: false,
  })
  .then(() => applyDocumentLanguage(i18n.resolvedLanguage ?? 'es'));

i18n.on('languageChanged', (language) => applyDocumentLanguage(i18n.resolvedLanguage ?? language));

export default i18n;
