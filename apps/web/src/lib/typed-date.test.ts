import { describe, expect, it } from 'vitest';
import { parseTypedDate, typedDateOf } from './typed-date.ts';

describe('the date field reads a typed date as day/month/year (es, en-GB and ar order)', () => {
  it('takes day/month/year with slashes, dots or dashes, and ISO', () => {
    expect(parseTypedDate('1/5/1990')).toBe('1990-05-01');
    expect(parseTypedDate('01.05.1990')).toBe('1990-05-01');
    expect(parseTypedDate(' 31-12-2026 ')).toBe('2026-12-31');
    expect(parseTypedDate('2026-03-12')).toBe('2026-03-12');
  });

  it('refuses a day that does not exist and anything else', () => {
    expect(parseTypedDate('31/2/2026')).toBeNull();
    expect(parseTypedDate('2026-13-01')).toBeNull();
    expect(parseTypedDate('5/1990')).toBeNull();
    expect(parseTypedDate('mañana')).toBeNull();
  });

  it('shows a stored date back as day/month/year', () => {
    expect(typedDateOf('1990-05-01')).toBe('01/05/1990');
    expect(parseTypedDate(typedDateOf('2026-12-31'))).toBe('2026-12-31');
    expect(typedDateOf('12/0')).toBe('12/0');
  });
});
