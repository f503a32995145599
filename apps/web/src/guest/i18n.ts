/**
 * The guest flow's messages, `locales/{lng}/guest.json`, through the light entries' tiny translator
 * (light-kit/i18n.ts): only the chosen language's file is downloaded.
 */
import { type LightLanguage, lightLanguages, registerMessages } from '../light-kit/i18n.ts';

export { language, loadLanguage, pickLanguage, t } from '../light-kit/i18n.ts';
export const guestLanguages = lightLanguages;
export type GuestLanguage = LightLanguage;

registerMessages('guest', import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/guest.json'));
