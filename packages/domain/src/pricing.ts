/**
 * The platform's own prices (spec 9, issue 16): plans, unit tiers by property type, billing periods,
 * add-ons, coupons and proration. Money is integer minor units (ARCHITECTURE §6). The price list itself
 * lives in the database (price_books, edited by the admin); these are the rules applied to it.
 */
import { isHotelType } from './property-types.ts';

export const planCodes = ['standard', 'smart'] as const;
export type PlanCode = (typeof planCodes)[number];

export const billingPeriods = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

/** spec 9: hotels and campings are priced by one tier ladder, apartments and villas by another. */
export type PropertyGroup = 'hotel' | 'apartment';

export function propertyGroupOf(tipoHospedaje: string | null | undefined): PropertyGroup {
  return isHotelType(tipoHospedaje) ? 'hotel' : 'apartment';
}

/** spec 3 Subscription add-ons: messaging, reviews, remote access, identity verification, chatbot AI. */
export const addonCodes = [
  'messaging',
  'reviews',
  'remote_access',
  'identity_verification',
  'chatbot',
] as const;
export type AddonCode = (typeof addonCodes)[number];

/** The feature-gate name (User.servicios, feature-gates.ts) an add-on switches on. */
export const addonFeature: Record<AddonCode, string> = {
  messaging: 'messaging',
  reviews: 'reviews',
  remote_access: 'smart_locks',
  identity_verification: 'identity_verification',
  chatbot: 'chatbot',
};

/**
 * spec 9 unit tiers: the inclusive lower bound of each range (base, range two … range five).
 * Hotel or camping 1-20, 21-50, 51-100, 101-150, over 150; apartment or villa 1-4, 5-10, over 10.
 */
export const tierFloors: Record<PropertyGroup, readonly number[]> = {
  hotel: [1, 21, 51, 101, 151],
  apartment: [1, 5, 11],
};

/** spec 3 price range names, in tier order. */
export const monthlyRangeNames = [
  'monthly',
  'monthly_range_two',
  'monthly_range_three',
  'monthly_range_four',
  'monthly_range_five',
] as const;
export const annualRangeNames = [
  'annual',
  'annual_range_two',
  'annual_range_three',
  'annual_range_four',
  'annual_range_five',
] as const;

/** spec 9: annual billing gives 2 months free (an annual period costs 10 monthly totals). */
export const ANNUAL_MONTHS_CHARGED = 10;

/**
 * One version of the price list (price_books.prices). Every amount is the monthly price of one unit in
 * minor units of `currency`; `plans[plan][group][tier]` follows tierFloors[group].
 */
export interface PriceTable {
  currency: 'EUR';
  plans: Record<PlanCode, Record<PropertyGroup, number[]>>;
  /** Monthly price of an add-on per unit. */
  addons: Record<AddonCode, number>;
  /** Which add-ons a plan already includes (smart includes the chatbot, say). */
  included: Record<PlanCode, AddonCode[]>;
}

/** The tier index (0 = base) the unit count falls in. */
export function tierIndex(group: PropertyGroup, units: number): number {
  const floors = tierFloors[group];
  let index = 0;
  for (let i = 0; i < floors.length; i += 1) if (units >= (floors[i] ?? Number.POSITIVE_INFINITY)) index = i;
  return index;
}

/** Each tier's inclusive unit range (`to` null: no upper bound), in tier order. */
export function tierRanges(group: PropertyGroup): { from: number; to: number | null }[] {
  const floors = tierFloors[group];
  return floors.map((from, i) => {
    const next = floors[i + 1];
    return { from, to: next === undefined ? null : next - 1 };
  });
}

/** The monthly price of one unit of a plan for a unit count (the tier's price applies to every unit). */
export function monthlyUnitPrice(
  table: PriceTable,
  plan: PlanCode,
  group: PropertyGroup,
  units: number,
): number {
  const ladder = table.plans[plan][group];
  const tier = tierIndex(group, units);
  return ladder[Math.min(tier, ladder.length - 1)] ?? 0;
}

/** How many monthly prices one period costs: 1 monthly, 10 annual (2 months free). */
export function monthsCharged(period: BillingPeriod): number {
  return period === 'annual' ? ANNUAL_MONTHS_CHARGED : 1;
}

export interface Coupon {
  percentOff: number | null;
  amountOff: number | null;
}

export interface SubscriptionChoice {
  plan: PlanCode;
  period: BillingPeriod;
  group: PropertyGroup;
  units: number;
  addons: readonly AddonCode[];
  coupon?: Coupon | null;
}

export interface PriceLine {
  kind: 'plan' | 'addon' | 'discount';
  code: string;
  /** Units × unit price for one period, minor units (negative for a discount). */
  amount: number;
  units: number;
  /** Price per unit for the period (monthly, or annual with 2 months free). */
  unitAmount: number;
}

export interface Quote {
  currency: string;
  lines: PriceLine[];
  /** The period's total before the coupon, minor units. */
  gross: number;
  /** The coupon's discount on the gross, minor units (0 without a coupon). */
  discount: number;
  /** The period's total before VAT, minor units, never negative. */
  total: number;
  /** The same choice billed monthly (before the coupon): the base of spec 9's annual per-unit figure. */
  monthlyTotal: number;
  /** The same choice billed annually (before the coupon): 10 × monthlyTotal. */
  annualTotal: number;
  /** spec 9: the annual per-unit price, 12 × monthly total ÷ units. */
  annualPerUnit: number;
  /** spec 9 tier index, 0 = base. */
  tier: number;
  /** The units billed (at least 1, whole). */
  units: number;
}

/** The add-ons charged for a plan: each once, in addonCodes order, without those the plan includes. */
export function chargedAddons(table: PriceTable, plan: PlanCode, addons: readonly AddonCode[]): AddonCode[] {
  const included = new Set(table.included[plan]);
  const wanted = new Set(addons);
  return addonCodes.filter((code) => wanted.has(code) && !included.has(code));
}

/** The add-ons a subscription switches on: those chosen plus those the plan includes. */
export function activeAddons(table: PriceTable, plan: PlanCode, addons: readonly AddonCode[]): AddonCode[] {
  const on = new Set([...addons, ...table.included[plan]]);
  return addonCodes.filter((code) => on.has(code));
}

/** The cost of one period of a choice: volume tier price × units, add-ons × units, then the coupon. */
export function quote(table: PriceTable, choice: SubscriptionChoice): Quote {
  const units = Math.max(1, Math.floor(choice.units));
  const tier = tierIndex(choice.group, units);
  const monthlyUnit = monthlyUnitPrice(table, choice.plan, choice.group, units);
  const months = monthsCharged(choice.period);
  const lines: PriceLine[] = [
    {
      kind: 'plan',
      code: choice.plan,
      units,
      unitAmount: monthlyUnit * months,
      amount: monthlyUnit * months * units,
    },
  ];
  let monthlyTotal = monthlyUnit * units;
  for (const addon of chargedAddons(table, choice.plan, choice.addons)) {
    const monthly = table.addons[addon] ?? 0;
    monthlyTotal += monthly * units;
    const unitAmount = monthly * months;
    lines.push({ kind: 'addon', code: addon, units, unitAmount, amount: unitAmount * units });
  }
  const gross = lines.reduce((sum, line) => sum + line.amount, 0);
  const discount = couponDiscount(gross, choice.coupon ?? null);
  if (discount > 0)
    lines.push({ kind: 'discount', code: 'coupon', units: 1, unitAmount: -discount, amount: -discount });
  return {
    currency: table.currency,
    lines,
    gross,
    discount,
    total: gross - discount,
    monthlyTotal,
    annualTotal: monthlyTotal * ANNUAL_MONTHS_CHARGED,
    annualPerUnit: annualPerUnit(monthlyTotal, units),
    tier,
    units,
  };
}

/** A coupon's discount on a gross amount: percent rounded half up, or a fixed amount; never above the gross. */
export function couponDiscount(gross: number, coupon: Coupon | null): number {
  if (!coupon || gross <= 0) return 0;
  if (coupon.percentOff != null) {
    const percent = Math.min(100, Math.max(0, coupon.percentOff));
    return Math.min(gross, Math.round((gross * percent) / 100));
  }
  if (coupon.amountOff != null) return Math.min(gross, Math.max(0, coupon.amountOff));
  return 0;
}

/** spec 9: the annual per-unit figure, 12 × total ÷ units (total = the monthly total of the choice). */
export function annualPerUnit(monthlyTotal: number, units: number): number {
  return Math.round((12 * monthlyTotal) / Math.max(1, Math.floor(units)));
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Proration {
  /** Charged now (negative: credited), minor units. */
  amount: number;
  daysLeft: number;
  periodDays: number;
}

/**
 * spec 9 proration: a change in the middle of a period charges (or credits, when negative) the difference
 * between the new and the old period total for the share of the period left, by whole days left (a day
 * begun counts as left). No days left: nothing; the whole period left: the whole difference.
 */
export function prorate(
  oldTotal: number,
  newTotal: number,
  periodStart: Date,
  periodEnd: Date,
  now: Date,
): Proration {
  const periodDays = Math.max(1, Math.round((periodEnd.getTime() - periodStart.getTime()) / DAY_MS));
  const left = Math.ceil((periodEnd.getTime() - now.getTime()) / DAY_MS);
  const daysLeft = Math.min(periodDays, Math.max(0, left));
  return { amount: prorateDays(newTotal - oldTotal, daysLeft, periodDays), daysLeft, periodDays };
}

/** The share of a period difference for `daysLeft` of `periodDays`, rounded half away from zero. */
export function prorateDays(difference: number, daysLeft: number, periodDays: number): number {
  const days = Math.min(Math.max(0, daysLeft), Math.max(1, periodDays));
  const exact = (difference * days) / Math.max(1, periodDays);
  const rounded = Math.round(Math.abs(exact));
  return rounded === 0 ? 0 : Math.sign(exact) * rounded;
}

/**
 * The subscription's state as the screens show it (spec 4 Subscription): trialing (free trial), active,
 * past_due (a failed payment, access kept while Stripe retries), canceled (cancelled, access until the
 * period ends), expired (trial over or period over without payment), free (a free plan).
 */
export type SubscriptionState = 'trialing' | 'active' | 'past_due' | 'canceled' | 'expired' | 'free';

/** One line of an invoice the platform issues. */
export interface InvoiceLine {
  description: string;
  quantity: number;
  unitAmount: number;
  amount: number;
}

/** The issuer's or the customer's tax identity as printed on an invoice. */
export interface InvoiceParty {
  name: string;
  taxId: string;
  address: string;
  city?: string | null;
  province?: string | null;
  postalCode: string;
  country: string;
  email?: string | null;
}
