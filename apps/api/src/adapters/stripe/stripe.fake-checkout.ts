import { createSubscriptionFor } from './stripe.fake-billing.ts';
import { createCustomer, resolveItems, savedCard } from './stripe.fake-catalog.ts';
import { bool, type Form, int, list, metadataOf, obj, str } from './stripe.fake-form.ts';
import { createPaymentIntent, processPayment } from './stripe.fake-payments.ts';
import { FakeStripeError, type FakeStripeStore, invalid, missing, type Obj } from './stripe.fake-store.ts';
import { taxRatesOf } from './stripe.fake-tax.ts';

/** What paying on the hosted page does: pay, pay with a card that is declined, or an async failure. */
export type CheckoutOutcome = 'paid' | 'failed' | 'async_failed';

export function createCheckoutSession(
  store: FakeStripeStore,
  form: Form,
  stripeAccount?: string | null,
): Obj {
  const mode = str(form.mode);
  if (!mode) throw missing('mode');
  if (!['payment', 'subscription', 'setup'].includes(mode)) throw invalid(`Invalid mode: ${mode}`, 'mode');
  if (!str(form.success_url)) throw missing('success_url');
  const items = mode === 'setup' ? [] : resolveItems(store, form.line_items, 'line_items', stripeAccount);
  if (mode !== 'setup' && items.length === 0) throw missing('line_items');
  if (mode === 'payment' && items.some((i) => i.price.recurring)) {
    throw invalid('You must use mode=subscription for recurring prices.', 'line_items');
  }
  if (mode === 'subscription' && !items.some((i) => i.price.recurring)) {
    throw invalid('You must provide at least one recurring price in `subscription` mode.', 'line_items');
  }
  const currency = items[0]?.price.currency ?? str(form.currency)?.toLowerCase() ?? null;
  if (mode === 'setup' && !currency && !str(form.customer)) throw missing('currency');
  const customer = str(form.customer);
  if (customer) store.get(customer, 'customer', 'customer', 'customer');
  const expiresAt = int(form.expires_at) ?? store.now() + 86_400;
  if (expiresAt < store.now() + 1_800 - 5 || expiresAt > store.now() + 86_400 + 5) {
    throw invalid(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.',
      'expires_at',
    );
  }
  const total = items.reduce((sum, i) => sum + i.price.unit_amount * i.quantity, 0);
  const id = store.id('cs_test');
  const session = store.put(
    {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: str(form.cancel_url),
      client_reference_id: str(form.client_reference_id),
      created: store.now(),
      currency,
      customer,
      customer_creation: customer ? null : (str(form.customer_creation) ?? 'if_required'),
      customer_details: null,
      customer_email: str(form.customer_email),
      expires_at: expiresAt,
      livemode: false,
      locale: str(form.locale),
      metadata: metadataOf(form.metadata),
      mode,
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      setup_intent: null,
      status: 'open',
      subscription: null,
      success_url: str(form.success_url),
      ui_mode: 'hosted',
      url: `${store.base}/checkout/${id}`,
    },
    stripeAccount,
  );
  store.sessionParams.set(id, form);
  store.lineItems.set(
    id,
    items.map((i) => ({
      id: store.id('li'),
      object: 'item',
      amount_subtotal: i.price.unit_amount * i.quantity,
      amount_total: i.price.unit_amount * i.quantity,
      currency: i.price.currency,
      description: store.objects.get(i.price.product)?.name ?? null,
      price: i.price,
      quantity: i.quantity,
    })),
  );
  return session;
}

export function expireCheckoutSession(store: FakeStripeStore, id: string): Obj {
  const session = store.get(id, 'checkout.session', 'checkout.session');
  if (session.status !== 'open') {
    throw new FakeStripeError(
      400,
      'invalid_request_error',
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      'checkout_session_not_open',
    );
  }
  Object.assign(session, { status: 'expired', url: null });
  store.emit('checkout.session.expired', session);
  return session;
}

/** Stripe expires open sessions at expires_at by itself (and sends checkout.session.expired). */
export function sweepExpiredSessions(store: FakeStripeStore) {
  for (const object of store.objects.values()) {
    if (
      object.object === 'checkout.session' &&
      object.status === 'open' &&
      object.expires_at <= store.now()
    ) {
      expireCheckoutSession(store, object.id);
    }
  }
}

/**
 * Paying on the hosted page (or `/_fake/checkout_sessions/{id}/complete`). A declined card leaves the
 * session open (the guest may try again) and fails its intent; the rest completes it.
 */
export function completeCheckout(store: FakeStripeStore, id: string, outcome: CheckoutOutcome): Obj {
  const session = store.get(id, 'checkout.session', 'checkout.session');
  if (session.status !== 'open')
    throw invalid(`This Checkout Session is ${session.status}.`, 'id', 'checkout_session_not_open');
  const form = store.sessionParams.get(id) ?? {};
  const items = store.lineItems.get(id) ?? [];
  const owner = store.owner.get(id);
  const email = session.customer_email ?? 'guest@example.com';
  const details = { email, name: 'Test Guest', phone: null, address: null, tax_exempt: 'none', tax_ids: [] };
  const intentData = obj(form.payment_intent_data);
  const needsCustomer =
    session.mode !== 'payment' ||
    session.customer_creation === 'always' ||
    Boolean(str(intentData.setup_future_usage));
  if (!session.customer && needsCustomer) session.customer = createCustomer(store, { email }, owner).id;

  if (session.mode === 'payment') {
    const intent =
      session.payment_intent !== null
        ? store.get(session.payment_intent, 'payment_intent', 'payment_intent')
        : createPaymentIntent(
            store,
            {
              ...intentData,
              amount: String(session.amount_total),
              currency: session.currency,
              ...(session.customer ? { customer: session.customer } : {}),
              metadata: obj(intentData.metadata),
            },
            owner,
          );
    session.payment_intent = intent.id;
    if (outcome === 'async_failed') {
      // A delayed method (SEPA debit): completed unpaid first, the failure comes later.
      intent.status = 'processing';
      Object.assign(session, {
        status: 'complete',
        url: null,
        customer_details: details,
        payment_status: 'unpaid',
      });
      store.emit('checkout.session.completed', session);
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: {
          type: 'invalid_request_error',
          code: 'payment_method_provider_decline',
          message: 'The debit failed.',
        },
      });
      store.emit('payment_intent.payment_failed', intent);
      store.emit('checkout.session.async_payment_failed', session);
      return session;
    }
    if (!processPayment(store, intent, outcome === 'failed')) return session;
    const manual = intent.capture_method === 'manual';
    Object.assign(session, {
      status: 'complete',
      url: null,
      customer_details: details,
      payment_status: manual ? 'unpaid' : 'paid',
    });
    store.emit('checkout.session.completed', session);
    return session;
  }
  if (outcome === 'failed') return session; // the page shows the decline; nothing is created

  if (session.mode === 'setup') {
    const card = savedCard(store, session.customer, owner);
    const setupIntent = store.put(
      {
        id: store.id('seti'),
        object: 'setup_intent',
        created: store.now(),
        customer: session.customer,
        livemode: false,
        metadata: metadataOf(obj(form.setup_intent_data).metadata),
        payment_method: card.id,
        status: 'succeeded',
        usage: 'off_session',
      },
      owner,
    );
    Object.assign(session, {
      status: 'complete',
      url: null,
      customer_details: details,
      setup_intent: setupIntent.id,
    });
    store.emit('checkout.session.completed', session);
    return session;
  }

  const card = savedCard(store, session.customer, owner);
  const data = obj(form.subscription_data);
  const subscription = createSubscriptionFor(store, {
    customer: session.customer,
    items: items.map((i) => ({ price: i.price, quantity: i.quantity })),
    trialEnd:
      int(data.trial_end) ??
      (int(data.trial_period_days) ? store.now() + (int(data.trial_period_days) as number) * 86_400 : null),
    metadata: metadataOf(data.metadata),
    defaultPaymentMethod: card.id,
    coupon: str(obj(list(form.discounts)[0]).coupon),
    taxRates: taxRatesOf(store, data.default_tax_rates, 'subscription_data[default_tax_rates]'),
    owner,
  });
  const invoice = store.objects.get(subscription.latest_invoice);
  Object.assign(session, {
    status: 'complete',
    url: null,
    customer_details: details,
    subscription: subscription.id,
    invoice: invoice?.id ?? null,
    payment_status: invoice && invoice.amount_paid > 0 ? 'paid' : 'no_payment_required',
  });
  if (bool(obj(form.consent_collection).terms_of_service)) session.consent = { terms_of_service: 'accepted' };
  store.emit('checkout.session.completed', session);
  return session;
}
