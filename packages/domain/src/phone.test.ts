import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.ts';

describe('normalizePhone', () => {
  it('reads numbers without prefix as Spanish by default', () => {
    expect(normalizePhone('612 345 678')).toBe('+34612345678');
  });
  it('keeps international numbers', () => {
    expect(normalizePhone('+57 301 234 5678')).toBe('+573012345678');
  });
  it('refuses numbers that cannot exist', () => {
    expect(normalizePhone('12')).toBeNull();
    expect(normalizePhone('abc')).toBeNull();
  });
});
