import { describe, expect, it } from 'vitest';
import { monthsBetween, upsellOfferDate } from './experiences.ts';

describe('upsellOfferDate', () => {
  it('is N days before arrival', () => {
    expect(upsellOfferDate('before_arrival', 2, '2026-12-01', '2026-12-04')).toBe('2026-11-29');
  });
  it('is day N of the stay, only while the guest still sleeps there', () => {
    expect(upsellOfferDate('during_stay', 1, '2026-12-01', '2026-12-04')).toBe('2026-12-01');
    expect(upsellOfferDate('during_stay', 3, '2026-12-01', '2026-12-04')).toBe('2026-12-03');
    expect(upsellOfferDate('during_stay', 4, '2026-12-01', '2026-12-04')).toBeNull();
  });
  it('has no date for the check-in moments or without days', () => {
    expect(upsellOfferDate('checkin_link', 2, '2026-12-01', '2026-12-04')).toBeNull();
    expect(upsellOfferDate('before_arrival', null, '2026-12-01', '2026-12-04')).toBeNull();
  });
});

describe('monthsBetween', () => {
  it('lists every month of the period across a year', () => {
    expect(monthsBetween('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
  it('is one month inside a month and none when reversed', () => {
    expect(monthsBetween('2026-03-01', '2026-03-31')).toEqual(['2026-03']);
    expect(monthsBetween('2026-04-01', '2026-03-31')).toEqual([]);
  });
});
