import { describe, expect, it } from 'vitest';
import { percent, presetRange, validRange } from './report-period.ts';

describe('report period presets', () => {
  it('starts on the first of the month, months back, and ends today', () => {
    expect(presetRange('this_month', '2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(presetRange('last_3_months', '2026-11-26')).toEqual({ from: '2026-09-01', to: '2026-11-26' });
    expect(presetRange('last_12_months', '2026-11-26')).toEqual({ from: '2025-12-01', to: '2026-11-26' });
    expect(presetRange('last_3_months', '2026-02-10')).toEqual({ from: '2025-12-01', to: '2026-02-10' });
  });

  it('accepts a custom period only with both ends in order', () => {
    expect(validRange('2026-01-01', '2026-01-31')).toBe(true);
    expect(validRange('2026-02-01', '2026-01-31')).toBe(false);
    expect(validRange('', '2026-01-31')).toBe(false);
  });

  it('gives conversion against the first step, nothing offered being 0 %', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(5, 0)).toBe(0);
  });
});
