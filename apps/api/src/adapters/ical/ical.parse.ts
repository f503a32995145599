import { instantOfWallTime, isKnownZone } from '@posada/domain/zoned-time';
import ICAL from 'ical.js';
import type { CalendarChannel, ChannelEventKind } from '../../db/schema/channels.ts';
import { AdapterError } from '../adapter-error.ts';
import { addDays, daysBetween, isoDate, localDateOf } from './ical.dates.ts';
import type { ChannelItem, ParseFeed } from './types.ts';

/** Booking.com closes the dates beyond its bookable horizon with one long rolling range. */
const BOOKING_BLOCK_MIN_NIGHTS = 31;
/** A SUMMARY naming a closure (docs/channels.md, Import step 3), in the languages channels use. */
const CLOSURE_WORDS =
  /\b(blocked|block|not available|unavailable|closed|no disponible|bloqueado|bloqueada|cerrado|indisponible|bloqu[ée]e?|ferm[ée]e?)\b/i;
const VRBO_RESERVED = /^\s*(reserved|r[ée]serv[ée]e?|reservad[oa]|reserviert|booked)\s*(?:-\s*(.*?))?\s*$/i;
const VRBO_TENTATIVE = /^\s*(provisoire|tentative|provisional|provisorio|pending)\s*(?:-\s*(.*?))?\s*$/i;
/** Airbnb's reservation URL: `/hosting/reservations/details/HM…` or the legacy `itinerary?code=HM…`. */
const AIRBNB_CODE = /(?:reservations\/details\/|[?&]code=)(HM[A-Z0-9]{6,})/i;
const AIRBNB_ANY_CODE = /\b(HM[A-Z0-9]{8})\b/;

/**
 * Line ends to CRLF and folded lines joined (CRLF or LF followed by a space or a tab), before anything
 * reads the feed: Airbnb folds its DESCRIPTION in the middle of the reservation URL.
 */
export function unfold(body: string): string[] {
  return body
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

/** name[;params]:value — the shape every content line has; anything else is dropped before ical.js. */
const CONTENT_LINE = /^[A-Za-z0-9-]+(?:;[^\n]*)?:/;

function parseComponent(lines: string[]): ICAL.Component {
  const wellFormed = lines.filter((line) => CONTENT_LINE.test(line));
  try {
    return new ICAL.Component(ICAL.parse(`${wellFormed.join('\r\n')}\r\n`));
  } catch {
    // A line ical.js refuses (odd parameters, an escape it does not know) is dropped, not the whole feed.
    const tolerated = wellFormed.filter((line) => {
      if (/^(BEGIN|END):/i.test(line)) return true;
      try {
        ICAL.parse.property(line);
        return true;
      } catch {
        return false;
      }
    });
    try {
      return new ICAL.Component(ICAL.parse(`${tolerated.join('\r\n')}\r\n`));
    } catch {
      // Not ical.js's message: it quotes the offending line, which may hold a guest's name.
      throw new AdapterError('ical', 'invalid_response', 'unreadable calendar');
    }
  }
}

type Zones = Map<string, ICAL.Timezone>;

/** A DTSTART/DTEND value as the property's local date: all-day dates as they are, instants converted. */
function localDate(prop: ICAL.Property, zones: Zones, timeZone: string): string | null {
  const value = prop.getFirstValue();
  if (!(value instanceof ICAL.Time)) return null;
  const wall = isoDate(value.year, value.month, value.day);
  if (value.isDate) return wall;
  const wallMs = Date.UTC(value.year, value.month - 1, value.day, value.hour, value.minute, value.second);
  if (value.zone?.tzid === 'UTC') return localDateOf(wallMs, timeZone);
  const tzid = prop.getParameter('tzid');
  const tzName = typeof tzid === 'string' ? tzid : undefined;
  if (!tzName) return wall; // floating: the property's own wall time
  const declared = zones.get(tzName);
  if (declared) {
    const time = value.clone();
    time.zone = declared;
    return localDateOf(time.toUnixTime() * 1000, timeZone);
  }
  if (isKnownZone(tzName)) return localDateOf(instantOfWallTime(wallMs, tzName), timeZone);
  return wall;
}

function textOf(event: ICAL.Component, name: string): string {
  const value = event.getFirstPropertyValue(name);
  return typeof value === 'string' ? value.trim() : '';
}

interface Classified {
  kind: ChannelEventKind;
  reservationCode: string | null;
  guestName: string | null;
}

const named = (name: string | undefined) => (name?.trim() ? name.trim() : null);

/** docs/channels.md, Import step 3. */
export function classify(
  channel: CalendarChannel,
  summary: string,
  description: string,
  nights: number,
): Classified {
  const plain = { reservationCode: null, guestName: null };
  switch (channel) {
    case 'airbnb': {
      const code = description.match(AIRBNB_CODE)?.[1] ?? description.match(AIRBNB_ANY_CODE)?.[1] ?? null;
      if (/^reserved\b/i.test(summary) || code)
        return { kind: 'reservation', reservationCode: code, guestName: null };
      return { kind: 'block', ...plain };
    }
    case 'vrbo': {
      const tentative = summary.match(VRBO_TENTATIVE);
      if (tentative) return { kind: 'tentative', reservationCode: null, guestName: named(tentative[2]) };
      const reserved = summary.match(VRBO_RESERVED);
      if (reserved) return { kind: 'reservation', reservationCode: null, guestName: named(reserved[2]) };
      return { kind: CLOSURE_WORDS.test(summary) ? 'block' : 'reservation', ...plain };
    }
    case 'booking':
      return { kind: nights >= BOOKING_BLOCK_MIN_NIGHTS ? 'block' : 'reservation', ...plain };
    default:
      return { kind: CLOSURE_WORDS.test(summary) ? 'block' : 'reservation', ...plain };
  }
}

/**
 * Reads a channel's feed into items (dates as the property's calendar dates, DTEND exclusive). A body
 * that is not a whole calendar (an HTML login page, an empty or cut answer) throws invalid_response:
 * an empty list would cancel every booking of the connection.
 */
export const parseFeed: ParseFeed = (body, channel, timeZone) => {
  const lines = unfold(body);
  const begins = lines.findIndex((line) => /^BEGIN:VCALENDAR\s*$/i.test(line));
  const ends = lines.findLastIndex((line) => /^END:VCALENDAR\s*$/i.test(line));
  if (begins < 0) throw new AdapterError('ical', 'invalid_response', 'not a calendar (no BEGIN:VCALENDAR)');
  if (ends < begins)
    throw new AdapterError('ical', 'invalid_response', 'calendar cut short (no END:VCALENDAR)');
  const calendar = parseComponent(lines.slice(begins, ends + 1));
  if (calendar.name !== 'vcalendar') throw new AdapterError('ical', 'invalid_response', 'not a calendar');

  const zones: Zones = new Map();
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = vtimezone.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string') zones.set(tzid, new ICAL.Timezone(vtimezone));
  }

  const items: ChannelItem[] = [];
  const skipped = { cancelled: 0, invalid: 0 };
  for (const event of calendar.getAllSubcomponents('vevent')) {
    if (textOf(event, 'status').toUpperCase() === 'CANCELLED') {
      skipped.cancelled++;
      continue;
    }
    const dtstart = event.getFirstProperty('dtstart');
    const start = dtstart ? localDate(dtstart, zones, timeZone) : null;
    if (!start) {
      skipped.invalid++;
      continue;
    }
    const end = endOf(event, start, zones, timeZone);
    const summary = textOf(event, 'summary');
    const description = textOf(event, 'description');
    const uid = textOf(event, 'uid') || `${start}-${end}-${summary}@posada.nouid`;
    items.push({ uid, start, end, ...classify(channel, summary, description, daysBetween(start, end)) });
  }
  return { items, skipped };
};

/** DTEND (exclusive), else DTSTART + DURATION, else one day (RFC 5545); never before the next day. */
function endOf(event: ICAL.Component, start: string, zones: Zones, timeZone: string): string {
  const dtend = event.getFirstProperty('dtend');
  let end = dtend ? localDate(dtend, zones, timeZone) : null;
  if (!end) {
    const duration = event.getFirstPropertyValue('duration');
    if (duration instanceof ICAL.Duration) {
      const days = Math.ceil(duration.toSeconds() / 86_400);
      end = addDays(start, Math.max(days, 1));
    }
  }
  if (!end || end <= start) return addDays(start, 1);
  return end;
}
