import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signStripePayload } from '../../adapters/stripe/stripe.client.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { domainEvents } from '../../db/schema/events.ts';
import { paymentAccounts, stripeEvents } from '../../db/schema/payments.ts';
import { createEmpresa } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { readStripeEvent } from './stripe-webhooks.service.ts';

const SECRET = 'whsec_int_test';
const PATH = '/api/webhooks/stripe';

/**
 * The Stripe webhook endpoint through real HTTP injection on PGlite (PostgreSQL with TEST_DB=postgres):
 * signature checks on the raw body with the app's clock, store-once by event id, one `stripe.event` per
 * distinct event (counted in the outbox), the account resolved from the connected account, metadata or
 * the billing customer.
 */
describe('POST /api/webhooks/stripe', () => {
  let t: TestApp;
  let accountId: string;
  let otherAccountId: string;
  const now = () => Math.floor(t.clock.now().getTime() / 1000);

  const eventOf = (type: string, object: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: now(),
    livemode: false,
    type,
    data: { object },
    ...extra,
  });
  const send = (body: string, signature?: string, contentType = 'application/json; charset=utf-8') =>
    t.app.inject({
      method: 'POST',
      url: PATH,
      payload: body,
      headers: { 'content-type': contentType, ...(signature ? { 'stripe-signature': signature } : {}) },
    });
  const signed = (body: string, secret: string | string[] = SECRET, at = now()) =>
    send(body, signStripePayload(body, secret, at));
  const stored = (id: string) => t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
  const emitted = (id: string) =>
    t.database.db
      .select()
      .from(domainEvents)
      .where(sql`${domainEvents.type} = 'stripe.event' and ${domainEvents.payload}->>'event_id' = ${id}`);

  beforeAll(async () => {
    t = await buildTestApp({ env: { STRIPE_WEBHOOK_SECRET: SECRET } });
    accountId = (await createEmpresa(t)).accountId as string;
    otherAccountId = (await createEmpresa(t)).accountId as string;
    await t.database.db
      .insert(paymentAccounts)
      .values({ accountId: otherAccountId, stripeAccountId: 'acct_other', country: 'ES' });
    await t.database.db
      .insert(subscriptions)
      .values({
        accountId,
        plan: 'standard',
        propertyGroup: 'apartment',
        units: 1,
        state: 'trialing',
        stripeCustomerId: 'cus_mine',
      })
      .onConflictDoUpdate({ target: subscriptions.accountId, set: { stripeCustomerId: 'cus_mine' } });
  }, 60_000);
  afterAll(() => t.close());

  it('stores a signed event once and emits stripe.event once for its account; a replay is a duplicate', async () => {
    const event = eventOf('customer.updated', {
      id: 'cus_x',
      object: 'customer',
      metadata: { account_id: accountId },
    });
    const body = JSON.stringify(event);
    const first = await signed(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true, data: { received: true, duplicate: false } });
    const [row] = await stored(event.id);
    expect(row).toMatchObject({ type: 'customer.updated', accountId, stripeAccount: null, livemode: false });
    expect(row?.stripeCreatedAt.getTime()).toBe(event.created * 1000);
    expect(await emitted(event.id)).toHaveLength(1);
    // The answer went once it was stored; the handlers run right after it.
    await t.app.eventsIdle();
    const [domainEvent] = await emitted(event.id);
    expect(domainEvent).toMatchObject({
      accountId,
      payload: { event_id: event.id, type: 'customer.updated', stripe_account: null },
    });
    // The bus delivered it; the module's own handler, last, marked it processed.
    expect(domainEvent?.deliveredAt).not.toBeNull();
    expect((await readStripeEvent(t.database.db, event.id))?.processedAt).not.toBeNull();
    expect((await readStripeEvent(t.database.db, event.id))?.payload).toEqual(event);

    // Stripe retries the same event (a fresh signature, the same id): nothing stored or applied again.
    t.clock.advance(60_000);
    const replay = await signed(body);
    expect(replay.json()).toEqual({ ok: true, data: { received: true, duplicate: true } });
    expect(await stored(event.id)).toHaveLength(1);
    expect(await emitted(event.id)).toHaveLength(1);
  });

  it('the same event arriving several times at once is stored and emitted once', async () => {
    const event = eventOf('customer.updated', {
      id: 'cus_y',
      object: 'customer',
      metadata: { account_id: accountId },
    });
    const body = JSON.stringify(event);
    const answers = await Promise.all(Array.from({ length: 5 }, () => signed(body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().data.duplicate === false)).toHaveLength(1);
    expect(await stored(event.id)).toHaveLength(1);
    expect(await emitted(event.id)).toHaveLength(1);
  });

  it('refuses a forged signature, a tampered body, a stale or future timestamp and no header: 400, nothing stored', async () => {
    const event = eventOf('customer.updated', {
      id: 'cus_z',
      object: 'customer',
      metadata: { account_id: accountId },
    });
    const body = JSON.stringify(event);
    const tampered = body.replace('cus_z', 'cus_w');
    const answers = [
      await signed(body, 'whsec_forged'),
      await send(tampered, signStripePayload(body, SECRET, now())),
      await signed(body, SECRET, now() - 301),
      await signed(body, SECRET, now() + 301),
      await send(body),
      await send(body, 't=abc,v1=zz'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ ok: false, code: 'stripe.signature_invalid' });
    }
    expect(await stored(event.id)).toHaveLength(0);
    expect(await emitted(event.id)).toHaveLength(0);
    // Inside the tolerance, and while secrets roll (two v1), it passes.
    expect((await signed(body, ['whsec_old', SECRET], now() - 299)).statusCode).toBe(200);
  });

  it('keeps the raw bytes: whitespace and key order as Stripe sent them, any content type', async () => {
    const event = eventOf('customer.updated', {
      id: 'cus_r',
      object: 'customer',
      metadata: { account_id: accountId },
    });
    const body = `{\n  "id": "${event.id}",\n  "type": "customer.updated",   "object": "event",\n  "created": ${event.created},\n  "data": ${JSON.stringify(event.data)}\n}`;
    expect((await send(body, signStripePayload(body, SECRET, now()), 'text/plain')).statusCode).toBe(200);
    expect(await stored(event.id)).toHaveLength(1);
  });

  it('resolves the account from event.account (Connect), else the billing customer; none: stored, processed, nothing emitted', async () => {
    const connect = eventOf('payout.paid', { id: 'po_1', object: 'payout' }, { account: 'acct_other' });
    await signed(JSON.stringify(connect));
    expect((await stored(connect.id))[0]).toMatchObject({
      accountId: otherAccountId,
      stripeAccount: 'acct_other',
    });
    expect((await emitted(connect.id))[0]).toMatchObject({
      accountId: otherAccountId,
      payload: { stripe_account: 'acct_other' },
    });

    const billing = eventOf('invoice.upcoming', { id: 'in_1', object: 'invoice', customer: 'cus_mine' });
    await signed(JSON.stringify(billing));
    expect((await stored(billing.id))[0]?.accountId).toBe(accountId);
    expect(await emitted(billing.id)).toHaveLength(1);

    // A metadata id of no account (stale or forged) and an unknown customer: nobody to apply it to.
    const orphan = eventOf('invoice.upcoming', {
      id: 'in_2',
      object: 'invoice',
      customer: 'cus_unknown',
      metadata: { account_id: '00000000-0000-4000-8000-000000000000' },
    });
    const answer = await signed(JSON.stringify(orphan));
    expect(answer.json().data).toEqual({ received: true, duplicate: false });
    const [row] = await stored(orphan.id);
    expect(row?.accountId).toBeNull();
    expect(row?.processedAt).not.toBeNull();
    expect(await emitted(orphan.id)).toHaveLength(0);
  });

  it('other routes still parse JSON (the raw parser is this route only)', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@example.com', password: 'wrong-password-123' },
    });
    expect(answer.statusCode).not.toBe(415);
    expect(answer.json().ok).toBe(false);
    expect(answer.json().code).not.toBe('common.bad_request');
  });
});

describe('POST /api/webhooks/stripe without STRIPE_WEBHOOK_SECRET', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('answers 503 stripe_webhooks.not_configured and stores nothing', async () => {
    const body = JSON.stringify({
      id: 'evt_nope',
      type: 'account.updated',
      created: 1,
      data: { object: {} },
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: PATH,
      payload: body,
      headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(body, SECRET, 1) },
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ ok: false, code: 'stripe_webhooks.not_configured' });
    expect(await t.database.db.select().from(stripeEvents)).toHaveLength(0);
  });
});
