import { describe, expect, it } from 'vitest';
import { reportingCurrency } from './dashboard.service.ts';

describe('reporting currency', () => {
  it('is the currency most properties use', () => {
    expect(reportingCurrency([{ currency: 'COP' }, { currency: 'EUR' }, { currency: 'EUR' }])).toBe('EUR');
    expect(reportingCurrency([{ currency: 'EUR' }, { currency: 'COP' }, { currency: 'COP' }])).toBe('COP');
  });

  it('goes to the first property on a tie, and is EUR without properties', () => {
    expect(reportingCurrency([{ currency: 'USD' }, { currency: 'EUR' }])).toBe('USD');
    expect(reportingCurrency([{ currency: 'MXN' }])).toBe('MXN');
    expect(reportingCurrency([])).toBe('EUR');
  });
});
