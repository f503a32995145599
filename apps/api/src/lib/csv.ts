/**
 * CSV for spreadsheets (RFC 4180): a field with the delimiter, a quote or a line break is quoted, quotes
 * doubled; CRLF between records; a UTF-8 BOM so Excel reads the accents. The delimiter is a comma unless
 * the caller chooses (a Spanish Excel splits columns on ';', its list separator, since ',' is its decimal mark).
 */
export function csvField(value: unknown, delimiter = ','): string {
  const s = value === null || value === undefined ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /["\r\n]/.test(safe) || safe.includes(delimiter) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: string[], rows: unknown[][], delimiter = ','): string {
  const line = (row: unknown[]) => row.map((v) => csvField(v, delimiter)).join(delimiter);
  return `\uFEFF${[header, ...rows].map(line).join('\r\n')}\r\n`;
}
