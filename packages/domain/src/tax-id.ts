/**
 * Spanish tax identification numbers (NIF) for billing data (spec 3 Billing data, issue 16): the DNI of a
 * person (8 digits + letter), the NIE of a foreign resident (X/Y/Z + 7 digits + letter) and the NIF of an
 * entity, formerly CIF (entity letter + 7 digits + a control digit or letter). The DNI and NIE checks are
 * the check-in rules' (checkin-rules.ts), reused.
 */
import { isValidDni, isValidNie } from './checkin-rules.ts';

/** A tax id as stored: upper case, no spaces, dots or dashes. */
export function normalizeTaxId(value: string): string {
  return value
    .trim()
    .toUpperCase()
    .replace(/[\s.\-/]/g, '');
}

const CONTROL_LETTERS = 'JABCDEFGHI';
/** Entities whose control character is always a letter (public bodies, non-resident entities, …; K L M persons). */
const LETTER_CONTROL = 'KLMNPQRSW';
/** Entities whose control character is always a digit (companies, partnerships, co-ownerships). */
const DIGIT_CONTROL = 'ABEH';
const ENTITY_LETTERS = 'ABCDEFGHJKLMNPQRSUVW';

/**
 * An entity NIF (CIF): letter, 7 digits, control. The control digit is (10 − (sum of the even positions +
 * sum of the digits of the doubled odd positions) mod 10) mod 10; as a letter it is JABCDEFGHI[digit].
 */
export function isValidCif(value: string): boolean {
  const v = normalizeTaxId(value);
  const m = /^([A-Z])(\d{7})([0-9A-J])$/.exec(v);
  if (!m) return false;
  const [, entity = '', digits = '', control = ''] = m;
  if (!ENTITY_LETTERS.includes(entity)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i += 1) {
    const d = Number(digits[i]);
    if (i % 2 === 0) {
      const doubled = d * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else sum += d;
  }
  const digit = (10 - (sum % 10)) % 10;
  const letter = CONTROL_LETTERS[digit];
  if (LETTER_CONTROL.includes(entity)) return control === letter;
  if (DIGIT_CONTROL.includes(entity)) return control === String(digit);
  return control === String(digit) || control === letter;
}

/** Which kind of Spanish NIF a value is, or null when it is none (or its check fails). */
export function spanishTaxIdKind(value: string): 'dni' | 'nie' | 'cif' | null {
  let v = normalizeTaxId(value);
  // The intra-community VAT number of a Spanish business is its NIF after "ES".
  if (/^ES[0-9A-Z]{9}$/.test(v)) v = v.slice(2);
  if (isValidDni(v)) return 'dni';
  if (isValidNie(v)) return 'nie';
  if (isValidCif(v)) return 'cif';
  return null;
}

/** A valid Spanish NIF: DNI, NIE or entity NIF (CIF), with or without the "ES" VAT prefix. */
export function isValidSpanishTaxId(value: string): boolean {
  return spanishTaxIdKind(value) !== null;
}
