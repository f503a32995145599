import { describe, expect, it } from 'vitest';
import { featureAvailable } from './feature-gates.ts';

describe('feature gates (spec 6)', () => {
  it('opens everything during the free trial', () => {
    const trial = { plan: null, status_subscription: 'demo' as const, servicios: [] };
    expect(featureAvailable(trial, 'chatbot')).toBe(true);
    expect(featureAvailable(trial, 'authorities')).toBe(true);
  });

  it('needs the add-on for paid extras on a paid plan', () => {
    const standard = { plan: 'standard', status_subscription: 'subscribed' as const, servicios: ['reviews'] };
    expect(featureAvailable(standard, 'authorities')).toBe(true);
    expect(featureAvailable(standard, 'reviews')).toBe(true);
    expect(featureAvailable(standard, 'chatbot')).toBe(false);
  });

  it('closes every gated feature when the trial expired without a plan', () => {
    const expired = { plan: null, status_subscription: 'demo_expired' as const, servicios: ['chatbot'] };
    expect(featureAvailable(expired, 'chatbot')).toBe(false);
    expect(featureAvailable(expired, 'cross_selling')).toBe(false);
  });
});
