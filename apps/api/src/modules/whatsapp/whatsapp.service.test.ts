import { describe, expect, it } from 'vitest';
import { dailyLimitOfTier, templateStatusOf } from './whatsapp.service.ts';

describe('WhatsApp connection rules', () => {
  it("reads Meta's messaging limit tiers as conversations a day; a new business has 1000 (spec 9)", () => {
    expect(dailyLimitOfTier('TIER_250')).toBe(250);
    expect(dailyLimitOfTier('TIER_1K')).toBe(1000);
    expect(dailyLimitOfTier('TIER_10K')).toBe(10_000);
    expect(dailyLimitOfTier('TIER_100K')).toBe(100_000);
    expect(dailyLimitOfTier(null)).toBe(1000);
    expect(dailyLimitOfTier('SOMETHING_NEW')).toBe(1000);
  });

  it('offers only what Meta approved: pending and appealed templates wait, the rest are refused', () => {
    expect(templateStatusOf('APPROVED')).toBe('approved');
    expect(templateStatusOf('approved')).toBe('approved');
    expect(templateStatusOf('PENDING')).toBe('pending');
    expect(templateStatusOf('IN_APPEAL')).toBe('pending');
    expect(templateStatusOf('REJECTED')).toBe('rejected');
    expect(templateStatusOf('PAUSED')).toBe('rejected');
    expect(templateStatusOf('DISABLED')).toBe('rejected');
  });
});
