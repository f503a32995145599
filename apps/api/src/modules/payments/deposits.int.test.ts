import { depositPaths } from '@posada/contracts/deposits';
import { paymentsRoutes } from '@posada/contracts/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../../adapters/stripe/stripe.fake.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { properties } from '../../db/schema/properties.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildStripeTestApp } from '../../test/stripe-test-app.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { newCheckinLink } from '../checkins/checkin-links.ts';
import { depositHoldsJob } from './deposits.module.ts';

/**
 * Deposits of programmed check-ins (issue 16) against the stateful Stripe fake, its webhooks delivered to
 * the app over HTTP. The clock is 2026-11-20 10:00 UTC for the app and the fake.
 */
const START = new Date('2026-11-20T10:00:00Z');
const DAY = 86_400_000;

let t: TestApp;
let fake: FakeStripe;
let ip = 0;

beforeAll(async () => {
  ({ t, fake } = await buildStripeTestApp({ now: START }));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function call(token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': 'es' },
    ...(method === 'GET' ? {} : { payload: payload ?? {} }),
  });
  return { status: res.statusCode, body: res.json() };
}

async function operator(approved: boolean, pais = 'ES') {
  const f = await createEmpresa(t, { account: { pais }, properties: [{ nombre: 'Casa Azul' }] });
  const op = {
    accountId: f.accountId as string,
    propertyId: f.propertyIds[0] as string,
    email: f.email,
    token: await loginToken(t, f.email),
  };
  await t.database.db.update(properties).set({ pais }).where(eq(properties.id, op.propertyId));
  if (approved) {
    const link = await call(op.token, 'POST', paymentsRoutes.onboardingLink);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const acct = new URL(link.body.data.url).pathname.split('/')[2] ?? '';
    await fake.control(`accounts/${acct}/onboarding`, { outcome: 'complete' });
  }
  return op;
}
type Operator = Awaited<ReturnType<typeof operator>>;

/** A check-in asking for a deposit, and a guest session that passed the code step. */
async function guestWithDeposit(op: Operator, over: Partial<typeof checkins.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  const link = newCheckinLink(createSecretBox(t.config.APP_SECRET), id);
  const code = `DEP-${id.slice(0, 6)}`;
  await t.database.db.insert(checkins).values({
    id,
    accountId: op.accountId,
    propertyId: op.propertyId,
    name: 'Lucía Martínez',
    email: `dep-${id.slice(0, 8)}@example.com`,
    phone: '+34 612 345 678',
    startDate: '2026-11-20',
    endDate: '2026-11-23',
    expectedGuests: 1,
    linkTokenHash: link.hash,
    linkTokenSealed: link.sealed,
    linkExpiresAt: new Date('2027-01-31T00:00:00Z'),
    checkinCode: code,
    origin: 'send',
    purgeAfter: '2029-11-23',
    depositAmount: 15_000,
    ...over,
  });
  const guest = async (url: string, method: 'GET' | 'POST', payload?: object, session?: string) => {
    ip += 1;
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: `10.9.0.${ip % 250}`,
      headers: { 'accept-language': 'es', ...(session ? { 'x-checkin-session': session } : {}) },
      ...(method === 'POST' ? { payload: payload ?? {} } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const started = await guest('/api/guest/checkin/start', 'POST', {
    propiedad_id: op.propertyId,
    t: link.token,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const coded = await guest(
    '/api/guest/checkin/code',
    'POST',
    { checkin_code: code },
    started.body.data.session,
  );
  expect(coded.status, JSON.stringify(coded.body)).toBe(200);
  const session = coded.body.data.session as string;
  return {
    id,
    step: () => guest(depositPaths.guest, 'GET', undefined, session),
    checkout: () => guest(depositPaths.guestCheckout, 'POST', {}, session),
  };
}

const sessionIdOf = (url: string) => new URL(url).pathname.split('/checkout/')[1] ?? '';
const storedStatus = async (checkinId: string) =>
  (await t.database.db.select().from(checkins).where(eq(checkins.id, checkinId)))[0]?.depositStatus;

/** The guest pays the deposit on the fake's Checkout: the hold (or hold + saved card) is placed. */
async function holdDeposit(g: Awaited<ReturnType<typeof guestWithDeposit>>) {
  const checkout = await g.checkout();
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const cs = sessionIdOf(checkout.body.data.url);
  await fake.completeCheckout(cs, 'paid');
  await fake.flush();
  return cs;
}

describe('deposits (spec 4 Deposit, spec 7)', () => {
  it('a short stay: held on the card, verified as paid, released by the refund; a second refund is refused', async () => {
    const op = await operator(true);
    const g = await guestWithDeposit(op);
    const step = await g.step();
    expect(step.body.data).toEqual({
      amount: 15_000,
      currency: 'EUR',
      status: 2,
      method: null,
      payment_state: null,
      online: true,
      unavailable: null,
    });
    const cs = await holdDeposit(g);
    const params = fake.store.sessionParams.get(cs) as { payment_intent_data: Record<string, unknown> };
    expect(params.payment_intent_data.capture_method).toBe('manual');
    expect(params.payment_intent_data.setup_future_usage).toBeUndefined();
    expect((await g.step()).body.data).toMatchObject({
      status: 1,
      method: 'hold',
      payment_state: 'authorized',
    });
    // The webhook's guest_payment.changed kept the check-in's own state in step.
    expect(await storedStatus(g.id)).toBe(1);

    const verified = await call(op.token, 'POST', depositPaths.verify, { programmed_id: g.id });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.data).toMatchObject({
      programmed_id: g.id,
      is_refunded: false,
      payment_status: 'succeeded',
      status: 1,
      amount: 15_000,
      currency: 'EUR',
      method: 'hold',
      can_refund: true,
      can_capture: true,
      configured: true,
    });
    // Stripe's capture_before of the charge: about 7 days for a card-not-present authorisation.
    const captureBy = Date.parse(verified.body.data.capture_before) - START.getTime();
    expect(Math.abs(captureBy - 7 * DAY)).toBeLessThan(60_000);

    const refunded = await call(op.token, 'POST', depositPaths.refund, { programmed_id: g.id });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.data).toMatchObject({
      status: 3,
      is_refunded: true,
      can_refund: false,
      payment_state: 'released',
    });
    const intent = fake.object(fake.object(cs)?.payment_intent as string);
    expect(intent?.status).toBe('canceled');
    expect(await storedStatus(g.id)).toBe(3);

    const again = await call(op.token, 'POST', depositPaths.refund, { programmed_id: g.id });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('deposits.not_paid');
    // Nothing to pay any more on the guest's side either.
    expect((await g.step()).body.data).toMatchObject({ status: 3 });
  });

  it('a damage amount is captured (at most what is held), then refunded', async () => {
    const op = await operator(true);
    const g = await guestWithDeposit(op);
    const cs = await holdDeposit(g);
    const tooMuch = await call(op.token, 'POST', depositPaths.capture(g.id), { amount: 15_001 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.code).toBe('deposits.over_held');

    const captured = await call(op.token, 'POST', depositPaths.capture(g.id), { amount: 5_000 });
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    expect(captured.body.data).toMatchObject({ status: 1, payment_state: 'paid', captured_amount: 5_000 });
    expect(fake.object(fake.object(cs)?.payment_intent as string)).toMatchObject({
      status: 'succeeded',
      amount_received: 5_000,
    });

    const refunded = await call(op.token, 'POST', depositPaths.refund, { programmed_id: g.id });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.data).toMatchObject({ status: 3, is_refunded: true });
    // What went back to the guest is what was taken (the rest of the hold was released at capture).
    const pi = fake.object(cs)?.payment_intent as string;
    const refunds = [...fake.store.objects.values()].filter(
      (o) => o.object === 'refund' && o.payment_intent === pi,
    );
    expect(refunds.map((r) => r.amount)).toEqual([5_000]);
  });

  it('a long stay saves the card: the hold lapses, the deposit stays secured and a damage is charged off-session', async () => {
    const op = await operator(true);
    const g = await guestWithDeposit(op, { endDate: '2026-12-12' });
    const cs = await holdDeposit(g);
    const params = fake.store.sessionParams.get(cs) as Record<string, unknown> & {
      payment_intent_data: Record<string, unknown>;
    };
    expect(params.payment_intent_data.setup_future_usage).toBe('off_session');
    expect(params.customer_creation).toBe('always');
    const held = (await call(op.token, 'POST', depositPaths.verify, { programmed_id: g.id })).body.data;
    expect(held).toMatchObject({ status: 1, method: 'saved_card' });

    // About 7 days later the authorisation lapses (payment_intent.canceled): the saved card still secures it.
    const pi = fake.object(cs)?.payment_intent as string;
    await fake.control(`payment_intents/${pi}/expire_hold`);
    await fake.flush();
    const lapsed = (await call(op.token, 'POST', depositPaths.verify, { programmed_id: g.id })).body.data;
    expect(lapsed).toMatchObject({
      status: 1,
      payment_state: 'released',
      can_capture: true,
      can_refund: true,
    });

    const charged = await call(op.token, 'POST', depositPaths.capture(g.id), { amount: 3_000 });
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);
    expect(charged.body.data).toMatchObject({ status: 1, payment_state: 'paid', captured_amount: 3_000 });

    const refunded = await call(op.token, 'POST', depositPaths.refund, { programmed_id: g.id });
    expect(refunded.body.data).toMatchObject({ status: 3, refunded_amount: 3_000 });
  });

  it('the hold job lets go of a hold past its capture-by instant', async () => {
    const op = await operator(true);
    const g = await guestWithDeposit(op);
    await holdDeposit(g);
    t.clock.advance(7 * DAY + 60_000);
    try {
      await t.jobs.send(depositHoldsJob, {});
      await t.jobs.drain(depositHoldsJob);
      // The operator's session idled out with the clock: sign in again.
      const token = await loginToken(t, op.email);
      const after = (await call(token, 'POST', depositPaths.verify, { programmed_id: g.id })).body.data;
      expect(after).toMatchObject({ status: 3, payment_state: 'released' });
    } finally {
      t.clock.set(START);
    }
  });

  it('without an approved payments account the step says the deposit is paid at the property', async () => {
    const op = await operator(false);
    const g = await guestWithDeposit(op);
    expect((await g.step()).body.data).toMatchObject({
      amount: 15_000,
      status: 2,
      online: false,
      unavailable: 'no_payments_account',
    });
    const checkout = await g.checkout();
    expect(checkout.status).toBe(422);
    expect(checkout.body.code).toBe('payments.no_provider');
    const verified = (await call(op.token, 'POST', depositPaths.verify, { programmed_id: g.id })).body.data;
    expect(verified).toMatchObject({ status: 2, payment_status: 'pending', can_refund: false });
  });

  it('the operator sets the amount a check-in asks, lists it for the widget, and never while it is held', async () => {
    const op = await operator(true, 'CO');
    const g = await guestWithDeposit(op, { depositAmount: 0 });
    const set = await call(op.token, 'PUT', depositPaths.deposit(g.id), { amount: 50_000_000 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ amount: 50_000_000, currency: 'COP', status: 2 });
    const list = (await call(op.token, 'GET', depositPaths.list)).body.data.items;
    expect(list).toEqual([
      expect.objectContaining({
        programmed_id: g.id,
        amount: 50_000_000,
        currency: 'COP',
        property_name: 'Casa Azul',
      }),
    ]);
    await holdDeposit(g);
    const locked = await call(op.token, 'PUT', depositPaths.deposit(g.id), { amount: 1 });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('deposits.in_progress');
  });

  it("answers 404 for another account's check-in on every deposit route", async () => {
    const mine = await operator(true);
    const g = await guestWithDeposit(mine);
    const other = await operator(true);
    for (const [method, url, body] of [
      ['POST', depositPaths.verify, { programmed_id: g.id }],
      ['POST', depositPaths.refund, { programmed_id: g.id }],
      ['POST', depositPaths.capture(g.id), { amount: 100 }],
      ['PUT', depositPaths.deposit(g.id), { amount: 100 }],
    ] as const) {
      const res = await call(other.token, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.code).toBe('deposits.not_found');
    }
    const list = (await call(other.token, 'GET', depositPaths.list)).body.data.items;
    expect(list).toEqual([]);
  });
});

describe('deposits without Stripe configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await buildTestApp({ now: START });
  }, 120_000);
  afterAll(() => bare?.close());

  it('the guest step says the deposit is paid at the property, and nothing is charged', async () => {
    const f = await createEmpresa(bare, { properties: [{ nombre: 'Casa Sin Pagos' }] });
    const id = crypto.randomUUID();
    const link = newCheckinLink(createSecretBox(bare.config.APP_SECRET), id);
    await bare.database.db.insert(checkins).values({
      id,
      accountId: f.accountId as string,
      propertyId: f.propertyIds[0] as string,
      name: 'Ana',
      startDate: '2026-11-20',
      endDate: '2026-11-22',
      linkTokenHash: link.hash,
      linkTokenSealed: link.sealed,
      linkExpiresAt: new Date('2026-11-23T00:00:00Z'),
      checkinCode: 'NOPAY1',
      purgeAfter: '2029-11-22',
      depositAmount: 10_000,
    });
    const post = (url: string, payload: object, session?: string) =>
      bare.app.inject({
        method: 'POST',
        url,
        payload,
        headers: session ? { 'x-checkin-session': session } : {},
      });
    const started = (
      await post('/api/guest/checkin/start', { propiedad_id: f.propertyIds[0], t: link.token })
    ).json();
    const session = (
      await post('/api/guest/checkin/code', { checkin_code: 'NOPAY1' }, started.data.session)
    ).json().data.session;
    const step = await bare.app.inject({
      method: 'GET',
      url: depositPaths.guest,
      headers: { 'x-checkin-session': session },
    });
    expect(step.json().data).toMatchObject({ online: false, unavailable: 'not_configured', status: 2 });
    const checkout = await post(depositPaths.guestCheckout, {}, session);
    expect(checkout.statusCode).toBe(422);
    expect(checkout.json().code).toBe('payments.not_configured');
    const token = await loginToken(bare, f.email);
    const verified = await bare.app.inject({
      method: 'POST',
      url: depositPaths.verify,
      payload: { programmed_id: id },
      headers: bearer(token),
    });
    expect(verified.json().data).toMatchObject({ configured: false, status: 2, can_refund: false });
  });
});
