import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  hasControlCharacters,
  isCalendarDate,
  isHttpUrl,
  isoDate,
  isRuledString,
  multilineText,
  text,
  uuid,
} from './primitives.ts';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('text rule', () => {
  it('refuses NUL, other C0 controls, DEL, C1 controls and lone surrogates with one message', () => {
    for (const value of [
      'Casa\u0000Rural',
      '\u0007',
      'a\u001b[31m',
      'x\u007f',
      'x\u0085',
      'x\u009f',
      'a\ud800',
      '\udc00b',
    ]) {
      expect(messages(text(), value), JSON.stringify(value)).toEqual(['validation.control_characters']);
    }
  });

  it('allows tab and line breaks only in multi-line text', () => {
    expect(messages(text(), 'línea 1\nlínea 2')).toEqual(['validation.control_characters']);
    expect(multilineText().parse('línea 1\r\nlínea 2\tfin')).toBe('línea 1\r\nlínea 2\tfin');
    expect(messages(multilineText(), 'a\u0000b')).toEqual(['validation.control_characters']);
  });

  it('keeps RTL, emoji and combined characters, normalised to NFC', () => {
    expect(text().parse('فندق النخيل 😀👍🏽')).toBe('فندق النخيل 😀👍🏽');
    expect(text().parse('Jose\u0301')).toBe('José');
    // Passwords keep their exact code points.
    expect(text({ normalize: false }).parse('Jose\u0301')).toBe('Jose\u0301');
  });

  it('trims before checking, so a pasted trailing line break is not refused', () => {
    expect(text({ trim: true }).parse('  Lucía\n')).toBe('Lucía');
  });

  it('caps length: 255 single-line and 5000 multi-line by default, or the field’s own limit', () => {
    expect(text().safeParse('a'.repeat(255)).success).toBe(true);
    expect(text().safeParse('a'.repeat(256)).success).toBe(false);
    expect(multilineText().safeParse('a'.repeat(5000)).success).toBe(true);
    expect(multilineText().safeParse('a'.repeat(5001)).success).toBe(false);
    expect(text({ max: 10 }).safeParse('a'.repeat(11)).success).toBe(false);
    expect(
      text()
        .safeParse('a'.repeat(1024 * 1024))
        .error?.issues.map((issue) => issue.code),
    ).toEqual(['too_big']);
  });

  it('marks every schema it builds, through chained checks, so a route’s schemas can be audited', () => {
    expect(isRuledString(text({ trim: true }).min(1).regex(/x/))).toBe(true);
    expect(isRuledString(uuid())).toBe(true);
    expect(isRuledString(isoDate())).toBe(true);
    expect(isRuledString(z.string().trim().max(10))).toBe(false);
  });
});

describe('date rule', () => {
  it('accepts real calendar dates between 1900-01-01 and 2100-12-31', () => {
    for (const date of ['2026-02-28', '2028-02-29', '1900-01-01', '2100-12-31']) {
      expect(isoDate().safeParse(date).success, date).toBe(true);
    }
  });

  it('refuses impossible, out-of-range and malformed dates', () => {
    for (const date of [
      '2026-02-30',
      '2026-13-45',
      '0000-00-00',
      '2027-02-29',
      '1899-12-31',
      '2101-01-01',
      '2026-2-3',
      '',
    ]) {
      expect(isCalendarDate(date), date).toBe(false);
      expect(messages(isoDate(), date), date).toEqual(['validation.invalid_date']);
    }
    expect(messages(isoDate(), '2026-01-01\u0000')).toEqual(['validation.control_characters']);
  });
});

describe('hasControlCharacters', () => {
  it('sees a surrogate pair as one valid character', () => {
    expect(hasControlCharacters('😀')).toBe(false);
    expect(hasControlCharacters('\ud83d')).toBe(true);
  });
});

describe('an http(s) address (isHttpUrl)', () => {
  it('takes what a URL parser takes whole, and refuses the rest as a field error', () => {
    expect(isHttpUrl('https://tienda.example.com/casa?x=1')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1%2509:4697/o.ics')).toBe(false);
    expect(isHttpUrl('https://exa mple.com')).toBe(false);
    expect(isHttpUrl('ftp://example.com')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
  });
});
