import type { FakeStripeStore, Obj } from './stripe.fake-store.ts';
import { taxesOf } from './stripe.fake-tax.ts';

/** Invoices of the fake's subscriptions: lines, discounts, finalize and pay (or fail) with their events. */

export interface NewItem {
  price: Obj;
  quantity: number;
}

/** ts + one recurring interval, on the UTC calendar (Stripe's month ends clamp: Jan 31 → Feb 28). */
export function addInterval(ts: number, recurring: { interval: string; interval_count: number }): number {
  const d = new Date(ts * 1000);
  const n = recurring.interval_count ?? 1;
  if (recurring.interval === 'day') return ts + 86_400 * n;
  if (recurring.interval === 'week') return ts + 7 * 86_400 * n;
  const months = recurring.interval === 'year' ? 12 * n : n;
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

export const recurringOf = (sub: Obj) => sub.items.data[0].price.recurring;
export const periodOf = (sub: Obj) => ({
  start: sub.items.data[0].current_period_start as number,
  end: sub.items.data[0].current_period_end as number,
});

export function makeItem(
  store: FakeStripeStore,
  sub: string,
  item: NewItem,
  start: number,
  end: number,
): Obj {
  return {
    id: store.id('si'),
    object: 'subscription_item',
    created: store.now(),
    current_period_end: end,
    current_period_start: start,
    discounts: [],
    metadata: {},
    price: item.price,
    quantity: item.quantity,
    subscription: sub,
    tax_rates: [],
  };
}

export function line(
  store: FakeStripeStore,
  sub: Obj,
  item: Obj,
  amount: number,
  period: { start: number; end: number },
  proration: boolean,
  description: string,
): Obj {
  return {
    id: store.id('il'),
    object: 'line_item',
    amount,
    currency: item.price.currency,
    description,
    discount_amounts: [],
    discountable: !proration,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration,
        proration_details: null,
        subscription: sub.id,
        subscription_item: item.id,
      },
    },
    period,
    pricing: {
      type: 'price_details',
      price_details: { price: item.price.id, product: item.price.product },
      unit_amount_decimal: String(item.price.unit_amount),
    },
    quantity: item.quantity,
    subscription: sub.id,
    subtotal: amount,
    taxes: [],
  };
}

/** The next period's lines of every item (the amount a renewal bills). */
export function cycleLines(
  store: FakeStripeStore,
  sub: Obj,
  items: Obj[],
  period: { start: number; end: number },
) {
  return items.map((item) =>
    line(
      store,
      sub,
      item,
      item.price.unit_amount * item.quantity,
      period,
      false,
      `${item.quantity} × ${store.objects.get(item.price.product)?.name ?? 'Plan'}`,
    ),
  );
}

function discountAmount(store: FakeStripeStore, sub: Obj, subtotal: number, commit: boolean): number {
  const discount = sub.discounts[0] ? store.objects.get(sub.discounts[0]) : null;
  if (!discount || subtotal <= 0) return 0;
  const coupon = discount.coupon;
  const used = store.couponUses.get(sub.id) ?? 0;
  const limit =
    coupon.duration === 'once'
      ? 1
      : coupon.duration === 'repeating'
        ? (coupon.duration_in_months ?? 1)
        : Infinity;
  if (used >= limit) return 0;
  if (commit) store.couponUses.set(sub.id, used + 1);
  const off = coupon.percent_off
    ? Math.round((subtotal * coupon.percent_off) / 100)
    : (coupon.amount_off ?? 0);
  return Math.min(subtotal, off);
}

/** An invoice object (a preview when `preview`, else finalized, then paid or failed, with its events). */
export function makeInvoice(
  store: FakeStripeStore,
  sub: Obj | null,
  customer: string,
  lines: Obj[],
  opts: {
    reason: string;
    preview?: boolean;
    fail?: boolean;
    period: { start: number; end: number };
    /** The tax rates (objects) when not the subscription's `default_tax_rates`. */
    taxRates?: Obj[];
  },
): Obj {
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const discount = sub ? discountAmount(store, sub, subtotal, !opts.preview) : 0;
  const rates: Obj[] = opts.taxRates ?? sub?.default_tax_rates ?? [];
  const tax = taxesOf(rates, subtotal - discount);
  const total = subtotal - discount + tax.amount;
  const amountDue = Math.max(0, total);
  const id = opts.preview ? `upcoming_${store.id('in')}` : store.id('in');
  const cust = store.objects.get(customer);
  const invoice: Obj = {
    id,
    object: 'invoice',
    amount_due: amountDue,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amountDue,
    attempt_count: 0,
    attempted: false,
    billing_reason: opts.reason,
    collection_method: 'charge_automatically',
    created: store.now(),
    currency: lines[0]?.currency ?? sub?.currency ?? 'eur',
    customer,
    customer_email: cust?.email ?? null,
    customer_name: cust?.name ?? null,
    default_tax_rates: rates,
    discounts: sub?.discounts ?? [],
    hosted_invoice_url: opts.preview ? null : `${store.base}/invoice/${id}`,
    invoice_pdf: null,
    lines: {
      object: 'list',
      data: lines.map((l) => ({ ...l, invoice: id })),
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: opts.preview ? null : `FAKE-${String(store.invoiceSeq++).padStart(4, '0')}`,
    parent: sub
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: sub.metadata, subscription: sub.id },
        }
      : null,
    period_end: opts.period.end,
    period_start: opts.period.start,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal,
    subtotal_excluding_tax: subtotal,
    total,
    total_discount_amounts: discount > 0 ? [{ amount: discount, discount: sub?.discounts[0] }] : [],
    total_excluding_tax: subtotal - discount,
    total_taxes: tax.totalTaxes,
  };
  if (opts.preview) return invoice;
  store.put(invoice, sub ? store.owner.get(sub.id) : null);
  invoice.status = 'open';
  invoice.status_transitions.finalized_at = store.now();
  store.emit('invoice.finalized', invoice);
  chargeInvoice(
    store,
    invoice,
    Boolean(opts.fail) ||
      (sub ? store.failNextInvoice.delete(sub.id) : false) ||
      store.failNextCharge.delete(customer),
  );
  return invoice;
}

/** Pays an open invoice (or fails the attempt); a subscription follows: active, or past_due/incomplete. */
export function chargeInvoice(store: FakeStripeStore, invoice: Obj, fail: boolean) {
  const subId = invoice.parent?.subscription_details?.subscription as string | undefined;
  const sub = subId ? store.objects.get(subId) : undefined;
  invoice.attempted = invoice.amount_due > 0 || invoice.attempted;
  if (fail && invoice.amount_due > 0) {
    invoice.attempt_count += 1;
    invoice.next_payment_attempt = store.now() + 3 * 86_400;
    store.emit('invoice.payment_failed', invoice);
    if (sub && sub.status !== 'canceled') {
      const previous = { status: sub.status };
      sub.status = invoice.billing_reason === 'subscription_create' ? 'incomplete' : 'past_due';
      if (previous.status !== sub.status) store.emit('customer.subscription.updated', sub, { previous });
    }
    return;
  }
  Object.assign(invoice, {
    status: 'paid',
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    next_payment_attempt: null,
  });
  if (invoice.amount_due > 0) invoice.attempt_count += 1;
  invoice.status_transitions.paid_at = store.now();
  store.emit('invoice.paid', invoice);
  if (sub && (sub.status === 'past_due' || sub.status === 'incomplete')) {
    const previous = { status: sub.status };
    sub.status = sub.trial_end && sub.trial_end > periodOf(sub).start ? 'trialing' : 'active';
    store.emit('customer.subscription.updated', sub, { previous });
  }
}
