import { z } from 'zod';
import { isHttpUrl, text, uuid } from './primitives.ts';

/**
 * Booking channels (issue 15; spec 1 function 3, 2.4 Channels screen): a unit's calendar at Airbnb,
 * Booking.com, Vrbo or another channel, imported every 15 minutes, and the unit's own export feed.
 * docs/channels.md has the matching rules. Every answer is wrapped in the envelope of ./envelope.ts.
 */
export const calendarChannels = ['airbnb', 'booking', 'vrbo', 'other'] as const;
export type CalendarChannelName = (typeof calendarChannels)[number];

/** The longest feed URL taken (real ones are under 300 characters). */
export const CHANNEL_URL_MAX = 2000;

/** POST /api/channel-calendars: connect one unit (the property, or one room of a hotel) to a channel feed. */
export const createChannelCalendarBody = z.object({
  property_id: uuid('validation.required'),
  room_id: uuid().nullable().optional(),
  channel: z.enum(calendarChannels, { message: 'validation.required' }),
  url: text({ max: CHANNEL_URL_MAX, trim: true })
    .min(1, { message: 'validation.required', abort: true })
    .refine(isHttpUrl, 'channels.url_invalid'),
});
export type CreateChannelCalendarBody = z.input<typeof createChannelCalendarBody>;

/**
 * Why a feed's event changed nothing (issue 27): its stay is over, it has no readable dates, the channel
 * marked it cancelled, or applying it failed (logged; tried again on the next sync).
 */
export const syncSkipReasons = ['ended', 'invalid', 'cancelled', 'failed'] as const;
export type SyncSkipReason = (typeof syncSkipReasons)[number];

/**
 * The changes one sync applied (POST /api/channel-calendars/{id}/sync answers this). Every event of the
 * feed is one of created, updated, unchanged or skipped (with its reason); `cancelled` counts stays that
 * left the feed, `conflicts` the created or updated ones that collide with nights already sold.
 */
export const syncResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  cancelled: z.number().int(),
  conflicts: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  skipped_reasons: z.partialRecord(z.enum(syncSkipReasons), z.number().int()),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

/**
 * Health of a connection (issue 15 item 4): ok (last fetch good), pending (never fetched yet), failing
 * (the last fetch failed), red (failing for more than 2 hours: shown on the dashboard, one notification).
 */
export const channelHealthStates = ['ok', 'pending', 'failing', 'red'] as const;
export type ChannelHealthState = (typeof channelHealthStates)[number];

export const channelCalendarSchema = z.object({
  id: z.string(),
  property_id: z.string(),
  room_id: z.string().nullable(),
  /** The property's name, or the room's. */
  unit_name: z.string(),
  channel: z.enum(calendarChannels),
  /** Only the host of the feed URL: the rest carries the channel's secret. */
  url_host: z.string(),
  /** This connection's export feed: everything sold or closed except what came from this channel. */
  export_url: z.string(),
  health: z.object({
    state: z.enum(channelHealthStates),
    last_fetch_at: z.string().nullable(),
    last_success_at: z.string().nullable(),
    /** channels.http_403, channels.not_calendar, channels.timeout, channels.unreachable, … */
    last_error_code: z.string().nullable(),
    /** The error in plain words, in the caller's language. */
    last_error: z.string().nullable(),
    failing_since: z.string().nullable(),
    events_read: z.number().int(),
    last_changes: syncResultSchema,
    next_sync_at: z.string().nullable(),
  }),
  created_at: z.string(),
});
export type ChannelCalendar = z.infer<typeof channelCalendarSchema>;

/** GET /api/channel-calendars?property_id= (property_id optional: all of the account's). */
export const channelCalendarsQuery = z.object({ property_id: uuid().optional() });

/** GET /api/properties/{id}/ical-export and /api/properties/{id}/rooms/{roomId}/ical-export. */
export const icalExportSchema = z.object({
  unit_id: z.string(),
  url: z.string(),
});
export type IcalExport = z.infer<typeof icalExportSchema>;

/** The dashboard's red card: connections failing for more than 2 hours. */
export const channelAlertsSchema = z.object({
  failing: z.array(
    z.object({
      id: z.string(),
      property_id: z.string(),
      unit_name: z.string(),
      channel: z.enum(calendarChannels),
      failing_since: z.string(),
      last_error: z.string().nullable(),
    }),
  ),
  overbookings: z.number().int(),
});
export type ChannelAlerts = z.infer<typeof channelAlertsSchema>;

export const channelsPaths = {
  calendars: '/api/channel-calendars',
  calendar: (id: string) => `/api/channel-calendars/${id}`,
  sync: (id: string) => `/api/channel-calendars/${id}/sync`,
  alerts: '/api/channel-calendars/alerts',
  propertyExport: (propertyId: string) => `/api/properties/${propertyId}/ical-export`,
  roomExport: (propertyId: string, roomId: string) =>
    `/api/properties/${propertyId}/rooms/${roomId}/ical-export`,
  /** POST: a new token; the old URL stops answering. */
  propertyExportRotate: (propertyId: string) => `/api/properties/${propertyId}/ical-export/rotate`,
  roomExportRotate: (propertyId: string, roomId: string) =>
    `/api/properties/${propertyId}/rooms/${roomId}/ical-export/rotate`,
  /** Public, no login: the feed itself. */
  feed: (token: string) => `/ical/${token}.ics`,
} as const;
