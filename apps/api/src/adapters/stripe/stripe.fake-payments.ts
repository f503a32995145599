import { savedCard } from './stripe.fake-catalog.ts';
import { bool, type Form, int, metadataOf, obj, str } from './stripe.fake-form.ts';
import {
  FakeStripeError,
  type FakeStripeStore,
  invalid,
  missing,
  type Obj,
  unexpectedState,
} from './stripe.fake-store.ts';

// ---- PaymentIntents, charges, refunds -------------------------------------------------------------------

export function createPaymentIntent(store: FakeStripeStore, form: Form, stripeAccount?: string | null): Obj {
  const amount = int(form.amount);
  if (amount === null) throw missing('amount');
  if (amount < 50) throw invalid('Amount must be at least 50 cents', 'amount', 'amount_too_small');
  const currency = str(form.currency);
  if (!currency) throw missing('currency');
  const customer = str(form.customer);
  if (customer) store.get(customer, 'customer', 'customer', 'customer');
  let paymentMethod = str(form.payment_method);
  if (paymentMethod === 'pm_card_visa') paymentMethod = savedCard(store, customer, stripeAccount).id;
  else if (paymentMethod && paymentMethod !== 'pm_card_chargeDeclined') {
    const pm = store.get(paymentMethod, 'payment method', 'payment_method', 'payment_method');
    if (customer && pm.customer !== customer) {
      throw invalid('The payment method does not belong to this customer.', 'payment_method');
    }
  }
  const transfer = obj(form.transfer_data);
  const intent = store.put(
    {
      id: store.id('pi'),
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      application_fee_amount: int(form.application_fee_amount),
      canceled_at: null,
      cancellation_reason: null,
      capture_method: str(form.capture_method) ?? 'automatic_async',
      client_secret: `${store.id('pi')}_secret_${store.id('s')}`,
      confirmation_method: 'automatic',
      created: store.now(),
      currency: currency.toLowerCase(),
      customer,
      description: str(form.description),
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: metadataOf(form.metadata),
      on_behalf_of: str(form.on_behalf_of),
      payment_method: paymentMethod,
      payment_method_types: ['card'],
      receipt_email: str(form.receipt_email),
      setup_future_usage: str(form.setup_future_usage),
      status: 'requires_payment_method',
      transfer_data: str(transfer.destination) ? { destination: str(transfer.destination) } : null,
      transfer_group: str(form.transfer_group),
    },
    stripeAccount,
  );
  if (bool(form.confirm) && paymentMethod) {
    const declined =
      paymentMethod === 'pm_card_chargeDeclined' ||
      (customer !== null && store.failNextCharge.delete(customer));
    if (!processPayment(store, intent, declined)) {
      throw new FakeStripeError(402, 'card_error', 'Your card was declined.', 'card_declined', undefined, {
        decline_code: 'generic_decline',
        payment_intent: structuredClone(intent),
      });
    }
  } else if (paymentMethod) {
    intent.status = 'requires_confirmation';
  }
  return intent;
}

/** Authorises (manual capture) or charges an intent; false when the card is declined. */
export function processPayment(store: FakeStripeStore, intent: Obj, declined: boolean): boolean {
  if (declined) {
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
    store.emit('payment_intent.payment_failed', intent);
    return false;
  }
  const manual = intent.capture_method === 'manual';
  if (!intent.payment_method)
    intent.payment_method = savedCard(store, intent.customer, store.owner.get(intent.id)).id;
  const charge = store.put(
    {
      id: store.id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: manual ? 0 : intent.amount,
      amount_refunded: 0,
      application_fee_amount: intent.application_fee_amount,
      captured: !manual,
      created: store.now(),
      currency: intent.currency,
      customer: intent.customer,
      livemode: false,
      metadata: intent.metadata,
      on_behalf_of: intent.on_behalf_of,
      paid: true,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      payment_method_details: {
        type: 'card',
        card: {
          brand: 'visa',
          last4: '4242',
          exp_month: 12,
          exp_year: new Date(store.nowMs()).getUTCFullYear() + 3,
          capture_before: manual ? store.now() + 7 * 86_400 : null,
        },
      },
      refunded: false,
      status: 'succeeded',
      transfer_data: intent.transfer_data,
    },
    store.owner.get(intent.id),
  );
  Object.assign(intent, {
    latest_charge: charge.id,
    last_payment_error: null,
    status: manual ? 'requires_capture' : 'succeeded',
    amount_capturable: manual ? intent.amount : 0,
    amount_received: manual ? 0 : intent.amount,
  });
  if (intent.setup_future_usage && intent.customer) {
    store.get(intent.payment_method, 'payment method', 'payment_method').customer = intent.customer;
  }
  store.emit(manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded', intent);
  return true;
}

export function capturePaymentIntent(store: FakeStripeStore, id: string, form: Form): Obj {
  const intent = store.get(id, 'payment_intent', 'payment_intent');
  if (intent.status !== 'requires_capture') {
    throw unexpectedState(
      `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
    );
  }
  const amount = int(form.amount_to_capture) ?? intent.amount_capturable;
  if (amount <= 0 || amount > intent.amount_capturable) {
    throw invalid(
      'The amount to capture must be less than or equal to the amount capturable.',
      'amount_to_capture',
    );
  }
  const charge = store.get(intent.latest_charge, 'charge', 'charge');
  Object.assign(charge, { amount_captured: amount, captured: true });
  if (amount < charge.amount) Object.assign(charge, { amount_refunded: charge.amount - amount });
  Object.assign(intent, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
  const fee = int(form.application_fee_amount);
  if (fee !== null) intent.application_fee_amount = fee;
  store.emit('payment_intent.succeeded', intent);
  return intent;
}

export function cancelPaymentIntent(store: FakeStripeStore, id: string, form: Form, reason?: string): Obj {
  const intent = store.get(id, 'payment_intent', 'payment_intent');
  if (intent.status === 'succeeded' || intent.status === 'canceled') {
    throw unexpectedState(
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
    );
  }
  if (intent.latest_charge) {
    const charge = store.get(intent.latest_charge, 'charge', 'charge');
    Object.assign(charge, { refunded: true, amount_refunded: charge.amount });
  }
  Object.assign(intent, {
    status: 'canceled',
    amount_capturable: 0,
    canceled_at: store.now(),
    cancellation_reason: reason ?? str(form.cancellation_reason) ?? 'requested_by_customer',
  });
  store.emit('payment_intent.canceled', intent);
  return intent;
}

export function createRefund(store: FakeStripeStore, form: Form, stripeAccount?: string | null): Obj {
  const intentId = str(form.payment_intent);
  let chargeId = str(form.charge);
  if (intentId) {
    const intent = store.get(intentId, 'payment_intent', 'payment_intent', 'payment_intent');
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      throw new FakeStripeError(
        400,
        'invalid_request_error',
        `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        'charge_not_refundable',
      );
    }
    chargeId = intent.latest_charge;
  }
  if (!chargeId) throw missing('payment_intent');
  const charge = store.get(chargeId, 'charge', 'charge', 'charge');
  const remaining =
    charge.amount_captured - (charge.amount_refunded - (charge.amount - charge.amount_captured));
  if (remaining <= 0 || charge.refunded) {
    throw new FakeStripeError(
      400,
      'invalid_request_error',
      `Charge ${charge.id} has already been refunded.`,
      'charge_already_refunded',
    );
  }
  const amount = int(form.amount) ?? remaining;
  if (amount <= 0 || amount > remaining) {
    throw invalid(
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
      'amount',
      'amount_too_large',
    );
  }
  const refund = store.put(
    {
      id: store.id('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: store.now(),
      currency: charge.currency,
      metadata: metadataOf(form.metadata),
      payment_intent: charge.payment_intent,
      reason: str(form.reason),
      status: 'succeeded',
    },
    stripeAccount,
  );
  charge.amount_refunded += amount;
  if (amount === remaining) charge.refunded = true;
  store.emit('charge.refunded', charge);
  return refund;
}
