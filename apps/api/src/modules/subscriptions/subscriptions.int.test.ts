import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signStripePayload } from '../../adapters/stripe/stripe.client.ts';
import type { FakeStripe } from '../../adapters/stripe/stripe.fake.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { billingPayments, coupons, subscriptions } from '../../db/schema/billing.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { properties } from '../../db/schema/properties.ts';
import { bearer, createAdmin, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildStripeTestApp } from '../../test/stripe-test-app.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { subscriptionsTrialJob } from './subscriptions.jobs.ts';

// Each step waits for the fake's webhooks and their handlers.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

const DAY = 86_400_000;
const START = new Date('2026-11-20T10:00:00Z');

let t: TestApp;
let fake: FakeStripe;

beforeAll(async () => {
  // One clock for the app and the fake: periods, trial ends and webhook signatures agree.
  ({ t, fake } = await buildStripeTestApp({ now: START }));
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function api(token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** Waits until `check` passes (webhook handlers run just after the webhook's commit). */
async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function operator(properties = 2) {
  const f = await createEmpresa(t, {
    properties: Array.from({ length: properties }, (_, i) => ({ nombre: `Apartamento ${i + 1}` })),
  });
  return { ...f, accountId: f.accountId as string, token: await loginToken(t, f.email) };
}

const subscription = async (token: string) => (await api(token, 'GET', '/api/subscription')).body.data;
const user = async (token: string) => (await api(token, 'GET', '/api/user')).body.data;
const sessionIdOf = (url: string) => url.split('/checkout/')[1]?.split(/[?#]/)[0] ?? '';

async function subscribe(token: string, choice: object) {
  const res = await api(token, 'POST', '/api/subscription/checkout', choice);
  expect(res.status).toBe(200);
  await fake.completeCheckout(sessionIdOf(res.body.data.url));
  return eventually(
    () => subscription(token),
    (s) => s.has_stripe_subscription === true,
  );
}

describe('the price list (GET /api/retrive-pricing, public)', () => {
  it('answers plans, tiers with the spec 3 range names, add-ons, 14 trial days, without a session', async () => {
    const res = await api(null, 'GET', '/api/retrive-pricing');
    expect(res.status).toBe(200);
    const p = res.body.data;
    expect(p).toMatchObject({ currency: 'EUR', trial_days: 14, annual_months_charged: 10, version: 1 });
    const standard = p.plans.find((x: { code: string }) => x.code === 'standard');
    expect(
      standard.groups.apartment.tiers.map((r: { from: number; to: number | null }) => [r.from, r.to]),
    ).toEqual([
      [1, 4],
      [5, 10],
      [11, null],
    ]);
    expect(standard.groups.hotel.tiers).toHaveLength(5);
    expect(standard.groups.hotel).toMatchObject({
      monthly: 400,
      monthly_range_two: 350,
      monthly_range_five: 200,
      annual: 4000,
      annual_range_five: 2000,
    });
    expect(standard.groups.apartment.monthly_range_four).toBeNull();
    expect(p.plans.find((x: { code: string }) => x.code === 'smart').included_addons).toEqual(['chatbot']);
    expect(p.addons.find((a: { code: string }) => a.code === 'remote_access')).toMatchObject({
      monthly_unit_amount: 300,
      feature: 'smart_locks',
    });
  });
});

describe('a plan Posada granted (subscribed, no Stripe subscription)', () => {
  it('reads active and billed by Posada, never free, beside status_subscription subscribed (issue 27)', async () => {
    const f = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Concedida' }],
      account: { statusSubscription: 'subscribed', plan: 'smart' },
    });
    const token = await loginToken(t, f.email);
    expect(await subscription(token)).toMatchObject({
      state: 'active',
      status_subscription: 'subscribed',
      billed_by: 'posada',
      plan: 'smart',
      has_stripe_subscription: false,
    });
  });
});

describe('the operator subscribes, changes and cancels', () => {
  let op: Awaited<ReturnType<typeof operator>>;
  let subId = '';

  beforeAll(async () => {
    op = await operator(2);
  });

  it('starts in the free trial with the days left, billing its properties', async () => {
    const s = await subscription(op.token);
    expect(s).toMatchObject({
      configured: true,
      state: 'trialing',
      status_subscription: 'demo',
      restaday: 14,
      units: 2,
      property_group: 'apartment',
      has_stripe_subscription: false,
      billed_by: 'none',
      payment_fail: false,
      usage: { properties: 2 },
    });
    const u = await user(op.token);
    expect(u).toMatchObject({ status_subscription: 'demo', restaday: 14, paymentfail: false });
  });

  it('quotes a choice: tier, annual 10 months, annual per unit; an unknown coupon is a field error', async () => {
    const q = await api(op.token, 'POST', '/api/subscription/quote', {
      plan: 'smart',
      billing_period: 'annual',
      units: 5,
      addons: ['messaging', 'chatbot'],
    });
    expect(q.status).toBe(200);
    // smart 5-10 tier: 20 €/unit/month; messaging 3 €; chatbot included. Annual = 10 months.
    expect(q.body.data).toMatchObject({
      tier: 1,
      total: (2000 + 300) * 5 * 10,
      monthly_total: (2000 + 300) * 5,
      annual_total: (2000 + 300) * 5 * 10,
      annual_per_unit: (12 * (2000 + 300) * 5) / 5,
      trial_days_left: 14,
    });
    expect(q.body.data.lines.map((l: { code: string }) => l.code)).toEqual(['smart', 'messaging']);
    const bad = await api(op.token, 'POST', '/api/subscription/quote', {
      plan: 'standard',
      billing_period: 'monthly',
      units: 2,
      coupon: 'NOEXISTE',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.coupon).toBeDefined();
  });

  it('subscribes through Checkout: the trial carries over, the account follows (plan, quantity, servicios)', async () => {
    const res = await api(op.token, 'POST', '/api/subscription/checkout', {
      plan: 'standard',
      billing_period: 'monthly',
      units: 3,
      addons: ['reviews'],
    });
    expect(res.status).toBe(200);
    const session = fake.object(sessionIdOf(res.body.data.url));
    expect(session).toMatchObject({ mode: 'subscription', client_reference_id: op.accountId });
    expect(session?.success_url).toBe(
      'http://localhost:5173/business/invoices/select/suscriptions?checkout=success',
    );
    await fake.completeCheckout(sessionIdOf(res.body.data.url));
    const s = await eventually(
      () => subscription(op.token),
      (x) => x.has_stripe_subscription === true,
    );
    expect(s).toMatchObject({
      state: 'trialing',
      status_subscription: 'subscribed',
      billed_by: 'stripe',
      plan: 'standard',
      units: 3,
      addons: ['reviews'],
      amount: (1500 + 200) * 3,
    });
    const u = await user(op.token);
    expect(u).toMatchObject({ plan: 'standard', status_subscription: 'subscribed', quantity: 3 });
    expect(u.servicios).toEqual(['reviews']);
    expect(u.suscription_id_stripe).toMatch(/^sub_/);
    subId = u.suscription_id_stripe;
    // A second checkout while subscribed is refused.
    const again = await api(op.token, 'POST', '/api/subscription/checkout', {
      plan: 'standard',
      billing_period: 'monthly',
      units: 3,
    });
    expect(again.status).toBe(409);
  });

  it('the trial ends on Stripe: the first period is charged, recorded once and invoiced', async () => {
    await fake.control(`subscriptions/${subId}/end_trial`);
    const s = await eventually(
      () => subscription(op.token),
      (x) => x.state === 'active',
    );
    expect(s.state).toBe('active');
    expect(s.current_period_end).not.toBeNull();
    const paid = await eventually(
      () =>
        t.database.db
          .select()
          .from(billingPayments)
          .where(and(eq(billingPayments.accountId, op.accountId), eq(billingPayments.status, 'succeeded'))),
      (rows) => rows.some((r) => r.amount > 0),
    );
    // Stripe charges the period plus the Spanish VAT (the account has no billing data: Spain, 21 %).
    expect(paid.find((r) => r.amount > 0)?.amount).toBe(Math.round((1500 + 200) * 3 * 1.21));
    const invoices = await eventually(
      () => api(op.token, 'GET', '/api/billing/invoices'),
      (r) => (r.body.data?.length ?? 0) > 0,
    );
    expect(invoices.status).toBe(200);
    // One invoice for the paid period, whatever the replays: its total is what Stripe charged.
    expect(invoices.body.data).toHaveLength(1);
    expect(invoices.body.data[0]).toMatchObject({
      subtotal: (1500 + 200) * 3,
      vat_rate: 2100,
      total: Math.round((1500 + 200) * 3 * 1.21),
      status: 'paid',
    });
  });

  it('adding units previews the prorated charge, and that is what is charged now', async () => {
    t.clock.advance(10 * DAY);
    op.token = await loginToken(t, op.email);
    const preview = await api(op.token, 'POST', '/api/subscription/preview', { changes: { units: 6 } });
    expect(preview.status).toBe(200);
    const p = preview.body.data;
    // 6 units move to the 5-10 tier: 12 €/unit + 2 € reviews.
    expect(p.new_total).toBe((1200 + 200) * 6);
    expect(p.old_total).toBe((1500 + 200) * 3);
    expect(p.days_left).toBeGreaterThan(0);
    expect(p.days_left).toBeLessThan(p.period_days);
    expect(p.proration_amount).toBeGreaterThan(0);
    expect(p.proration_amount).toBeLessThan(p.new_total - p.old_total + 1);
    const before = (
      await t.database.db.select().from(billingPayments).where(eq(billingPayments.accountId, op.accountId))
    ).length;
    const put = await api(op.token, 'PUT', '/api/subscription', { changes: { units: 6 } });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ units: 6, amount: (1200 + 200) * 6 });
    const charges = await eventually(
      () => t.database.db.select().from(billingPayments).where(eq(billingPayments.accountId, op.accountId)),
      (rows) => rows.length > before,
    );
    const latest = charges.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    // The proration (before tax) plus 21 % VAT.
    expect(latest?.amount).toBe(p.proration_amount + Math.round(p.proration_amount * 0.21));
    const invoices = await eventually(
      () => api(op.token, 'GET', '/api/billing/invoices'),
      (r) => (r.body.data?.length ?? 0) > 1,
    );
    expect(invoices.body.data.map((i: { subtotal: number }) => i.subtotal)).toContain(p.proration_amount);
    expect(invoices.body.data.map((i: { total: number }) => i.total)).toContain(latest?.amount);
    expect((await user(op.token)).quantity).toBe(6);
    // Nothing to change → a field error.
    const same = await api(op.token, 'PUT', '/api/subscription', { changes: { units: 6 } });
    expect(same.status).toBe(400);
  });

  it('a change previews old → new, the add-ons switched on and off, and names what a property uses (issue 27)', async () => {
    await t.database.db
      .update(properties)
      .set({ reviewsEnabled: true, reviewUrl: 'https://g.page/r/x' })
      .where(and(eq(properties.accountId, op.accountId), eq(properties.nombre, 'Apartamento 2')));
    const down = await api(op.token, 'POST', '/api/subscription/preview', { changes: { addons: [] } });
    expect(down.status).toBe(200);
    expect(down.body.data).toMatchObject({
      from: { plan: 'standard', billing_period: 'monthly', units: 6, addons: ['reviews'] },
      to: { plan: 'standard', billing_period: 'monthly', units: 6, addons: [] },
      addons_gained: [],
      addons_lost: ['reviews'],
      in_use_lost: [{ addon: 'reviews', properties: ['Apartamento 2'] }],
    });
    const up = await api(op.token, 'POST', '/api/subscription/preview', { changes: { plan: 'smart' } });
    expect(up.status).toBe(200);
    const pricing = (await api(op.token, 'GET', '/api/retrive-pricing')).body.data as {
      plans: { code: string; included_addons: string[] }[];
    };
    const smartIncludes = pricing.plans.find((p) => p.code === 'smart')?.included_addons ?? [];
    expect(up.body.data.to.plan).toBe('smart');
    expect([...up.body.data.addons_gained].sort()).toEqual(
      smartIncludes.filter((a) => a !== 'reviews').sort(),
    );
    expect(up.body.data).toMatchObject({ addons_lost: [], in_use_lost: [] });
    // A preview changes nothing.
    expect(await subscription(op.token)).toMatchObject({ plan: 'standard', addons: ['reviews'] });
  });

  it('replayed and stale subscription events change nothing', async () => {
    const before = await subscription(op.token);
    const payments = (await t.database.db.select().from(billingPayments)).length;
    for (const e of fake.events.filter(
      (x) => x.type.startsWith('customer.subscription.') || x.type === 'invoice.paid',
    ))
      await fake.redeliver(e.id);
    await fake.flush();
    expect(await subscription(op.token)).toEqual(before);
    expect((await t.database.db.select().from(billingPayments)).length).toBe(payments);
  });

  it('cancel keeps access until the period ends; resume undoes it; at the end it expires', async () => {
    const cancel = await api(op.token, 'POST', '/api/subscription/cancel');
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({
      state: 'canceled',
      cancel_at_period_end: true,
      status_subscription: 'subscribed',
    });
    expect((await user(op.token)).plan).toBe('standard');
    const resume = await api(op.token, 'POST', '/api/subscription/resume');
    expect(resume.body.data).toMatchObject({ state: 'active', cancel_at_period_end: false });
    await api(op.token, 'POST', '/api/subscription/cancel');
    await fake.control(`subscriptions/${subId}/advance`);
    const s = await eventually(
      () => subscription(op.token),
      (x) => x.state === 'expired',
    );
    expect(s).toMatchObject({
      state: 'expired',
      status_subscription: 'demo_expired',
      has_stripe_subscription: false,
    });
    const u = await user(op.token);
    expect(u).toMatchObject({ status_subscription: 'demo_expired', plan: null });
    expect(u.servicios).toEqual([]);
    // An old subscription event arriving late does not bring it back.
    const created = fake.events.find((e) => e.type === 'customer.subscription.created');
    if (created) await fake.redeliver(created.id);
    expect((await subscription(op.token)).state).toBe('expired');
  });
});

describe('a failed payment', () => {
  it('sets paymentfail, rings the bell, offers the portal; paying clears it', async () => {
    const op = await operator(1);
    await subscribe(op.token, { plan: 'smart', billing_period: 'monthly', units: 1, addons: [] });
    const sub = (await user(op.token)).suscription_id_stripe as string;
    await fake.control(`subscriptions/${sub}/end_trial`, { fail: true });
    const s = await eventually(
      () => subscription(op.token),
      (x) => x.payment_fail === true,
    );
    expect(s).toMatchObject({ payment_fail: true, state: 'past_due', status_subscription: 'subscribed' });
    expect((await user(op.token)).paymentfail).toBe(true);
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.accountId, op.accountId));
    expect(bell.map((n) => n.kind)).toContain('billing');
    const failed = await t.database.db
      .select()
      .from(billingPayments)
      .where(and(eq(billingPayments.accountId, op.accountId), eq(billingPayments.status, 'failed')));
    expect(failed).toHaveLength(1);
    const portal = await api(op.token, 'POST', '/api/subscription/portal');
    expect(portal.status).toBe(200);
    expect(portal.body.data.url).toContain('/portal/');
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, op.accountId));
    const invoice = fake.object(failed[0]?.stripeInvoiceId ?? '');
    expect(invoice?.id).toBeDefined();
    await fake.control(`invoices/${invoice?.id}/pay`);
    const fixed = await eventually(
      () => subscription(op.token),
      (x) => x.payment_fail === false,
    );
    expect(fixed).toMatchObject({ payment_fail: false, state: 'active' });
    expect((await user(op.token)).paymentfail).toBe(false);
    expect(row?.stripeSubscriptionId).toBe(sub);
  });
});

describe('coupons', () => {
  it('a valid coupon discounts the quote and the subscription; a used-up one is refused', async () => {
    await t.database.db.insert(coupons).values([
      { code: 'BIENVENIDA20', percentOff: 20 },
      { code: 'AGOTADO', amountOff: 500, maxRedemptions: 1, redeemed: 1 },
    ]);
    const op = await operator(2);
    const choice = { plan: 'standard', billing_period: 'monthly', units: 2, addons: [] };
    const q = await api(op.token, 'POST', '/api/subscription/quote', { ...choice, coupon: 'bienvenida20' });
    expect(q.status).toBe(200);
    expect(q.body.data).toMatchObject({
      total: 1500 * 2 * 0.8,
      coupon: { code: 'BIENVENIDA20', percent_off: 20 },
    });
    expect(q.body.data.lines.at(-1)).toMatchObject({ kind: 'discount', amount: -600 });
    const used = await api(op.token, 'POST', '/api/subscription/quote', { ...choice, coupon: 'AGOTADO' });
    expect(used.status).toBe(400);
    expect(used.body.errors.coupon).toBeDefined();
    const s = await subscribe(op.token, { ...choice, coupon: 'BIENVENIDA20' });
    expect(s).toMatchObject({ coupon: { code: 'BIENVENIDA20' }, amount: 2400 });
  });
});

describe('VAT: Stripe charges what our invoice shows', () => {
  const choice = { plan: 'standard', billing_period: 'monthly', units: 2, addons: [] };
  const spanish = {
    business_name: 'Casa Rural Las Encinas S.L.',
    tax_id: 'B-1234567-4',
    address: 'Camino de la Sierra 4',
    city: 'Cercedilla',
    country: 'es',
    province: 'Madrid',
    postal_code: '28470',
    email: 'facturas@encinas.example',
  };
  const french = {
    business_name: 'Maison Lavande SARL',
    tax_id: 'FR 40 303 265 045',
    address: '12 rue des Lilas',
    city: 'Paris',
    country: 'FR',
    postal_code: '75011',
  };

  /** Subscribes with these billing data, ends the trial on Stripe: Stripe's paid invoice and ours. */
  async function paidPeriod(details: object, coupon?: string) {
    const op = await operator(2);
    expect((await api(op.token, 'PUT', '/api/billing/details', details)).status).toBe(200);
    await subscribe(op.token, { ...choice, ...(coupon ? { coupon } : {}) });
    const row = (
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.accountId, op.accountId))
    )[0];
    const subId = row?.stripeSubscriptionId as string;
    await fake.control(`subscriptions/${subId}/end_trial`);
    const stripeInvoice = fake.object(fake.object(subId)?.latest_invoice) as Record<string, never>;
    const ours = await eventually(
      () => api(op.token, 'GET', '/api/billing/invoices'),
      (r) => (r.body.data?.length ?? 0) > 0,
    );
    expect(ours.body.data).toHaveLength(1);
    return { stripe: stripeInvoice, ours: ours.body.data[0], sub: fake.object(subId) };
  }

  it('a Spanish customer: Stripe adds 21 % through the IVA tax rate, our invoice total is the amount paid', async () => {
    const { stripe, ours, sub } = await paidPeriod(spanish);
    expect(sub?.default_tax_rates).toEqual([
      expect.objectContaining({ display_name: 'IVA', percentage: 21, inclusive: false, jurisdiction: 'ES' }),
    ]);
    expect(stripe).toMatchObject({ subtotal: 3000, total: 3630, amount_paid: 3630, status: 'paid' });
    expect(ours).toMatchObject({ subtotal: 3000, vat_rate: 2100, vat_amount: 630, total: 3630 });
    expect(ours.total).toBe(stripe.amount_paid);
  });

  it('a French business with a VAT number: reverse charge, no tax on Stripe, 0 % on our invoice', async () => {
    const { stripe, ours, sub } = await paidPeriod(french);
    expect(sub?.default_tax_rates).toEqual([]);
    expect(stripe).toMatchObject({ subtotal: 3000, total: 3000, amount_paid: 3000 });
    expect(ours).toMatchObject({ subtotal: 3000, vat_rate: 0, vat_amount: 0, total: 3000 });
    expect(ours.total).toBe(stripe.amount_paid);
  });

  it('a coupon: our invoice carries the discount as a line, its subtotal is what Stripe taxed', async () => {
    await t.database.db.insert(coupons).values({ code: 'IVADIEZ', percentOff: 10 });
    const { stripe, ours } = await paidPeriod(spanish, 'IVADIEZ');
    // 3 000 − 10 % = 2 700 taxable, + 21 % = 567 → 3 267.
    expect(stripe).toMatchObject({ subtotal: 3000, total_excluding_tax: 2700, amount_paid: 3267 });
    expect(ours).toMatchObject({ subtotal: 2700, vat_amount: 567, total: 3267 });
  });
});

describe('events out of order', () => {
  it('a subscription event older than the last reading, arriving late with a stale copy, changes nothing', async () => {
    const op = await operator(1);
    await subscribe(op.token, { plan: 'standard', billing_period: 'monthly', units: 1, addons: [] });
    const sub = (await user(op.token)).suscription_id_stripe as string;
    await api(op.token, 'POST', '/api/subscription/cancel');
    const before = await subscription(op.token);
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, op.accountId));
    const stale = {
      id: `evt_stale_${sub}`,
      object: 'event',
      type: 'customer.subscription.updated',
      api_version: '2026-10-28.endive',
      created: Math.floor(((row?.readAt?.getTime() ?? START.getTime()) - 3600_000) / 1000),
      livemode: false,
      account: null,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: {
          id: sub,
          object: 'subscription',
          status: 'canceled',
          cancel_at_period_end: false,
          customer: row?.stripeCustomerId,
          metadata: { account_id: op.accountId },
          items: { object: 'list', data: [] },
        },
      },
    };
    const body = JSON.stringify(stale);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripePayload(
          body,
          fake.env.STRIPE_WEBHOOK_SECRET,
          Math.floor(t.clock.now().getTime() / 1000),
        ),
      },
      payload: body,
    });
    expect(res.statusCode).toBeLessThan(300);
    await new Promise((r) => setTimeout(r, 300));
    expect(await subscription(op.token)).toEqual(before);
    expect(before).toMatchObject({ state: 'canceled', cancel_at_period_end: true });
  });
});

describe("the admin's change (manager/user_management)", () => {
  it('changes units of a running subscription on Stripe without proration, and the account follows', async () => {
    const op = await operator(1);
    await subscribe(op.token, { plan: 'standard', billing_period: 'monthly', units: 1, addons: [] });
    const sub = (await user(op.token)).suscription_id_stripe as string;
    const admin = await createAdmin(t);
    const adminToken = await loginToken(t, admin.email);
    const invoicesBefore = fake.events.filter((e) => e.type === 'invoice.finalized').length;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/accounts/${op.accountId}`,
      headers: bearer(adminToken),
      payload: { units: 4, addons: ['messaging'], reason: 'Ampliación pactada' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.audit.before).toMatchObject({ units: 1 });
    expect(res.json().data.audit.after).toMatchObject({ units: 4, addons: ['messaging'] });
    const stripeSub = fake.object(sub);
    expect(stripeSub?.items.data.map((i: { quantity: number }) => i.quantity)).toEqual([4, 4]);
    await fake.flush();
    expect(fake.events.filter((e) => e.type === 'invoice.finalized').length).toBe(invoicesBefore);
    const u = await eventually(
      () => user(op.token),
      (x) => x.quantity === 4,
    );
    expect(u).toMatchObject({ quantity: 4, plan: 'standard' });
    expect(u.servicios).toEqual(['messaging']);
    expect((await subscription(op.token)).units).toBe(4);
  });
});

describe('accounts see only their own subscription', () => {
  it("another account's subscription is not reachable: its own is a trial with nothing to cancel", async () => {
    const a = await operator(1);
    const b = await operator(1);
    await subscribe(a.token, { plan: 'standard', billing_period: 'monthly', units: 1, addons: [] });
    expect((await subscription(b.token)).status_subscription).toBe('demo');
    const cancel = await api(b.token, 'POST', '/api/subscription/cancel');
    expect(cancel.status).toBe(409);
    expect(cancel.body.code).toBe('subscriptions.no_subscription');
    expect((await subscription(a.token)).cancel_at_period_end).toBe(false);
    const portal = await api(b.token, 'POST', '/api/subscription/portal');
    expect(portal.status).toBe(409);
  });
});

describe('without Stripe configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await buildTestApp({ now: START });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('shows the subscription, quotes, refuses to charge with 503, and still ends trials', async () => {
    const f = await createEmpresa(bare, { properties: [{ nombre: 'Villa Sol' }] });
    let token = await loginToken(bare, f.email);
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await bare.app.inject({
        method,
        url,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
      return { status: res.statusCode, body: res.json() };
    };
    expect((await call('GET', '/api/subscription')).body.data).toMatchObject({
      configured: false,
      state: 'trialing',
    });
    expect(
      (
        await call('POST', '/api/subscription/quote', {
          plan: 'standard',
          billing_period: 'monthly',
          units: 1,
        })
      ).status,
    ).toBe(200);
    const checkout = await call('POST', '/api/subscription/checkout', {
      plan: 'standard',
      billing_period: 'monthly',
      units: 1,
    });
    expect(checkout.status).toBe(503);
    expect(checkout.body.code).toBe('subscriptions.not_configured');
    expect(checkout.body.message).toMatch(/no están configurados/);
    for (const [method, url, payload] of [
      ['PUT', '/api/subscription', { changes: { units: 2 } }],
      ['POST', '/api/subscription/preview', { changes: { units: 2 } }],
      ['POST', '/api/subscription/cancel', undefined],
      ['POST', '/api/subscription/resume', undefined],
      ['POST', '/api/subscription/portal', undefined],
    ] as const) {
      expect((await call(method, url, payload)).status).toBe(503);
    }

    // The trial's end: 15 days later the job expires it (spec 4 demo_expired, the paywall).
    bare.clock.advance(15 * DAY);
    await bare.jobs.send(subscriptionsTrialJob, {});
    await bare.jobs.drain(subscriptionsTrialJob);
    token = await loginToken(bare, f.email);
    expect((await call('GET', '/api/subscription')).body.data).toMatchObject({
      state: 'expired',
      status_subscription: 'demo_expired',
      restaday: 0,
    });
    const u = (await call('GET', '/api/user')).body.data;
    expect(u).toMatchObject({ status_subscription: 'demo_expired', restaday: 0 });
  });

  it('a trial over before the trial job ran reads as expired (subscription and user), and the job then has nothing to do', async () => {
    const f = await createEmpresa(bare, { properties: [{ nombre: 'Casa Luna' }] });
    bare.clock.advance(15 * DAY);
    const token = await loginToken(bare, f.email);
    const get = async (url: string) =>
      (await bare.app.inject({ method: 'GET', url, headers: bearer(token) })).json().data;
    // The user first (computed on read), then the subscription (which applies the expiry).
    expect(await get('/api/user')).toMatchObject({
      status_subscription: 'demo_expired',
      restaday: 0,
      plan: null,
      servicios: [],
    });
    expect(await get('/api/subscription')).toMatchObject({
      state: 'expired',
      status_subscription: 'demo_expired',
      restaday: 0,
    });
    const [account] = await bare.database.db
      .select({ status: accounts.statusSubscription })
      .from(accounts)
      .where(eq(accounts.id, f.accountId as string));
    expect(account?.status).toBe('demo_expired');
    const [row] = await bare.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, f.accountId as string));
    expect(row?.state).toBe('expired');
    // Reading again and the job change nothing more.
    expect((await get('/api/subscription')).state).toBe('expired');
    await bare.jobs.send(subscriptionsTrialJob, {});
    await bare.jobs.drain(subscriptionsTrialJob);
    expect(await get('/api/user')).toMatchObject({ status_subscription: 'demo_expired', plan: null });
  });
});
