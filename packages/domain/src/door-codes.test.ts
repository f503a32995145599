import { describe, expect, it } from 'vitest';
import { codeWindow, deliveryNotBefore, maskCode, parseClock, retryDelayMs } from './door-codes.ts';

const madrid = 'Europe/Madrid';

describe('door-code window', () => {
  it('opens at the local check-in time and closes at the local check-out time (summer, UTC+2)', () => {
    const w = codeWindow({
      startDate: '2026-07-01',
      endDate: '2026-07-05',
      checkinTime: '15:00',
      checkoutTime: '11:00',
      timeZone: madrid,
    });
    expect(w.from.toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(w.until.toISOString()).toBe('2026-07-05T09:00:00.000Z');
  });

  it('follows the DST change inside the stay (arrives UTC+2, leaves UTC+1)', () => {
    const w = codeWindow({
      startDate: '2026-10-24',
      endDate: '2026-10-26',
      checkinTime: '16:30',
      checkoutTime: '10:00',
      timeZone: madrid,
    });
    expect(w.from.toISOString()).toBe('2026-10-24T14:30:00.000Z');
    expect(w.until.toISOString()).toBe('2026-10-26T09:00:00.000Z');
  });

  it('uses the zone of the property, not the server (Mexico City, UTC-6)', () => {
    const w = codeWindow({
      startDate: '2026-03-29',
      endDate: '2026-03-30',
      checkinTime: '14:00',
      checkoutTime: '12:00',
      timeZone: 'America/Mexico_City',
    });
    expect(w.from.toISOString()).toBe('2026-03-29T20:00:00.000Z');
    expect(w.until.toISOString()).toBe('2026-03-30T18:00:00.000Z');
  });

  it('falls back to 15:00 and 11:00 when a time is malformed', () => {
    expect(parseClock('25:00', '15:00')).toEqual([15, 0]);
    expect(parseClock('09:45', '15:00')).toEqual([9, 45]);
  });
});

describe('delivery time', () => {
  it('is none for checkin_completed (the completion creates it)', () => {
    expect(deliveryNotBefore('checkin_completed', '2026-07-10', madrid)).toBeNull();
  });

  it('is local midnight of the arrival day, one or two days before', () => {
    expect(deliveryNotBefore('arrival_day', '2026-07-10', madrid)?.toISOString()).toBe(
      '2026-07-09T22:00:00.000Z',
    );
    expect(deliveryNotBefore('1_day_before', '2026-07-10', madrid)?.toISOString()).toBe(
      '2026-07-08T22:00:00.000Z',
    );
    expect(deliveryNotBefore('2_days_before', '2026-03-30', madrid)?.toISOString()).toBe(
      '2026-03-27T23:00:00.000Z',
    );
  });
});

describe('retries and masking', () => {
  it('backs off 1, 2, 4 … minutes up to an hour', () => {
    expect([1, 2, 3, 10].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 3_600_000]);
  });

  it('shows only the last two digits', () => {
    expect(maskCode('583746')).toBe('••••46');
    expect(maskCode('7351#')).toBe('•••1#');
  });
});
