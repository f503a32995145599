import { describe, expect, it } from 'vitest';
import { money, shortAmount, weekdayNames } from './format.ts';

describe('booking site formats', () => {
  it('names the week from Monday, in Arabic with Latin digits for money', () => {
    expect(weekdayNames('en')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(money(12_000, 'EUR', 'ar')).toMatch(/120\.00/);
    expect(money(35_000_000, 'COP', 'es')).not.toMatch(/,00/);
    expect(shortAmount(12_000, 'es')).toBe('120');
  });
});
