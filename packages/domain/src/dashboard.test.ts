import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './booking-rules.ts';
import {
  chartMonths,
  monthStart,
  occupancyPercent,
  overlapNights,
  proratedAmount,
  windowNights,
} from './dashboard.ts';

describe('chart months', () => {
  it('ends with the current month and goes back across the year boundary', () => {
    const months = chartMonths('2026-02-17', 6);
    expect(months.map((m) => m.month)).toEqual([
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(months[0]).toEqual({ month: '2025-09', from: '2025-09-01', to: '2025-10-01' });
    expect(months[5]).toEqual({ month: '2026-02', from: '2026-02-01', to: '2026-03-01' });
  });

  it('covers 6, 12 and 24 months back to back', () => {
    for (const n of [6, 12, 24]) {
      const months = chartMonths('2026-11-20', n);
      expect(months).toHaveLength(n);
      for (let i = 1; i < n; i++) expect(months[i]?.from).toBe(months[i - 1]?.to);
      expect(months.at(-1)?.to).toBe('2026-12-01');
    }
  });

  it('handles the month arithmetic at the ends of months', () => {
    expect(monthStart('2026-01-31', 1)).toBe('2026-02-01');
    expect(monthStart('2026-03-31', -1)).toBe('2026-02-01');
    expect(monthStart('2026-12-15', 1)).toBe('2027-01-01');
    expect(monthStart('2026-01-15', -13)).toBe('2024-12-01');
  });
});

describe('pro-rating', () => {
  const window = { from: '2026-11-01', to: '2026-12-01' };

  it('counts only the nights inside the window', () => {
    // Arrives 29 Oct, leaves 3 Nov: 5 nights, 2 of them in November.
    expect(overlapNights('2026-10-29', '2026-11-03', window)).toBe(2);
    expect(proratedAmount(50_000, '2026-10-29', '2026-11-03', window)).toBe(20_000);
    // Leaves on the first day: no November night.
    expect(overlapNights('2026-10-29', '2026-11-01', window)).toBe(0);
    // Arrives on the last day: one night.
    expect(overlapNights('2026-11-30', '2026-12-04', window)).toBe(1);
    expect(proratedAmount(40_000, '2026-11-30', '2026-12-04', window)).toBe(10_000);
  });

  it('keeps fractions so that totals are rounded once', () => {
    expect(proratedAmount(10_000, '2026-10-31', '2026-11-03', window)).toBeCloseTo(6666.667, 3);
  });

  it('splits a stay across consecutive windows without losing or adding money', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (offset, nights, amount) => {
          const start = addDays('2025-06-01', offset);
          const end = addDays(start, nights);
          const months = chartMonths('2028-01-01', 48);
          const sum = months.reduce((acc, m) => acc + proratedAmount(amount, start, end, m), 0);
          expect(sum).toBeCloseTo(amount, 6);
        },
      ),
    );
  });
});

describe('occupancy', () => {
  it('is booked over sellable nights with one decimal, capped at 100', () => {
    expect(occupancyPercent(0, 0)).toBe(0);
    expect(occupancyPercent(20, 30)).toBe(66.7);
    expect(occupancyPercent(30, 30)).toBe(100);
    expect(occupancyPercent(31, 30)).toBe(100);
    expect(windowNights({ from: '2026-02-01', to: '2026-03-01' })).toBe(28);
  });
});
