import type { Pricing, Subscription, SubscriptionChoiceBody } from '@posada/contracts/subscriptions';
import {
  type AddonCode,
  type BillingPeriod,
  type PlanCode,
  type PriceTable,
  type PropertyGroup,
  type Quote,
  quote,
} from '@posada/domain/pricing';

/** GET /api/retrive-pricing as the domain's price table (monthly per-unit amounts by tier). */
export function toPriceTable(pricing: Pricing): PriceTable {
  const plans = {} as PriceTable['plans'];
  const included = {} as PriceTable['included'];
  for (const plan of pricing.plans) {
    plans[plan.code] = {
      hotel: plan.groups.hotel.tiers.map((tier) => tier.monthly_unit_amount),
      apartment: plan.groups.apartment.tiers.map((tier) => tier.monthly_unit_amount),
    };
    included[plan.code] = [...plan.included_addons];
  }
  const addons = {} as PriceTable['addons'];
  for (const addon of pricing.addons) addons[addon.code] = addon.monthly_unit_amount;
  return { currency: pricing.currency as PriceTable['currency'], plans, addons, included };
}

/** What the plan picker edits. `units` is null while the field is empty (spec 5: it is required). */
export interface PlanChoice {
  plan: PlanCode;
  period: BillingPeriod;
  units: number | null;
  addons: AddonCode[];
  coupon: string;
}

/** The picker's starting point: the subscription's own choice (standard, monthly, its units during the trial). */
export function initialChoice(subscription: Subscription): PlanChoice {
  return {
    plan: subscription.plan,
    period: subscription.billing_period,
    units: subscription.units > 0 ? subscription.units : Math.max(1, subscription.usage.properties),
    addons: [...subscription.addons],
    coupon: subscription.coupon?.code ?? '',
  };
}

/** spec 5 "total capacity (occupancy) is required": a whole number of at least 1. */
export function validUnits(units: number | null): units is number {
  return units !== null && Number.isInteger(units) && units >= 1 && units <= 10_000;
}

/** The live price of a choice from the price table (instant, before the server answers). */
export function liveQuote(table: PriceTable, group: PropertyGroup, choice: PlanChoice): Quote | null {
  if (!validUnits(choice.units)) return null;
  return quote(table, {
    plan: choice.plan,
    period: choice.period,
    group,
    units: choice.units,
    addons: choice.addons,
  });
}

/** The body of POST /api/subscription/quote and /checkout, or null while the units are missing. */
export function choiceBody(choice: PlanChoice): SubscriptionChoiceBody | null {
  if (!validUnits(choice.units)) return null;
  const coupon = choice.coupon.trim();
  return {
    plan: choice.plan,
    billing_period: choice.period,
    units: choice.units,
    addons: [...choice.addons].sort(),
    coupon: coupon ? coupon : null,
  };
}

/** The changes of a running subscription (only what differs), or null when nothing changed. */
export function changesOf(subscription: Subscription, choice: PlanChoice) {
  if (!validUnits(choice.units)) return null;
  const changes: { plan?: PlanCode; billing_period?: BillingPeriod; units?: number; addons?: AddonCode[] } =
    {};
  if (choice.plan !== subscription.plan) changes.plan = choice.plan;
  if (choice.period !== subscription.billing_period) changes.billing_period = choice.period;
  if (choice.units !== subscription.units) changes.units = choice.units;
  const before = [...subscription.addons].sort().join(',');
  const after = [...choice.addons].sort().join(',');
  if (before !== after) changes.addons = [...choice.addons].sort();
  return Object.keys(changes).length > 0 ? changes : null;
}

/** The tier rows of a plan for the account's property group, in the period's per-unit amounts. */
export function tierRows(pricing: Pricing, plan: PlanCode, group: PropertyGroup, period: BillingPeriod) {
  const ladder = pricing.plans.find((p) => p.code === plan)?.groups[group].tiers ?? [];
  return ladder.map((tier) => ({
    from: tier.from,
    to: tier.to,
    amount: period === 'annual' ? tier.annual_unit_amount : tier.monthly_unit_amount,
  }));
}
