import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Clock, fixedClock } from '../../lib/clock.ts';
import { AdapterError } from '../adapter-error.ts';
import { createAdapterTracker } from '../status.ts';
import { createStripeClient, signStripePayload } from './stripe.client.ts';
import { type FakeStripe, startFakeStripe } from './stripe.fake.ts';
import type { StripeGateway } from './types.ts';

let fake: FakeStripe;
let receiver: Server;
let stripe: StripeGateway;
const received: { type: string; account?: string; id: string; object: Record<string, unknown> }[] = [];
const tracker = createAdapterTracker('stripe', true, fixedClock(new Date()));
const systemNow: Clock = { now: () => new Date() };

beforeAll(async () => {
  fake = await startFakeStripe();
  // The webhook endpoint of the app, reduced to: verify with the real adapter, keep what arrived.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const event = stripe.verifyWebhook(Buffer.concat(chunks), req.headers['stripe-signature'] as string);
        received.push({
          type: event.type,
          account: event.account,
          id: event.id,
          object: event.data.object as unknown as Record<string, unknown>,
        });
        res.writeHead(200).end('{}');
      } catch {
        res.writeHead(400).end('{}');
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  fake.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`);
  stripe = createStripeClient({
    secretKey: fake.env.STRIPE_SECRET_KEY,
    webhookSecret: fake.env.STRIPE_WEBHOOK_SECRET,
    apiBase: fake.env.STRIPE_API_BASE,
    clock: systemNow,
    tracker,
  });
});
afterAll(async () => {
  await fake.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const typesSince = (from: number) => received.slice(from).map((e) => e.type);

async function postPage(path: string) {
  return fetch(`${fake.url}${path}`, { method: 'POST', redirect: 'manual' });
}

describe('Stripe adapter against the stateful fake', () => {
  it('creates a connected account that still owes information, and onboarding approves it (account.updated with account)', async () => {
    const account = await stripe.createAccount({
      country: 'ES',
      email: 'ana@example.com',
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    });
    expect(account.charges_enabled).toBe(false);
    expect(account.requirements?.currently_due?.length).toBeGreaterThan(0);
    const link = await stripe.createAccountLink({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://app.test/refresh',
      return_url: 'http://app.test/return',
    });
    expect(link.expires_at - link.created).toBe(300);
    const page = await fetch(link.url);
    expect(await page.text()).toContain('Complete onboarding');
    const path = new URL(link.url);
    const done = await postPage(`/onboarding/${account.id}/complete${path.search}`);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('http://app.test/return');
    const approved = await stripe.retrieveAccount(account.id);
    expect(approved).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true });
    expect(approved.requirements?.currently_due).toEqual([]);
    expect(received.at(-1)).toMatchObject({ type: 'account.updated', account: account.id });
    // The link was single use: a second visit goes to refresh_url.
    const again = await fetch(link.url, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe('http://app.test/refresh');
  });

  it('a checkout session paid on the hosted page completes, redirects with the session id and is signed to the webhook', async () => {
    const from = received.length;
    const session = await stripe.createCheckoutSession(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'eur', unit_amount: 36_000, product_data: { name: '3 nights Apt 2B' } },
          },
        ],
        success_url: 'http://app.test/ok?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://app.test/cancel',
        client_reference_id: 'booking-1',
        metadata: { booking_id: 'b1' },
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        payment_intent_data: {
          application_fee_amount: 360,
          transfer_data: { destination: 'acct_x' },
          on_behalf_of: 'acct_x',
        },
      },
      { idempotencyKey: 'checkout-b1' },
    );
    expect(session.url).toContain(`/checkout/${session.id}`);
    expect(await (await fetch(session.url as string)).text()).toContain('€360.00');
    const pay = await postPage(`/checkout/${session.id}/pay`);
    expect(pay.headers.get('location')).toBe(`http://app.test/ok?session_id=${session.id}`);
    const paid = await stripe.retrieveCheckoutSession(session.id);
    expect(paid).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      metadata: { booking_id: 'b1' },
    });
    const intent = await stripe.retrievePaymentIntent(paid.payment_intent as string);
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount_received: 36_000,
      application_fee_amount: 360,
    });
    expect(typesSince(from)).toEqual(['payment_intent.succeeded', 'checkout.session.completed']);
    // The same idempotency key answers the same session.
    const replay = await stripe.createCheckoutSession(
      { mode: 'payment', line_items: [], success_url: 'http://x' },
      { idempotencyKey: 'checkout-b1' },
    );
    expect(replay.id).toBe(session.id);
  });

  it('a failing card leaves the session open with payment_intent.payment_failed; Cancel goes to cancel_url', async () => {
    const session = await stripe.createCheckoutSession({
      mode: 'payment',
      line_items: [
        { quantity: 2, price_data: { currency: 'eur', unit_amount: 5_000, product_data: { name: 'Night' } } },
      ],
      success_url: 'http://app.test/ok',
      cancel_url: 'http://app.test/cancel',
    });
    const from = received.length;
    const failed = await postPage(`/checkout/${session.id}/fail`);
    expect(failed.status).toBe(200);
    expect(await failed.text()).toContain('Your card was declined.');
    expect(typesSince(from)).toEqual(['payment_intent.payment_failed']);
    expect((await stripe.retrieveCheckoutSession(session.id)).status).toBe('open');
    const cancel = await postPage(`/checkout/${session.id}/cancel`);
    expect(cancel.headers.get('location')).toBe('http://app.test/cancel');
    const expired = await stripe.expireCheckoutSession(session.id);
    expect(expired.status).toBe('expired');
    await fake.flush();
    expect(received.at(-1)?.type).toBe('checkout.session.expired');
  });

  it('a deposit hold (manual capture): requires_capture with capture_before ≈ 7 days, partial capture, then refund', async () => {
    const session = await stripe.createCheckoutSession({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'eur', unit_amount: 30_000, product_data: { name: 'Deposit' } },
        },
      ],
      success_url: 'http://app.test/ok',
      payment_intent_data: { capture_method: 'manual' },
    });
    const from = received.length;
    await fake.completeCheckout(session.id);
    expect(typesSince(from)).toEqual([
      'payment_intent.amount_capturable_updated',
      'checkout.session.completed',
    ]);
    const completed = await stripe.retrieveCheckoutSession(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    const held = fake.object(completed.payment_intent as string);
    expect(held).toMatchObject({ status: 'requires_capture', amount_capturable: 30_000 });
    const charge = (await stripe.retrievePaymentIntent(completed.payment_intent as string, {}))
      .latest_charge as string;
    const chargeObj = fake.object(charge) as Stripe.Charge;
    const captureBefore = chargeObj.payment_method_details?.card?.capture_before as number;
    expect(Math.abs(captureBefore - (Date.now() / 1000 + 7 * 86_400))).toBeLessThan(60);

    const captured = await stripe.capturePaymentIntent(completed.payment_intent as string, {
      amount_to_capture: 12_000,
    });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 12_000 });
    await expect(stripe.capturePaymentIntent(captured.id)).rejects.toMatchObject({
      code: 'stripe.rejected',
      status: 400,
    });
    const refund = await stripe.createRefund({ payment_intent: captured.id, amount: 2_000 });
    expect(refund).toMatchObject({ amount: 2_000, status: 'succeeded' });
    await expect(stripe.createRefund({ payment_intent: captured.id, amount: 20_000 })).rejects.toMatchObject({
      code: 'stripe.rejected',
    });
    await stripe.createRefund({ payment_intent: captured.id });
    await fake.flush();
    const refunded = received.filter((e) => e.type === 'charge.refunded').at(-1)?.object;
    expect(refunded).toMatchObject({ amount_refunded: 30_000, refunded: true });
  });

  it('releases a hold (cancel), and an expired hold is canceled automatically', async () => {
    const customer = await stripe.createCustomer({ email: 'guest@example.com' });
    const hold = await stripe.createPaymentIntent({
      amount: 20_000,
      currency: 'eur',
      customer: customer.id,
      payment_method: 'pm_card_visa',
      capture_method: 'manual',
      confirm: true,
      off_session: true,
    });
    expect(hold.status).toBe('requires_capture');
    const released = await stripe.cancelPaymentIntent(hold.id, {
      cancellation_reason: 'requested_by_customer',
    });
    expect(released.status).toBe('canceled');
    await expect(stripe.cancelPaymentIntent(hold.id)).rejects.toMatchObject({ code: 'stripe.rejected' });

    const second = await stripe.createPaymentIntent({
      amount: 20_000,
      currency: 'eur',
      customer: customer.id,
      payment_method: 'pm_card_visa',
      capture_method: 'manual',
      confirm: true,
    });
    await fake.control(`payment_intents/${second.id}/expire_hold`);
    expect(await stripe.retrievePaymentIntent(second.id)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'automatic',
    });
    expect(received.at(-1)?.type).toBe('payment_intent.canceled');
  });

  it('a subscription: trial → active on trial end, a plan change previews and invoices its proration, renewals pay or fail', async () => {
    const customer = await stripe.createCustomer({ email: 'owner@example.com', name: 'Casa Rural' });
    const product = await stripe.createProduct({ name: 'Posada Pro' });
    const basic = await stripe.createPrice({
      product: product.id,
      currency: 'eur',
      unit_amount: 1_000,
      recurring: { interval: 'month' },
    });
    const pro = await stripe.createPrice({
      product: product.id,
      currency: 'eur',
      unit_amount: 3_000,
      recurring: { interval: 'month' },
    });
    const from = received.length;
    const sub = await stripe.createSubscription({
      customer: customer.id,
      items: [{ price: basic.id, quantity: 2 }],
      trial_period_days: 14,
    });
    expect(sub.status).toBe('trialing');
    const item = sub.items.data[0] as Stripe.SubscriptionItem;
    expect(item.current_period_end - item.current_period_start).toBe(14 * 86_400);
    await fake.flush();
    expect(typesSince(from)).toEqual(['customer.subscription.created', 'invoice.finalized', 'invoice.paid']);

    const active = await stripe.updateSubscription(sub.id, { trial_end: 'now' });
    expect(active.status).toBe('active');
    const invoice = await stripe.retrieveInvoice(active.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 2_000,
      billing_reason: 'subscription_cycle',
    });

    const preview = await stripe.createInvoicePreview({
      customer: customer.id,
      subscription: sub.id,
      subscription_details: {
        items: [{ id: item.id, price: pro.id, quantity: 2 }],
        proration_behavior: 'always_invoice',
      },
    });
    const proration = preview.lines.data.reduce((sum, l) => sum + l.amount, 0);
    // Almost the whole month left: ≈ (3000 − 1000) × 2.
    expect(proration).toBeGreaterThan(3_900);
    expect(proration).toBeLessThanOrEqual(4_000);
    expect(preview.lines.data.every((l) => l.parent?.subscription_item_details?.proration)).toBe(true);
    const changed = await stripe.updateSubscription(sub.id, {
      items: [{ id: item.id, price: pro.id, quantity: 2 }],
      proration_behavior: 'always_invoice',
    });
    expect((changed.items.data[0] as Stripe.SubscriptionItem).price.id).toBe(pro.id);
    expect((await stripe.retrieveInvoice(changed.latest_invoice as string)).amount_paid).toBe(proration);

    await fake.control(`subscriptions/${sub.id}/fail_next_invoice`);
    await fake.control(`subscriptions/${sub.id}/advance`);
    const pastDue = await stripe.retrieveSubscription(sub.id);
    expect(pastDue.status).toBe('past_due');
    expect(received.some((e) => e.type === 'invoice.payment_failed')).toBe(true);
    await fake.control(`invoices/${pastDue.latest_invoice}/pay`);
    expect((await stripe.retrieveSubscription(sub.id)).status).toBe('active');

    await stripe.updateSubscription(sub.id, { cancel_at_period_end: true });
    await fake.control(`subscriptions/${sub.id}/advance`);
    expect((await stripe.retrieveSubscription(sub.id)).status).toBe('canceled');
    expect(received.at(-1)?.type).toBe('customer.subscription.deleted');
    const portal = await stripe.createBillingPortalSession({
      customer: customer.id,
      return_url: 'http://app.test/billing',
    });
    expect(await (await fetch(portal.url)).text()).toContain('http://app.test/billing');
  });

  it('subscription checkout creates the customer and subscription; setup mode saves a card', async () => {
    const session = await stripe.createCheckoutSession({
      mode: 'subscription',
      line_items: [
        {
          quantity: 3,
          price_data: {
            currency: 'eur',
            unit_amount: 900,
            recurring: { interval: 'month' },
            product_data: { name: 'Plan' },
          },
        },
      ],
      success_url: 'http://app.test/ok',
      customer_email: 'new@example.com',
    });
    await fake.completeCheckout(session.id);
    const done = await stripe.retrieveCheckoutSession(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const sub = await stripe.retrieveSubscription(done.subscription as string);
    expect(sub).toMatchObject({ status: 'active', customer: done.customer });
  });

  it('charges the subscription default tax rate on top (exclusive): Checkout, preview and proration invoices', async () => {
    const vat = await stripe.createTaxRate(
      { display_name: 'IVA', inclusive: false, jurisdiction: 'ES', percentage: 21 },
      { idempotencyKey: 'test-vat-2100' },
    );
    expect(vat).toMatchObject({ object: 'tax_rate', percentage: 21, inclusive: false });
    // The same idempotency key answers the same rate.
    expect(
      (
        await stripe.createTaxRate(
          { display_name: 'IVA', inclusive: false, jurisdiction: 'ES', percentage: 21 },
          { idempotencyKey: 'test-vat-2100' },
        )
      ).id,
    ).toBe(vat.id);
    const coupon = await stripe.createCoupon({ percent_off: 10, duration: 'once' });
    const session = await stripe.createCheckoutSession({
      mode: 'subscription',
      line_items: [
        {
          quantity: 2,
          price_data: {
            currency: 'eur',
            unit_amount: 1_000,
            recurring: { interval: 'month' },
            product_data: { name: 'Plan' },
          },
        },
      ],
      subscription_data: { default_tax_rates: [vat.id] },
      discounts: [{ coupon: coupon.id }],
      success_url: 'http://app.test/ok',
      customer_email: 'vat@example.com',
    });
    await fake.completeCheckout(session.id);
    const done = await stripe.retrieveCheckoutSession(session.id);
    const sub = await stripe.retrieveSubscription(done.subscription as string);
    expect(sub.default_tax_rates?.map((r) => r.id)).toEqual([vat.id]);
    const first = await stripe.retrieveInvoice(sub.latest_invoice as string);
    // 2 000 − 10 % = 1 800, + 21 % = 378 → 2 178.
    expect(first).toMatchObject({
      subtotal: 2_000,
      total_excluding_tax: 1_800,
      total: 2_178,
      amount_paid: 2_178,
      total_discount_amounts: [{ amount: 200 }],
      total_taxes: [{ amount: 378, taxable_amount: 1_800, tax_behavior: 'exclusive' }],
    });
    const preview = await stripe.createInvoicePreview({ subscription: sub.id });
    expect(preview).toMatchObject({ subtotal: 2_000, total: 2_420 });
    const item = sub.items.data[0] as Stripe.SubscriptionItem;
    const changed = await stripe.updateSubscription(sub.id, {
      items: [{ id: item.id, quantity: 4 }],
      proration_behavior: 'always_invoice',
      default_tax_rates: '',
    });
    const proration = await stripe.retrieveInvoice(changed.latest_invoice as string);
    expect(proration.total_taxes).toEqual([]);
    expect(proration.total).toBe(proration.subtotal);
  });

  it('maps failures to AdapterError kinds: 402 rejected (declined), 404 rejected, 401 unauthorized, 500 server_error', async () => {
    const customer = await stripe.createCustomer({ email: 'declined@example.com' });
    await expect(
      stripe.createPaymentIntent({
        amount: 5_000,
        currency: 'eur',
        customer: customer.id,
        payment_method: 'pm_card_chargeDeclined',
        confirm: true,
        off_session: true,
      }),
    ).rejects.toMatchObject({ code: 'stripe.rejected', status: 402 });
    await expect(stripe.retrievePaymentIntent('pi_missing')).rejects.toMatchObject({
      code: 'stripe.rejected',
      status: 404,
    });
    const wrong = createStripeClient({ secretKey: 'sk_test_wrong', apiBase: fake.url, clock: systemNow });
    const error = await wrong.retrieveAccount('acct_x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdapterError);
    expect(error).toMatchObject({ code: 'stripe.unauthorized', status: 401 });
    fake.failNext(500, 2); // the SDK retries once
    await expect(stripe.retrieveAccount('acct_x')).rejects.toMatchObject({ code: 'stripe.server_error' });
    expect(tracker.status().lastError?.code).toBe('stripe.server_error');
    const closed = createStripeClient({ secretKey: 'sk', apiBase: 'http://127.0.0.1:9', clock: systemNow });
    await expect(closed.retrieveAccount('acct_x')).rejects.toMatchObject({ code: 'stripe.unreachable' });
  });
});

describe('webhook signature (our clock, tolerance 300 s)', () => {
  const clock = fixedClock(new Date('2026-07-01T10:00:00Z'));
  const t = Math.floor(clock.now().getTime() / 1000);
  const secret = 'whsec_test_secret';
  const gateway = createStripeClient({
    secretKey: 'sk',
    webhookSecret: secret,
    apiBase: 'https://api.stripe.com',
    clock,
  });
  const body = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'account.updated',
    data: { object: {} },
  });

  it('accepts a valid header, also what the SDK generates', () => {
    expect(gateway.verifyWebhook(body, signStripePayload(body, secret, t)).id).toBe('evt_1');
    const sdkHeader = new Stripe('sk').webhooks.generateTestHeaderString({
      payload: body,
      secret,
      timestamp: t,
    });
    expect(gateway.verifyWebhook(Buffer.from(body), sdkHeader).type).toBe('account.updated');
  });
  it('rejects a wrong secret, a tampered body, a missing header', () => {
    expect(() => gateway.verifyWebhook(body, signStripePayload(body, 'whsec_other', t))).toThrow(
      /stripe.rejected/,
    );
    expect(() =>
      gateway.verifyWebhook(body.replace('evt_1', 'evt_2'), signStripePayload(body, secret, t)),
    ).toThrow(AdapterError);
    expect(() => gateway.verifyWebhook(body, undefined)).toThrow(/stripe.rejected/);
  });
  it('rejects a timestamp outside 300 s either way, accepts one inside', () => {
    expect(() => gateway.verifyWebhook(body, signStripePayload(body, secret, t - 301))).toThrow(/tolerance/);
    expect(() => gateway.verifyWebhook(body, signStripePayload(body, secret, t + 301))).toThrow(/tolerance/);
    expect(gateway.verifyWebhook(body, signStripePayload(body, secret, t - 299)).id).toBe('evt_1');
  });
  it('any v1 matches while secrets roll', () => {
    expect(gateway.verifyWebhook(body, signStripePayload(body, ['whsec_old', secret], t)).id).toBe('evt_1');
    expect(gateway.verifyWebhook(body, signStripePayload(body, [secret, 'whsec_new'], t)).id).toBe('evt_1');
  });
});
