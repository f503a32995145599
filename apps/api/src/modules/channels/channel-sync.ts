import type { SyncResult, SyncSkipReason } from '@posada/contracts/channels';
import { eachNight } from '@posada/domain/booking-rules';
import { todayIn } from '@posada/domain/zoned-time';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AdapterError } from '../../adapters/adapter-error.ts';
import type { IcalClient, ParsedFeed, ParseFeed } from '../../adapters/ical/types.ts';
import { channelEvents } from '../../db/schema/channels.ts';
import type { Clock } from '../../lib/clock.ts';
import { isDeadlock, isUniqueViolation } from '../../lib/db-errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type {
  ChannelBookingOps,
  ChannelBookings,
  ChannelUnit,
} from '../bookings/channel-bookings.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import {
  claimableNights,
  effectiveRange,
  type FeedItem,
  holderOf,
  matchEvents,
  pickRun,
  takesAllNights,
} from './channel-matching.ts';
import { channelLabel, translateFor } from './channel-words.ts';
import type { CalendarWithNames, ChannelEventRow, ChannelsRepo } from './channels.repo.ts';

/** What the secret box seals a feed URL for (bound to the channel_calendars row id). */
export const CHANNEL_URL_PURPOSE = 'channels.url';
/** Failing longer than this turns a connection red and rings the bell once (docs/channels.md "Health"). */
export const RED_AFTER_MS = 2 * 3_600_000;
/** The longest range an import holds (Booking.com's rolling far-future closure is about 16 months). */
const MAX_EVENT_NIGHTS = 731;

export interface ChannelSyncDeps {
  repo: ChannelsRepo;
  clock: Clock;
  secrets: SecretBox;
  /** adapters/ical: null when the adapter is not built (every fetch then fails as unreachable). */
  client: IcalClient | null;
  parse: ParseFeed;
  channelBookings: ChannelBookings;
  notifications: Pick<NotificationsService, 'create'>;
  intervalMinutes: number;
  concurrency: number;
  logger?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
}

/** One sync's outcome: the changes, or the error code of a failed fetch (recorded in the health). */
export type SyncOutcome = { ok: true; result: SyncResult } | { ok: false; code: string };

/**
 * What one event did to the calendar. An overbooking is a booking the calendar shows (new, or one that
 * moved) and a conflict besides, so the summary counts it in both (issue 27: "0 new" never hides it).
 */
type Outcome =
  | 'created'
  | 'updated'
  | 'cancelled'
  | 'created_conflict'
  | 'updated_conflict'
  | 'unchanged'
  | 'failed';

/** A sync that changed nothing yet. */
const emptyResult = (): SyncResult => ({
  created: 0,
  updated: 0,
  cancelled: 0,
  conflicts: 0,
  unchanged: 0,
  skipped: 0,
  skipped_reasons: {},
});

/** The health code of a failed fetch or read (docs/channels.md "Health"; words in src/i18n). */
export function feedErrorCode(error: unknown): string | null {
  if (!(error instanceof AdapterError) && !(error as { code?: string } | null)?.code?.startsWith?.('ical.'))
    return null;
  const err = error as AdapterError;
  if (err.code === 'ical.private_host' || /private/i.test(err.code)) return 'channels.private_host';
  if (err.code === 'ical.invalid_url') return 'channels.url_invalid';
  switch (err.kind) {
    case 'unauthorized':
      return 'channels.http_403';
    case 'rejected':
      return err.status === 404 || err.status === 410 ? 'channels.feed_not_found' : 'channels.rejected';
    case 'server_error':
      return 'channels.server_error';
    case 'timeout':
      return 'channels.timeout';
    case 'unreachable':
      return 'channels.unreachable';
    case 'invalid_response':
      return /too (big|large)|size|bytes/i.test(err.message) ? 'channels.too_large' : 'channels.not_calendar';
    default:
      return 'channels.unreachable';
  }
}

/**
 * The sync engine (docs/channels.md "Import"): fetch, read, match with what the last fetches stored,
 * apply each event in its own transaction through the bookings module, and keep the health columns.
 * A failed fetch changes no booking. Syncs of one connection never overlap within a process; across
 * processes the job claims due connections (channels.repo claimDue).
 */
export function createChannelSync(deps: ChannelSyncDeps) {
  const { repo, clock } = deps;
  const running = new Map<string, Promise<SyncOutcome | null>>();

  /** Runs one sync of `calendarId` (any account); a sync already running for it is awaited instead. */
  function syncCalendar(calendarId: string): Promise<SyncOutcome | null> {
    const current = running.get(calendarId);
    if (current) return current.then(() => syncCalendar(calendarId));
    const run = syncOnce(calendarId).finally(() => running.delete(calendarId));
    running.set(calendarId, run);
    return run;
  }

  async function syncOnce(calendarId: string): Promise<SyncOutcome | null> {
    const found = await repo.calendarById(calendarId);
    if (!found) return null;
    const { calendar, timeZone } = found;
    const now = clock.now();
    const nextSyncAt = new Date(now.getTime() + deps.intervalMinutes * 60_000);
    let feed: ParsedFeed | null = null;
    let validators: { etag: string | null; lastModified: string | null } | null = null;
    try {
      if (!deps.client) throw new AdapterError('ical', 'unreachable', 'the iCal adapter is not configured');
      const url = deps.secrets.open(calendar.urlSealed, CHANNEL_URL_PURPOSE, calendar.id);
      const fetched = await deps.client.fetchFeed(url, {
        etag: calendar.etag,
        lastModified: calendar.lastModified,
      });
      if (!fetched.notModified) {
        feed = deps.parse(fetched.body, calendar.channel, timeZone);
        validators = { etag: fetched.etag, lastModified: fetched.lastModified };
      }
    } catch (error) {
      const code = feedErrorCode(error);
      if (!code) throw error;
      await recordFailure(found, code, now, nextSyncAt);
      return { ok: false, code };
    }

    const result = feed ? await applyFeed(found, feed) : emptyResult();
    await repo.updateCalendar(calendar.id, {
      lastFetchAt: now,
      lastSuccessAt: now,
      lastErrorCode: null,
      failingSince: null,
      failureNotifiedAt: null,
      ...(feed ? { eventsRead: feed.items.length + feed.skipped.cancelled + feed.skipped.invalid } : {}),
      lastCreated: result.created,
      lastUpdated: result.updated,
      lastCancelled: result.cancelled,
      lastConflicts: result.conflicts,
      lastUnchanged: result.unchanged,
      lastSkipped: result.skipped_reasons,
      nextSyncAt,
      ...(validators ?? {}),
      updatedAt: now,
    });
    return { ok: true, result };
  }

  async function recordFailure(found: CalendarWithNames, code: string, now: Date, nextSyncAt: Date) {
    const { calendar } = found;
    const failingSince = calendar.failingSince ?? now;
    const red = now.getTime() - failingSince.getTime() > RED_AFTER_MS;
    const notify = red && !calendar.failureNotifiedAt;
    await repo.updateCalendar(calendar.id, {
      lastFetchAt: now,
      lastErrorCode: code,
      lastErrorAt: now,
      failingSince,
      nextSyncAt,
      updatedAt: now,
      ...(notify ? { failureNotifiedAt: now } : {}),
    });
    if (notify) {
      const t = translateFor(await repo.accountLocale(calendar.accountId));
      const unit = found.roomName ? `${found.propertyName} · ${found.roomName}` : found.propertyName;
      await deps.notifications.create({
        accountId: calendar.accountId,
        propertyId: calendar.propertyId,
        kind: 'channel',
        title: t('channels.notify.failing', { channel: channelLabel(calendar.channel), unit }),
        body: t('channels.notify.failing_body', { reason: t(code) }),
        relationId: calendar.id,
      });
    }
  }

  async function applyFeed(found: CalendarWithNames, feed: ParsedFeed): Promise<SyncResult> {
    const { calendar } = found;
    const today = todayIn(found.timeZone, clock.now());
    const result = emptyResult();
    const skip = (reason: SyncSkipReason, n = 1) => {
      if (n <= 0) return;
      result.skipped += n;
      result.skipped_reasons[reason] = (result.skipped_reasons[reason] ?? 0) + n;
    };
    skip('cancelled', feed.skipped.cancelled);
    skip('invalid', feed.skipped.invalid);
    const items: FeedItem[] = [];
    for (const item of feed.items) {
      if (item.end <= item.start) skip('invalid');
      else if (item.end <= today) skip('ended');
      else items.push(item);
    }
    const stored = (await repo.liveEvents(calendar.id, today)).map((row) => ({
      ...row,
      start: row.startDate,
      end: row.endDate,
    }));
    const plan = matchEvents(calendar.channel, stored, items);
    const unit: ChannelUnit = {
      accountId: calendar.accountId,
      propertyId: calendar.propertyId,
      roomId: calendar.roomId,
      unitId: calendar.unitId,
    };
    const count = (outcome: Outcome) => {
      if (outcome === 'created' || outcome === 'created_conflict') result.created++;
      if (outcome === 'updated' || outcome === 'updated_conflict') result.updated++;
      if (outcome === 'cancelled') result.cancelled++;
      if (outcome === 'created_conflict' || outcome === 'updated_conflict') result.conflicts++;
      if (outcome === 'unchanged') result.unchanged++;
      if (outcome === 'failed') skip('failed');
    };
    // The first good fetch brings what the channel already had: imported quietly (no bell per stay).
    const ctx = { found, unit, today, firstImport: calendar.lastSuccessAt === null };
    // An event seen again as it was needs no transaction (most of every fetch): one statement marks them seen.
    const seen: string[] = [];
    for (const { stored: s, item } of plan.matched) {
      if (unchanged(calendar.channel, s, item, today)) seen.push(s.id);
      else count(await safely(() => applyEvent(ctx, s, item)));
    }
    result.unchanged += seen.length;
    if (seen.length > 0)
      await repo.db
        .update(channelEvents)
        .set({ missingCount: 0, lastSeenAt: clock.now() })
        .where(inArray(channelEvents.id, seen));
    for (const item of plan.created) count(await safely(() => applyEvent(ctx, null, item)));
    for (const { stored: s, cancel } of plan.missing) {
      if (!cancel) {
        await repo.db
          .update(channelEvents)
          .set({ missingCount: s.missingCount + 1 })
          .where(eq(channelEvents.id, s.id));
        continue;
      }
      count(
        await safely(() =>
          deps.channelBookings.transaction(async (ops) => {
            if (s.bookingId) await ops.cancelBooking(s.accountId, s.bookingId);
            if (s.closedDateId) await ops.removeClosure(s.accountId, s.closedDateId);
            await ops.db
              .update(channelEvents)
              .set({ state: 'cancelled', missingCount: s.missingCount + 1 })
              .where(eq(channelEvents.id, s.id));
            return 'cancelled' as const;
          }),
        ),
      );
    }
    return result;
  }

  /** One event's transaction; a night taken meanwhile (unique violation) is retried from the new state. */
  async function safely(work: () => Promise<Outcome>): Promise<Outcome> {
    // A turn for the event loop between events: on PGlite queries resolve as microtasks (sockets starve).
    await yieldToLoop();
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if ((isUniqueViolation(error) || isDeadlock(error)) && attempt < 4) continue;
        deps.logger?.error({ err: error }, 'channels: an imported event could not be applied');
        return 'failed';
      }
    }
  }

  type Ctx = { found: CalendarWithNames; unit: ChannelUnit; today: string; firstImport: boolean };

  function applyEvent(ctx: Ctx, stored: ChannelEventRow | null, item: FeedItem): Promise<Outcome> {
    return deps.channelBookings.transaction(async (ops) => {
      const { calendar } = ctx.found;
      const range = stored
        ? effectiveRange(calendar.channel, { start: stored.startDate, end: stored.endDate }, item, ctx.today)
        : { start: item.start, end: item.end };
      const nights = eachNight(range.start, range.end).slice(0, MAX_EVENT_NIGHTS);
      range.end = nextNight(nights.at(-1) ?? range.start);
      let bookingId = stored?.bookingId ?? null;
      let closedDateId = stored?.closedDateId ?? null;
      const holder = holderOf(item.kind);
      // The event changed kind (a Vrbo hold confirmed): its old booking or closure goes.
      if (holder === 'booking' && closedDateId) {
        await ops.removeClosure(calendar.accountId, closedDateId);
        closedDateId = null;
      }
      if (holder === 'closure' && bookingId) {
        await ops.cancelBooking(calendar.accountId, bookingId);
        bookingId = null;
      }
      const held = await ops.heldNights(ctx.unit, range.start, range.end);
      const own = new Set<string>();
      const others = new Set<string>();
      for (const [night, h] of held) {
        if ((bookingId && h.bookingId === bookingId) || (closedDateId && h.closedDateId === closedDateId))
          own.add(night);
        else others.add(night);
      }
      const previous = stored ? { start: stored.startDate, end: stored.endDate } : null;
      let state: 'active' | 'overbooking' = 'active';
      let outcome: Outcome = 'unchanged';

      if (holder === 'booking') {
        const found = bookingId ? await ops.findBooking(calendar.accountId, bookingId) : null;
        const booking = found && found.status !== 'cancelled' ? found : null;
        const newBooking = (
          start: string,
          end: string,
          status: 'booked' | 'overbooking',
          freeNights: readonly string[] = [],
        ) =>
          ops.createBooking(ctx.unit, {
            channel: calendar.channel,
            externalRef: item.reservationCode,
            name: item.guestName ?? bookingName(ctx.found),
            start,
            end,
            status,
            freeNights,
            quiet: ctx.firstImport,
          });
        if (takesAllNights(calendar.channel, item.kind)) {
          const wanted = others.size > 0 ? 'overbooking' : 'booked';
          state = wanted === 'overbooking' ? 'overbooking' : 'active';
          // An overbooking still holds its free nights: only the colliding ones are the conflict (issue 27).
          const free = nights.filter((night) => !others.has(night));
          if (!booking) {
            bookingId = (await newBooking(range.start, range.end, wanted, free)).id;
            outcome = wanted === 'overbooking' ? 'created_conflict' : 'created';
          } else if (
            booking.startDate !== range.start ||
            booking.endDate !== range.end ||
            booking.status !== wanted ||
            (wanted === 'overbooking' && !sameNights(free, own))
          ) {
            await ops.moveBooking(ctx.unit, booking, range.start, range.end, wanted, free);
            outcome =
              wanted === 'overbooking' && booking.status !== 'overbooking' ? 'updated_conflict' : 'updated';
          }
        } else {
          const claim = claimableNights(nights, previous, others, own);
          const run = pickRun(claim, booking ? { start: booking.startDate, end: booking.endDate } : null);
          if (!run) {
            if (booking) {
              await ops.cancelBooking(calendar.accountId, booking.id);
              outcome = 'cancelled';
            }
            bookingId = null;
          } else if (!booking) {
            bookingId = (await newBooking(run.start, run.end, 'booked')).id;
            outcome = 'created';
          } else if (booking.startDate !== run.start || booking.endDate !== run.end) {
            await ops.moveBooking(ctx.unit, booking, run.start, run.end, 'booked');
            outcome = 'updated';
          }
        }
      } else {
        const claim = claimableNights(nights, previous, others, own);
        if (claim.length === 0) {
          if (closedDateId) {
            await ops.removeClosure(calendar.accountId, closedDateId);
            outcome = 'updated';
          }
          closedDateId = null;
        } else if (!closedDateId || !sameNights(claim, own)) {
          const had = closedDateId;
          closedDateId = await ops.setClosure(
            ctx.unit,
            closedDateId,
            {
              start: claim[0] as string,
              end: nextNight(claim.at(-1) as string),
              reason: closureReason(calendar.channel),
            },
            claim,
          );
          outcome = had ? 'updated' : 'created';
        }
      }

      await writeEvent(ops, ctx.found, stored, item, range, { bookingId, closedDateId, state });
      return outcome;
    });
  }

  async function writeEvent(
    ops: ChannelBookingOps,
    found: CalendarWithNames,
    stored: ChannelEventRow | null,
    item: FeedItem,
    range: { start: string; end: string },
    holder: { bookingId: string | null; closedDateId: string | null; state: 'active' | 'overbooking' },
  ) {
    const values = {
      uid: item.uid,
      kind: item.kind,
      startDate: range.start,
      endDate: range.end,
      reservationCode: item.reservationCode,
      guestName: item.guestName,
      ...holder,
      missingCount: 0,
      lastSeenAt: clock.now(),
    };
    if (stored) await ops.db.update(channelEvents).set(values).where(eq(channelEvents.id, stored.id));
    else
      await ops.db.insert(channelEvents).values({
        ...values,
        accountId: found.calendar.accountId,
        calendarId: found.calendar.id,
        firstSeenAt: clock.now(),
      });
  }

  return {
    syncCalendar,

    /**
     * Syncs the given connections (any account), at most `concurrency` at a time (ICAL_SYNC_CONCURRENCY by
     * default): the job's and the bench's entry. Answers how many fetched well.
     */
    async syncMany(ids: readonly string[], concurrency = deps.concurrency): Promise<number> {
      let next = 0;
      let good = 0;
      const worker = async () => {
        while (next < ids.length) {
          const id = ids[next++] as string;
          await yieldToLoop();
          try {
            if ((await syncCalendar(id))?.ok) good++;
          } catch (err) {
            deps.logger?.error({ err, calendar: id }, 'channels: a sync failed');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, ids.length)) }, worker));
      return good;
    },

    /** Claims the connections whose next run has come (up to `limit`) and syncs them. */
    async syncDue(limit = 500): Promise<number> {
      const now = clock.now();
      // A claimed connection is not claimed again for a while, even if this process dies mid-sync.
      const ids = await repo.claimDue(now, new Date(now.getTime() + deps.intervalMinutes * 60_000), limit);
      if (ids.length === 0) return 0;
      return this.syncMany(ids);
    },
  };
}

export type ChannelSync = ReturnType<typeof createChannelSync>;

/**
 * A matched event the fetch shows exactly as stored: same UID, kind, dates (after Booking.com's clipping),
 * code and name, holding what it held. An overbooking is always retried (its nights may be free now).
 */
function unchanged(
  channel: CalendarWithNames['calendar']['channel'],
  stored: ChannelEventRow,
  item: FeedItem,
  today: string,
): boolean {
  if (stored.state !== 'active') return false;
  const range = effectiveRange(channel, { start: stored.startDate, end: stored.endDate }, item, today);
  return (
    stored.uid === item.uid &&
    stored.kind === item.kind &&
    range.start === stored.startDate &&
    range.end === stored.endDate &&
    stored.reservationCode === item.reservationCode &&
    stored.guestName === item.guestName
  );
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function nextNight(night: string): string {
  const d = new Date(`${night}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function sameNights(a: readonly string[], b: ReadonlySet<string>): boolean {
  return a.length === b.size && a.every((n) => b.has(n));
}

/** An imported booking's name when the channel gives no guest name: the channel's (the feed's host for others). */
function bookingName(found: CalendarWithNames): string {
  return found.calendar.channel === 'other' ? found.calendar.urlHost : channelLabel(found.calendar.channel);
}

function closureReason(channel: CalendarWithNames['calendar']['channel']): string {
  return `${channelLabel(channel)} (iCal)`;
}
