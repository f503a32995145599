import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AddonCode,
  ANNUAL_MONTHS_CHARGED,
  addonCodes,
  annualPerUnit,
  couponDiscount,
  type PriceTable,
  prorate,
  prorateDays,
  quote,
  tierIndex,
  tierRanges,
} from './pricing.ts';

/** The seeded price book (migration 0013). */
const table: PriceTable = {
  currency: 'EUR',
  plans: {
    standard: { apartment: [1500, 1200, 900], hotel: [400, 350, 300, 250, 200] },
    smart: { apartment: [2500, 2000, 1500], hotel: [700, 600, 500, 450, 400] },
  },
  addons: { messaging: 300, reviews: 200, remote_access: 300, identity_verification: 300, chatbot: 500 },
  included: { standard: [], smart: ['chatbot'] },
};

const plan = fc.constantFrom('standard' as const, 'smart' as const);
const group = fc.constantFrom('hotel' as const, 'apartment' as const);
const addons = fc.subarray([...addonCodes]) as fc.Arbitrary<AddonCode[]>;
const units = fc.integer({ min: 1, max: 1000 });
const coupon = fc.oneof(
  fc.constant(null),
  fc.record({ percentOff: fc.integer({ min: 1, max: 100 }), amountOff: fc.constant(null) }),
  fc.record({ percentOff: fc.constant(null), amountOff: fc.integer({ min: 1, max: 10_000_000 }) }),
);
const DAY = 86_400_000;

describe('spec 9 tiers', () => {
  it('hotel or camping: 1-20, 21-50, 51-100, 101-150, over 150', () => {
    const cases: [number, number][] = [
      [1, 0],
      [20, 0],
      [21, 1],
      [50, 1],
      [51, 2],
      [100, 2],
      [101, 3],
      [150, 3],
      [151, 4],
      [5000, 4],
    ];
    for (const [n, tier] of cases) expect(tierIndex('hotel', n)).toBe(tier);
  });

  it('apartment or villa: 1-4, 5-10, over 10', () => {
    const cases: [number, number][] = [
      [1, 0],
      [4, 0],
      [5, 1],
      [10, 1],
      [11, 2],
      [400, 2],
    ];
    for (const [n, tier] of cases) expect(tierIndex('apartment', n)).toBe(tier);
  });

  it('every unit count falls in exactly the range of its tier, and the ranges tile 1..∞', () => {
    fc.assert(
      fc.property(group, units, (g, n) => {
        const ranges = tierRanges(g);
        const r = ranges[tierIndex(g, n)];
        expect(r).toBeDefined();
        expect(n).toBeGreaterThanOrEqual(r?.from ?? 0);
        if (r?.to != null) expect(n).toBeLessThanOrEqual(r.to);
        expect(ranges[0]?.from).toBe(1);
        expect(ranges.at(-1)?.to).toBeNull();
        for (let i = 1; i < ranges.length; i += 1) expect(ranges[i]?.from).toBe((ranges[i - 1]?.to ?? 0) + 1);
      }),
    );
  });

  it('the plan line charges every unit at its tier price', () => {
    fc.assert(
      fc.property(plan, group, units, (p, g, n) => {
        const q = quote(table, { plan: p, period: 'monthly', group: g, units: n, addons: [] });
        const price = table.plans[p][g][tierIndex(g, n)];
        expect(q.total).toBe((price ?? 0) * n);
        expect(q.tier).toBe(tierIndex(g, n));
      }),
    );
  });
});

describe('billing periods', () => {
  it('annual costs 10 monthly periods (2 months free), line by line', () => {
    fc.assert(
      fc.property(plan, group, units, addons, (p, g, n, a) => {
        const monthly = quote(table, { plan: p, period: 'monthly', group: g, units: n, addons: a });
        const annual = quote(table, { plan: p, period: 'annual', group: g, units: n, addons: a });
        expect(annual.total).toBe(ANNUAL_MONTHS_CHARGED * monthly.total);
        expect(annual.lines.map((l) => l.amount)).toEqual(monthly.lines.map((l) => 10 * l.amount));
        expect(annual.annualTotal).toBe(10 * monthly.monthlyTotal);
      }),
    );
  });

  it('annual per unit = 12 × monthly total ÷ units', () => {
    fc.assert(
      fc.property(plan, group, units, addons, (p, g, n, a) => {
        const q = quote(table, { plan: p, period: 'annual', group: g, units: n, addons: a });
        expect(q.annualPerUnit).toBe(Math.round((12 * q.monthlyTotal) / n));
        expect(annualPerUnit(q.monthlyTotal, n) * n).toBeGreaterThanOrEqual(12 * q.monthlyTotal - n);
      }),
    );
  });

  it('add-ons are charged per unit, once each, never when the plan includes them', () => {
    fc.assert(
      fc.property(plan, group, units, addons, (p, g, n, a) => {
        const q = quote(table, { plan: p, period: 'monthly', group: g, units: n, addons: [...a, ...a] });
        const lines = q.lines.filter((l) => l.kind === 'addon');
        expect(new Set(lines.map((l) => l.code)).size).toBe(lines.length);
        for (const line of lines) {
          expect(table.included[p]).not.toContain(line.code);
          expect(line.amount).toBe(table.addons[line.code as AddonCode] * n);
        }
        expect(lines.length).toBe(a.filter((c) => !table.included[p].includes(c)).length);
      }),
    );
  });
});

describe('coupons', () => {
  it('never make a total negative nor discount more than the gross', () => {
    fc.assert(
      fc.property(
        plan,
        group,
        units,
        addons,
        coupon,
        fc.constantFrom('monthly' as const, 'annual' as const),
        (p, g, n, a, c, period) => {
          const q = quote(table, { plan: p, period, group: g, units: n, addons: a, coupon: c });
          expect(q.total).toBeGreaterThanOrEqual(0);
          expect(q.discount).toBeLessThanOrEqual(q.gross);
          expect(q.total).toBe(q.gross - q.discount);
          expect(q.lines.reduce((s, l) => s + l.amount, 0)).toBe(q.total);
        },
      ),
    );
  });

  it('100 % off is free; amounts are capped at the gross', () => {
    expect(couponDiscount(4500, { percentOff: 100, amountOff: null })).toBe(4500);
    expect(couponDiscount(4500, { percentOff: null, amountOff: 99_999 })).toBe(4500);
    expect(couponDiscount(4500, { percentOff: 10, amountOff: null })).toBe(450);
    expect(couponDiscount(0, { percentOff: null, amountOff: 500 })).toBe(0);
  });
});

describe('proration', () => {
  const start = new Date('2026-03-01T00:00:00Z');
  const end = new Date('2026-03-31T00:00:00Z');
  const totals = fc.integer({ min: 0, max: 10_000_000 });
  const moment = fc.integer({ min: -5 * DAY, max: 35 * DAY }).map((ms) => new Date(start.getTime() + ms));

  it('no days left charges nothing; the whole period left charges the whole difference', () => {
    fc.assert(
      fc.property(totals, totals, (a, b) => {
        expect(prorate(a, b, start, end, end).amount).toBe(0);
        expect(prorate(a, b, start, end, new Date(end.getTime() + DAY)).daysLeft).toBe(0);
        expect(prorate(a, b, start, end, start)).toEqual({ amount: b - a, daysLeft: 30, periodDays: 30 });
      }),
    );
  });

  it('successive changes add up to the direct change, within a cent per step', () => {
    fc.assert(
      fc.property(totals, totals, totals, moment, (a, b, c, now) => {
        const direct = prorate(a, c, start, end, now).amount;
        const steps = prorate(a, b, start, end, now).amount + prorate(b, c, start, end, now).amount;
        expect(Math.abs(steps - direct)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('an added service charges its share of the days left; removing it credits the same', () => {
    fc.assert(
      fc.property(
        plan,
        group,
        units,
        fc.constantFrom(...addonCodes),
        fc.integer({ min: 0, max: 30 }),
        (p, g, n, addon, left) => {
          const without = quote(table, { plan: p, period: 'monthly', group: g, units: n, addons: [] }).total;
          const withIt = quote(table, {
            plan: p,
            period: 'monthly',
            group: g,
            units: n,
            addons: [addon],
          }).total;
          const up = prorateDays(withIt - without, left, 30);
          const down = prorateDays(without - withIt, left, 30);
          expect(up + down).toBe(0);
          expect(up).toBeGreaterThanOrEqual(0);
          expect(up).toBeLessThanOrEqual(withIt - without);
          expect(up).toBe(Math.round(((withIt - without) * left) / 30));
        },
      ),
    );
  });

  it('days left never exceed the period and the charge keeps the sign of the difference', () => {
    fc.assert(
      fc.property(totals, totals, moment, (a, b, now) => {
        const r = prorate(a, b, start, end, now);
        expect(r.daysLeft).toBeGreaterThanOrEqual(0);
        expect(r.daysLeft).toBeLessThanOrEqual(r.periodDays);
        expect(Math.sign(r.amount) * Math.sign(b - a)).toBeGreaterThanOrEqual(0);
        expect(Math.abs(r.amount)).toBeLessThanOrEqual(Math.abs(b - a));
      }),
    );
  });
});
