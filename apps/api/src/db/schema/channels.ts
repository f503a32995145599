import type { SyncSkipReason } from '@posada/contracts/channels';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { bookings, closedDates } from './bookings.ts';
import { properties } from './properties.ts';
import { rooms } from './rooms.ts';

/** spec 1 function 3: the channels a calendar can be imported from (issue 15). */
export type CalendarChannel = 'airbnb' | 'booking' | 'vrbo' | 'other';
/** What an imported event is (docs/channels.md): a guest's stay, a closure, or a Vrbo hold. */
export type ChannelEventKind = 'reservation' | 'block' | 'tentative';
/** active: holds its nights; overbooking: collided, holds none; cancelled: missing from two good fetches. */
export type ChannelEventState = 'active' | 'overbooking' | 'cancelled';

/**
 * A channel calendar connection (issue 15): one unit's export feed at Airbnb, Booking.com, Vrbo or another
 * channel. The unit is the property (apartment, villa) or one room of a hotel (room_id). The feed URL carries
 * the channel's secret: it is sealed (purpose 'channels.url', bound to the row id); url_host is what the
 * screens show. The connection's own export feed (everything but what came from this channel) is reached by
 * a token: its SHA-256 hash for lookup, the token sealed (purpose 'channels.export', bound to the row id)
 * so the screen can show the URL again.
 */
export const channelCalendars = pgTable(
  'channel_calendars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'cascade' }),
    /** The property id (apartment, villa) or the room id (hotel): the unit_nights key. */
    unitId: uuid('unit_id').notNull(),
    channel: text('channel').$type<CalendarChannel>().notNull(),
    urlSealed: text('url_sealed').notNull(),
    urlHost: text('url_host').notNull(),
    exportTokenHash: text('export_token_hash').notNull(),
    exportTokenSealed: text('export_token_sealed').notNull(),
    /** Health (docs/channels.md): the last fetch, the last good one, the last error in plain words. */
    lastFetchAt: timestamp('last_fetch_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** An adapter error code (channels.http_403, channels.not_calendar, channels.timeout, …). */
    lastErrorCode: text('last_error_code'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    /** Set at the first failed fetch after a good one; failing more than 2 hours turns the connection red. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** The red notification was raised for this failing period (once). */
    failureNotifiedAt: timestamp('failure_notified_at', { withTimezone: true }),
    eventsRead: integer('events_read').notNull().default(0),
    lastCreated: integer('last_created').notNull().default(0),
    lastUpdated: integer('last_updated').notNull().default(0),
    lastCancelled: integer('last_cancelled').notNull().default(0),
    lastConflicts: integer('last_conflicts').notNull().default(0),
    lastUnchanged: integer('last_unchanged').notNull().default(0),
    /** The last sync's events that changed nothing, by reason (ended, invalid, cancelled, failed). */
    lastSkipped: jsonb('last_skipped').$type<Partial<Record<SyncSkipReason, number>>>().notNull().default({}),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    /** Opportunistic conditional GET (docs/channels.md): most channels regenerate the feed every time. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('channel_calendars_account_property_idx').on(t.accountId, t.propertyId),
    index('channel_calendars_next_sync_idx').on(t.nextSyncAt),
    uniqueIndex('channel_calendars_export_token_idx').on(t.exportTokenHash),
  ],
);

/**
 * One event of a channel feed as last read (issue 15), matched across fetches by the channel's rules
 * (docs/channels.md): it owns the booking (reservation, tentative) or the closed dates (block) it became.
 * missing_count counts consecutive good fetches without it; two cancel it.
 */
export const channelEvents = pgTable(
  'channel_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => channelCalendars.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    kind: text('kind').$type<ChannelEventKind>().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Airbnb's HM code; null where the channel gives none. */
    reservationCode: text('reservation_code'),
    /** Vrbo's summary name; null elsewhere. */
    guestName: text('guest_name'),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    closedDateId: uuid('closed_date_id').references(() => closedDates.id, { onDelete: 'set null' }),
    state: text('state').$type<ChannelEventState>().notNull().default('active'),
    missingCount: integer('missing_count').notNull().default(0),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('channel_events_calendar_idx').on(t.calendarId, t.state, t.startDate),
    index('channel_events_booking_idx').on(t.bookingId),
    index('channel_events_closed_date_idx').on(t.closedDateId),
  ],
);

/**
 * A unit's own export feed (issue 15: `/ical/{token}.ics`): every sold and closed night, no personal data.
 * One row per unit (the property for an apartment or villa, a room for a hotel), token regenerable: the
 * hash for lookup, the token sealed (purpose 'channels.export', bound to the unit id) to show it again.
 */
export const icalExports = pgTable(
  'ical_exports',
  {
    unitId: uuid('unit_id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ical_exports_token_idx').on(t.tokenHash)],
);
