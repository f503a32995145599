import { describe, expect, it } from 'vitest';
import { fromMinorUnits, money, toMinorUnits } from '../../../lib/money.ts';

describe('service prices', () => {
  it('turns what the operator types into minor units, and back', () => {
    expect(toMinorUnits(35, 'EUR')).toBe(3500);
    expect(toMinorUnits(1.005, 'EUR')).toBe(101);
    expect(toMinorUnits(0, 'EUR')).toBe(0);
    expect(toMinorUnits('', 'EUR')).toBeNull();
    expect(toMinorUnits(15000, 'CLP')).toBe(1500000);
    expect(toMinorUnits(120000.4, 'COP')).toBe(12000000);
    expect(fromMinorUnits(3550, 'EUR')).toBe(35.5);
    expect(fromMinorUnits(1500000, 'CLP')).toBe(15000);
  });

  it('shows money the way each country writes it', () => {
    const store = (minor: number, currency: string, language = 'es') =>
      money(minor, currency, language, 'store');
    expect(store(3550, 'EUR').replace(/\s/g, ' ')).toBe('35,50 €');
    expect(store(3550, 'USD')).toBe('$35.50');
    expect(store(3550, 'EUR', 'en')).toBe('€35.50');
    expect(store(1500000, 'CLP').replace(/\s/g, ' ')).toMatch(/^\$ ?15\.000$/);
    expect(store(12000000, 'COP').replace(/\s/g, ' ')).toMatch(/^\$ ?120\.000$/);
  });
});
