import type { CalendarChannel, ChannelEventKind } from '../../db/schema/channels.ts';

/**
 * The iCal adapter's interface (issue 15, docs/channels.md). `adapters/ical` fetches a channel's export
 * feed and reads it into channel items; it also writes our own export feed. The channels module matches
 * items across fetches and turns them into bookings, blocks and overbookings.
 */

/** One event of a feed as the channel means it, dates as the property's local calendar dates. */
export interface ChannelItem {
  /** The event's UID as given (Booking.com and Vrbo rotate them; Airbnb reservations keep theirs). */
  uid: string;
  /** YYYY-MM-DD, the first night. */
  start: string;
  /** YYYY-MM-DD, exclusive: the check-out day. */
  end: string;
  kind: ChannelEventKind;
  /** Airbnb's HM code, from the DESCRIPTION's reservation URL; null elsewhere. */
  reservationCode: string | null;
  /** Vrbo's 'Reserved - <Name>'; null elsewhere. */
  guestName: string | null;
}

/** What a fetch brought: a feed to read, or 304 (nothing changed since the ETag or Last-Modified). */
export type FeedFetch =
  | { notModified: false; body: string; etag: string | null; lastModified: string | null }
  | { notModified: true };

export interface IcalClient {
  /**
   * GET the feed with a time-out, a size cap and an ordinary User-Agent; refuses loopback and private
   * addresses (after DNS) unless ICAL_ALLOW_PRIVATE_HOSTS. Throws AdapterError('ical', …): unauthorized
   * (401/403), rejected (404 and other 4xx), server_error, unreachable, timeout, invalid_response (too
   * big, not a calendar: HTML login page, empty body), or 'ical.private_host'.
   */
  fetchFeed(url: string, previous?: { etag: string | null; lastModified: string | null }): Promise<FeedFetch>;
}

/**
 * A read feed: its items, and the events it held that are no stay (issue 27: every event is accounted
 * for): marked STATUS:CANCELLED by the channel, or without a readable start date.
 */
export interface ParsedFeed {
  items: ChannelItem[];
  skipped: { cancelled: number; invalid: number };
}

/** Reads a feed (unfolded, CRLF or LF, tolerant of each channel's quirks) into items; throws on a non-calendar. */
export type ParseFeed = (body: string, channel: CalendarChannel, timeZone: string) => ParsedFeed;

/** One closed range of our export feed: all-day, no personal data. */
export interface ExportRange {
  /** Stable across exports: the booking's or closed date's id (and unit). */
  uid: string;
  start: string;
  end: string;
}
