import { describe, expect, it } from 'vitest';
import {
  instantOfWallTime,
  isKnownZone,
  latestTodayIn,
  todayIn,
  wallTime,
  zonedTime,
  zoneOffsetMs,
} from './zoned-time.ts';

describe('zoned time', () => {
  const lateUtc = new Date('2026-11-21T23:30:00Z');

  it("gives each zone's own today", () => {
    expect(todayIn('Europe/Madrid', lateUtc)).toBe('2026-11-22');
    expect(todayIn('America/Bogota', lateUtc)).toBe('2026-11-21');
    expect(todayIn('UTC', lateUtc)).toBe('2026-11-21');
  });

  it('takes the latest today among several zones, the fallback when there are none', () => {
    expect(latestTodayIn(['America/Bogota', 'Europe/Madrid'], 'UTC', lateUtc)).toBe('2026-11-22');
    expect(latestTodayIn([], 'America/Bogota', lateUtc)).toBe('2026-11-21');
  });

  it('reads the wall clock and the offset, summer and winter', () => {
    expect(wallTime(Date.parse('2026-07-01T10:00:00Z'), 'Europe/Madrid')).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 12,
      minute: 0,
      second: 0,
    });
    expect(zoneOffsetMs(Date.parse('2026-07-01T10:00:00Z'), 'Europe/Madrid')).toBe(7_200_000);
    expect(zoneOffsetMs(Date.parse('2026-01-01T10:00:00Z'), 'Europe/Madrid')).toBe(3_600_000);
    expect(zoneOffsetMs(Date.parse('2026-01-01T10:00:00Z'), 'America/Bogota')).toBe(-18_000_000);
  });

  it('finds the instant of a wall time, across a DST change', () => {
    // 22:00 in Madrid the night before the October change (CEST, +2) and the night after (CET, +1).
    expect(zonedTime('2026-10-24', 22, 'Europe/Madrid').toISOString()).toBe('2026-10-24T20:00:00.000Z');
    expect(zonedTime('2026-10-25', 22, 'Europe/Madrid').toISOString()).toBe('2026-10-25T21:00:00.000Z');
    expect(zonedTime('2026-03-29', 6, 'Europe/Madrid', 30).toISOString()).toBe('2026-03-29T04:30:00.000Z');
    expect(
      new Date(instantOfWallTime(Date.UTC(2026, 3, 17, 18, 37, 17), 'Europe/Madrid')).toISOString(),
    ).toBe('2026-04-17T16:37:17.000Z');
  });

  it('knows the IANA names and refuses the others', () => {
    expect(isKnownZone('Europe/Madrid')).toBe(true);
    expect(isKnownZone('W. Europe Standard Time')).toBe(false);
    expect(() => todayIn('Mars/Olympus')).toThrow(RangeError);
  });
});
