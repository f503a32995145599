import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CalendarChannel } from '../../db/schema/channels.ts';
import { AdapterError } from '../adapter-error.ts';
import { parseFeed } from './ical.parse.ts';
import type { ChannelItem } from './types.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const parse = (name: string, channel: CalendarChannel, zone = 'Europe/Madrid') =>
  parseFeed(fixture(name), channel, zone).items;

const item = (
  uid: string,
  start: string,
  end: string,
  kind: ChannelItem['kind'],
  extra: Partial<Pick<ChannelItem, 'reservationCode' | 'guestName'>> = {},
): ChannelItem => ({ uid, start, end, kind, reservationCode: null, guestName: null, ...extra });

const airbnbRes = (hex: string) => `1418fb94e984-${hex}@airbnb.com`;
const airbnbBlock = (hex: string) => `7f662ec65913-${hex.repeat(32 / hex.length)}@airbnb.com`;

describe('parseFeed: Airbnb', () => {
  it('reads the current export: reservations with their HM code (folded URL), blocks by SUMMARY', () => {
    expect(parse('airbnb-current.ics', 'airbnb')).toEqual([
      item(airbnbRes('0a1b2c3d4e5f60718293a4b5c6d7e8f9'), '2025-11-22', '2025-11-27', 'reservation', {
        reservationCode: 'HMTEST0001',
      }),
      item(airbnbRes('1'.repeat(32)), '2025-12-12', '2025-12-15', 'reservation', {
        reservationCode: 'HMTEST0002',
      }),
      item(airbnbBlock('a'), '2025-12-20', '2025-12-24', 'block'),
      item(airbnbBlock('b'), '2026-11-25', '2027-05-25', 'block'),
    ]);
  });

  it('reads the legacy export: PRODID with a parameter, no DTSTAMP, itinerary?code= folded across lines', () => {
    expect(parse('airbnb-legacy.ics', 'airbnb')).toEqual([
      item(
        '6fec1092d3fa-cccccccccccccccccccccccccccccccc@airbnb.com',
        '2021-07-03',
        '2021-07-10',
        'reservation',
        {
          reservationCode: 'HMLEGACY01',
        },
      ),
      item('6fec1092d3fa-dddddddddddddddddddddddddddddddd@airbnb.com', '2021-07-25', '2021-08-01', 'block'),
    ]);
  });

  it('follows a sequence: an extension keeps its UID, a cancellation vanishes, block UIDs churn', () => {
    const [v1, v2, v3] = [1, 2, 3].map((n) => parse(`airbnb-seq-${n}.ics`, 'airbnb'));
    const first = airbnbRes('2'.repeat(32));
    const second = airbnbRes('3'.repeat(32));
    expect(v1).toEqual([
      item(first, '2025-12-10', '2025-12-13', 'reservation', { reservationCode: 'HMSEQ00001' }),
      item(second, '2025-12-18', '2025-12-21', 'reservation', { reservationCode: 'HMSEQ00002' }),
      item(airbnbBlock('e0'), '2026-12-01', '2027-06-01', 'block'),
    ]);
    expect(v2).toEqual([
      item(first, '2025-12-10', '2025-12-15', 'reservation', { reservationCode: 'HMSEQ00001' }),
      item(second, '2025-12-18', '2025-12-21', 'reservation', { reservationCode: 'HMSEQ00002' }),
      item(airbnbBlock('e1'), '2026-12-02', '2027-06-02', 'block'),
    ]);
    expect(v3).toEqual([
      item(first, '2025-12-10', '2025-12-15', 'reservation', { reservationCode: 'HMSEQ00001' }),
      item(airbnbBlock('e2'), '2026-12-03', '2027-06-03', 'block'),
    ]);
  });

  it('reads the same feed with LF line ends as with CRLF', () => {
    const crlf = fixture('airbnb-current.ics');
    expect(crlf).toContain('\r\n');
    expect(parseFeed(crlf.replace(/\r\n/g, '\n'), 'airbnb', 'Europe/Madrid').items).toEqual(
      parseFeed(crlf, 'airbnb', 'Europe/Madrid').items,
    );
  });
});

describe('parseFeed: Booking.com', () => {
  const far = 'f00dfeedf00dfeedf00dfeedf00dfeed@booking.com';
  const future = item(
    '9a9a9a9a000000000000000000000002@booking.com',
    '2025-12-20',
    '2025-12-23',
    'reservation',
  );

  it('reads the odd PRODID escapes; ranges up to 30 nights are reservations, the rolling horizon a block', () => {
    expect(parse('booking-seq-1.ics', 'booking')).toEqual([
      item('83e5d7a3000000000000000000000001@booking.com', '2025-11-30', '2025-12-04', 'reservation'),
      future,
      item(far, '2026-02-01', '2027-06-01', 'block'),
    ]);
  });

  it('follows nightly clipping (new UID), a merged adjacent stay (same UID, later end) and a vanished event', () => {
    expect(parse('booking-seq-2.ics', 'booking')).toEqual([
      item('8052e1ba000000000000000000000003@booking.com', '2025-12-01', '2025-12-04', 'reservation'),
      future,
      item(far, '2026-02-01', '2027-06-02', 'block'),
    ]);
    expect(parse('booking-seq-3.ics', 'booking')[0]).toEqual(
      item('8052e1ba000000000000000000000003@booking.com', '2025-12-01', '2025-12-06', 'reservation'),
    );
    expect(parse('booking-seq-4.ics', 'booking')).toEqual([
      item('c2a4e437000000000000000000000004@booking.com', '2025-12-02', '2025-12-06', 'reservation'),
      item(far, '2026-02-01', '2027-06-03', 'block'),
    ]);
  });
});

describe('parseFeed: Vrbo', () => {
  it('takes the guest name from English and French summaries, holds as tentative, owner blocks as blocks', () => {
    expect(parse('vrbo-seq-1.ics', 'vrbo')).toEqual([
      item('3f1c2b7e-8d4a-4c55-9a10-2b6f0c9d1e01', '2025-12-05', '2025-12-09', 'reservation', {
        guestName: 'Test Guest',
      }),
      item('6a7b8c9d-1e2f-4a3b-8c4d-5e6f7a8b9c02', '2025-12-12', '2025-12-14', 'reservation', {
        guestName: 'Mélanie Exemple',
      }),
      item('0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d03', '2025-12-16', '2025-12-18', 'tentative', {
        guestName: 'Paul Essai',
      }),
      item('1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e04', '2025-12-19', '2025-12-20', 'tentative'),
      item('12202025-1220-2025-1224-202512242025', '2025-12-20', '2025-12-24', 'block'),
      item('2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f05', '2025-12-28', '2026-01-02', 'block'),
      item('3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a06', '2026-01-10', '2026-01-12', 'reservation'),
    ]);
  });

  it('shows a date change as a new UID with the new dates', () => {
    expect(parse('vrbo-seq-2.ics', 'vrbo')[0]).toEqual(
      item('9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c07', '2025-12-06', '2025-12-10', 'reservation', {
        guestName: 'Test Guest',
      }),
    );
  });
});

describe('parseFeed: other channels', () => {
  it('converts timed events to the property date, uses DURATION or one day, drops cancelled and odd lines', () => {
    expect(parse('other-lf.ics', 'other')).toEqual([
      // 23:00Z on 9 December is already the 10th in Madrid.
      item('timed-utc@example.test', '2025-12-10', '2025-12-12', 'reservation'),
      // 21:00 in New York is 03:00 the next day in Madrid.
      item('timed-tzid@example.test', '2025-12-16', '2025-12-17', 'reservation'),
      item('duration@example.test', '2025-12-20', '2025-12-23', 'block'),
      item('no-end@example.test', '2025-12-24', '2025-12-25', 'block'),
      item('odd-lines@example.test', '2025-12-29', '2025-12-31', 'reservation'),
    ]);
  });

  it('reads the same instant as another date in another property zone', () => {
    const items = parse('other-lf.ics', 'other', 'America/Bogota');
    expect(items[0]).toMatchObject({ start: '2025-12-09', end: '2025-12-12' });
  });
});

describe('parseFeed: not a calendar', () => {
  it.each([
    ['an HTML login page', fixture('html-login.html')],
    ['an empty body', fixture('empty.ics')],
    ['a calendar cut short', fixture('booking-seq-1.ics').slice(0, 300)],
  ])('refuses %s instead of returning no events', (_what, body) => {
    let thrown: unknown;
    try {
      parseFeed(body, 'booking', 'Europe/Madrid');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AdapterError);
    expect((thrown as AdapterError).code).toBe('ical.invalid_response');
  });

  it('reads an empty but whole calendar as no events', () => {
    expect(
      parseFeed('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n', 'airbnb', 'Europe/Madrid'),
    ).toEqual({ items: [], skipped: { cancelled: 0, invalid: 0 } });
  });

  it('counts the events that are no stay: cancelled by the channel, or without a start date', () => {
    const event = (lines: string) => `BEGIN:VEVENT\r\nUID:${lines.length}@x\r\n${lines}END:VEVENT\r\n`;
    const body = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${event(
      'DTSTART;VALUE=DATE:20270110\r\nDTEND;VALUE=DATE:20270112\r\nSUMMARY:Reserved\r\n',
    )}${event('DTSTART;VALUE=DATE:20270115\r\nDTEND;VALUE=DATE:20270117\r\nSTATUS:CANCELLED\r\n')}${event(
      'SUMMARY:no dates\r\n',
    )}END:VCALENDAR\r\n`;
    const read = parseFeed(body, 'airbnb', 'Europe/Madrid');
    expect(read.items.map((i) => [i.start, i.end])).toEqual([['2027-01-10', '2027-01-12']]);
    expect(read.skipped).toEqual({ cancelled: 1, invalid: 1 });
  });
});
