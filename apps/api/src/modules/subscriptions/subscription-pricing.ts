import type { Pricing, PricingGroup, QuoteLine } from '@posada/contracts/subscriptions';
import {
  ANNUAL_MONTHS_CHARGED,
  addonCodes,
  addonFeature,
  annualRangeNames,
  type Coupon,
  monthlyRangeNames,
  type PriceLine,
  type PriceTable,
  type PropertyGroup,
  planCodes,
  tierRanges,
} from '@posada/domain/pricing';
import { TRIAL_DAYS } from '@posada/domain/subscription';
import type { CouponRow } from './subscriptions.repo.ts';

/** One plan's ladder for a property group as GET /api/retrive-pricing answers it (spec 3 range names). */
function groupPrices(ladder: readonly number[], group: PropertyGroup): PricingGroup {
  const ranges = tierRanges(group);
  const tiers = ranges.map((range, i) => {
    const monthly = ladder[Math.min(i, ladder.length - 1)] ?? 0;
    return { ...range, monthly_unit_amount: monthly, annual_unit_amount: monthly * ANNUAL_MONTHS_CHARGED };
  });
  const named = {} as Record<string, number | null>;
  monthlyRangeNames.forEach((name, i) => {
    named[name] = tiers[i]?.monthly_unit_amount ?? null;
  });
  annualRangeNames.forEach((name, i) => {
    named[name] = tiers[i]?.annual_unit_amount ?? null;
  });
  return {
    tiers,
    monthly: tiers[0]?.monthly_unit_amount ?? 0,
    annual: tiers[0]?.annual_unit_amount ?? 0,
    monthly_range_two: named.monthly_range_two ?? null,
    monthly_range_three: named.monthly_range_three ?? null,
    monthly_range_four: named.monthly_range_four ?? null,
    monthly_range_five: named.monthly_range_five ?? null,
    annual_range_two: named.annual_range_two ?? null,
    annual_range_three: named.annual_range_three ?? null,
    annual_range_four: named.annual_range_four ?? null,
    annual_range_five: named.annual_range_five ?? null,
  };
}

/** GET /api/retrive-pricing: the price book as the subscription screens read it. */
export function toPricing(table: PriceTable, version: number): Pricing {
  return {
    currency: table.currency,
    trial_days: TRIAL_DAYS,
    annual_months_charged: ANNUAL_MONTHS_CHARGED,
    plans: planCodes.map((code) => ({
      code,
      groups: {
        hotel: groupPrices(table.plans[code].hotel, 'hotel'),
        apartment: groupPrices(table.plans[code].apartment, 'apartment'),
      },
      included_addons: addonCodes.filter((a) => table.included[code].includes(a)),
    })),
    addons: addonCodes.map((code) => ({
      code,
      monthly_unit_amount: table.addons[code] ?? 0,
      annual_unit_amount: (table.addons[code] ?? 0) * ANNUAL_MONTHS_CHARGED,
      feature: addonFeature[code],
    })),
    version,
  };
}

export const toQuoteLine = (line: PriceLine): QuoteLine => ({
  kind: line.kind,
  code: line.code,
  units: line.units,
  unit_amount: line.unitAmount,
  amount: line.amount,
});

/** A coupon usable now: active, not past valid_until, not used up. */
export function couponUsable(row: CouponRow | null, now: Date): row is CouponRow {
  if (!row?.active) return false;
  if (row.validUntil && row.validUntil.getTime() <= now.getTime()) return false;
  if (row.maxRedemptions != null && row.redeemed >= row.maxRedemptions) return false;
  return true;
}

export const couponOf = (row: CouponRow | null): Coupon | null =>
  row ? { percentOff: row.percentOff, amountOff: row.amountOff } : null;

export const couponView = (row: CouponRow | null) =>
  row ? { code: row.code, percent_off: row.percentOff, amount_off: row.amountOff } : null;

/**
 * Units of a new account's subscription: apartments and villas by property (at least the account's
 * quantity), hotels and campings by rooms (the registration's room range upper bound, or room_quantity).
 */
export function initialUnits(
  group: PropertyGroup,
  account: { roomRange: string | null; quantity: number; roomQuantity: number },
  propertyCount: number,
): number {
  if (group === 'apartment') return Math.max(1, propertyCount, account.quantity);
  const numbers = (account.roomRange ?? '').match(/\d+/g)?.map(Number) ?? [];
  const fromRange = numbers.length > 0 ? Math.max(...numbers) : null;
  return Math.max(1, fromRange ?? account.roomQuantity);
}
