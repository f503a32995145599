import { describe, expect, it } from 'vitest';
import {
  claimableNights,
  contiguousRuns,
  effectiveRange,
  type FeedItem,
  matchEvents,
  pickRun,
  type StoredEvent,
  takesAllNights,
} from './channel-matching.ts';

const item = (uid: string, start: string, end: string, kind: FeedItem['kind'] = 'reservation'): FeedItem => ({
  uid,
  start,
  end,
  kind,
  reservationCode: null,
  guestName: null,
});
const stored = (
  id: string,
  uid: string,
  start: string,
  end: string,
  kind: StoredEvent['kind'] = 'reservation',
  missingCount = 0,
): StoredEvent => ({ id, uid, start, end, kind, missingCount });

describe('matching imported events (docs/channels.md "Match")', () => {
  it('keeps an Airbnb reservation by its UID when its dates change (a stay extension)', () => {
    const plan = matchEvents(
      'airbnb',
      [stored('a', 'r1@airbnb.com', '2025-12-10', '2025-12-13')],
      [item('r1@airbnb.com', '2025-12-10', '2025-12-15')],
    );
    expect(plan.matched.map((m) => [m.stored.id, m.item.end])).toEqual([['a', '2025-12-15']]);
    expect(plan.created).toEqual([]);
    expect(plan.missing).toEqual([]);
  });

  it('never matches an Airbnb reservation by overlap: a new UID on the same dates is another reservation', () => {
    const plan = matchEvents(
      'airbnb',
      [stored('a', 'r1@airbnb.com', '2025-12-10', '2025-12-13')],
      [item('r2@airbnb.com', '2025-12-10', '2025-12-13')],
    );
    expect(plan.matched).toEqual([]);
    expect(plan.created.map((i) => i.uid)).toEqual(['r2@airbnb.com']);
    expect(plan.missing.map((m) => [m.stored.id, m.cancel])).toEqual([['a', false]]);
  });

  it('follows Airbnb blocks whose UID churns by overlap, never onto a reservation', () => {
    const plan = matchEvents(
      'airbnb',
      [
        stored('block', 'b1@airbnb.com', '2026-12-01', '2027-06-01', 'block'),
        stored('res', 'r1@airbnb.com', '2026-12-20', '2026-12-23'),
      ],
      [
        item('b2@airbnb.com', '2026-12-02', '2027-06-02', 'block'),
        item('r1@airbnb.com', '2026-12-20', '2026-12-23'),
      ],
    );
    expect(plan.matched.map((m) => [m.stored.id, m.item.uid]).sort()).toEqual([
      ['block', 'b2@airbnb.com'],
      ['res', 'r1@airbnb.com'],
    ]);
  });

  it('matches Booking.com ranges by overlap (rotating UIDs), the largest overlap first', () => {
    const plan = matchEvents(
      'booking',
      [stored('x', 'u1', '2025-11-30', '2025-12-04'), stored('y', 'u2', '2025-12-04', '2025-12-08')],
      [item('u3', '2025-12-01', '2025-12-05'), item('u4', '2025-12-05', '2025-12-08')],
    );
    expect(plan.matched.map((m) => [m.stored.id, m.item.uid]).sort()).toEqual([
      ['x', 'u3'],
      ['y', 'u4'],
    ]);
  });

  it('prefers the same UID on a tie of overlaps', () => {
    const plan = matchEvents(
      'vrbo',
      [stored('x', 'keep', '2025-12-05', '2025-12-09'), stored('y', 'other', '2025-12-05', '2025-12-09')],
      [item('keep', '2025-12-05', '2025-12-09')],
    );
    expect(plan.matched.map((m) => m.stored.id)).toEqual(['x']);
  });

  it('cancels only at the second good fetch in a row without the event', () => {
    const once = matchEvents('vrbo', [stored('x', 'u', '2025-12-05', '2025-12-09', 'reservation', 0)], []);
    expect(once.missing.map((m) => m.cancel)).toEqual([false]);
    const twice = matchEvents('vrbo', [stored('x', 'u', '2025-12-05', '2025-12-09', 'reservation', 1)], []);
    expect(twice.missing.map((m) => m.cancel)).toEqual([true]);
  });
});

describe('dates and nights an event takes (docs/channels.md "Apply")', () => {
  it('keeps the arrival of a Booking.com range clipped to today; a later future start is a change', () => {
    const before = { start: '2025-11-30', end: '2025-12-04' };
    expect(
      effectiveRange('booking', before, { start: '2025-12-01', end: '2025-12-04' }, '2025-12-01'),
    ).toEqual(before);
    expect(
      effectiveRange('booking', before, { start: '2025-12-02', end: '2025-12-06' }, '2025-12-01'),
    ).toEqual({
      start: '2025-12-02',
      end: '2025-12-06',
    });
    expect(effectiveRange('vrbo', before, { start: '2025-12-01', end: '2025-12-04' }, '2025-12-01')).toEqual({
      start: '2025-12-01',
      end: '2025-12-04',
    });
  });

  it('only named Airbnb and Vrbo reservations take all their nights (or become overbookings)', () => {
    expect(takesAllNights('airbnb', 'reservation')).toBe(true);
    expect(takesAllNights('vrbo', 'reservation')).toBe(true);
    expect(takesAllNights('booking', 'reservation')).toBe(false);
    expect(takesAllNights('other', 'reservation')).toBe(false);
    expect(takesAllNights('airbnb', 'block')).toBe(false);
    expect(takesAllNights('vrbo', 'tentative')).toBe(false);
  });

  it('an echo stays an echo: nights it saw held by another booking are not claimed once freed', () => {
    const range = ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09'];
    const previous = { start: '2026-01-05', end: '2026-01-08' };
    // Booking.com merged a new sale (08, 09) onto our own booking's echo (05–07), which was cancelled since.
    expect(claimableNights(range, previous, new Set(), new Set())).toEqual(['2026-01-08', '2026-01-09']);
    // First sight: everything not held by others.
    expect(claimableNights(range, null, new Set(['2026-01-06']), new Set())).toEqual([
      '2026-01-05',
      '2026-01-07',
      '2026-01-08',
      '2026-01-09',
    ]);
    // Nights it holds itself stay claimable.
    expect(claimableNights(range, previous, new Set(), new Set(['2026-01-05']))).toEqual([
      '2026-01-05',
      '2026-01-08',
      '2026-01-09',
    ]);
  });

  it('a booking taking free nights holds one run: where it is now, else the longest', () => {
    const free = ['2026-01-01', '2026-01-02', '2026-01-05', '2026-01-06', '2026-01-07'];
    expect(contiguousRuns(free).map((r) => [r.start, r.end])).toEqual([
      ['2026-01-01', '2026-01-03'],
      ['2026-01-05', '2026-01-08'],
    ]);
    expect(pickRun(free, null)).toEqual({ start: '2026-01-05', end: '2026-01-08' });
    expect(pickRun(free, { start: '2026-01-01', end: '2026-01-03' })).toEqual({
      start: '2026-01-01',
      end: '2026-01-03',
    });
    expect(pickRun([], null)).toBeNull();
  });
});
