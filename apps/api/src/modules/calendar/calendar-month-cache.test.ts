import { describe, expect, it } from 'vitest';
import { monthWindow, nextMonth } from './calendar-month-cache.ts';

describe('calendar month cache: windows', () => {
  it('steps to the first day of the next month, over the year end', () => {
    expect(nextMonth('2027-01-31')).toBe('2027-02-01');
    expect(nextMonth('2027-12-01')).toBe('2028-01-01');
  });

  it('reads a year from the first of a month as twelve whole months, with nothing around them', () => {
    const window = monthWindow('2027-01-01', '2028-01-01');
    expect(window.months).toHaveLength(12);
    expect(window.months[11]).toBe('2027-12-01');
    expect([window.before, window.after]).toEqual(['2027-01-01', '2028-01-01']);
  });

  it('leaves the partial months at both ends to the tables', () => {
    expect(monthWindow('2027-01-15', '2027-04-10')).toEqual({
      from: '2027-01-15',
      to: '2027-04-10',
      months: ['2027-02-01', '2027-03-01'],
      before: '2027-02-01',
      after: '2027-04-01',
    });
  });

  it('reads a window without a whole month from the tables alone', () => {
    expect(monthWindow('2027-01-15', '2027-02-10')).toEqual({
      from: '2027-01-15',
      to: '2027-02-10',
      months: [],
      before: '2027-02-10',
      after: '2027-02-10',
    });
    expect(monthWindow('2027-03-01', '2027-03-31').months).toEqual([]);
  });
});
