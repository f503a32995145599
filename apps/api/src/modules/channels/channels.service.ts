import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  ChannelAlerts,
  ChannelCalendar,
  ChannelHealthState,
  CreateChannelCalendarBody,
  IcalExport,
  SyncResult,
} from '@posada/contracts/channels';
import { isHotelType } from '@posada/domain/property-types';
import { hasEligiblePlan } from '@posada/domain/subscription';
import type { Db } from '../../db/client.ts';
import { channelCalendars, icalExports } from '../../db/schema/channels.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SealedColumn } from '../../lib/reseal-secrets.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { ChannelBookings } from '../bookings/channel-bookings.service.ts';
import { CHANNEL_URL_PURPOSE, type ChannelSync, RED_AFTER_MS } from './channel-sync.ts';
import { translateFor } from './channel-words.ts';
import { channelsErrors as errors } from './channels.errors.ts';
import { type CalendarWithNames, createChannelsRepo } from './channels.repo.ts';
import { createExportFeeds, EXPORT_TOKEN_PURPOSE, type WriteFeed } from './export-feed.ts';

export { CHANNEL_URL_PURPOSE } from './channel-sync.ts';
export { EXPORT_TOKEN_PURPOSE } from './export-feed.ts';

export interface ChannelsDeps {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  appUrl: string;
  accounts: Pick<AccountsService, 'getUser'>;
  channelBookings: ChannelBookings;
  sync: ChannelSync;
  writeFeed: WriteFeed;
}

export type ChannelsService = ReturnType<typeof createChannelsService>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/**
 * Channel calendars (issue 15, docs/channels.md): the connections of each unit to Airbnb, Booking.com, Vrbo
 * or another channel with their health, "sync now", and the unit's export feeds. Every query is scoped to
 * the caller's account: another account's ids are 404.
 */
export function createChannelsService(deps: ChannelsDeps) {
  const { clock, secrets } = deps;
  const repo = createChannelsRepo({ db: deps.db });
  const feeds = createExportFeeds({ repo, clock, secrets, appUrl: deps.appUrl, writeFeed: deps.writeFeed });

  async function assertPlan(tenant: Tenant) {
    const user = await deps.accounts.getUser(tenant.userId);
    if (!hasEligiblePlan(user)) throw errors.featureUnavailable();
  }

  /** The unit a calendar is on: the property of an apartment or villa, a room of a hotel or camping. */
  async function unitOf(tenant: Tenant, propertyId: string, roomId: string | null | undefined) {
    const property = isUuid(propertyId) ? await repo.findProperty(tenant.accountId, propertyId) : null;
    if (!property) throw errors.propertyNotFound();
    if (!isHotelType(property.tipoPropiedad)) {
      if (roomId) throw errors.roomNotAllowed();
      return { property, roomId: null, unitId: property.id };
    }
    if (!roomId) throw errors.roomRequired();
    const room = isUuid(roomId) ? await repo.findRoom(tenant.accountId, roomId) : null;
    if (!room || room.propertyId !== property.id) throw errors.roomNotFound();
    return { property, roomId: room.id, unitId: room.id };
  }

  async function owned(tenant: Tenant, id: string): Promise<CalendarWithNames> {
    const row = isUuid(id) ? await repo.findCalendar(tenant.accountId, id) : null;
    if (!row) throw errors.notFound();
    return row;
  }

  function healthState(row: CalendarWithNames['calendar']): ChannelHealthState {
    if (!row.lastFetchAt) return 'pending';
    if (!row.lastErrorCode) return 'ok';
    const since = row.failingSince ?? row.lastErrorAt ?? row.lastFetchAt;
    return clock.now().getTime() - since.getTime() > RED_AFTER_MS ? 'red' : 'failing';
  }

  function toCalendar(found: CalendarWithNames, locale: string): ChannelCalendar {
    const c = found.calendar;
    const t = translateFor(locale);
    const token = secrets.open(c.exportTokenSealed, EXPORT_TOKEN_PURPOSE, c.id);
    return {
      id: c.id,
      property_id: c.propertyId,
      room_id: c.roomId,
      unit_name: found.roomName ?? found.propertyName,
      channel: c.channel,
      url_host: c.urlHost,
      export_url: feeds.urlOf(token),
      health: {
        state: healthState(c),
        last_fetch_at: c.lastFetchAt?.toISOString() ?? null,
        last_success_at: c.lastSuccessAt?.toISOString() ?? null,
        last_error_code: c.lastErrorCode,
        last_error: c.lastErrorCode ? t(c.lastErrorCode) : null,
        failing_since: c.failingSince?.toISOString() ?? null,
        events_read: c.eventsRead,
        last_changes: {
          created: c.lastCreated,
          updated: c.lastUpdated,
          cancelled: c.lastCancelled,
          conflicts: c.lastConflicts,
          unchanged: c.lastUnchanged,
          skipped: Object.values(c.lastSkipped).reduce((sum, n) => sum + (n ?? 0), 0),
          skipped_reasons: c.lastSkipped,
        },
        next_sync_at: c.nextSyncAt?.toISOString() ?? null,
      },
      created_at: c.createdAt.toISOString(),
    };
  }

  return {
    /** POST /api/channel-calendars: needs an active plan (spec 6); synced by the next job run or "sync now". */
    async create(tenant: Tenant, body: CreateChannelCalendarBody, locale: string): Promise<ChannelCalendar> {
      await assertPlan(tenant);
      const unit = await unitOf(tenant, body.property_id, body.room_id);
      const connected = await repo.listCalendars(tenant.accountId, unit.property.id);
      const sameFeed = (c: CalendarWithNames['calendar']) =>
        c.unitId === unit.unitId && secrets.open(c.urlSealed, CHANNEL_URL_PURPOSE, c.id) === body.url;
      if (connected.some((c) => sameFeed(c.calendar))) throw errors.duplicate();
      const id = randomUUID();
      const token = newToken();
      const now = clock.now();
      await repo.insertCalendar({
        id,
        accountId: tenant.accountId,
        propertyId: unit.property.id,
        roomId: unit.roomId,
        unitId: unit.unitId,
        channel: body.channel,
        urlSealed: secrets.seal(body.url, CHANNEL_URL_PURPOSE, id),
        urlHost: new URL(body.url).host,
        exportTokenHash: hashToken(token),
        exportTokenSealed: secrets.seal(token, EXPORT_TOKEN_PURPOSE, id),
        nextSyncAt: now,
        createdAt: now,
        updatedAt: now,
      });
      return toCalendar(await owned(tenant, id), locale);
    },

    /** GET /api/channel-calendars?property_id=: the connections with their health, in the caller's words. */
    async list(tenant: Tenant, propertyId: string | undefined, locale: string): Promise<ChannelCalendar[]> {
      if (propertyId && !(isUuid(propertyId) && (await repo.findProperty(tenant.accountId, propertyId))))
        throw errors.propertyNotFound();
      const rows = await repo.listCalendars(tenant.accountId, propertyId);
      return rows.map((row) => toCalendar(row, locale));
    },

    get: async (tenant: Tenant, id: string, locale: string) => toCalendar(await owned(tenant, id), locale),

    /** POST /api/channel-calendars/{id}/sync: a failed fetch is recorded and answered with its reason. */
    async syncNow(tenant: Tenant, id: string, locale: string): Promise<SyncResult> {
      await owned(tenant, id);
      const outcome = await deps.sync.syncCalendar(id);
      if (!outcome) throw errors.notFound();
      if (!outcome.ok) throw errors.syncFailed(outcome.code, translateFor(locale)(outcome.code));
      return outcome.result;
    },

    /**
     * DELETE /api/channel-calendars/{id}: its blocks are removed (the nights open again); the bookings it
     * imported stay (real guests: they are cancelled on the channel, and stay external here).
     */
    async remove(tenant: Tenant, id: string): Promise<{ id: string }> {
      await owned(tenant, id);
      const events = await repo.eventsOfCalendar(id);
      await deps.channelBookings.transaction(async (ops) => {
        for (const e of events) if (e.closedDateId) await ops.removeClosure(tenant.accountId, e.closedDateId);
        await createChannelsRepo({ db: ops.db }).deleteCalendar(tenant.accountId, id);
      });
      return { id };
    },

    /** GET /api/channel-calendars/alerts: failing for more than 2 hours, and the live overbookings. */
    async alerts(tenant: Tenant, locale: string): Promise<ChannelAlerts> {
      const t = translateFor(locale);
      const failing = await repo.failingSince(
        tenant.accountId,
        new Date(clock.now().getTime() - RED_AFTER_MS),
      );
      return {
        failing: failing.map((f) => ({
          id: f.calendar.id,
          property_id: f.calendar.propertyId,
          unit_name: f.roomName ?? f.propertyName,
          channel: f.calendar.channel,
          failing_since: (f.calendar.failingSince as Date).toISOString(),
          last_error: f.calendar.lastErrorCode ? t(f.calendar.lastErrorCode) : null,
        })),
        overbookings: await repo.countOverbookings(tenant.accountId),
      };
    },

    /** GET /api/properties/{id}/ical-export (and under a room): the unit's feed URL, made on first ask. */
    async exportUrl(tenant: Tenant, propertyId: string, roomId: string | null): Promise<IcalExport> {
      const unit = await unitOf(tenant, propertyId, roomId);
      return feeds.unitExport(tenant.accountId, unit.property.id, unit.roomId, unit.unitId, false);
    },

    /** POST .../ical-export/rotate: a new token; the old URL answers 404. */
    async rotateExport(tenant: Tenant, propertyId: string, roomId: string | null): Promise<IcalExport> {
      const unit = await unitOf(tenant, propertyId, roomId);
      return feeds.unitExport(tenant.accountId, unit.property.id, unit.roomId, unit.unitId, true);
    },

    /** GET /ical/{token}.ics (public): the feed, or null for an unknown token. */
    feed: feeds.feed,

    /** The sync engine (the job, the bench). */
    sync: deps.sync,
  };
}

/** The channels' feed addresses and export tokens, sealed, for key rotation (lib/reseal-secrets.ts). */
export const channelsSealedColumns: SealedColumn[] = [
  {
    label: 'channel_calendars.url_sealed',
    table: channelCalendars,
    key: channelCalendars.id,
    value: channelCalendars.urlSealed,
    purpose: CHANNEL_URL_PURPOSE,
  },
  {
    label: 'channel_calendars.export_token_sealed',
    table: channelCalendars,
    key: channelCalendars.id,
    value: channelCalendars.exportTokenSealed,
    purpose: EXPORT_TOKEN_PURPOSE,
  },
  {
    label: 'ical_exports.token_sealed',
    table: icalExports,
    key: icalExports.unitId,
    value: icalExports.tokenSealed,
    purpose: EXPORT_TOKEN_PURPOSE,
  },
];
