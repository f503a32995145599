import { addonCodes, billingPeriods, planCodes } from '@posada/domain/pricing';
import { z } from 'zod';
import { text } from './primitives.ts';

/**
 * The operator's subscription to Posada (issue 16, spec 3 Subscription, spec 4 Subscription, spec 9,
 * docs/billing.md). Billed on the platform's Stripe account (Stripe Billing). Money is integer minor
 * units plus an ISO currency. Every answer is wrapped in the envelope.
 */

export const planCodeSchema = z.enum(planCodes);
export const billingPeriodSchema = z.enum(billingPeriods);
export const addonCodeSchema = z.enum(addonCodes);
export const propertyGroupSchema = z.enum(['hotel', 'apartment']);

/** spec 4 Subscription, as the subscription screens show it. */
export const subscriptionStates = ['trialing', 'active', 'past_due', 'canceled', 'expired', 'free'] as const;
export type SubscriptionStateName = (typeof subscriptionStates)[number];

/** spec 3 User.status_subscription. */
export const statusSubscriptions = ['demo', 'demo_expired', 'subscribed'] as const;

// ---------------------------------------------------------------------------------------------------
// GET /api/retrive-pricing (spec 7; public)
// ---------------------------------------------------------------------------------------------------

/** One unit tier of spec 9 (`to` null: no upper bound). Amounts are per unit, minor units. */
export const pricingTierSchema = z.object({
  from: z.number().int(),
  to: z.number().int().nullable(),
  /** Monthly price of one unit in this tier. */
  monthly_unit_amount: z.number().int(),
  /** Annual price of one unit in this tier (10 × monthly: 2 months free). */
  annual_unit_amount: z.number().int(),
});
export type PricingTier = z.infer<typeof pricingTierSchema>;

/**
 * A plan's ladder for one property group, with the spec 3 range names: monthly, monthly_range_two …
 * monthly_range_five, annual, annual_range_two … annual_range_five (per-unit amounts; null where the group
 * has fewer tiers: apartments and villas have three).
 */
export const pricingGroupSchema = z.object({
  tiers: z.array(pricingTierSchema),
  monthly: z.number().int(),
  monthly_range_two: z.number().int().nullable(),
  monthly_range_three: z.number().int().nullable(),
  monthly_range_four: z.number().int().nullable(),
  monthly_range_five: z.number().int().nullable(),
  annual: z.number().int(),
  annual_range_two: z.number().int().nullable(),
  annual_range_three: z.number().int().nullable(),
  annual_range_four: z.number().int().nullable(),
  annual_range_five: z.number().int().nullable(),
});
export type PricingGroup = z.infer<typeof pricingGroupSchema>;

export const pricingPlanSchema = z.object({
  code: planCodeSchema,
  groups: z.object({ hotel: pricingGroupSchema, apartment: pricingGroupSchema }),
  /** Add-ons the plan already includes (not charged on top). */
  included_addons: z.array(addonCodeSchema),
});
export type PricingPlan = z.infer<typeof pricingPlanSchema>;

export const pricingAddonSchema = z.object({
  code: addonCodeSchema,
  /** Monthly price per unit. */
  monthly_unit_amount: z.number().int(),
  /** Annual price per unit (10 × monthly). */
  annual_unit_amount: z.number().int(),
  /** The feature-gate name it switches on (User.servicios). */
  feature: z.string(),
});
export type PricingAddon = z.infer<typeof pricingAddonSchema>;

export const pricingSchema = z.object({
  currency: z.string(),
  /** spec 9: 14 days, no card. */
  trial_days: z.number().int(),
  /** spec 9: an annual period costs this many monthly totals (10: 2 months free). */
  annual_months_charged: z.number().int(),
  plans: z.array(pricingPlanSchema),
  addons: z.array(pricingAddonSchema),
  /** The price book's version (admin `manager/prices`). */
  version: z.number().int(),
});
export type Pricing = z.infer<typeof pricingSchema>;

// ---------------------------------------------------------------------------------------------------
// GET /api/subscription (empresa)
// ---------------------------------------------------------------------------------------------------

export const subscriptionCouponSchema = z.object({
  code: z.string(),
  percent_off: z.number().int().nullable(),
  amount_off: z.number().int().nullable(),
});

export const subscriptionSchema = z.object({
  /** False when the platform has no STRIPE_SECRET_KEY: nothing can be bought or changed. */
  configured: z.boolean(),
  /**
   * The row's state, as the screens read it (issue 27): a subscription Posada granted (subscribed without
   * Stripe, stored as `free`) reads `active`, never "free", beside status_subscription `subscribed`.
   */
  state: z.enum(subscriptionStates),
  status_subscription: z.enum(statusSubscriptions),
  /** Who bills the account: Stripe (a paid subscription), Posada (granted, billed by hand), or nobody (trial). */
  billed_by: z.enum(['stripe', 'posada', 'none']),
  /** The plan of the subscription row (standard during the trial). */
  plan: planCodeSchema,
  billing_period: billingPeriodSchema,
  property_group: propertyGroupSchema,
  units: z.number().int(),
  addons: z.array(addonCodeSchema),
  /** ISO instant; null when the trial does not apply. */
  trial_ends_at: z.string().nullable(),
  /** Whole days left in the trial (spec 3 restaday); 0 out of trial. */
  restaday: z.number().int(),
  current_period_start: z.string().nullable(),
  /** The renewal date, or the end of access when cancel_at_period_end. */
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** spec 3 paymentfail: the last charge failed (show the banner with the portal's fix link). */
  payment_fail: z.boolean(),
  /** True once a paid Stripe subscription exists (checkout done): change/cancel/portal apply. */
  has_stripe_subscription: z.boolean(),
  /** The period's total before VAT, minor units. */
  amount: z.number().int(),
  currency: z.string(),
  coupon: subscriptionCouponSchema.nullable(),
  /** What the account uses now: properties count and the account's quantity (maximum properties). */
  usage: z.object({ properties: z.number().int(), quantity: z.number().int() }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

// ---------------------------------------------------------------------------------------------------
// POST /api/subscription/quote, POST /api/subscription/checkout
// ---------------------------------------------------------------------------------------------------

export const subscriptionChoiceBody = z.object({
  plan: planCodeSchema,
  billing_period: billingPeriodSchema,
  /** Units billed (properties for apartments/villas; rooms, beds or capacity for hotels/campings). */
  units: z.number().int().min(1).max(10_000),
  addons: z.array(addonCodeSchema).max(addonCodes.length).default([]),
  /** A discount code; unknown, used up or expired → 400 with errors.coupon. */
  coupon: text({ max: 64, trim: true }).optional().nullable(),
});
export type SubscriptionChoiceBody = z.infer<typeof subscriptionChoiceBody>;

export const quoteLineSchema = z.object({
  kind: z.enum(['plan', 'addon', 'discount']),
  code: z.string(),
  units: z.number().int(),
  /** Per unit, for one period (monthly or annual). */
  unit_amount: z.number().int(),
  /** For one period; negative for the discount. */
  amount: z.number().int(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const subscriptionQuoteSchema = z.object({
  currency: z.string(),
  plan: planCodeSchema,
  billing_period: billingPeriodSchema,
  property_group: propertyGroupSchema,
  units: z.number().int(),
  /** spec 9 tier index, 0 = base. */
  tier: z.number().int(),
  lines: z.array(quoteLineSchema),
  /** One period's total before VAT, never negative. */
  total: z.number().int(),
  /** The same choice billed monthly (for comparison). */
  monthly_total: z.number().int(),
  /** The same choice billed annually (10 × monthly). */
  annual_total: z.number().int(),
  /** spec 9: annual per unit = 12 × monthly total ÷ units. */
  annual_per_unit: z.number().int(),
  coupon: subscriptionCouponSchema.nullable(),
  trial_days_left: z.number().int(),
});
export type SubscriptionQuote = z.infer<typeof subscriptionQuoteSchema>;

export const checkoutUrlSchema = z.object({ url: z.string() });
export type CheckoutUrl = z.infer<typeof checkoutUrlSchema>;

// ---------------------------------------------------------------------------------------------------
// POST /api/subscription/preview, PUT /api/subscription
// ---------------------------------------------------------------------------------------------------

/** A change of a running subscription: any subset. */
export const subscriptionChanges = z
  .object({
    plan: planCodeSchema.optional(),
    billing_period: billingPeriodSchema.optional(),
    units: z.number().int().min(1).max(10_000).optional(),
    addons: z.array(addonCodeSchema).max(addonCodes.length).optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), { message: 'empty change' });
export const subscriptionChangeBody = z.object({ changes: subscriptionChanges });
export type SubscriptionChangeBody = z.infer<typeof subscriptionChangeBody>;

/** One side of a change: what the subscription is, or will be (add-ons: every one switched on). */
export const subscriptionSideSchema = z.object({
  plan: planCodeSchema,
  billing_period: billingPeriodSchema,
  units: z.number().int(),
  addons: z.array(addonCodeSchema),
});

export const subscriptionPreviewSchema = z.object({
  /** Old → new (issue 27): the summary the operator confirms. */
  from: subscriptionSideSchema,
  to: subscriptionSideSchema,
  /** Add-ons switched on or off by the change (a plan's included ones count). */
  addons_gained: z.array(addonCodeSchema),
  addons_lost: z.array(addonCodeSchema),
  /** Add-ons the change turns off while properties use them, with those properties' names. */
  in_use_lost: z.array(z.object({ addon: addonCodeSchema, properties: z.array(z.string()) })),
  currency: z.string(),
  /** Charged now (negative: a credit on the next invoice), minor units. */
  proration_amount: z.number().int(),
  days_left: z.number().int(),
  period_days: z.number().int(),
  old_total: z.number().int(),
  /** The new period total from the next renewal. */
  new_total: z.number().int(),
  /** ISO instant of the next renewal. */
  next_renewal: z.string().nullable(),
  lines: z.array(quoteLineSchema),
});
export type SubscriptionPreview = z.infer<typeof subscriptionPreviewSchema>;

// POST /api/subscription/cancel, /resume → subscriptionSchema; POST /api/subscription/portal → { url }.
export const portalUrlSchema = z.object({ url: z.string() });
