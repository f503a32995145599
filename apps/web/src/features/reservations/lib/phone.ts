import { DEFAULT_PHONE_COUNTRY, phoneCountries } from '../../../lib/phone-countries.ts';

export { DEFAULT_PHONE_COUNTRY, phoneCountries };

/** Where two countries share a dialling code, the one a stored number is read as. */
const PREFERRED_FOR_DIAL: Record<string, string> = { '+1': 'US' };

export function dialOf(country: string): string {
  return phoneCountries.find((c) => c.code === country)?.dial ?? '+34';
}

/**
 * The booking's phone as stored: the country's code and the number as typed ("+34 612 345 678"). A
 * number typed with its own + prefix is kept as it is.
 */
export function joinPhone(country: string, number: string): string {
  const typed = number.trim();
  if (!typed) return '';
  if (typed.startsWith('+')) return typed;
  return `${dialOf(country)} ${typed.replace(/^0+(?=\d)/, '')}`;
}

/** A stored phone back into the form's country select and number (ES when no known code leads it). */
export function splitPhone(phone: string): { country: string; number: string } {
  const value = phone.trim();
  if (!value.startsWith('+')) return { country: DEFAULT_PHONE_COUNTRY, number: value };
  const compact = value.replace(/[\s\-().]/g, '');
  const match = [...phoneCountries]
    .sort((a, b) => b.dial.length - a.dial.length)
    .find((c) => compact.startsWith(c.dial));
  if (!match) return { country: DEFAULT_PHONE_COUNTRY, number: value };
  const country = PREFERRED_FOR_DIAL[match.dial] ?? match.code;
  // Skip past the code's digits, whatever spacing the stored number has.
  let digits = match.dial.length - 1;
  let index = 1;
  while (digits > 0 && index < value.length) {
    if (/\d/.test(value[index] ?? '')) digits -= 1;
    index += 1;
  }
  return { country, number: value.slice(index).trim() };
}
