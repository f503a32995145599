/**
 * Countries offered for the registration phone (Spain and Latin America first, then Europe, North
 * America and the Arabic-speaking markets of our Arabic interface). ES is the default (spec 5).
 */
export const phoneCountries = [
  { code: 'ES', dial: '+34' },
  { code: 'MX', dial: '+52' },
  { code: 'CO', dial: '+57' },
  { code: 'AR', dial: '+54' },
  { code: 'CL', dial: '+56' },
  { code: 'PE', dial: '+51' },
  { code: 'EC', dial: '+593' },
  { code: 'UY', dial: '+598' },
  { code: 'PY', dial: '+595' },
  { code: 'BO', dial: '+591' },
  { code: 'VE', dial: '+58' },
  { code: 'CR', dial: '+506' },
  { code: 'PA', dial: '+507' },
  { code: 'DO', dial: '+1' },
  { code: 'GT', dial: '+502' },
  { code: 'PT', dial: '+351' },
  { code: 'FR', dial: '+33' },
  { code: 'IT', dial: '+39' },
  { code: 'DE', dial: '+49' },
  { code: 'GB', dial: '+44' },
  { code: 'US', dial: '+1' },
  { code: 'MA', dial: '+212' },
  { code: 'AE', dial: '+971' },
  { code: 'SA', dial: '+966' },
] as const;

export const DEFAULT_PHONE_COUNTRY = 'ES';

/** A country's name in the interface language (falls back to its ISO code). */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
