import { experiencesPaths } from '@posada/contracts/experiences';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../../adapters/stripe/stripe.fake.ts';
import { serviceRequests } from '../../db/schema/experiences.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { requestsTestKit, sessionIdOf } from '../../test/experiences-kit.ts';
import { buildStripeTestApp } from '../../test/stripe-test-app.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * Service requests (spec 4 Service request, docs/experiences.md "Requests") through their whole life on the
 * stateful Stripe fake: automatic paid online by the webhook, manual held then captured or released, paid
 * at the property, free; every refusal of spec 4 and another account's request.
 */
let t: TestApp;
let fake: FakeStripe;
const kit = requestsTestKit(() => ({ t, fake }));

beforeAll(async () => {
  ({ t, fake } = await buildStripeTestApp({ now: new Date('2026-11-20T10:00:00Z') }));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Op = Awaited<ReturnType<typeof kit.operator>>;
const act = (op: Op, id: string, action: 'approve' | 'reject' | 'confirm-payment') =>
  kit.call(op.token, 'POST', experiencesPaths.requestAction(id, action));
const read = (op: Op, id: string) => kit.call(op.token, 'GET', experiencesPaths.request(id));
const stored = async (id: string) =>
  (await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0];
const intentOf = (cs: string) => fake.object(fake.object(cs)?.payment_intent as string);

async function payOnCheckout(url: string) {
  const cs = sessionIdOf(url);
  await fake.completeCheckout(cs, 'paid');
  await fake.flush();
  await t.app.eventsIdle();
  return cs;
}

describe('service requests paid online', { timeout: 120_000 }, () => {
  it('automatic: approved at once, paid when Stripe says so (webhook), with a bell', async () => {
    const op = await kit.operator({ approved: true });
    const svc = await kit.addService(op);
    const s = await kit.stay(op);
    expect((await s.store()).body.data.pays_online).toBe(true);
    const made = await s.request(svc);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { request, checkout_url } = made.body.data;
    expect(request).toMatchObject({ status: 'approved', payment_mode: 'online', total: 5000, can_pay: true });
    expect(checkout_url).toContain('/checkout/');
    const cs = sessionIdOf(checkout_url);
    const params = fake.store.sessionParams.get(cs) as {
      success_url: string;
      payment_intent_data: Record<string, unknown>;
    };
    expect(params.payment_intent_data.capture_method).toBeUndefined();
    expect(params.success_url).toBe(
      `${t.config.APP_URL}/services/${op.propertyId}/${svc}/${s.id}/vew/?paid=1`,
    );
    // Paying again while the Checkout is open answers the same page.
    const again = await s.pay(request.id);
    expect(again.body.data.checkout_url).toBe(checkout_url);

    await payOnCheckout(checkout_url);
    const paid = await read(op, request.id);
    expect(paid.body.data).toMatchObject({ status: 'paid', payment: { status: 'paid', checkout_url: null } });
    expect(paid.body.data.paid_at).not.toBeNull();
    const bell = await t.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.relationId, request.id));
    expect(bell.map((b) => b.title).sort()).toEqual(['Nueva solicitud de servicio', 'Servicio pagado']);
    // Paid is final.
    for (const action of ['approve', 'reject', 'confirm-payment'] as const) {
      const res = await act(op, request.id, action);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('experiences.invalid_transition');
    }
    expect((await kit.call(op.token, 'DELETE', experiencesPaths.request(request.id))).status).toBe(409);
    const pay = await s.pay(request.id);
    expect(pay.status).toBe(422);
    expect(pay.body.code).toBe('experiences.cannot_pay');
  });

  it('manual: the card is held, approving captures it and the request is paid', async () => {
    const op = await kit.operator({ approved: true });
    const svc = await kit.addService(op, { confirmation: 'manual' });
    const s = await kit.stay(op);
    const made = await s.request(svc, { quantity: 1 });
    expect(made.body.data.request).toMatchObject({ status: 'pending', payment_mode: 'online' });
    const cs = await payOnCheckout(made.body.data.checkout_url);
    const params = fake.store.sessionParams.get(cs) as { payment_intent_data: Record<string, unknown> };
    expect(params.payment_intent_data.capture_method).toBe('manual');
    const id = made.body.data.request.id;
    // Held, not charged: still pending, nothing more to pay.
    expect((await read(op, id)).body.data).toMatchObject({
      status: 'pending',
      payment: { status: 'authorized' },
    });
    expect((await s.store()).body.data.requests[0]).toMatchObject({
      payment_status: 'authorized',
      can_pay: false,
    });
    expect(intentOf(cs)?.status).toBe('requires_capture');

    const approved = await act(op, id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'paid', payment: { status: 'paid' } });
    expect(approved.body.data.approved_at).not.toBeNull();
    expect(intentOf(cs)).toMatchObject({ status: 'succeeded', amount_received: 2500 });
  });

  it('manual: rejecting releases the hold; nothing is charged', async () => {
    const op = await kit.operator({ approved: true });
    const svc = await kit.addService(op, { confirmation: 'manual' });
    const s = await kit.stay(op);
    const made = await s.request(svc);
    const cs = await payOnCheckout(made.body.data.checkout_url);
    const id = made.body.data.request.id;
    const rejected = await act(op, id, 'reject');
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', payment: { status: 'released' } });
    expect(intentOf(cs)?.status).toBe('canceled');
    for (const action of ['approve', 'reject', 'confirm-payment'] as const)
      expect((await act(op, id, action)).status).toBe(409);
    // A rejected request can be discarded.
    expect((await kit.call(op.token, 'DELETE', experiencesPaths.request(id))).status).toBe(200);
    expect(await stored(id)).toBeUndefined();
  });

  it('rejecting while the Checkout is open closes it; an expired Checkout can be paid again', async () => {
    const op = await kit.operator({ approved: true });
    const svc = await kit.addService(op);
    const s = await kit.stay(op);
    const first = await s.request(svc);
    const firstCs = sessionIdOf(first.body.data.checkout_url);
    await fake.control(`checkout_sessions/${firstCs}/expire`);
    await fake.flush();
    await t.app.eventsIdle();
    const retry = await s.pay(first.body.data.request.id);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.data.checkout_url).not.toBe(first.body.data.checkout_url);
    await payOnCheckout(retry.body.data.checkout_url);
    expect((await stored(first.body.data.request.id))?.status).toBe('paid');

    const second = await s.request(svc);
    const id = second.body.data.request.id;
    const rejected = await act(op, id, 'reject');
    expect(rejected.body.data).toMatchObject({ status: 'rejected', payment: { status: 'canceled' } });
    expect(fake.object(sessionIdOf(second.body.data.checkout_url))?.status).toBe('expired');
  });
});

describe('service requests paid at the property, free, and refusals', { timeout: 120_000 }, () => {
  it('at_property: pending → approved → paid by the operator; each refusal of spec 4', async () => {
    const op = await kit.operator();
    const svc = await kit.addService(op, { confirmation: 'manual' });
    const s = await kit.stay(op);
    const made = await s.request(svc);
    expect(made.body.data.request).toMatchObject({ status: 'pending', payment_mode: 'at_property' });
    const id = made.body.data.request.id;
    const approved = await act(op, id, 'approve');
    expect(approved.body.data).toMatchObject({ status: 'approved', payment: null });
    expect((await act(op, id, 'approve')).status).toBe(409);
    const paid = await act(op, id, 'confirm-payment');
    expect(paid.body.data).toMatchObject({ status: 'paid' });
    expect(paid.body.data.paid_at).not.toBeNull();
    expect((await act(op, id, 'reject')).status).toBe(409);

    // pending → paid at the desk directly, and pending → rejected.
    const direct = (await s.request(svc)).body.data.request.id;
    expect((await act(op, direct, 'confirm-payment')).body.data.status).toBe('paid');
    const refused = (await s.request(svc)).body.data.request.id;
    expect((await act(op, refused, 'reject')).body.data.status).toBe('rejected');

    const list = await kit.call(op.token, 'GET', `${experiencesPaths.requests}?status=paid`);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.counts).toEqual({ pending: 0, approved: 0, rejected: 1, paid: 2 });
    const search = await kit.call(op.token, 'GET', `${experiencesPaths.requests}?search=Luc%C3%ADa`);
    expect(search.body.data.total).toBe(3);
  });

  it('free: approved at once, nothing to pay; pending ones can be discarded', async () => {
    const op = await kit.operator();
    const free = await kit.addService(op, { price: 0 });
    const s = await kit.stay(op);
    const made = await s.request(free);
    const id = made.body.data.request.id;
    expect(made.body.data.request).toMatchObject({
      status: 'approved',
      payment_mode: 'free',
      can_pay: false,
    });
    expect((await act(op, id, 'confirm-payment')).status).toBe(409);
    expect((await act(op, id, 'reject')).body.data.status).toBe('rejected');

    const manual = await kit.addService(op, { confirmation: 'manual' });
    const pending = (await s.request(manual)).body.data.request.id;
    const gone = await kit.call(op.token, 'DELETE', experiencesPaths.request(pending));
    expect(gone.status).toBe(200);
    expect((await read(op, pending)).status).toBe(404);
  });

  it("another account's request is 404 and unchanged; without premium access 403", async () => {
    const op = await kit.operator();
    const svc = await kit.addService(op, { confirmation: 'manual' });
    const id = (await (await kit.stay(op)).request(svc)).body.data.request.id;
    const other = await kit.operator();
    expect((await read(other, id)).status).toBe(404);
    for (const action of ['approve', 'reject', 'confirm-payment'] as const) {
      const res = await act(other, id, action);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('experiences.request_not_found');
    }
    expect((await kit.call(other.token, 'DELETE', experiencesPaths.request(id))).status).toBe(404);
    expect((await read(other, 'not-an-id')).status).toBe(404);
    expect((await stored(id))?.status).toBe('pending');
    expect((await kit.call(other.token, 'GET', experiencesPaths.requests)).body.data.total).toBe(0);

    const basic = await kit.operator({ account: { plan: 'standard' } });
    const denied = await kit.call(basic.token, 'GET', experiencesPaths.requests);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('settings.feature_unavailable');
  });
});
