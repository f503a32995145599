import type { ExportRange } from './types.ts';

export const EXPORT_PRODID = '-//Posada//Channel export//ES';
/** RFC 5545 3.1: content lines are folded at 75 octets, not characters. */
const FOLD_OCTETS = 75;

/** A TEXT value escaped per RFC 5545 3.3.11. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds one content line at 75 octets (the leading space of a continuation counts) between characters. */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= FOLD_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > FOLD_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

const basicDate = (date: string) => date.replaceAll('-', '');
const basicStamp = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/**
 * Our export feed (docs/channels.md, Export): every range an all-day event with an exclusive DTEND, a
 * stable UID and no personal data; CRLF line ends and lines folded at 75 octets.
 */
export function writeFeed({
  name,
  ranges,
  stamp,
}: {
  name: string;
  ranges: ExportRange[];
  stamp: Date;
}): string {
  const dtstamp = basicStamp(stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${EXPORT_PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  for (const range of ranges) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(range.uid)}`,
      `DTSTAMP:${dtstamp}`,
      `DTSTART;VALUE=DATE:${basicDate(range.start)}`,
      `DTEND;VALUE=DATE:${basicDate(range.end)}`,
      'SUMMARY:Not available',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
