import {
  type AddonCode,
  addonCodes,
  type BillingPeriod,
  chargedAddons,
  monthlyUnitPrice,
  monthsCharged,
  type PlanCode,
  type PriceTable,
  type PropertyGroup,
  planCodes,
  type SubscriptionState,
} from '@posada/domain/pricing';
import type Stripe from 'stripe';
import { AdapterError } from '../../adapters/adapter-error.ts';
import type { StripeGateway } from '../../adapters/stripe/types.ts';

/**
 * How the subscription looks on Stripe (docs/billing.md): one product per plan and per add-on with a
 * fixed id (`posada_plan_standard`, `posada_addon_messaging`…), created on first use; each subscription
 * item carries inline price_data (the tier's unit price for the period, monthly or yearly) and
 * quantity = units; the subscription's metadata repeats account_id, plan, billing_period, property_group
 * and addons, which is what a reading trusts first.
 */
export const productIdOf = (kind: 'plan' | 'addon', code: string) => `posada_${kind}_${code}`;

const names: Record<string, string> = {
  standard: 'Posada Standard',
  smart: 'Posada Smart',
  messaging: 'Posada add-on: messaging',
  reviews: 'Posada add-on: reviews',
  remote_access: 'Posada add-on: remote access',
  identity_verification: 'Posada add-on: identity verification',
  chatbot: 'Posada add-on: AI chatbot',
};

/** Creates the fixed-id products once per process (Stripe answers "already exists" after the first time). */
export function createProductCatalog(stripe: StripeGateway) {
  const known = new Set<string>();
  return async function ensureProduct(kind: 'plan' | 'addon', code: string): Promise<string> {
    const id = productIdOf(kind, code);
    if (known.has(id)) return id;
    try {
      await stripe.createProduct(
        { id, name: names[code] ?? code, metadata: { posada_kind: kind, posada_code: code } },
        { idempotencyKey: `product-${id}` },
      );
    } catch (error) {
      // A product created earlier (another process, an earlier run): 400 resource_already_exists.
      if (!(error instanceof AdapterError && error.kind === 'rejected')) throw error;
    }
    known.add(id);
    return id;
  };
}

/**
 * The VAT Stripe charges on the subscription (docs/billing.md "VAT"): one exclusive tax rate per percentage
 * ('IVA', ES), created once (idempotency key `posada-vat-2100`, and remembered per process); a rate of 0
 * (reverse charge, outside the territory, not subject) is no tax rate at all. Answers the
 * `default_tax_rates` ids.
 */
export function createVatRates(stripe: StripeGateway) {
  const known = new Map<number, string>();
  return async function vatRatesFor(rateBps: number): Promise<string[]> {
    if (rateBps <= 0) return [];
    const cached = known.get(rateBps);
    if (cached) return [cached];
    const rate = await stripe.createTaxRate(
      {
        display_name: 'IVA',
        description: `IVA ${rateBps / 100} %`,
        inclusive: false,
        jurisdiction: 'ES',
        country: 'ES',
        tax_type: 'vat',
        percentage: rateBps / 100,
      },
      { idempotencyKey: `posada-vat-${rateBps}` },
    );
    known.set(rateBps, rate.id);
    return [rate.id];
  };
}

export interface WantedItem {
  kind: 'plan' | 'addon';
  code: string;
  product: string;
  unitAmount: number;
  quantity: number;
}

export interface Choice {
  plan: PlanCode;
  period: BillingPeriod;
  group: PropertyGroup;
  units: number;
  addons: readonly AddonCode[];
}

/** The items a choice bills: the plan at its tier price and each charged add-on, quantity = units. */
export async function wantedItems(
  table: PriceTable,
  choice: Choice,
  ensureProduct: (kind: 'plan' | 'addon', code: string) => Promise<string>,
): Promise<WantedItem[]> {
  const months = monthsCharged(choice.period);
  const units = Math.max(1, Math.floor(choice.units));
  const items: WantedItem[] = [
    {
      kind: 'plan',
      code: choice.plan,
      product: await ensureProduct('plan', choice.plan),
      unitAmount: monthlyUnitPrice(table, choice.plan, choice.group, units) * months,
      quantity: units,
    },
  ];
  for (const addon of chargedAddons(table, choice.plan, choice.addons)) {
    items.push({
      kind: 'addon',
      code: addon,
      product: await ensureProduct('addon', addon),
      unitAmount: (table.addons[addon] ?? 0) * months,
      quantity: units,
    });
  }
  return items;
}

export const intervalOf = (period: BillingPeriod): 'month' | 'year' =>
  period === 'annual' ? 'year' : 'month';

export function metadataOf(accountId: string, choice: Choice): Record<string, string> {
  return {
    account_id: accountId,
    plan: choice.plan,
    billing_period: choice.period,
    property_group: choice.group,
    addons: [...choice.addons].join(','),
  };
}

const productId = (price: Stripe.Price | null | undefined): string | null => {
  const product = price?.product;
  if (!product) return null;
  return typeof product === 'string' ? product : product.id;
};

/**
 * The items of a subscription update: each existing item re-priced or deleted, each new one added, so the
 * subscription bills exactly `wanted` (Stripe prorates the difference).
 */
export function itemUpdates(
  sub: Stripe.Subscription,
  wanted: WantedItem[],
  currency: string,
  period: BillingPeriod,
): Stripe.SubscriptionUpdateParams.Item[] {
  const byProduct = new Map(sub.items.data.map((item) => [productId(item.price), item]));
  const out: Stripe.SubscriptionUpdateParams.Item[] = [];
  const kept = new Set<string>();
  for (const w of wanted) {
    const existing = byProduct.get(w.product);
    const price_data = {
      currency: currency.toLowerCase(),
      product: w.product,
      unit_amount: w.unitAmount,
      recurring: { interval: intervalOf(period) },
    };
    if (existing) {
      kept.add(existing.id);
      out.push({ id: existing.id, price_data, quantity: w.quantity });
    } else out.push({ price_data, quantity: w.quantity });
  }
  for (const item of sub.items.data) if (!kept.has(item.id)) out.push({ id: item.id, deleted: true });
  return out;
}

/** spec 4 state of a Stripe subscription (cancel at period end: canceled, access kept until it ends). */
export function stateOfStripe(sub: Stripe.Subscription, previous: SubscriptionState): SubscriptionState {
  switch (sub.status) {
    case 'trialing':
      return sub.cancel_at_period_end ? 'canceled' : 'trialing';
    case 'active':
      return sub.cancel_at_period_end ? 'canceled' : 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
    case 'paused':
      return 'expired';
    default:
      return previous;
  }
}

const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** What the subscription row takes from a Stripe subscription reading. */
export function readingOf(sub: Stripe.Subscription, previous: { state: SubscriptionState; plan: PlanCode }) {
  const meta = sub.metadata ?? {};
  const items = sub.items?.data ?? [];
  const planItem =
    items.find((i) => productId(i.price)?.startsWith('posada_plan_')) ??
    items.find((i) => i.quantity) ??
    items[0];
  const fromProduct = productId(planItem?.price)?.replace('posada_plan_', '');
  const plan = (planCodes as readonly string[]).includes(meta.plan ?? '')
    ? (meta.plan as PlanCode)
    : (planCodes as readonly string[]).includes(fromProduct ?? '')
      ? (fromProduct as PlanCode)
      : previous.plan;
  const interval = planItem?.price?.recurring?.interval;
  const period: BillingPeriod =
    meta.billing_period === 'annual' || meta.billing_period === 'monthly'
      ? meta.billing_period
      : interval === 'year'
        ? 'annual'
        : 'monthly';
  const fromItems = items
    .map((i) => productId(i.price)?.replace('posada_addon_', '') ?? '')
    .filter((c): c is AddonCode => (addonCodes as readonly string[]).includes(c));
  const addons =
    meta.addons !== undefined
      ? meta.addons.split(',').filter((c): c is AddonCode => (addonCodes as readonly string[]).includes(c))
      : fromItems;
  return {
    state: stateOfStripe(sub, previous.state),
    plan,
    billingPeriod: period,
    units: Math.max(1, planItem?.quantity ?? 1),
    addons,
    currentPeriodStart: at(planItem?.current_period_start),
    currentPeriodEnd: at(planItem?.current_period_end),
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    canceledAt: at(sub.canceled_at),
    trialEnd: at(sub.trial_end),
    customer: typeof sub.customer === 'string' ? sub.customer : (sub.customer?.id ?? null),
  };
}
