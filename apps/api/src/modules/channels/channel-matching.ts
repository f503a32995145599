import type { CalendarChannel, ChannelEventKind } from '../../db/schema/channels.ts';

/**
 * The pure rules of docs/channels.md "Match" and "Apply": which stored event each item of a good fetch is,
 * what is missing, and which nights an event may take. No database here (channel-matching.test.ts).
 */

/** An item of the feed as the adapter read it (adapters/ical ChannelItem). */
export interface FeedItem {
  uid: string;
  start: string;
  end: string;
  kind: ChannelEventKind;
  reservationCode: string | null;
  guestName: string | null;
}

/** What the last fetches stored of one event. */
export interface StoredEvent {
  id: string;
  uid: string;
  kind: ChannelEventKind;
  start: string;
  end: string;
  missingCount: number;
}

export interface MatchPlan<S extends StoredEvent> {
  /** A stored event seen again (maybe with a new UID or dates). */
  matched: { stored: S; item: FeedItem }[];
  /** New events. */
  created: FeedItem[];
  /** Stored events not in this fetch: one more miss; `cancel` when this is the second good fetch in a row. */
  missing: { stored: S; cancel: boolean }[];
}

/** Consecutive good fetches without an event that cancel it. */
export const MISSES_TO_CANCEL = 2;

const DAY = 86_400_000;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;

/** Nights two ranges share. */
export function overlapNights(a: { start: string; end: string }, b: { start: string; end: string }): number {
  return Math.max(0, Math.min(day(a.end), day(b.end)) - Math.max(day(a.start), day(b.start)));
}

/** Airbnb reservations keep their UID across date changes: matched by UID only. */
const byUidOnly = (channel: CalendarChannel, kind: ChannelEventKind) =>
  channel === 'airbnb' && kind === 'reservation';

/**
 * Matches a good fetch against the stored events of one connection (both already limited to stays not
 * over by today): Airbnb reservations by UID; everything else by overlapping dates, ties to the same UID,
 * then the largest overlap. An Airbnb block never matches an Airbnb reservation.
 */
export function matchEvents<S extends StoredEvent>(
  channel: CalendarChannel,
  stored: readonly S[],
  items: readonly FeedItem[],
): MatchPlan<S> {
  const matched: MatchPlan<S>['matched'] = [];
  const freeStored = new Set(stored);
  const freeItems = new Set(items);

  // The same UID first (every channel: a kept UID is the strongest sign).
  for (const item of items) {
    const same = [...freeStored].find(
      (s) => s.uid === item.uid && byUidOnly(channel, s.kind) === byUidOnly(channel, item.kind),
    );
    if (!same) continue;
    matched.push({ stored: same, item });
    freeStored.delete(same);
    freeItems.delete(item);
  }

  // Then by overlap, largest first, one to one.
  const pairs: { stored: S; item: FeedItem; nights: number }[] = [];
  for (const s of freeStored) {
    if (byUidOnly(channel, s.kind)) continue;
    for (const item of freeItems) {
      if (byUidOnly(channel, item.kind)) continue;
      if (channel === 'airbnb' && (s.kind === 'reservation') !== (item.kind === 'reservation')) continue;
      const nights = overlapNights(s, item);
      if (nights > 0) pairs.push({ stored: s, item, nights });
    }
  }
  pairs.sort((a, b) => b.nights - a.nights || a.item.start.localeCompare(b.item.start));
  for (const pair of pairs) {
    if (!freeStored.has(pair.stored) || !freeItems.has(pair.item)) continue;
    matched.push({ stored: pair.stored, item: pair.item });
    freeStored.delete(pair.stored);
    freeItems.delete(pair.item);
  }

  return {
    matched,
    created: items.filter((i) => freeItems.has(i)),
    missing: [...freeStored].map((s) => ({ stored: s, cancel: s.missingCount + 1 >= MISSES_TO_CANCEL })),
  };
}

/**
 * The dates a matched event takes. Booking.com clips the past part of a running stay each night (the
 * start becomes today): a later start that is not in the future keeps the stored arrival.
 */
export function effectiveRange(
  channel: CalendarChannel,
  stored: { start: string; end: string },
  item: { start: string; end: string },
  today: string,
): { start: string; end: string } {
  if (channel === 'booking' && item.start > stored.start && item.start <= today) {
    return { start: stored.start, end: item.end };
  }
  return { start: item.start, end: item.end };
}

/**
 * How an event takes its nights (docs/channels.md "Apply"): an Airbnb or Vrbo reservation (the channel
 * names it one) takes all of them or becomes an overbooking; blocks, tentatives, Booking.com ranges and
 * other channels' events take only the free nights (the rest is the channel showing our own export).
 */
export function takesAllNights(channel: CalendarChannel, kind: ChannelEventKind): boolean {
  return kind === 'reservation' && (channel === 'airbnb' || channel === 'vrbo');
}

/** Reservations become bookings; blocks and Vrbo tentatives become closed dates. */
export function holderOf(kind: ChannelEventKind): 'booking' | 'closure' {
  return kind === 'reservation' ? 'booking' : 'closure';
}

/** The runs of consecutive nights in a sorted list of nights. */
export function contiguousRuns(
  nights: readonly string[],
): { start: string; end: string; nights: string[] }[] {
  const runs: { start: string; end: string; nights: string[] }[] = [];
  for (const night of nights) {
    const last = runs.at(-1);
    if (last && day(night) - day(last.nights.at(-1) as string) === 1) {
      last.nights.push(night);
      last.end = nextDay(night);
    } else runs.push({ start: night, end: nextDay(night), nights: [night] });
  }
  return runs;
}

function nextDay(night: string): string {
  return new Date((day(night) + 1) * DAY).toISOString().slice(0, 10);
}

/**
 * The free run a booking that takes only free nights holds: the one sharing most nights with where it is
 * now, else the longest (the earliest on a tie). Null when no night is free.
 */
export function pickRun(
  free: readonly string[],
  current: { start: string; end: string } | null,
): { start: string; end: string } | null {
  const runs = contiguousRuns(free);
  if (runs.length === 0) return null;
  const score = (r: { start: string; end: string; nights: string[] }) =>
    (current ? overlapNights(r, current) * 10_000 : 0) + r.nights.length;
  let best = runs[0] as (typeof runs)[number];
  for (const run of runs) if (score(run) > score(best)) best = run;
  return { start: best.start, end: best.end };
}

/**
 * The nights an event that takes only free nights may claim: in its new range, those it holds already and
 * those outside the range it had before (a night it saw held by another booking stays that booking's echo,
 * even once freed, so a cancelled booking of ours never comes back as an import), not held by anyone else.
 */
export function claimableNights(
  range: readonly string[],
  previous: { start: string; end: string } | null,
  heldByOthers: ReadonlySet<string>,
  heldByItself: ReadonlySet<string>,
): string[] {
  return range.filter((night) => {
    if (heldByOthers.has(night)) return false;
    if (heldByItself.has(night) || !previous) return true;
    return night < previous.start || night >= previous.end;
  });
}
