import { moneyLocale } from '@posada/domain/money';
import { describe, expect, it } from 'vitest';
import { money, moneyStyles } from '../../../lib/money.ts';
import { formatCount, formatMonth, formatPercent, formatPeriod, formatStay, previousDay } from './format.ts';

/** The dashboard's money (lib/money's styles of packages/domain's formatter). */
const formatMoney = (minor: number, currency: string, language: string, opts: { whole?: boolean } = {}) =>
  money(minor, currency, language, opts.whole ? 'whole' : 'dashboard');
const formatCompactMoney = (minor: number, currency: string, language: string) =>
  money(minor, currency, language, 'axis');

// Intl separates some currencies and percentages with no-break spaces; compare with plain ones.
const plain = (s: string) => s.replace(/[\u00a0\u202f\u2009]/g, ' ').replace(/[\u200e\u200f\u061c]/g, '');

describe('money', () => {
  it('shows euros in Spanish with cents only when there are any', () => {
    expect(plain(formatMoney(125_000_050, 'EUR', 'es'))).toBe('1.250.000,50 €');
    expect(plain(formatMoney(125_000_000, 'EUR', 'es'))).toBe('1.250.000 €');
    expect(plain(formatMoney(8_550, 'EUR', 'en'))).toBe('€85.50');
  });

  it('rounds to whole units when asked (KPI figures)', () => {
    expect(plain(formatMoney(8_550, 'EUR', 'es', { whole: true }))).toBe('86 €');
  });

  it('formats Colombian pesos the Colombian way, with no decimals', () => {
    expect(moneyLocale('COP', 'es', moneyStyles.dashboard)).toBe('es-CO');
    expect(plain(formatMoney(125_000_099, 'COP', 'es'))).toBe('$ 1.250.001');
    expect(plain(formatMoney(25_000_000, 'COP', 'es'))).toBe('$ 250.000');
    // English keeps its own grouping but still no cents; the code tells pesos from dollars.
    expect(plain(formatMoney(25_000_000, 'COP', 'en'))).toBe('COP 250,000');
  });

  it('uses the interface language for Arabic', () => {
    const text = formatMoney(125_000, 'EUR', 'ar');
    expect(text).toContain('€');
    expect(moneyLocale('EUR', 'ar', moneyStyles.dashboard)).toBe('ar');
  });

  it('shortens axis values', () => {
    expect(plain(formatCompactMoney(125_000_000, 'EUR', 'en'))).toBe('€1.3M');
    expect(plain(formatCompactMoney(125_000_000, 'COP', 'es'))).toBe('$1,3 M');
  });
});

describe('numbers', () => {
  it('formats counts and percentages in the language', () => {
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(plain(formatPercent(72.5, 'es'))).toBe('72,5 %');
    expect(plain(formatPercent(72.5, 'en'))).toBe('72.5%');
    expect(plain(formatPercent(130, 'en'))).toBe('100%');
    expect(plain(formatPercent(-3, 'en'))).toBe('0%');
  });
});

describe('dates', () => {
  it('names chart months without moving them across time zones', () => {
    expect(formatMonth('2026-01', 'en')).toBe('Jan');
    expect(formatMonth('2026-11', 'es', 'long')).toBe('noviembre de 2026');
  });

  it('shows a period [from, to) by the days it covers', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(plain(formatPeriod({ from: '2026-11-20', to: '2026-11-21' }, 'en'))).toBe('Nov 20, 2026');
    expect(plain(formatPeriod({ from: '2026-11-01', to: '2026-12-01' }, 'en'))).toBe('Nov 1 – 30, 2026');
    expect(plain(formatPeriod({ from: '2026-01-01', to: '2027-01-01' }, 'es'))).toBe('1 ene – 31 dic 2026');
  });

  it('shows a stay from arrival to departure, with the year only across years', () => {
    expect(plain(formatStay('2026-11-12', '2026-11-15', 'en'))).toBe('Nov 12 – 15');
    expect(plain(formatStay('2026-12-30', '2027-01-02', 'en'))).toBe('Dec 30, 2026 – Jan 2, 2027');
  });
});
