import type { Language } from './i18n.ts';

/** Each language in its own name, so anyone can find theirs whatever the current language is. */
export interface LanguageOption {
  value: Language;
  nativeName: string;
  short: string;
}

const spanish: LanguageOption = { value: 'es', nativeName: 'Español', short: 'ES' };

export const languageOptions: LanguageOption[] = [
  spanish,
  { value: 'en', nativeName: 'English', short: 'EN' },
  { value: 'ar', nativeName: 'العربية', short: 'ع' },
];

export function languageOption(language: string | undefined): LanguageOption {
  return languageOptions.find((o) => language?.startsWith(o.value)) ?? spanish;
}
