/**
 * Reads the machine-readable zone (ICAO 9303) of a scanned document from OCR text and maps it onto the
 * check-in guest data fields (spec 3). Parsing and check digits are the `mrz` package's; this module finds
 * the MRZ lines in noisy OCR output, converts dates and picks the Spanish DNI's numbers: on a Spanish TD1
 * card the document number field (line 1, positions 6–14) is the support number (IDESP) and the DNI/NIE
 * number is in the optional data.
 */
import { parse } from 'mrz';
import type { DocumentType, Gender } from './checkin-rules.ts';

export interface MrzGuestFields {
  first_name: string;
  last_name: string;
  gender: Gender | '';
  birth_date: string;
  document_type: DocumentType;
  document_number: string;
  support_number: string;
  /** ISO 3166-1 alpha-3 as written in the MRZ. */
  nationality: string;
  expiry_date: string;
}

export interface MrzReading {
  format: 'TD1' | 'TD3';
  /** Every check digit matched. */
  valid: boolean;
  lines: string[];
  fields: MrzGuestFields;
}

const LENGTHS = { TD1: 30, TD3: 44 } as const;

/** OCR output → candidate MRZ lines (upper case, only A-Z, 0-9 and '<'). */
export function mrzLinesFrom(text: string): string[] {
  return text
    .toUpperCase()
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/\s+/g, '')
        // Fillers are often read as « or as a run of K/C/L; a lone « or ‹ is always a filler.
        .replace(/[«‹≪]/g, '<')
        .replace(/[^A-Z0-9<]/g, ''),
    )
    .filter((line) => line.length >= 26 && line.includes('<'));
}

function toLength(line: string, length: number): string {
  return line.length >= length ? line.slice(0, length) : line.padEnd(length, '<');
}

/** The last 2 lines of about 44 characters (TD3) or 3 of about 30 (TD1). */
function pickLines(lines: string[]): { format: 'TD1' | 'TD3'; lines: string[] } | null {
  const td3 = lines.filter((l) => l.length >= 40 && l.length <= 48);
  if (td3.length >= 2) {
    const first = td3.findIndex((l) => l.startsWith('P'));
    const pair = first >= 0 && first + 1 < td3.length ? td3.slice(first, first + 2) : td3.slice(-2);
    return { format: 'TD3', lines: pair.map((l) => toLength(l, LENGTHS.TD3)) };
  }
  const td1 = lines.filter((l) => l.length >= 27 && l.length <= 34);
  if (td1.length >= 3) {
    const first = td1.findIndex((l) => /^[IAC]/.test(l));
    const start = first >= 0 && first + 3 <= td1.length ? first : td1.length - 3;
    return { format: 'TD1', lines: td1.slice(start, start + 3).map((l) => toLength(l, LENGTHS.TD1)) };
  }
  return null;
}

/** YYMMDD → YYYY-MM-DD; birth dates never lie in the future, expiry dates are this century. */
export function mrzDate(value: string | null | undefined, kind: 'birth' | 'expiry', today: string): string {
  if (!value || !/^\d{6}$/.test(value)) return '';
  const yy = Number(value.slice(0, 2));
  const rest = `${value.slice(2, 4)}-${value.slice(4, 6)}`;
  if (kind === 'expiry') return `${2000 + yy}-${rest}`;
  const candidate = `${2000 + yy}-${rest}`;
  return candidate > today ? `${1900 + yy}-${rest}` : candidate;
}

type ParseResult = ReturnType<typeof parse>;

/** A field's value, or its raw characters when the package rejected it (e.g. the specimen state UTO). */
function field(result: ParseResult, lines: string[], name: string): string {
  const value = (result.fields as Record<string, string | null | undefined>)[name];
  if (value) return value;
  const range = result.details.find((d) => d.field === name)?.ranges?.[0];
  const raw = range ? (lines[range.line] ?? '').slice(range.start, range.end) : '';
  return raw.replace(/</g, '').trim();
}

const clean = (value: string) => value.replace(/</g, ' ').replace(/\s+/g, ' ').trim();

/**
 * Finds and parses the MRZ in OCR text. Returns null when no TD1/TD3 zone is found or the parser cannot
 * read it; `valid` is false when a check digit failed (the guest corrects the fields).
 */
export function readMrz(text: string, today: string): MrzReading | null {
  const picked = pickLines(mrzLinesFrom(text));
  if (!picked) return null;
  let result: ParseResult;
  try {
    result = parse(picked.lines, { autocorrect: true });
  } catch {
    return null;
  }
  const code = field(result, picked.lines, 'documentCode');
  const issuer = field(result, picked.lines, 'issuingState');
  const number = field(result, picked.lines, 'documentNumber');
  const optional = field(result, picked.lines, 'optional1').replace(/</g, '');
  const spanishCard = picked.format === 'TD1' && issuer === 'ESP' && /^[XYZ\d]\d{7}[A-Z]$/.test(optional);
  const sex = result.fields.sex;
  const fields: MrzGuestFields = {
    first_name: clean(field(result, picked.lines, 'firstName')),
    last_name: clean(field(result, picked.lines, 'lastName')),
    gender: sex === 'male' ? 'male' : sex === 'female' ? 'female' : '',
    birth_date: mrzDate(field(result, picked.lines, 'birthDate'), 'birth', today),
    expiry_date: mrzDate(field(result, picked.lines, 'expirationDate'), 'expiry', today),
    nationality: field(result, picked.lines, 'nationality'),
    document_type: spanishCard ? 'dni' : code.startsWith('P') ? 'passport' : 'other',
    // Spanish DNI/NIE card: the number is in the optional data; the document number field is the support number.
    document_number: spanishCard ? optional : number,
    support_number: number,
  };
  return { format: picked.format, valid: result.valid, lines: picked.lines, fields };
}
