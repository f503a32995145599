import { describe, expect, it } from 'vitest';
import { sameSecret } from './constant-time.ts';

describe('sameSecret', () => {
  it('is true only for the same bytes, whatever their form', () => {
    expect(sameSecret('sha256=abc', 'sha256=abc')).toBe(true);
    expect(sameSecret(Buffer.from('ñ'), 'ñ')).toBe(true);
    expect(sameSecret('sha256=abd', 'sha256=abc')).toBe(false);
  });
  it('is false for another length or nothing given, without throwing', () => {
    expect(sameSecret('abc', 'abcd')).toBe(false);
    expect(sameSecret(undefined, 'abc')).toBe(false);
    expect(sameSecret(null, Buffer.from('abc'))).toBe(false);
    expect(sameSecret('', 'abc')).toBe(false);
  });
});
