import { bool, type Form, list, metadataOf, str } from './stripe.fake-form.ts';
import { type FakeStripeStore, invalid, missing, type Obj } from './stripe.fake-store.ts';

/**
 * Tax rates in the fake (POST/GET /v1/tax_rates): a subscription's `default_tax_rates` (or a Checkout
 * session's `subscription_data.default_tax_rates`) apply to every invoice it bills. Exclusive rates only
 * add tax on top: `total = subtotal − discounts + tax`; the tax is computed once on the invoice's taxable
 * amount (after discounts), rounded half away from zero.
 */
export function createTaxRate(store: FakeStripeStore, form: Form, stripeAccount?: string | null): Obj {
  const displayName = str(form.display_name);
  if (!displayName) throw missing('display_name');
  if (form.percentage === undefined) throw missing('percentage');
  const percentage = Number(form.percentage);
  if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100)
    throw invalid('Invalid percentage', 'percentage');
  const inclusive = bool(form.inclusive);
  if (inclusive === null) throw missing('inclusive');
  return store.put(
    {
      id: store.id('txr'),
      object: 'tax_rate',
      active: true,
      country: str(form.country),
      created: store.now(),
      description: str(form.description),
      display_name: displayName,
      effective_percentage: percentage,
      flat_amount: null,
      inclusive,
      jurisdiction: str(form.jurisdiction),
      jurisdiction_level: null,
      livemode: false,
      metadata: metadataOf(form.metadata),
      percentage,
      rate_type: 'percentage',
      state: str(form.state),
      tax_type: str(form.tax_type) ?? 'vat',
    },
    stripeAccount,
  );
}

/** `default_tax_rates` as sent (ids, or '' to clear) → the tax rate objects (Stripe answers them expanded). */
export function taxRatesOf(store: FakeStripeStore, value: unknown, param: string): Obj[] {
  if (value === '' || value === undefined || value === null) return [];
  return list(value).map((id, i) => {
    const rateId = str(id);
    if (!rateId) throw invalid('Invalid tax rate', `${param}[${i}]`);
    return store.get(rateId, 'tax_rate', 'tax_rate', `${param}[${i}]`);
  });
}

const roundHalfAway = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

/** The exclusive taxes of an invoice on its taxable amount: the sum, and `total_taxes` as Stripe shapes it. */
export function taxesOf(rates: Obj[], taxable: number): { amount: number; totalTaxes: Obj[] } {
  const totalTaxes = rates
    .filter((rate) => !rate.inclusive && rate.active)
    .map((rate) => ({
      amount: roundHalfAway((taxable * rate.percentage) / 100),
      tax_behavior: 'exclusive',
      tax_rate_details: { tax_rate: rate.id },
      taxability_reason: 'standard_rated',
      taxable_amount: taxable,
      type: 'tax_rate_details',
    }));
  return { amount: totalTaxes.reduce((sum, t) => sum + t.amount, 0), totalTaxes };
}
