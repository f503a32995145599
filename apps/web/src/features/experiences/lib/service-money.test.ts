import { describe, expect, it } from 'vitest';
import { amountToMinor, formatServicePrice, minorToAmount } from './service-money.ts';

describe('service prices', () => {
  it('turns what the operator types into minor units, and back', () => {
    expect(amountToMinor(35, 'EUR')).toBe(3500);
    expect(amountToMinor(1.005, 'EUR')).toBe(101);
    expect(amountToMinor(0, 'EUR')).toBe(0);
    expect(amountToMinor('', 'EUR')).toBeNull();
    expect(amountToMinor(15000, 'CLP')).toBe(1500000);
    expect(amountToMinor(120000.4, 'COP')).toBe(12000000);
    expect(minorToAmount(3550, 'EUR')).toBe(35.5);
    expect(minorToAmount(1500000, 'CLP')).toBe(15000);
  });

  it('shows money the way each country writes it', () => {
    expect(formatServicePrice(3550, 'EUR').replace(/\s/g, ' ')).toBe('35,50 €');
    expect(formatServicePrice(3550, 'USD')).toBe('$35.50');
    expect(formatServicePrice(3550, 'EUR', 'en')).toBe('€35.50');
    expect(formatServicePrice(1500000, 'CLP').replace(/\s/g, ' ')).toMatch(/^\$ ?15\.000$/);
    expect(formatServicePrice(12000000, 'COP').replace(/\s/g, ' ')).toMatch(/^\$ ?120\.000$/);
  });
});
