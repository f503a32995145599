import {
  type BookingImportColumn,
  bookingImportChannelAliases,
  bookingImportColumns,
  bookingImportHeaderAliases,
  bookingImportHeaders,
  bookingImportPaymentAliases,
  importLanguages,
} from '@posada/contracts/booking-import';
import { type BookingChannel, isIsoDate, type ManualPaymentStatus } from '@posada/domain/booking-rules';
import type { Cell } from './spreadsheet.ts';

/**
 * Reading the template's cells (pure functions, unit-tested): headers in any of the three languages,
 * dates in the formats people type, amounts with comma or point decimals, whole numbers, phones, and the
 * channel and payment words.
 */

/** Compared without case, accents, parenthesised hints or punctuation: "Llegada (AAAA-MM-DD)" → "llegada". */
export function normalizeWord(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function aliasTable<K extends string>(entries: [K, readonly string[]][]): Map<string, K> {
  const table = new Map<string, K>();
  for (const [key, words] of entries) {
    for (const word of [key, ...words]) {
      const normal = normalizeWord(word);
      if (normal && !table.has(normal)) table.set(normal, key);
    }
  }
  return table;
}

/** Header → column: the stable key, the template header in es, en and ar, then the aliases. */
const headerTable = aliasTable<BookingImportColumn>(
  bookingImportColumns.map((column) => [
    column,
    [
      ...importLanguages.map((lang) => bookingImportHeaders[lang][column]),
      ...bookingImportHeaderAliases[column],
    ],
  ]),
);
const channelTable = aliasTable(Object.entries(bookingImportChannelAliases) as [BookingChannel, string[]][]);
const paymentTable = aliasTable(
  Object.entries(bookingImportPaymentAliases) as [ManualPaymentStatus, string[]][],
);

export function columnOfHeader(header: string): BookingImportColumn | null {
  return headerTable.get(normalizeWord(header)) ?? null;
}

export interface HeaderMap {
  /** Column → its index in the row and its header as written. */
  columns: Map<BookingImportColumn, { index: number; label: string }>;
  /** Headers not understood (their cells are ignored). */
  ignored: string[];
  /** Columns named twice. */
  duplicates: string[];
}

export function mapHeaders(header: Cell[]): HeaderMap {
  const columns: HeaderMap['columns'] = new Map();
  const ignored: string[] = [];
  const duplicates: string[] = [];
  header.forEach((cell, index) => {
    const label = cellText(cell);
    if (!label) return;
    const column = columnOfHeader(label);
    if (!column) ignored.push(label);
    else if (columns.has(column)) duplicates.push(label);
    else columns.set(column, { index, label });
  });
  return { columns, ignored, duplicates };
}

/** A cell as trimmed text: numbers without a trailing ".0", dates as YYYY-MM-DD. */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return cell.replace(/\s+/g, ' ').trim();
}

export const isBlank = (cell: Cell) => cellText(cell) === '';

export type Parsed<T> = { ok: true; value: T } | { ok: false; code: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const refuse = (code: string): Parsed<never> => ({ ok: false, code });

/** Excel's day 0 in the 1900 system (its phantom 29 February 1900 included). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
/** Serial numbers that can be a stay date: 1 January 1950 to 31 December 2199. */
const SERIAL_MIN = 18_264;
const SERIAL_MAX = 109_574;

const iso = (y: number, m: number, d: number): string | null => {
  const value = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return isIsoDate(value) ? value : null;
};

/**
 * A stay date. Accepted: a date cell of the spreadsheet; an Excel serial number (e.g. 46357); text
 * YYYY-MM-DD (or with / or .), DD/MM/YYYY, DD-MM-YYYY or DD.MM.YYYY — day first, as written in Spain and
 * Latin America — and two-digit years (26 → 2026). A time after the date is ignored.
 */
export function parseDateCell(cell: Cell): Parsed<string> {
  if (isBlank(cell)) return refuse('booking.select_dates');
  if (cell instanceof Date) {
    // Spreadsheet dates arrive as UTC instants; a time of day (e.g. 23:59) keeps its calendar day.
    return ok(cell.toISOString().slice(0, 10));
  }
  if (typeof cell === 'number') {
    const whole = Math.floor(cell);
    if (whole < SERIAL_MIN || whole > SERIAL_MAX) return refuse('booking_import.invalid_date');
    return ok(new Date(EXCEL_EPOCH_MS + whole * 86_400_000).toISOString().slice(0, 10));
  }
  const text = cellText(cell).replace(/[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i, '');
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (match) {
    const date = iso(Number(match[1]), Number(match[2]), Number(match[3]));
    return date ? ok(date) : refuse('booking_import.invalid_date');
  }
  match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(text);
  if (match) {
    const year = (match[3] as string).length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
    const date = iso(year, Number(match[2]), Number(match[1]));
    return date ? ok(date) : refuse('booking_import.invalid_date');
  }
  if (/^\d{5}(\.\d+)?$/.test(text)) return parseDateCell(Number(text));
  return refuse('booking_import.invalid_date');
}

/**
 * An amount in minor units (every currency we sell in has two decimals). Accepted: a number cell, or text
 * such as 120,50 · 120.50 · 1.234,56 · 1,234.56 · 1 234,56 · 1.250.000 · €120 · 120 EUR. With both
 * separators the last one is the decimal mark; a single separator followed by exactly three digits groups
 * thousands (1.250 = 1250), otherwise it is the decimal mark. More than two decimals is refused.
 */
export function parseMoneyCell(cell: Cell): Parsed<number> {
  if (isBlank(cell)) return refuse('validation.required');
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return refuse('booking_import.invalid_amount');
    const minor = Math.round(cell * 100);
    if (Math.abs(cell * 100 - minor) > 1e-6) return refuse('booking_import.invalid_amount');
    return ok(minor);
  }
  if (typeof cell !== 'string') return refuse('booking_import.invalid_amount');
  let text = cell
    .replace(/\s|\u00a0|\u202f/g, '')
    .replace(/^(EUR|USD|COP|€|\$|US\$|COL\$)/i, '')
    .replace(/(EUR|USD|COP|€|\$)$/i, '');
  let sign = 1;
  if (text.startsWith('-')) {
    sign = -1;
    text = text.slice(1);
  }
  if (!/^\d[\d.,]*$/.test(text) || /[.,]$/.test(text)) return refuse('booking_import.invalid_amount');
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let integer = text;
  let decimals = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const mark = lastDot > lastComma ? '.' : ',';
    const group = mark === '.' ? ',' : '.';
    const at = text.lastIndexOf(mark);
    integer = text.slice(0, at);
    decimals = text.slice(at + 1);
    if (integer.includes(mark)) return refuse('booking_import.invalid_amount');
    if (!groupedThousands(integer, group)) return refuse('booking_import.invalid_amount');
    integer = integer.split(group).join('');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const pieces = text.split(sep);
    const tail = pieces[pieces.length - 1] as string;
    if (pieces.length > 2 || tail.length === 3) {
      if (!groupedThousands(text, sep)) return refuse('booking_import.invalid_amount');
      integer = pieces.join('');
    } else {
      integer = pieces[0] as string;
      decimals = tail;
    }
  }
  if (decimals.length > 2) return refuse('booking_import.invalid_amount');
  const minor = Number(integer) * 100 + Number(decimals.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(minor)) return refuse('booking_import.invalid_amount');
  return ok(sign * minor);
}

/** 1.234.567 or 1,234: a first group of 1–3 digits (not starting with 0), then groups of exactly 3. */
function groupedThousands(text: string, sep: string): boolean {
  const groups = text.split(sep);
  if (groups.length === 1) return /^\d+$/.test(text);
  return /^[1-9]\d{0,2}$/.test(groups[0] as string) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
}

/** A whole number (guests, rooms): 2, "2", "2,0" or "2.0". Blank → the fallback, or required. */
export function parseIntegerCell(cell: Cell, fallback?: number): Parsed<number> {
  if (isBlank(cell)) return fallback === undefined ? refuse('validation.required') : ok(fallback);
  if (typeof cell === 'number') {
    return Number.isInteger(cell) ? ok(cell) : refuse('booking_import.invalid_number');
  }
  const text = cellText(cell);
  const match = /^(-?\d+)([.,]0+)?$/.exec(text);
  if (!match) return refuse('booking_import.invalid_number');
  const value = Number(match[1]);
  return Number.isSafeInteger(value) ? ok(value) : refuse('booking_import.invalid_number');
}

/**
 * A phone as the guest gave it: number cells lose their ".0" and keep every digit; a leading apostrophe
 * (typed to keep "+34" as text in a spreadsheet) is dropped. Rules (at least 5 digits) are the contract's.
 */
export function parsePhoneCell(cell: Cell): string {
  if (typeof cell === 'number' && Number.isInteger(cell)) return BigInt(cell).toString();
  return cellText(cell).replace(/^'/, '');
}

export function parseChannelCell(cell: Cell): Parsed<BookingChannel> {
  if (isBlank(cell)) return ok('manual');
  const channel = channelTable.get(normalizeWord(cellText(cell)));
  return channel ? ok(channel) : refuse('booking_import.unknown_channel');
}

export function parsePaymentCell(cell: Cell): Parsed<ManualPaymentStatus> {
  if (isBlank(cell)) return ok('pending');
  const status = paymentTable.get(normalizeWord(cellText(cell)));
  return status ? ok(status) : refuse('booking_import.unknown_payment');
}
