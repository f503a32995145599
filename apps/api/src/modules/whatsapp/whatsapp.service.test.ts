import { describe, expect, it } from 'vitest';
import { dailyLimitOfTier, listedStatusOf, templateStatusOf } from './whatsapp.service.ts';

describe('WhatsApp connection rules', () => {
  it("reads Meta's messaging limit tiers as conversations a day; a new business has 1000 (spec 9)", () => {
    expect(dailyLimitOfTier('TIER_250')).toBe(250);
    expect(dailyLimitOfTier('TIER_1K')).toBe(1000);
    expect(dailyLimitOfTier('TIER_10K')).toBe(10_000);
    expect(dailyLimitOfTier('TIER_100K')).toBe(100_000);
    expect(dailyLimitOfTier(null)).toBe(1000);
    expect(dailyLimitOfTier('SOMETHING_NEW')).toBe(1000);
  });

  it("keeps Meta's template status lowercased, any value; the list shows approved, pending (in review) or rejected", () => {
    expect(templateStatusOf('APPROVED')).toBe('approved');
    expect(templateStatusOf('approved')).toBe('approved');
    expect(templateStatusOf('PAUSED')).toBe('paused');
    expect(templateStatusOf('DISABLED')).toBe('disabled');
    expect(templateStatusOf('IN_APPEAL')).toBe('in_appeal');
    expect(templateStatusOf('LIMIT_EXCEEDED')).toBe('limit_exceeded');
    expect(listedStatusOf('approved')).toBe('approved');
    expect(listedStatusOf('pending')).toBe('pending');
    expect(listedStatusOf('in_appeal')).toBe('pending');
    expect(listedStatusOf('rejected')).toBe('rejected');
    expect(listedStatusOf('paused')).toBe('rejected');
    expect(listedStatusOf('disabled')).toBe('rejected');
  });
});
