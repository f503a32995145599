import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Normalises a phone number to E.164, reading numbers without a + prefix in `defaultCountry`
 * (ES unless told otherwise). Returns null when the number is not valid.
 */
export function normalizePhone(input: string, defaultCountry = 'ES'): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), defaultCountry.toUpperCase() as CountryCode);
  if (!parsed?.isValid()) return null;
  return parsed.number;
}
