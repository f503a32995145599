import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, writeFeed } from './ical.export.ts';
import { parseFeed } from './ical.parse.ts';

const stamp = new Date('2026-03-01T10:20:30.456Z');
const ranges = [
  { uid: 'b1b1b1b1-0000-4000-8000-000000000001-p1@posada', start: '2026-03-10', end: '2026-03-14' },
  { uid: 'c2c2c2c2-0000-4000-8000-000000000002-p1@posada', start: '2026-04-01', end: '2026-04-02' },
];

describe('writeFeed', () => {
  it('writes the calendar header and one all-day event per range with an exclusive end, CRLF only', () => {
    const feed = writeFeed({ name: 'Casa Azul', ranges, stamp });
    expect(feed).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Posada//Channel export//ES',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'X-WR-CALNAME:Casa Azul',
        'BEGIN:VEVENT',
        'UID:b1b1b1b1-0000-4000-8000-000000000001-p1@posada',
        'DTSTAMP:20260301T102030Z',
        'DTSTART;VALUE=DATE:20260310',
        'DTEND;VALUE=DATE:20260314',
        'SUMMARY:Not available',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:c2c2c2c2-0000-4000-8000-000000000002-p1@posada',
        'DTSTAMP:20260301T102030Z',
        'DTSTART;VALUE=DATE:20260401',
        'DTEND;VALUE=DATE:20260402',
        'SUMMARY:Not available',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    expect(feed.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('keeps the same UIDs from one export to the next; only DTSTAMP moves', () => {
    const later = writeFeed({ name: 'Casa Azul', ranges, stamp: new Date('2026-03-02T00:00:00Z') });
    const uids = (feed: string) => feed.match(/^UID:.*$/gm);
    expect(uids(later)).toEqual(uids(writeFeed({ name: 'Casa Azul', ranges, stamp })));
  });

  it('escapes TEXT values and folds long lines at 75 octets without splitting a character', () => {
    const name = 'Ático «Mar y Sol», 3º; vistas al mar — 東京の部屋 ✨ with a long name to fold across lines';
    const feed = writeFeed({ name, ranges: [], stamp });
    const lines = feed.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // No replacement characters: every folded piece is whole UTF-8.
    for (const line of lines) expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    const unfolded = feed.replace(/\r\n /g, '');
    expect(unfolded).toContain(`X-WR-CALNAME:${escapeText(name)}\r\n`);
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('folds a line of multibyte characters at the last whole character before 75 octets', () => {
    const line = `X:${'€'.repeat(40)}`; // 2 + 120 octets
    const folded = foldLine(line).split('\r\n');
    expect(folded.map((part) => Buffer.byteLength(part, 'utf8'))).toEqual([74, 49]);
    expect(folded[1]?.startsWith(' ')).toBe(true);
    expect(foldLine(line).replace(/\r\n /g, '')).toBe(line);
  });

  it('reads back with ical.js and with our own parser as the same ranges and name', () => {
    const name = 'Habitación 12, planta 1; «vista»';
    const feed = writeFeed({ name, ranges, stamp });
    const calendar = new ICAL.Component(ICAL.parse(feed));
    // ical.js keeps an X- property's value as written (unknown type); calendar apps read it as TEXT.
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(escapeText(name));
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Posada//Channel export//ES');
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    expect(
      events.map((e) => [e.uid, e.startDate.isDate, e.startDate.toString(), e.endDate.toString()]),
    ).toEqual([
      [ranges[0]?.uid, true, '2026-03-10', '2026-03-14'],
      [ranges[1]?.uid, true, '2026-04-01', '2026-04-02'],
    ]);
    expect(parseFeed(feed, 'other', 'Europe/Madrid').items).toEqual(
      ranges.map((r) => ({ ...r, kind: 'block', reservationCode: null, guestName: null })),
    );
  });
});
