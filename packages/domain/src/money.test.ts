import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToMinorUnits, formatMoney, roundHalfAwayFromZero } from './money.ts';

/** An amount in cents written as the operator types it: 1234 → 12.34, −5 → −0.05. */
const typed = (cents: number) =>
  Number(
    `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`,
  );

describe('amounts to minor units (ARCHITECTURE §6: integer minor units, rounded to the nearest)', () => {
  it('rounds to the nearest cent where floating point sits just below the half', () => {
    expect(1.005 * 100).toBeLessThan(100.5);
    expect(amountToMinorUnits(1.005, 2)).toBe(101);
    expect(amountToMinorUnits(8.575, 2)).toBe(858);
    expect(amountToMinorUnits(0.285, 2)).toBe(29);
    expect(amountToMinorUnits(1.0049, 2)).toBe(100);
    expect(amountToMinorUnits(0.1 + 0.2, 2)).toBe(30);
  });

  it('rounds halves away from zero, negatives as the mirror of positives', () => {
    expect(amountToMinorUnits(0.005, 2)).toBe(1);
    expect(amountToMinorUnits(-0.005, 2)).toBe(-1);
    expect(amountToMinorUnits(-1.005, 2)).toBe(-101);
    expect(Object.is(amountToMinorUnits(-0.004, 2), 0)).toBe(true);
    expect(roundHalfAwayFromZero(2.5, 0)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5, 0)).toBe(-3);
  });

  it('rounds to the shown precision first (Colombian pesos priced without decimals, spec 9)', () => {
    expect(amountToMinorUnits(250000.4, 2, 0)).toBe(25_000_000);
    expect(amountToMinorUnits(250000.5, 2, 0)).toBe(25_000_100);
    expect(amountToMinorUnits(1e-7, 2)).toBe(0);
    expect(amountToMinorUnits(1e21, 2)).toBe(1e23);
  });

  it('keeps every amount with at most two decimals exactly (round trip of minor units)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(amountToMinorUnits(typed(cents), 2)).toBe(cents);
        expect(amountToMinorUnits(cents / 100, 2)).toBe(cents);
      }),
    );
  });

  it('sends a typed third decimal of 5 away from zero and anything below it towards zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 9 }),
        fc.boolean(),
        (cents, third, negative) => {
          const text = `${negative ? '-' : ''}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}${third}`;
          const expected = third >= 5 ? cents + 1 : cents;
          expect(amountToMinorUnits(Number(text), 2)).toBe(negative && expected !== 0 ? -expected : expected);
        },
      ),
    );
  });

  it('is never more than half a cent from the amount, mirrors negatives and keeps the order', () => {
    const amount = fc.double({ min: -1e9, max: 1e9, noNaN: true });
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const minor = amountToMinorUnits(a, 2);
        expect(Number.isInteger(minor)).toBe(true);
        expect(Math.abs(minor - a * 100)).toBeLessThanOrEqual(0.5 + Math.abs(a) * 1e-13);
        expect(amountToMinorUnits(-a, 2)).toBe(minor === 0 ? 0 : -minor);
        if (a <= b) expect(minor).toBeLessThanOrEqual(amountToMinorUnits(b, 2));
      }),
    );
  });
});

describe('formatMoney', () => {
  it('writes minor units as a reader of each language does, pesos without decimals', () => {
    expect(formatMoney(125050, 'EUR', 'es')).toBe('1250,50\u00a0€');
    expect(formatMoney(125050, 'EUR', 'en')).toBe('€1,250.50');
    expect(formatMoney(125000000, 'COP', 'es')).toMatch(/^1\.250\.000\s?COP$/);
  });
});
