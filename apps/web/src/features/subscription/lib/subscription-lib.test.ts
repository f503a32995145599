import type { Pricing, Subscription } from '@posada/contracts/subscriptions';
import { quote } from '@posada/domain/pricing';
import { describe, expect, it } from 'vitest';
import {
  changesOf,
  choiceBody,
  initialChoice,
  liveQuote,
  tierRows,
  toPriceTable,
  validUnits,
} from './plan-choice.ts';
import { canManage, paywallExempt, statusView } from './status.ts';

const tiers = (monthly: number[], floors: number[]) =>
  monthly.map((m, i) => ({
    from: floors[i] ?? 1,
    to: floors[i + 1] !== undefined ? (floors[i + 1] as number) - 1 : null,
    monthly_unit_amount: m,
    annual_unit_amount: m * 10,
  }));
const group = (monthly: number[], floors: number[]) => ({
  tiers: tiers(monthly, floors),
  monthly: monthly[0] ?? 0,
  monthly_range_two: monthly[1] ?? null,
  monthly_range_three: monthly[2] ?? null,
  monthly_range_four: monthly[3] ?? null,
  monthly_range_five: monthly[4] ?? null,
  annual: (monthly[0] ?? 0) * 10,
  annual_range_two: monthly[1] ? monthly[1] * 10 : null,
  annual_range_three: monthly[2] ? monthly[2] * 10 : null,
  annual_range_four: monthly[3] ? monthly[3] * 10 : null,
  annual_range_five: monthly[4] ? monthly[4] * 10 : null,
});
const hotelFloors = [1, 21, 51, 101, 151];
const aptFloors = [1, 5, 11];

/** A GET /api/retrive-pricing answer as the API sends it. */
const pricing: Pricing = {
  currency: 'EUR',
  trial_days: 14,
  annual_months_charged: 10,
  version: 1,
  plans: [
    {
      code: 'standard',
      groups: {
        hotel: group([500, 450, 400, 350, 300], hotelFloors),
        apartment: group([1500, 1200, 1000], aptFloors),
      },
      included_addons: [],
    },
    {
      code: 'smart',
      groups: {
        hotel: group([800, 700, 650, 600, 550], hotelFloors),
        apartment: group([2500, 2200, 2000], aptFloors),
      },
      included_addons: ['chatbot'],
    },
  ],
  addons: [
    { code: 'messaging', monthly_unit_amount: 200, annual_unit_amount: 2000, feature: 'messaging' },
    { code: 'reviews', monthly_unit_amount: 100, annual_unit_amount: 1000, feature: 'reviews' },
    { code: 'remote_access', monthly_unit_amount: 300, annual_unit_amount: 3000, feature: 'smart_locks' },
    {
      code: 'identity_verification',
      monthly_unit_amount: 150,
      annual_unit_amount: 1500,
      feature: 'identity_verification',
    },
    { code: 'chatbot', monthly_unit_amount: 400, annual_unit_amount: 4000, feature: 'chatbot' },
  ],
};

const subscription: Subscription = {
  configured: true,
  state: 'trialing',
  status_subscription: 'demo',
  billed_by: 'none',
  plan: 'standard',
  billing_period: 'monthly',
  property_group: 'hotel',
  units: 20,
  addons: [],
  trial_ends_at: '2026-12-01T00:00:00.000Z',
  restaday: 6,
  current_period_start: null,
  current_period_end: null,
  cancel_at_period_end: false,
  payment_fail: false,
  has_stripe_subscription: false,
  amount: 0,
  currency: 'EUR',
  coupon: null,
  usage: { properties: 1, quantity: 1 },
};

describe('the plan picker total', () => {
  const table = toPriceTable(pricing);
  it('is the domain quote of the same choice (the price book read from GET /retrive-pricing)', () => {
    for (const plan of ['standard', 'smart'] as const)
      for (const period of ['monthly', 'annual'] as const)
        for (const units of [1, 4, 5, 10, 11, 20, 21, 50, 51, 150, 151, 400]) {
          const addons = ['messaging', 'chatbot'] as const;
          const live = liveQuote(table, 'hotel', { plan, period, units, addons: [...addons], coupon: '' });
          expect(live).toEqual(quote(table, { plan, period, group: 'hotel', units, addons }));
        }
  });
  it('goes down a tier at 21 hotel units, and charges 10 months for a year (2 months free)', () => {
    const at = (units: number, period: 'monthly' | 'annual') =>
      liveQuote(table, 'hotel', { plan: 'standard', period, units, addons: [], coupon: '' })?.total;
    expect(at(20, 'monthly')).toBe(20 * 500);
    expect(at(21, 'monthly')).toBe(21 * 450);
    expect(at(21, 'annual')).toBe(21 * 450 * 10);
  });
  it('does not charge an add-on the plan includes (smart includes the chatbot)', () => {
    const live = liveQuote(table, 'apartment', {
      plan: 'smart',
      period: 'monthly',
      units: 2,
      addons: ['chatbot', 'reviews'],
      coupon: '',
    });
    expect(live?.lines.map((l) => [l.code, l.amount])).toEqual([
      ['smart', 2 * 2500],
      ['reviews', 2 * 100],
    ]);
  });
  it('shows the tier table of the account group in the period amounts', () => {
    expect(tierRows(pricing, 'standard', 'apartment', 'annual')).toEqual([
      { from: 1, to: 4, amount: 15000 },
      { from: 5, to: 10, amount: 12000 },
      { from: 11, to: null, amount: 10000 },
    ]);
  });
});

describe('spec 5: the total capacity is required', () => {
  it('refuses empty, zero, fractions and negatives; no price and no request without it', () => {
    expect(validUnits(null)).toBe(false);
    expect(validUnits(0)).toBe(false);
    expect(validUnits(-3)).toBe(false);
    expect(validUnits(2.5)).toBe(false);
    expect(validUnits(1)).toBe(true);
    const choice = { ...initialChoice(subscription), units: null };
    expect(liveQuote(toPriceTable(pricing), 'hotel', choice)).toBeNull();
    expect(choiceBody(choice)).toBeNull();
  });
  it('sends the choice with a trimmed coupon, or none', () => {
    const choice = {
      ...initialChoice(subscription),
      addons: ['reviews', 'messaging'] as const,
      coupon: ' BIENVENIDA ',
    };
    expect(choiceBody({ ...choice, addons: [...choice.addons] })).toEqual({
      plan: 'standard',
      billing_period: 'monthly',
      units: 20,
      addons: ['messaging', 'reviews'],
      coupon: 'BIENVENIDA',
    });
    expect(choiceBody({ ...choice, addons: [], coupon: '  ' })?.coupon).toBeNull();
  });
});

describe('a change of a running subscription', () => {
  const running = {
    ...subscription,
    state: 'active' as const,
    has_stripe_subscription: true,
    addons: ['reviews' as const],
  };
  it('sends only what differs, and nothing when nothing does', () => {
    const same = initialChoice(running);
    expect(changesOf(running, same)).toBeNull();
    expect(changesOf(running, { ...same, units: 25 })).toEqual({ units: 25 });
    expect(changesOf(running, { ...same, period: 'annual', addons: ['reviews', 'chatbot'] })).toEqual({
      billing_period: 'annual',
      addons: ['chatbot', 'reviews'],
    });
    expect(changesOf(running, { ...same, units: null })).toBeNull();
  });
});

describe('the status card', () => {
  it('says each spec 4 state with its date', () => {
    const before = new Date('2026-11-25T00:00:00Z');
    expect(statusView({ ...subscription, trial_ends_at: '2026-11-24T00:00:00Z' }, before).kind).toBe(
      'expired',
    );
    expect(statusView(subscription, before)).toEqual({
      kind: 'trialing',
      daysLeft: 6,
      endsAt: '2026-12-01T00:00:00.000Z',
    });
    const active = { ...subscription, state: 'active' as const, current_period_end: '2027-01-01T00:00:00Z' };
    expect(statusView(active)).toEqual({ kind: 'active', renewsAt: '2027-01-01T00:00:00Z' });
    // Cancelled at the period's end: access kept until then.
    expect(statusView({ ...active, cancel_at_period_end: true })).toEqual({
      kind: 'canceled',
      accessUntil: '2027-01-01T00:00:00Z',
    });
    expect(statusView({ ...active, payment_fail: true }).kind).toBe('past_due');
    expect(statusView({ ...subscription, state: 'expired' }).kind).toBe('expired');
    // Granted by Posada (subscribed, no Stripe): active and billed by hand, never "free" (issue 27).
    const granted = {
      ...subscription,
      state: 'active' as const,
      status_subscription: 'subscribed' as const,
      billed_by: 'posada' as const,
    };
    expect(statusView(granted)).toEqual({ kind: 'granted', renewsAt: null });
    expect(canManage(granted)).toBe(false);
  });
  it('offers changes only with a paid subscription that has not expired', () => {
    expect(canManage(subscription)).toBe(false);
    expect(canManage({ ...subscription, state: 'active', has_stripe_subscription: true })).toBe(true);
    expect(canManage({ ...subscription, state: 'expired', has_stripe_subscription: true })).toBe(false);
  });
});

describe('the paywall', () => {
  it('leaves the subscription, invoices, billing and profile pages open, and blocks the rest', () => {
    expect(paywallExempt('/business/invoices/select/suscriptions')).toBe(true);
    expect(paywallExempt('/business/invoices/invoicelist')).toBe(true);
    expect(paywallExempt('/business/profile/billing')).toBe(true);
    expect(paywallExempt('/business/profile/account-invoices')).toBe(true);
    expect(paywallExempt('/business/dashboard')).toBe(false);
    expect(paywallExempt('/calendar/bookings')).toBe(false);
    expect(paywallExempt('/business/scheduled-checkins')).toBe(false);
  });
});
