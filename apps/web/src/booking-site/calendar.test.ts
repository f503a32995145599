import { describe, expect, it } from 'vitest';
import { dayRole, keepIfStillFree, monthGrid, type Night, pick } from './calendar.ts';

const nights = (spec: Record<string, [boolean, number]>): Map<string, Night> =>
  new Map(
    Object.entries(spec).map(([date, [available, min_stay]]) => [
      date,
      { date, available, price: 10000, min_stay },
    ]),
  );

describe('booking calendar', () => {
  const map = nights({
    '2026-12-01': [true, 2],
    '2026-12-02': [true, 1],
    '2026-12-03': [true, 1],
    '2026-12-04': [false, 1],
    '2026-12-05': [true, 1],
  });
  const today = '2026-11-30';

  it('lays a month out in Monday-first weeks', () => {
    const grid = monthGrid('2026-12');
    expect(grid.length % 7).toBe(0);
    // 1 December 2026 is a Tuesday.
    expect(grid.slice(0, 2)).toEqual([null, '2026-12-01']);
  });

  it('picks an arrival, refuses a departure under the minimum stay, accepts one after it', () => {
    let selection = pick(map, { start: null, end: null }, '2026-12-01');
    expect(selection).toEqual({ start: '2026-12-01', end: null });
    expect(dayRole(map, selection, '2026-12-02', today)).toEqual({ role: 'too_short', enabled: false });
    expect(dayRole(map, selection, '2026-12-03', today)).toEqual({ role: 'departure', enabled: true });
    // The departure may be a taken night (the guest leaves that morning), never past one.
    expect(dayRole(map, selection, '2026-12-04', today)).toEqual({ role: 'departure', enabled: true });
    expect(dayRole(map, selection, '2026-12-05', today).role).toBe('free');
    selection = pick(map, selection, '2026-12-03');
    expect(selection).toEqual({ start: '2026-12-01', end: '2026-12-03' });
  });

  it('never starts on a taken or past night, and clicking the arrival again clears', () => {
    expect(dayRole(map, { start: null, end: null }, '2026-12-04', today).enabled).toBe(false);
    expect(dayRole(map, { start: null, end: null }, '2026-11-29', today).role).toBe('past');
    expect(pick(map, { start: '2026-12-02', end: null }, '2026-12-02')).toEqual({ start: null, end: null });
  });

  it('clears a stay whose nights were taken meanwhile', () => {
    const taken = nights({ '2026-12-01': [true, 1], '2026-12-02': [false, 1] });
    expect(keepIfStillFree(taken, { start: '2026-12-01', end: '2026-12-03' })).toEqual({
      start: null,
      end: null,
    });
    expect(keepIfStillFree(taken, { start: '2026-12-01', end: '2026-12-02' })).toEqual({
      start: '2026-12-01',
      end: '2026-12-02',
    });
  });
});

describe('nights without a price', () => {
  it('are not sold', () => {
    const map = new Map([['2026-12-01', { date: '2026-12-01', available: true, price: null, min_stay: 1 }]]);
    expect(dayRole(map, { start: null, end: null }, '2026-12-01', '2026-11-30').enabled).toBe(false);
  });
});
