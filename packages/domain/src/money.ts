/**
 * Money is integer minor units plus an ISO currency code (ARCHITECTURE §6). An amount typed in currency
 * units becomes minor units by rounding to the nearest unit, halves away from zero (1,005 € → 101 cents,
 * −0,005 € → −1 cent), on the decimal the operator typed rather than on its binary approximation:
 * 1.005 * 100 is 100.49999999999999 in floating point, and Math.round of that would lose the cent.
 */

/** A non-negative `value` × 10^`digits`, shifting the point in its shortest decimal text: exact for '1.005e2'. */
function shift(value: number, digits: number): number {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + digits}`);
}

/** `value` rounded to `digits` decimals, halves away from zero, computed on its shortest decimal form. */
export function roundHalfAwayFromZero(value: number, digits: number): number {
  if (!Number.isFinite(value)) return value;
  const result = shift(Math.floor(shift(Math.abs(value), digits) + 0.5), -digits);
  return value < 0 && result !== 0 ? -result : result;
}

/**
 * An amount in currency units → integer minor units. `shownDigits` is the precision the operator works
 * in (Colombian pesos are priced without decimals, spec 9) and `exponent` the ISO 4217 minor-unit
 * exponent the amount is stored in (2 for EUR, USD and COP).
 */
export function amountToMinorUnits(amount: number, exponent: number, shownDigits = exponent): number {
  const shown = roundHalfAwayFromZero(amount, Math.min(shownDigits, exponent));
  return roundHalfAwayFromZero(shown < 0 ? -shift(-shown, exponent) : shift(shown, exponent), 0);
}

/** The number formats of Posada's three languages (the API's e-mails, messages and bot replies). */
export const intlTagOf = { es: 'es-ES', en: 'en-GB', ar: 'ar' } as const;

/** Minor units in the currency as a reader of `language` writes money (Colombian pesos without decimals, spec 9). */
export function formatMoney(minor: number, currency: string, language: keyof typeof intlTagOf): string {
  const digits = currency === 'COP' ? 0 : 2;
  return new Intl.NumberFormat(intlTagOf[language], {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 100);
}
