import { inflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';

/** A cell as read from the file: CSV gives text only; XLSX also numbers, booleans and dates (UTC midnight). */
export type Cell = string | number | boolean | Date | null;

export interface SheetTable {
  format: 'xlsx' | 'csv';
  /** rows[i] is the sheet's row i + 1 (XLSX rows keep their place; CSV rows are records). */
  rows: Cell[][];
}

export type SpreadsheetProblem = 'type' | 'xls' | 'unreadable';

/** Why a file cannot be read as the template: not XLSX or CSV, an old .xls, or damaged. */
export class SpreadsheetError extends Error {
  constructor(readonly problem: SpreadsheetProblem) {
    super(`spreadsheet: ${problem}`);
    this.name = 'SpreadsheetError';
  }
}

/** Limits on what an XLSX (a zip archive) may unpack to, before any of it is parsed (ASVS 5.0 V5.2). */
export const XLSX_MAX_ENTRIES = 1000;
export const XLSX_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** OLE compound file: an old .xls (or a password-protected .xlsx, which Excel also stores this way). */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The file type judged by content only (never by its name or declared type). */
export function detectSpreadsheet(bytes: Uint8Array): 'xlsx' | 'csv' | 'xls' | null {
  if (startsWith(bytes, ZIP)) return 'xlsx';
  if (startsWith(bytes, OLE)) return 'xls';
  return decodeText(bytes) === null ? null : 'csv';
}

/**
 * Text of a CSV: UTF-8 (with or without BOM), UTF-16 with a BOM (Excel's "Unicode text"), or Windows-1252
 * (what Excel in Spanish saves as "CSV"). Null when the bytes are not text (NULs or other control codes).
 */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  if (startsWith(bytes, [0xff, 0xfe])) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (startsWith(bytes, [0xfe, 0xff])) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      text = new TextDecoder('windows-1252').decode(body);
    }
  }
  // Tab, line feed, form feed and carriage return are the only control codes a CSV may hold.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control codes is the point.
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return null;
  return text;
}

/** The most frequent of `;`, `,` and tab outside quotes in the first non-blank line (`,` on a tie or none). */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  let seen = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (seen) break;
    } else if (!quoted) {
      if (counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
      if (ch.trim()) seen = true;
    }
  }
  let best = ',';
  for (const [ch, n] of counts) if (n > (counts.get(best) ?? 0)) best = ch;
  return best;
}

/**
 * RFC 4180 records: quoted fields may hold the delimiter, doubled quotes and line breaks; CRLF, LF or CR end
 * a record. A quote inside an unquoted field is kept as text. An unterminated quoted field is an error.
 */
export function parseCsv(text: string, delimiter = detectDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  const n = text.length;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  while (i < n) {
    const ch = text[i] as string;
    if (ch === '"' && field === '') {
      // A quoted field: up to the closing quote, "" standing for one quote.
      i += 1;
      let closed = false;
      while (i < n) {
        const c = text[i] as string;
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          closed = true;
          i += 1;
          break;
        }
        field += c;
        i += 1;
      }
      if (!closed) throw new SpreadsheetError('unreadable');
      // Anything between the closing quote and the delimiter is kept as text (lenient, like spreadsheets).
      continue;
    }
    if (ch === delimiter) {
      endField();
      i += 1;
    } else if (ch === '\r' || ch === '\n') {
      endRow();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += ch;
      i += 1;
    }
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/**
 * Unpacks the XML parts of an XLSX through its central directory, refusing encrypted, zip64 or oddly
 * compressed entries, more than XLSX_MAX_ENTRIES entries, or more than XLSX_MAX_UNPACKED_BYTES unpacked
 * in total — measured while inflating, so a zip that lies about its sizes is stopped too.
 */
export function unpackXlsxParts(
  bytes: Uint8Array,
  limits = { entries: XLSX_MAX_ENTRIES, unpackedBytes: XLSX_MAX_UNPACKED_BYTES },
): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const fail = (): never => {
    throw new SpreadsheetError('unreadable');
  };
  // End of central directory: 22 bytes plus a comment of up to 64 KiB, at the end of the file.
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) fail();
  const count = u16(eocd + 10);
  const cdSize = u32(eocd + 12);
  const cdOffset = u32(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) fail(); // zip64: never needed for a 5 MB template
  if (count > limits.entries || cdOffset + cdSize > bytes.length) fail();

  const entries: ZipEntry[] = [];
  let budget = limits.unpackedBytes;
  let at = cdOffset;
  for (let k = 0; k < count; k++) {
    if (at + 46 > bytes.length || u32(at) !== 0x02014b50) fail();
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const compressed = u32(at + 20);
    const nameLength = u16(at + 28);
    const next = at + 46 + nameLength + u16(at + 30) + u16(at + 32);
    const local = u32(at + 42);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at = next;
    if (!(name.endsWith('.xml') || name.endsWith('.rels'))) continue;
    if (flags & 0x1) fail(); // encrypted
    if (local + 30 > bytes.length || u32(local) !== 0x04034b50) fail();
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    if (start + compressed > bytes.length) fail();
    const raw = bytes.subarray(start, start + compressed);
    let data: Uint8Array;
    if (method === 0) data = raw;
    else if (method === 8) {
      try {
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, budget) });
      } catch {
        return fail();
      }
    } else return fail();
    budget -= data.length;
    if (budget < 0) fail();
    entries.push({ name, data });
  }
  if (
    !entries.some((e) => e.name === '[Content_Types].xml') ||
    !entries.some((e) => e.name.startsWith('xl/'))
  ) {
    throw new SpreadsheetError('type');
  }
  return entries;
}

/** Reads the first sheet of an XLSX: its XML parts are unpacked under limits, re-packed, then parsed. */
async function readXlsx(bytes: Uint8Array): Promise<Cell[][]> {
  const parts = unpackXlsxParts(bytes);
  // A fresh archive of what was checked, so the parser sees exactly those bytes and nothing else.
  const archive = zipSync(Object.fromEntries(parts.map((p) => [p.name, [p.data, { level: 0 }]])));
  try {
    const rows = await readSheet(Buffer.from(archive));
    return rows.map((row) => row.map((cell) => (cell === undefined ? null : (cell as unknown as Cell))));
  } catch {
    throw new SpreadsheetError('unreadable');
  }
}

/** The rows of an uploaded template, XLSX or CSV, judged by content. */
export async function readSpreadsheet(bytes: Uint8Array): Promise<SheetTable> {
  const kind = detectSpreadsheet(bytes);
  if (kind === 'xls') throw new SpreadsheetError('xls');
  if (kind === 'xlsx') return { format: 'xlsx', rows: await readXlsx(bytes) };
  if (kind === 'csv') {
    const text = decodeText(bytes) ?? '';
    return { format: 'csv', rows: parseCsv(text) };
  }
  throw new SpreadsheetError('type');
}
