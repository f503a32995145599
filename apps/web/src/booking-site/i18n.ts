/**
 * The booking website's messages, `locales/{lng}/booking-site.json`, through the light entries' tiny
 * translator (light-kit/i18n.ts): only the chosen language's file is downloaded.
 */
import { type LightLanguage, lightLanguages, registerMessages, t } from '../light-kit/i18n.ts';

export { language, loadLanguage, pickLanguage, t } from '../light-kit/i18n.ts';
export const siteLanguages = lightLanguages;
export type SiteLanguage = LightLanguage;

registerMessages(
  'booking-site',
  import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/booking-site.json'),
);

/** A translated text when the key exists, else the fallback (a service the list does not name). */
export function tOr(key: string, fallback: string, params?: Record<string, string | number>): string {
  const text = t(key, params);
  return text === key ? fallback : text;
}
