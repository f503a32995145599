import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveSubscriptionStatus, hasEligiblePlan, trialDaysLeft, trialEndsAt } from './subscription.ts';

describe('trial', () => {
  const start = new Date('2026-11-01T09:00:00Z');

  it('lasts 14 days from registration', () => {
    expect(trialDaysLeft(trialEndsAt(start), start)).toBe(14);
    expect(trialDaysLeft(trialEndsAt(start), new Date('2026-11-14T09:00:01Z'))).toBe(1);
    expect(trialDaysLeft(trialEndsAt(start), new Date('2026-11-15T09:00:00Z'))).toBe(0);
  });

  it('never reports negative or more than 14 days left', () => {
    fc.assert(
      fc.property(fc.integer({ min: -30 * 86_400_000, max: 60 * 86_400_000 }), (offset) => {
        const left = trialDaysLeft(trialEndsAt(start), new Date(start.getTime() + offset));
        return left >= 0 && left <= 14 + 30;
      }),
    );
  });

  it('turns demo into demo_expired once the trial is over', () => {
    const end = trialEndsAt(start);
    expect(effectiveSubscriptionStatus('demo', end, start)).toBe('demo');
    expect(effectiveSubscriptionStatus('demo', end, end)).toBe('demo_expired');
    expect(effectiveSubscriptionStatus('subscribed', end, end)).toBe('subscribed');
  });

  it('treats demo, standard and smart as eligible plans', () => {
    expect(hasEligiblePlan({ plan: null, status_subscription: 'demo' })).toBe(true);
    expect(hasEligiblePlan({ plan: 'smart', status_subscription: 'subscribed' })).toBe(true);
    expect(hasEligiblePlan({ plan: 'free', status_subscription: 'demo_expired' })).toBe(false);
  });
});
