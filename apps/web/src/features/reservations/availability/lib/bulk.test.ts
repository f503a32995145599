import { describe, expect, it } from 'vitest';
import { bulkBody, nightRuns, runNights, WEEK } from './bulk.ts';

describe('bulk edit of availability and rates', () => {
  it('covers every night as one run when every weekday is chosen', () => {
    const runs = nightRuns('2027-06-01', '2027-06-30', new Set(WEEK));
    expect(runs).toEqual([{ start: '2027-06-01', end: '2027-07-01' }]);
    expect(runNights(runs)).toBe(30);
  });

  it('splits into runs of consecutive chosen weekdays (Friday and Saturday nights)', () => {
    // June 2027: the 4th is a Friday.
    const runs = nightRuns('2027-06-01', '2027-06-14', new Set([5, 6]));
    expect(runs).toEqual([
      { start: '2027-06-04', end: '2027-06-06' },
      { start: '2027-06-11', end: '2027-06-13' },
    ]);
    expect(runNights(runs)).toBe(4);
  });

  it('has no run when the range holds none of the weekdays, or is reversed', () => {
    expect(nightRuns('2027-06-01', '2027-06-02', new Set([0]))).toEqual([]);
    expect(nightRuns('2027-06-05', '2027-06-01', new Set(WEEK))).toEqual([]);
    expect(nightRuns('2027-06-01', '2027-06-01', new Set(WEEK))).toEqual([
      { start: '2027-06-01', end: '2027-06-02' },
    ]);
  });

  it('sends only what changes, and refuses an edit that changes nothing', () => {
    expect(bulkBody({ price: null, minStay: null, stopSell: 'keep' })).toBeNull();
    expect(bulkBody({ price: 12000, minStay: null, stopSell: 'keep' })).toEqual({
      price: 12000,
      min_stay: null,
    });
    expect(bulkBody({ price: null, minStay: 2, stopSell: 'close' })).toEqual({
      price: null,
      min_stay: 2,
      stop_sell: true,
    });
    expect(bulkBody({ price: null, minStay: null, stopSell: 'open' })).toEqual({
      price: null,
      min_stay: null,
      stop_sell: false,
    });
  });
});
