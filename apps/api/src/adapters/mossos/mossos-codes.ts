/**
 * The Mossos d'Esquadra V24 code lists (the same values as SES for payment and kinship), the INE
 * municipality control digit, and the text rules of the file: upper case, no `|`, ISO-8859-1.
 */
import type { Kinship, PaymentMethod } from '@posada/domain/checkin-rules';
import { isNie } from '../police/person.ts';
import type { PoliceGuest } from '../police/types.ts';
import { sesKinship, sesPayment } from '../ses-hospedajes/ses-codes.ts';

/** Doc type: D NIF/DNI, N NIE, P passport, O other. */
export function mossosDocumentType(guest: PoliceGuest): 'D' | 'N' | 'P' | 'O' {
  if (guest.documentType === 'dni') return isNie(guest) ? 'N' : 'D';
  return guest.documentType === 'passport' ? 'P' : 'O';
}

/** Sex: M masculí, F femení, O other (a guest who preferred not to say is O). */
export const mossosSex = (gender: PoliceGuest['gender']) =>
  gender === 'male' ? 'M' : gender === 'female' ? 'F' : 'O';

/** Payment: the SES codes, DESTI included; none given → empty (the V24 list has no OTRO). */
export const mossosPayment = (method: PaymentMethod | null) => (method ? sesPayment[method] : '');

/** Parentesc: the 15 SES codes (PM for father or mother). */
export const mossosKinship = (kinship: Kinship | null) => (kinship ? sesKinship[kinship] : '');

const INE_TABLES = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [0, 3, 8, 2, 7, 4, 1, 5, 9, 6],
  [0, 2, 4, 6, 8, 1, 3, 5, 7, 9],
] as const;
/** Which table weighs each of the five digits (CPRO + CMUN): C B A C B. */
const INE_ORDER = [2, 1, 0, 2, 1] as const;

/**
 * The INE control digit (DC) of a 5-digit municipality code: each digit through its table, the sum's
 * complement to the next ten. 08019 (Barcelona) → 3, 28079 (Madrid) → 6.
 */
export function ineControlDigit(code: string): number {
  if (!/^\d{5}$/.test(code)) throw new Error(`not a 5-digit INE code: ${code}`);
  const sum = [...code].reduce(
    (total, digit, i) => total + (INE_TABLES[INE_ORDER[i] ?? 0]?.[Number(digit)] ?? 0),
    0,
  );
  return (10 - (sum % 10)) % 10;
}

/** The 6-digit municipality the file wants (CPRO + CMUN + DC); a 6-digit code passes as it is. */
export function ineMunicipality6(code: string | null): string {
  const c = (code ?? '').trim();
  if (/^\d{6}$/.test(c)) return c;
  return /^\d{5}$/.test(c) ? `${c}${ineControlDigit(c)}` : '';
}

/** Characters latin1 lacks and that do not decompose into a letter it has. */
const LATIN1_SPELLING: Record<string, string> = {
  Œ: 'OE',
  œ: 'oe',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŋ: 'N',
  ŋ: 'n',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '€': 'EUR',
};

/**
 * A field as the file carries it: one line (no CR/LF or tab), no `|` (the separator), spaces collapsed,
 * upper case unless `keepCase`, and only ISO-8859-1 characters: a letter latin1 lacks loses its accent
 * (Ł → L, ğ → G, Č → C); anything else that cannot be written becomes '?'.
 */
export function mossosField(value: string | number | null | undefined, keepCase = false): string {
  const raw = String(value ?? '')
    .replace(/[|\r\n\t]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const cased = keepCase ? raw : raw.toUpperCase();
  let out = '';
  for (const char of cased) {
    if ((char.codePointAt(0) ?? 0) <= 0xff) out += char;
    else if (LATIN1_SPELLING[char] !== undefined) out += LATIN1_SPELLING[char];
    else {
      const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...base].every((c) => (c.codePointAt(0) ?? 0) <= 0xff) && base !== '' ? base : '?';
    }
  }
  return out;
}
