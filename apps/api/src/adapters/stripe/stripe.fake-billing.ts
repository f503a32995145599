import { resolveItems } from './stripe.fake-catalog.ts';
import { bool, type Form, int, list, metadataOf, obj, str } from './stripe.fake-form.ts';
import { type FakeStripeStore, invalid, missing, type Obj } from './stripe.fake-store.ts';
import { taxRatesOf } from './stripe.fake-tax.ts';

/**
 * Stripe Billing in the fake: subscriptions (trial → active; past_due on a failed renewal; canceled),
 * their items' periods (`items.data[].current_period_start/end`, as in the pinned API version), invoices
 * created and paid (or failed) when a subscription starts or renews, prorations on a change, and
 * `invoices/create_preview`. Time moves only by the control calls (advance, end trial): the fake's
 * clock stays real, the subscription's periods step forward.
 */

import {
  addInterval,
  cycleLines,
  line,
  makeInvoice,
  makeItem,
  type NewItem,
  periodOf,
  recurringOf,
} from './stripe.fake-invoices.ts';
export function createSubscriptionFor(
  store: FakeStripeStore,
  input: {
    customer: string;
    items: NewItem[];
    trialEnd: number | null;
    metadata: Record<string, string>;
    defaultPaymentMethod: string | null;
    coupon: string | null;
    /** `default_tax_rates` (tax rate objects): applied to every invoice of the subscription. */
    taxRates?: Obj[];
    owner?: string | null;
  },
): Obj {
  const recurring = input.items[0]?.price.recurring;
  if (!recurring) throw invalid('A subscription needs a recurring price.', 'items');
  const now = store.now();
  const trialEnd = input.trialEnd && input.trialEnd > now ? input.trialEnd : null;
  const end = trialEnd ?? addInterval(now, recurring);
  const id = store.id('sub');
  const sub: Obj = {
    id,
    object: 'subscription',
    application_fee_percent: null,
    billing_cycle_anchor: end,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: input.items[0]?.price.currency,
    customer: input.customer,
    default_payment_method: input.defaultPaymentMethod,
    default_tax_rates: input.taxRates ?? [],
    description: null,
    discounts: [] as string[],
    ended_at: null,
    items: {
      object: 'list',
      data: input.items.map((item) => makeItem(store, id, item, now, end)),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: input.metadata,
    pause_collection: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: trialEnd ? 'trialing' : 'active',
    trial_end: trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: trialEnd ? now : null,
  };
  if (input.coupon) {
    const coupon = store.get(input.coupon, 'coupon', 'coupon', 'discounts[0][coupon]');
    coupon.times_redeemed += 1;
    const discount = store.put({
      id: store.id('di'),
      object: 'discount',
      coupon,
      customer: input.customer,
      start: now,
      end: null,
      subscription: id,
    });
    sub.discounts = [discount.id];
  }
  store.put(sub, input.owner);
  store.emit('customer.subscription.created', sub);
  const lines = trialEnd
    ? sub.items.data.map((item: Obj) =>
        line(
          store,
          sub,
          item,
          0,
          { start: now, end },
          false,
          `Trial period for ${store.objects.get(item.price.product)?.name ?? 'Plan'}`,
        ),
      )
    : cycleLines(store, sub, sub.items.data, { start: now, end });
  sub.latest_invoice = makeInvoice(store, sub, input.customer, lines, {
    reason: 'subscription_create',
    period: { start: now, end },
  }).id;
  return sub;
}

export function createSubscription(store: FakeStripeStore, form: Form, stripeAccount?: string | null): Obj {
  const customer = str(form.customer);
  if (!customer) throw missing('customer');
  store.get(customer, 'customer', 'customer', 'customer');
  const items = resolveItems(store, form.items, 'items', stripeAccount);
  if (items.length === 0) throw missing('items');
  const days = int(form.trial_period_days);
  const trialEnd =
    form.trial_end === 'now' ? null : (int(form.trial_end) ?? (days ? store.now() + days * 86_400 : null));
  return createSubscriptionFor(store, {
    customer,
    items: items.map((i) => ({ price: i.price, quantity: i.quantity })),
    trialEnd,
    metadata: metadataOf(form.metadata),
    defaultPaymentMethod: str(form.default_payment_method),
    coupon: str(obj(list(form.discounts)[0]).coupon) ?? str(form.coupon),
    taxRates: taxRatesOf(store, form.default_tax_rates, 'default_tax_rates'),
    owner: stripeAccount,
  });
}

/**
 * The items after `items[...]` changes, and the proration lines (credit for the unused part of the old
 * items, charge for the rest of the period on the new ones). No prorations during a trial.
 */
function planChange(store: FakeStripeStore, sub: Obj, formItems: unknown, prorationDate: number | null) {
  const { start, end } = periodOf(sub);
  const at = prorationDate ?? store.now();
  const fraction = end > start ? Math.min(1, Math.max(0, (end - at) / (end - start))) : 0;
  const items: Obj[] = sub.items.data.map((item: Obj) => ({ ...item }));
  const lines: Obj[] = [];
  const changes = list(formItems).map((raw) => obj(raw));
  for (const [i, change] of changes.entries()) {
    const existing = str(change.id) ? items.find((item) => item.id === change.id) : undefined;
    if (str(change.id) && !existing)
      throw invalid(`No such subscription item: '${change.id}'`, `items[${i}][id]`, 'resource_missing');
    const deleted = bool(change.deleted) === true;
    const resolved =
      str(change.price) || Object.keys(obj(change.price_data)).length > 0
        ? resolveItems(store, [change], 'items')[0]
        : null;
    const next = existing
      ? {
          ...existing,
          price: resolved?.price ?? existing.price,
          quantity: int(change.quantity) ?? existing.quantity,
        }
      : resolved
        ? makeItem(store, sub.id, resolved, start, end)
        : null;
    if (!next) throw missing(`items[${i}][price]`);
    if (sub.status !== 'trialing') {
      if (existing)
        lines.push(
          line(
            store,
            sub,
            existing,
            -Math.round(existing.price.unit_amount * existing.quantity * fraction),
            { start: at, end },
            true,
            `Unused time on ${existing.quantity} × ${existing.price.id}`,
          ),
        );
      if (!deleted)
        lines.push(
          line(
            store,
            sub,
            next,
            Math.round(next.price.unit_amount * next.quantity * fraction),
            { start: at, end },
            true,
            `Remaining time on ${next.quantity} × ${next.price.id}`,
          ),
        );
    }
    if (existing) items.splice(items.indexOf(existing), 1, ...(deleted ? [] : [next]));
    else if (!deleted) items.push(next);
  }
  if (items.length === 0) throw invalid('A subscription must keep at least one item.', 'items');
  return { items, lines };
}

export function updateSubscription(store: FakeStripeStore, id: string, form: Form): Obj {
  const sub = store.get(id, 'subscription', 'subscription');
  if (sub.status === 'canceled')
    throw invalid('A canceled subscription can only update its cancellation_details and metadata.', 'id');
  const previous: Obj = {};
  // Applied before the items: the proration invoice of the same update carries the new rates.
  if ('default_tax_rates' in form) {
    previous.default_tax_rates = sub.default_tax_rates;
    sub.default_tax_rates = taxRatesOf(store, form.default_tax_rates, 'default_tax_rates');
  }
  if ('items' in form) {
    const behavior = str(form.proration_behavior) ?? 'create_prorations';
    const { items, lines } = planChange(store, sub, form.items, int(form.proration_date));
    previous.items = structuredClone(sub.items);
    sub.items.data = items;
    const prorations = behavior === 'none' ? [] : lines;
    if (behavior === 'always_invoice' && prorations.length > 0) {
      sub.latest_invoice = makeInvoice(store, sub, sub.customer, prorations, {
        reason: 'subscription_update',
        period: periodOf(sub),
      }).id;
    } else if (prorations.length > 0) {
      store.pendingLines.set(id, [...(store.pendingLines.get(id) ?? []), ...prorations]);
    }
  }
  if ('cancel_at_period_end' in form) {
    previous.cancel_at_period_end = sub.cancel_at_period_end;
    sub.cancel_at_period_end = bool(form.cancel_at_period_end) ?? false;
    sub.cancel_at = sub.cancel_at_period_end ? periodOf(sub).end : null;
  }
  if ('metadata' in form) sub.metadata = metadataOf(form.metadata, sub.metadata);
  if ('default_payment_method' in form) sub.default_payment_method = str(form.default_payment_method);
  const coupon = str(obj(list(form.discounts)[0]).coupon);
  if (coupon) {
    const c = store.get(coupon, 'coupon', 'coupon', 'discounts[0][coupon]');
    sub.discounts = [
      store.put({
        id: store.id('di'),
        object: 'discount',
        coupon: c,
        customer: sub.customer,
        start: store.now(),
        end: null,
        subscription: id,
      }).id,
    ];
  }
  if (form.trial_end === 'now' && sub.status === 'trialing') {
    endTrial(store, id);
    return sub;
  }
  store.emit('customer.subscription.updated', sub, { previous });
  return sub;
}

/** Starts the next period: renewal invoice (items + pending prorations), paid or failed; or cancels at period end. */
export function advanceSubscription(
  store: FakeStripeStore,
  id: string,
  opts: { fail?: boolean; from?: number } = {},
): Obj {
  const sub = store.get(id, 'subscription', 'subscription');
  if (sub.status === 'canceled') throw invalid('This subscription is canceled.', 'id');
  if (sub.cancel_at_period_end) return cancelSubscription(store, id);
  const previous = { status: sub.status, items: structuredClone(sub.items) };
  const start = opts.from ?? periodOf(sub).end;
  const end = addInterval(start, recurringOf(sub));
  for (const item of sub.items.data)
    Object.assign(item, { current_period_start: start, current_period_end: end });
  sub.billing_cycle_anchor = opts.from ?? sub.billing_cycle_anchor;
  if (sub.status === 'trialing') sub.status = 'active';
  const lines = [
    ...(store.pendingLines.get(id) ?? []),
    ...cycleLines(store, sub, sub.items.data, { start, end }),
  ];
  store.pendingLines.delete(id);
  store.emit('customer.subscription.updated', sub, { previous });
  sub.latest_invoice = makeInvoice(store, sub, sub.customer, lines, {
    reason: 'subscription_cycle',
    fail: opts.fail,
    period: { start, end },
  }).id;
  return sub;
}

export function endTrial(store: FakeStripeStore, id: string, fail?: boolean): Obj {
  const sub = store.get(id, 'subscription', 'subscription');
  if (sub.status !== 'trialing') throw invalid('This subscription is not in a trial.', 'trial_end');
  sub.trial_end = store.now();
  return advanceSubscription(store, id, { fail, from: store.now() });
}

export function cancelSubscription(store: FakeStripeStore, id: string): Obj {
  const sub = store.get(id, 'subscription', 'subscription');
  if (sub.status === 'canceled') throw invalid('This subscription is already canceled.', 'id');
  Object.assign(sub, { status: 'canceled', canceled_at: store.now(), ended_at: store.now() });
  sub.cancellation_details.reason = sub.cancel_at_period_end
    ? 'cancellation_requested'
    : 'cancellation_requested';
  store.emit('customer.subscription.deleted', sub);
  return sub;
}

/** POST /v1/invoices/create_preview: the next invoice, with the prorations of the changes asked. */
export function previewInvoice(store: FakeStripeStore, form: Form): Obj {
  const details = obj(form.subscription_details);
  const subId = str(form.subscription);
  if (!subId) {
    const customer = str(form.customer);
    if (!customer) throw missing('customer');
    const items = resolveItems(store, details.items, 'subscription_details[items]');
    if (items.length === 0) throw missing('subscription_details[items]');
    const now = store.now();
    const end = addInterval(now, items[0]?.price.recurring ?? { interval: 'month', interval_count: 1 });
    const draft: Obj = { id: 'sub_preview', metadata: {}, discounts: [], items: { data: [] } };
    const lines = items.map((i) =>
      line(
        store,
        draft,
        makeItem(store, 'sub_preview', i, now, end),
        i.price.unit_amount * i.quantity,
        { start: now, end },
        false,
        'Preview',
      ),
    );
    return makeInvoice(store, null, customer, lines, {
      reason: 'subscription_create',
      preview: true,
      period: { start: now, end },
      taxRates: taxRatesOf(store, details.default_tax_rates, 'subscription_details[default_tax_rates]'),
    });
  }
  const sub = store.get(subId, 'subscription', 'subscription', 'subscription');
  const behavior = str(details.proration_behavior) ?? 'create_prorations';
  const { items, lines } = details.items
    ? planChange(store, sub, details.items, int(details.proration_date))
    : { items: sub.items.data, lines: [] };
  const prorations = behavior === 'none' ? [] : lines;
  const taxRates =
    'default_tax_rates' in details
      ? taxRatesOf(store, details.default_tax_rates, 'subscription_details[default_tax_rates]')
      : undefined;
  if (behavior === 'always_invoice') {
    return makeInvoice(store, sub, sub.customer, prorations, {
      reason: 'subscription_update',
      preview: true,
      period: periodOf(sub),
      taxRates,
    });
  }
  const start = periodOf(sub).end;
  const end = addInterval(start, items[0].price.recurring);
  const all = [
    ...(store.pendingLines.get(subId) ?? []),
    ...prorations,
    ...cycleLines(store, sub, items, { start, end }),
  ];
  return makeInvoice(store, sub, sub.customer, all, {
    reason: 'subscription_cycle',
    preview: true,
    period: { start, end },
    taxRates,
  });
}

export function createPortalSession(store: FakeStripeStore, form: Form): Obj {
  const customer = str(form.customer);
  if (!customer) throw missing('customer');
  store.get(customer, 'customer', 'customer', 'customer');
  const id = store.id('bps');
  return store.put({
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_fake',
    created: store.now(),
    customer,
    flow: null,
    livemode: false,
    locale: str(form.locale),
    on_behalf_of: null,
    return_url: str(form.return_url),
    url: `${store.base}/portal/${id}`,
  });
}
