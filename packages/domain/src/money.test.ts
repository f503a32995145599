import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountToMinorUnits,
  formatMoney,
  type MoneyFormatOptions,
  moneyInputFormat,
  roundHalfAwayFromZero,
} from './money.ts';

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

/**
 * The outputs of the formatters each caller had before this module was the only one (issue 28), pinned for
 * 0, 0.99, 85.50, 1,250.50 and 1,250,000 in each language and currency: the options below keep every one.
 */
const pinnedAmounts = [0, 99, 8550, 125050, 125000000];
const PINNED = {
  api: {
    'es EUR': ['0,00\u00a0€', '0,99\u00a0€', '85,50\u00a0€', '1250,50\u00a0€', '1.250.000,00\u00a0€'],
    'es COP': ['0\u00a0COP', '1\u00a0COP', '86\u00a0COP', '1251\u00a0COP', '1.250.000\u00a0COP'],
    'es USD': [
      '0,00\u00a0US$',
      '0,99\u00a0US$',
      '85,50\u00a0US$',
      '1250,50\u00a0US$',
      '1.250.000,00\u00a0US$',
    ],
    'en EUR': ['€0.00', '€0.99', '€85.50', '€1,250.50', '€1,250,000.00'],
    'en COP': ['COP\u00a00', 'COP\u00a01', 'COP\u00a086', 'COP\u00a01,251', 'COP\u00a01,250,000'],
    'en USD': ['US$0.00', 'US$0.99', 'US$85.50', 'US$1,250.50', 'US$1,250,000.00'],
    'ar EUR': [
      '\u200f0.00\u00a0€',
      '\u200f0.99\u00a0€',
      '\u200f85.50\u00a0€',
      '\u200f1,250.50\u00a0€',
      '\u200f1,250,000.00\u00a0€',
    ],
    'ar COP': [
      '\u200f0\u00a0COP',
      '\u200f1\u00a0COP',
      '\u200f86\u00a0COP',
      '\u200f1,251\u00a0COP',
      '\u200f1,250,000\u00a0COP',
    ],
    'ar USD': [
      '\u200f0.00\u00a0US$',
      '\u200f0.99\u00a0US$',
      '\u200f85.50\u00a0US$',
      '\u200f1,250.50\u00a0US$',
      '\u200f1,250,000.00\u00a0US$',
    ],
  },
  interface: {
    'es EUR': ['0,00\u00a0€', '0,99\u00a0€', '85,50\u00a0€', '1.250,50\u00a0€', '1.250.000,00\u00a0€'],
    'es COP': ['$\u00a00', '$\u00a01', '$\u00a086', '$\u00a01.251', '$\u00a01.250.000'],
    'es USD': [
      '0,00\u00a0US$',
      '0,99\u00a0US$',
      '85,50\u00a0US$',
      '1.250,50\u00a0US$',
      '1.250.000,00\u00a0US$',
    ],
    'en EUR': ['€0.00', '€0.99', '€85.50', '€1,250.50', '€1,250,000.00'],
    'en COP': ['COP\u00a00', 'COP\u00a01', 'COP\u00a086', 'COP\u00a01,251', 'COP\u00a01,250,000'],
    'en USD': ['US$0.00', 'US$0.99', 'US$85.50', 'US$1,250.50', 'US$1,250,000.00'],
    'ar EUR': [
      '\u200f0.00\u00a0€',
      '\u200f0.99\u00a0€',
      '\u200f85.50\u00a0€',
      '\u200f1,250.50\u00a0€',
      '\u200f1,250,000.00\u00a0€',
    ],
    'ar COP': [
      '\u200f0\u00a0COP',
      '\u200f1\u00a0COP',
      '\u200f86\u00a0COP',
      '\u200f1,251\u00a0COP',
      '\u200f1,250,000\u00a0COP',
    ],
    'ar USD': [
      '\u200f0.00\u00a0US$',
      '\u200f0.99\u00a0US$',
      '\u200f85.50\u00a0US$',
      '\u200f1,250.50\u00a0US$',
      '\u200f1,250,000.00\u00a0US$',
    ],
  },
  site: {
    'es EUR': ['0,00\u00a0€', '0,99\u00a0€', '85,50\u00a0€', '1.250,50\u00a0€', '1.250.000,00\u00a0€'],
    'es COP': ['$\u00a00', '$\u00a01', '$\u00a086', '$\u00a01.251', '$\u00a01.250.000'],
    'es USD': [
      '0,00\u00a0US$',
      '0,99\u00a0US$',
      '85,50\u00a0US$',
      '1.250,50\u00a0US$',
      '1.250.000,00\u00a0US$',
    ],
    'en EUR': ['€0.00', '€0.99', '€85.50', '€1,250.50', '€1,250,000.00'],
    'en COP': ['COP\u00a00', 'COP\u00a01', 'COP\u00a086', 'COP\u00a01,251', 'COP\u00a01,250,000'],
    'en USD': ['US$0.00', 'US$0.99', 'US$85.50', 'US$1,250.50', 'US$1,250,000.00'],
    'ar EUR': [
      '\u200f0.00\u00a0€',
      '\u200f0.99\u00a0€',
      '\u200f85.50\u00a0€',
      '\u200f1,250.50\u00a0€',
      '\u200f1,250,000.00\u00a0€',
    ],
    'ar COP': [
      '\u200f0\u00a0COP',
      '\u200f1\u00a0COP',
      '\u200f86\u00a0COP',
      '\u200f1,251\u00a0COP',
      '\u200f1,250,000\u00a0COP',
    ],
    'ar USD': [
      '\u200f0.00\u00a0US$',
      '\u200f0.99\u00a0US$',
      '\u200f85.50\u00a0US$',
      '\u200f1,250.50\u00a0US$',
      '\u200f1,250,000.00\u00a0US$',
    ],
  },
  calendarMoney: {
    'es EUR': ['0\u00a0€', '0,99\u00a0€', '85,5\u00a0€', '1250,5\u00a0€', '1.250.000\u00a0€'],
    'es COP': ['$\u00a00', '$\u00a01', '$\u00a086', '$\u00a01.251', '$\u00a01.250.000'],
    'es USD': ['0\u00a0US$', '0,99\u00a0US$', '85,5\u00a0US$', '1250,5\u00a0US$', '1.250.000\u00a0US$'],
    'en EUR': ['€0', '€0.99', '€85.5', '€1,250.5', '€1,250,000'],
    'en COP': ['COP\u00a00', 'COP\u00a01', 'COP\u00a086', 'COP\u00a01,251', 'COP\u00a01,250,000'],
    'en USD': ['US$0', 'US$0.99', 'US$85.5', 'US$1,250.5', 'US$1,250,000'],
    'ar EUR': [
      '\u200f0\u00a0€',
      '\u200f0.99\u00a0€',
      '\u200f85.5\u00a0€',
      '\u200f1,250.5\u00a0€',
      '\u200f1,250,000\u00a0€',
    ],
    'ar COP': [
      '\u200f0\u00a0COP',
      '\u200f1\u00a0COP',
      '\u200f86\u00a0COP',
      '\u200f1,251\u00a0COP',
      '\u200f1,250,000\u00a0COP',
    ],
    'ar USD': [
      '\u200f0\u00a0US$',
      '\u200f0.99\u00a0US$',
      '\u200f85.5\u00a0US$',
      '\u200f1,250.5\u00a0US$',
      '\u200f1,250,000\u00a0US$',
    ],
  },
  service: {
    'es EUR': ['0,00\u00a0€', '0,99\u00a0€', '85,50\u00a0€', '1250,50\u00a0€', '1.250.000,00\u00a0€'],
    'es COP': ['$\u00a00', '$\u00a01', '$\u00a086', '$\u00a01.251', '$\u00a01.250.000'],
    'es USD': ['$0.00', '$0.99', '$85.50', '$1,250.50', '$1,250,000.00'],
    'en EUR': ['€0.00', '€0.99', '€85.50', '€1,250.50', '€1,250,000.00'],
    'en COP': ['COP\u00a00', 'COP\u00a01', 'COP\u00a086', 'COP\u00a01,251', 'COP\u00a01,250,000'],
    'en USD': ['US$0.00', 'US$0.99', 'US$85.50', 'US$1,250.50', 'US$1,250,000.00'],
    'ar EUR': [
      '\u200f0.00\u00a0€',
      '\u200f0.99\u00a0€',
      '\u200f85.50\u00a0€',
      '\u200f1,250.50\u00a0€',
      '\u200f1,250,000.00\u00a0€',
    ],
    'ar COP': [
      '\u200f0\u00a0COP',
      '\u200f1\u00a0COP',
      '\u200f86\u00a0COP',
      '\u200f1,251\u00a0COP',
      '\u200f1,250,000\u00a0COP',
    ],
    'ar USD': [
      '\u200f0.00\u00a0US$',
      '\u200f0.99\u00a0US$',
      '\u200f85.50\u00a0US$',
      '\u200f1,250.50\u00a0US$',
      '\u200f1,250,000.00\u00a0US$',
    ],
  },
  dashboard: {
    'es EUR': ['0\u00a0€', '0,99\u00a0€', '85,50\u00a0€', '1250,50\u00a0€', '1.250.000\u00a0€'],
    'es COP': ['$\u00a00', '$\u00a01', '$\u00a086', '$\u00a01.251', '$\u00a01.250.000'],
    'es USD': ['0\u00a0US$', '0,99\u00a0US$', '85,50\u00a0US$', '1250,50\u00a0US$', '1.250.000\u00a0US$'],
    'en EUR': ['€0', '€0.99', '€85.50', '€1,250.50', '€1,250,000'],
    'en COP': ['COP\u00a00', 'COP\u00a01', 'COP\u00a086', 'COP\u00a01,251', 'COP\u00a01,250,000'],
    'en USD': ['$0', '$0.99', '$85.50', '$1,250.50', '$1,250,000'],
    'ar EUR': [
      '\u200f0\u00a0€',
      '\u200f0.99\u00a0€',
      '\u200f85.50\u00a0€',
      '\u200f1,250.50\u00a0€',
      '\u200f1,250,000\u00a0€',
    ],
    'ar COP': [
      '\u200f0\u00a0COP',
      '\u200f1\u00a0COP',
      '\u200f86\u00a0COP',
      '\u200f1,251\u00a0COP',
      '\u200f1,250,000\u00a0COP',
    ],
    'ar USD': [
      '\u200f0\u00a0US$',
      '\u200f0.99\u00a0US$',
      '\u200f85.50\u00a0US$',
      '\u200f1,250.50\u00a0US$',
      '\u200f1,250,000\u00a0US$',
    ],
  },
  dashboardWhole: {
    'es EUR': ['0\u00a0€', '1\u00a0€', '86\u00a0€', '1251\u00a0€', '1.250.000\u00a0€'],
    'es COP': ['$\u00a00', '$\u00a01', '$\u00a086', '$\u00a01.251', '$\u00a01.250.000'],
    'es USD': ['0\u00a0US$', '1\u00a0US$', '86\u00a0US$', '1251\u00a0US$', '1.250.000\u00a0US$'],
    'en EUR': ['€0', '€1', '€86', '€1,251', '€1,250,000'],
    'en COP': ['COP\u00a00', 'COP\u00a01', 'COP\u00a086', 'COP\u00a01,251', 'COP\u00a01,250,000'],
    'en USD': ['$0', '$1', '$86', '$1,251', '$1,250,000'],
    'ar EUR': [
      '\u200f0\u00a0€',
      '\u200f1\u00a0€',
      '\u200f86\u00a0€',
      '\u200f1,251\u00a0€',
      '\u200f1,250,000\u00a0€',
    ],
    'ar COP': [
      '\u200f0\u00a0COP',
      '\u200f1\u00a0COP',
      '\u200f86\u00a0COP',
      '\u200f1,251\u00a0COP',
      '\u200f1,250,000\u00a0COP',
    ],
    'ar USD': [
      '\u200f0\u00a0US$',
      '\u200f1\u00a0US$',
      '\u200f86\u00a0US$',
      '\u200f1,251\u00a0US$',
      '\u200f1,250,000\u00a0US$',
    ],
  },
  dashboardCompact: {
    'es EUR': ['0\u00a0€', '1\u00a0€', '85,5\u00a0€', '1,3\u00a0mil\u00a0€', '1,3\u00a0M\u00a0€'],
    'es COP': ['$\u00a00', '$\u00a01', '$\u00a085,5', '$1,3\u00a0K', '$1,3\u00a0M'],
    'es USD': ['0\u00a0US$', '1\u00a0US$', '85,5\u00a0US$', '1,3\u00a0mil\u00a0US$', '1,3\u00a0M\u00a0US$'],
    'en EUR': ['€0', '€1', '€85.5', '€1.3K', '€1.3M'],
    'en COP': ['COP\u00a00', 'COP\u00a01', 'COP\u00a085.5', 'COP\u00a01.3K', 'COP\u00a01.3M'],
    'en USD': ['$0', '$1', '$85.5', '$1.3K', '$1.3M'],
    'ar EUR': [
      '\u200f0\u00a0€',
      '\u200f1\u00a0€',
      '\u200f85.5\u00a0€',
      '\u200f1.3\u00a0ألف\u00a0€',
      '\u200f1.3\u00a0مليون\u00a0€',
    ],
    'ar COP': [
      '\u200f0\u00a0COP',
      '\u200f1\u00a0COP',
      '\u200f85.5\u00a0COP',
      '\u200f1.3\u00a0ألف\u00a0COP',
      '\u200f1.3\u00a0مليون\u00a0COP',
    ],
    'ar USD': [
      '\u200f0\u00a0US$',
      '\u200f1\u00a0US$',
      '\u200f85.5\u00a0US$',
      '\u200f1.3\u00a0ألف\u00a0US$',
      '\u200f1.3\u00a0مليون\u00a0US$',
    ],
  },
  admin: {
    'es EUR': ['0,00\u00a0€', '0,99\u00a0€', '85,50\u00a0€', '1250,50\u00a0€', '1.250.000,00\u00a0€'],
    'es COP': ['0\u00a0COP', '1\u00a0COP', '86\u00a0COP', '1251\u00a0COP', '1.250.000\u00a0COP'],
    'es USD': [
      '0,00\u00a0US$',
      '0,99\u00a0US$',
      '85,50\u00a0US$',
      '1250,50\u00a0US$',
      '1.250.000,00\u00a0US$',
    ],
    'en EUR': ['€0.00', '€0.99', '€85.50', '€1,250.50', '€1,250,000.00'],
    'en COP': ['COP\u00a00', 'COP\u00a01', 'COP\u00a086', 'COP\u00a01,251', 'COP\u00a01,250,000'],
    'en USD': ['$0.00', '$0.99', '$85.50', '$1,250.50', '$1,250,000.00'],
    'ar EUR': [
      '\u200f0.00\u00a0€',
      '\u200f0.99\u00a0€',
      '\u200f85.50\u00a0€',
      '\u200f1,250.50\u00a0€',
      '\u200f1,250,000.00\u00a0€',
    ],
    'ar COP': [
      '\u200f0\u00a0COP',
      '\u200f1\u00a0COP',
      '\u200f86\u00a0COP',
      '\u200f1,251\u00a0COP',
      '\u200f1,250,000\u00a0COP',
    ],
    'ar USD': [
      '\u200f0.00\u00a0US$',
      '\u200f0.99\u00a0US$',
      '\u200f85.50\u00a0US$',
      '\u200f1,250.50\u00a0US$',
      '\u200f1,250,000.00\u00a0US$',
    ],
  },
  wizard: {
    'es EUR': ['0,00\u00a0€', '0,99\u00a0€', '85,50\u00a0€', '1250,50\u00a0€', '1.250.000,00\u00a0€'],
    'es COP': ['$\u00a00', '$\u00a01', '$\u00a086', '$\u00a01.251', '$\u00a01.250.000'],
    'es USD': ['$0.00', '$0.99', '$85.50', '$1,250.50', '$1,250,000.00'],
    'en EUR': ['0,00\u00a0€', '0,99\u00a0€', '85,50\u00a0€', '1250,50\u00a0€', '1.250.000,00\u00a0€'],
    'en COP': ['$\u00a00', '$\u00a01', '$\u00a086', '$\u00a01.251', '$\u00a01.250.000'],
    'en USD': ['$0.00', '$0.99', '$85.50', '$1,250.50', '$1,250,000.00'],
    'ar EUR': ['0,00\u00a0€', '0,99\u00a0€', '85,50\u00a0€', '1250,50\u00a0€', '1.250.000,00\u00a0€'],
    'ar COP': ['$\u00a00', '$\u00a01', '$\u00a086', '$\u00a01.251', '$\u00a01.250.000'],
    'ar USD': ['$0.00', '$0.99', '$85.50', '$1,250.50', '$1,250,000.00'],
  },
};

const callers: Record<string, { options: MoneyFormatOptions; pinned: Record<string, string[]> }> = {
  /** The API's e-mails, messages and bot replies (the defaults). */
  api: { options: {}, pinned: PINNED.api },
  /** The operator app's tables, modals and forms (lib/intl formatMoneyIn). */
  interface: { options: { country: 'pesos', grouping: 'always' }, pinned: PINNED.interface },
  /** The booking website (booking-site/format.ts money): the same as the operator app's. */
  site: { options: { country: 'pesos', grouping: 'always' }, pinned: PINNED.site },
  /** The calendars' modals and month labels: trailing zeros dropped. */
  calendar: { options: { country: 'pesos', decimals: 'at-most' }, pinned: PINNED.calendarMoney },
  /** The experiences store: in Spanish each currency its country's way. */
  service: { options: { country: 'in-spanish' }, pinned: PINNED.service },
  /** The dashboard: cents only when there are any. */
  dashboard: {
    options: { locale: 'as-given', country: 'pesos', decimals: 'when-any' },
    pinned: PINNED.dashboard,
  },
  /** The dashboard's KPI figures: whole units. */
  dashboardWhole: {
    options: { locale: 'as-given', country: 'pesos', decimals: 'none' },
    pinned: PINNED.dashboardWhole,
  },
  /** The dashboard chart's axis. */
  dashboardAxis: {
    options: { locale: 'as-given', country: 'pesos', compactFrom: 0 },
    pinned: PINNED.dashboardCompact,
  },
  /** The admin panel: the interface language's tag as i18next has it. */
  admin: { options: { locale: 'as-given' }, pinned: PINNED.admin },
  /** The property wizard and the rates: each currency its country's way, whatever the language. */
  wizard: { options: { country: 'always' }, pinned: PINNED.wizard },
};

describe.each(Object.entries(callers))('formatMoney as %s wrote money', (_caller, { options, pinned }) => {
  it.each(Object.entries(pinned))('%s', (key, expected) => {
    const [language = '', currency = ''] = key.split(' ');
    expect(pinnedAmounts.map((minor) => formatMoney(minor, currency, language, options))).toEqual(expected);
  });
});

describe('formatMoney variants', () => {
  it('writes the calendar cells: the number alone, compact from 10,000 units', () => {
    const cell: MoneyFormatOptions = {
      show: 'amount',
      decimals: 'none',
      compactFrom: 10_000,
      grouping: 'always',
    };
    const amounts = [0, 12000, 125000, 999999, 1000000, 25000000, 125000000];
    const pinned: Record<string, string[]> = {
      es: ['0', '120', '1.250', '10.000', '10\u00a0mil', '250\u00a0mil', '1,3\u00a0M'],
      en: ['0', '120', '1,250', '10,000', '10k', '250k', '1.3m'],
      ar: ['0', '120', '1,250', '10,000', '10\u00a0ألف', '250\u00a0ألف', '1.3\u00a0مليون'],
    };
    for (const [language, expected] of Object.entries(pinned)) {
      expect(amounts.map((minor) => formatMoney(minor, 'EUR', language, cell))).toEqual(expected);
    }
  });

  it("writes the store's other currencies in their countries' way for a Spanish reader", () => {
    const pinned: Record<string, string> = {
      '3550 MXN es': '$35.50',
      '1500000 MXN es': '$15,000.00',
      '3550 ARS es': '$\u00a035,50',
      '1500000 ARS es': '$\u00a015.000,00',
      '3550 CLP es': '$36',
      '1500000 CLP es': '$15.000',
      '3550 PEN es': 'S/\u00a035.50',
      '1500000 PEN es': 'S/\u00a015,000.00',
      '3550 MXN en': 'MX$35.50',
      '1500000 MXN en': 'MX$15,000.00',
      '3550 ARS en': 'ARS\u00a035.50',
      '1500000 ARS en': 'ARS\u00a015,000.00',
      '3550 CLP en': 'CLP\u00a036',
      '1500000 CLP en': 'CLP\u00a015,000',
      '3550 PEN en': 'PEN\u00a035.50',
      '1500000 PEN en': 'PEN\u00a015,000.00',
      '3550 MXN ar': '\u200f35.50\u00a0MX$',
      '1500000 MXN ar': '\u200f15,000.00\u00a0MX$',
      '3550 ARS ar': '\u200f35.50\u00a0ARS',
      '1500000 ARS ar': '\u200f15,000.00\u00a0ARS',
      '3550 CLP ar': '\u200f36\u00a0CLP',
      '1500000 CLP ar': '\u200f15,000\u00a0CLP',
      '3550 PEN ar': '\u200f35.50\u00a0PEN',
      '1500000 PEN ar': '\u200f15,000.00\u00a0PEN',
    };
    for (const [key, expected] of Object.entries(pinned)) {
      const [minor = '', currency = '', language = ''] = key.split(' ');
      expect(formatMoney(Number(minor), currency, language, { country: 'in-spanish' })).toBe(expected);
    }
  });

  it('gives the currency sign alone (the property card: "COP", "EUR (€)")', () => {
    const symbol = (currency: string, language: string) =>
      formatMoney(0, currency, language, { show: 'symbol', locale: 'as-given' });
    expect(['EUR', 'COP', 'USD'].map((c) => symbol(c, 'es'))).toEqual(['€', 'COP', 'US$']);
    expect(['EUR', 'COP', 'USD'].map((c) => symbol(c, 'en'))).toEqual(['€', 'COP', '$']);
    expect(['EUR', 'COP', 'USD'].map((c) => symbol(c, 'ar'))).toEqual(['€', 'COP', 'US$']);
    expect(symbol('XX', 'es')).toBe('XX');
  });

  it('takes lower-case codes and falls back to the plain amount for a code Intl does not know', () => {
    expect(formatMoney(125000, 'cop', 'es', { locale: 'as-given' })).toBe(
      formatMoney(125000, 'COP', 'es', { locale: 'as-given' }),
    );
    expect(formatMoney(1250, 'XX', 'es')).toBe('12.5 XX');
  });

  it('reuses one Intl.NumberFormat per locale, currency and options', () => {
    const constructed: unknown[] = [];
    const Original = Intl.NumberFormat;
    const spy = new Proxy(Original, {
      construct(target, args) {
        constructed.push(args);
        return Reflect.construct(target, args);
      },
    });
    Intl.NumberFormat = spy;
    try {
      for (let i = 0; i < 100; i++)
        formatMoney(i * 100, 'EUR', 'en', { decimals: 'at-most', grouping: 'always' });
    } finally {
      Intl.NumberFormat = Original;
    }
    expect(constructed.length).toBeLessThanOrEqual(1);
  });
});

describe('moneyInputFormat', () => {
  it("gives the separators and sign of the currency's country (85,50 €; $ 1.250.000; $85.50)", () => {
    const input = (currency: string) => moneyInputFormat(currency, 'es', { country: 'always' });
    expect(input('EUR')).toEqual({
      locale: 'es-ES',
      thousandSeparator: '.',
      decimalSeparator: ',',
      symbol: '€',
      shownDigits: 2,
    });
    expect(input('COP')).toEqual({
      locale: 'es-CO',
      thousandSeparator: '.',
      decimalSeparator: ',',
      symbol: '$',
      shownDigits: 0,
    });
    expect(input('USD')).toEqual({
      locale: 'en-US',
      thousandSeparator: ',',
      decimalSeparator: '.',
      symbol: '$',
      shownDigits: 2,
    });
    expect(input('PEN').symbol).toBe('S/');
    expect(input('CLP').shownDigits).toBe(0);
  });
});
