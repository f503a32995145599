import { describe, expect, it } from 'vitest';
import {
  ceilToLocalDay,
  ceilToLocalHour,
  floorToLocalDay,
  floorToLocalHour,
  localHourString,
} from './local-time.ts';

const at = (iso: string) => new Date(iso);

describe('igloohome local hours', () => {
  it('floors and rounds up to the local hour in a half-hour zone and writes its offset', () => {
    // 10:45 in Kolkata (+05:30) is 05:15Z: the local hour starts at 04:30Z, not at 05:00Z.
    expect(floorToLocalHour(at('2026-07-01T05:15:00Z'), 'Asia/Kolkata')).toEqual(at('2026-07-01T04:30:00Z'));
    expect(ceilToLocalHour(at('2026-07-01T05:15:00Z'), 'Asia/Kolkata')).toEqual(at('2026-07-01T05:30:00Z'));
    expect(localHourString(at('2026-07-01T04:30:00Z'), 'Asia/Kolkata')).toBe('2026-07-01T10:00:00+05:30');
  });

  it('writes negative offsets and keeps an instant already on the hour', () => {
    const onHour = at('2026-01-15T20:00:00Z');
    expect(ceilToLocalHour(onHour, 'America/New_York')).toEqual(onHour);
    expect(localHourString(onHour, 'America/New_York')).toBe('2026-01-15T15:00:00-05:00');
  });

  it('finds local midnight on the days Madrid changes its clocks', () => {
    // 29 March 2026 has 23 hours in Madrid, 25 October 25.
    expect(floorToLocalDay(at('2026-03-29T12:00:00Z'), 'Europe/Madrid')).toEqual(at('2026-03-28T23:00:00Z'));
    expect(ceilToLocalDay(at('2026-03-29T12:00:00Z'), 'Europe/Madrid')).toEqual(at('2026-03-29T22:00:00Z'));
    expect(ceilToLocalDay(at('2026-10-25T12:00:00Z'), 'Europe/Madrid')).toEqual(at('2026-10-25T23:00:00Z'));
    expect(localHourString(at('2026-10-25T23:00:00Z'), 'Europe/Madrid')).toBe('2026-10-26T00:00:00+01:00');
  });
});
