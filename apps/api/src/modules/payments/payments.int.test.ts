import { bookingPaths } from '@posada/contracts/bookings';
import { paymentsRoutes } from '@posada/contracts/payments';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../adapters/smtp/smtp.fake.ts';
import type { FakeStripe } from '../../adapters/stripe/stripe.fake.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { domainEvents } from '../../db/schema/events.ts';
import { guestPayments } from '../../db/schema/payments.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildStripeTestApp } from '../../test/stripe-test-app.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { paymentsSweepJob } from './payments.jobs.ts';

const START = new Date('2026-11-20T10:00:00Z');
const HOUR = 3_600_000;

let t: TestApp;
let fake: FakeStripe;
/** Guests' e-mails (payment links) go over SMTP to this local capture server; no WhatsApp or SMS provider. */
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ({ t, fake } = await buildStripeTestApp({
    now: START,
    env: { STRIPE_APPLICATION_FEE_BPS: '200', SMTP_URL: smtp.url },
  }));
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
  await smtp?.close();
});

type Method = 'GET' | 'POST';
async function api(token: string, method: Method, url: string, payload?: object, lang = 'es') {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': lang },
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

async function operator(pais = 'ES') {
  const f = await createEmpresa(t, { account: { pais }, properties: [{ nombre: 'Apartamento Sol' }] });
  return {
    ...f,
    accountId: f.accountId as string,
    propertyId: f.propertyIds[0] as string,
    token: await loginToken(t, f.email),
  };
}
type Operator = Awaited<ReturnType<typeof operator>>;

let seq = 0;
async function booking(op: Operator, currency = 'EUR') {
  seq++;
  const [row] = await t.database.db
    .insert(bookings)
    .values({
      accountId: op.accountId,
      propertyId: op.propertyId,
      code: `PS-PAY${seq}`,
      name: 'Lucía Gómez',
      email: `lucia${seq}@example.com`,
      phone: '+34611222333',
      startDate: '2026-12-10',
      endDate: '2026-12-13',
      guests: 2,
      currency,
      price: 30_000,
      total: 30_000,
    })
    .returning({ id: bookings.id });
  return row?.id as string;
}

const acctOf = (url: string) => new URL(url).pathname.split('/')[2] ?? '';
const sessionOf = (url: string) => new URL(url).pathname.split('/checkout/')[1] ?? '';

/** An operator whose payments account Stripe approved (onboarding completed on the fake). */
async function approvedOperator() {
  const op = await operator();
  const link = await api(op.token, 'POST', paymentsRoutes.onboardingLink);
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const acct = acctOf(link.body.data.url);
  await fake.control(`accounts/${acct}/onboarding`, { outcome: 'complete' });
  return { ...op, acct };
}

const paymentsOf = async (op: Operator, bookingId: string) =>
  (await api(op.token, 'GET', paymentsRoutes.bookingPayments(bookingId))).body.data as {
    id: string;
    status: string;
    refunded_amount: number;
    captured_amount: number;
    checkout_url: string | null;
    failure_message: string | null;
  }[];
const bookingOf = async (op: Operator, id: string) =>
  (await api(op.token, 'GET', bookingPaths.one(id))).body.data as { payment_status: string };
const changedEvents = async (paymentId: string) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.type, 'guest_payment.changed'),
          sql`${domainEvents.payload}->>'payment_id' = ${paymentId}`,
        ),
      )
  )[0]?.n ?? 0;

describe('payments account (Stripe Connect)', { timeout: 30_000 }, () => {
  it('goes none → in progress (what Stripe needs, in words) → in progress (verifying) → approved', async () => {
    const op = await operator();
    const before = await api(op.token, 'GET', paymentsRoutes.account);
    expect(before.body.data).toMatchObject({ configured: true, status: 'none', stripe_account_id: null });

    const link = await api(op.token, 'POST', paymentsRoutes.onboardingLink);
    expect(link.status).toBe(200);
    expect(link.body.data.url).toContain('/onboarding/acct_');
    const acct = acctOf(link.body.data.url);
    const created = fake.object(acct);
    expect(created).toMatchObject({ country: 'ES', email: op.email });
    expect(created?.controller).toMatchObject({ requirement_collection: 'stripe' });

    const fresh = (await api(op.token, 'GET', paymentsRoutes.account)).body.data;
    expect(fresh.status).toBe('in_progress');
    expect(fresh.requirements).toContain('Una cuenta bancaria para recibir los pagos');
    expect(fresh.requirements).toContain('Aceptar las condiciones de Stripe');
    const english = (await api(op.token, 'GET', paymentsRoutes.account, undefined, 'en')).body.data;
    expect(english.requirements).toContain('A bank account to receive payouts');

    // A second link reuses the same connected account.
    const again = await api(op.token, 'POST', paymentsRoutes.onboardingLink);
    expect(acctOf(again.body.data.url)).toBe(acct);

    await fake.control(`accounts/${acct}/onboarding`, { outcome: 'pending' });
    const verifying = (await api(op.token, 'GET', paymentsRoutes.account)).body.data;
    expect(verifying).toMatchObject({
      status: 'in_progress',
      details_submitted: true,
      charges_enabled: false,
    });

    await fake.control(`accounts/${acct}/onboarding`, { outcome: 'complete' });
    const approved = (await api(op.token, 'GET', paymentsRoutes.account)).body.data;
    expect(approved).toMatchObject({
      status: 'approved',
      charges_enabled: true,
      payouts_enabled: true,
      requirements: [],
    });
    // The same event again (a replay) changes nothing.
    const last = fake.events.filter((e) => e.type === 'account.updated').at(-1);
    await fake.redeliver(last?.id as string);
    expect((await api(op.token, 'GET', paymentsRoutes.account)).body.data.status).toBe('approved');
  });

  it('says what Stripe needs when the account is restricted, and that it was rejected', async () => {
    const op = await approvedOperator();
    await fake.control(`accounts/${op.acct}/requirements`, {
      past_due: ['external_account'],
      currently_due: ['external_account'],
      disabled_reason: 'requirements.past_due',
    });
    const restricted = (await api(op.token, 'GET', paymentsRoutes.account)).body.data;
    expect(restricted.status).toBe('restricted');
    expect(restricted.requirements).toEqual(['Una cuenta bancaria para recibir los pagos']);
    expect(restricted.disabled_reason).toContain('pausados hasta que completes');

    await fake.control(`accounts/${op.acct}/requirements`, { disabled_reason: 'rejected.fraud' });
    const rejected = (await api(op.token, 'GET', paymentsRoutes.account)).body.data;
    expect(rejected.status).toBe('rejected');
    expect(rejected.disabled_reason).toContain('Stripe ha rechazado la cuenta');
    // A rejected account cannot take payments.
    const bookingId = await booking(op);
    const refused = await api(op.token, 'POST', paymentsRoutes.bookingPayments(bookingId), {
      concept: 'Limpieza',
      amount: 2000,
    });
    expect(refused.body.code).toBe('payments.no_provider');
  });

  it('refresh re-reads the account from Stripe (the return from onboarding)', async () => {
    const op = await operator();
    const link = await api(op.token, 'POST', paymentsRoutes.onboardingLink);
    const acct = acctOf(link.body.data.url);
    fake.setWebhookUrl(null); // the webhook is lost
    try {
      await fake.control(`accounts/${acct}/onboarding`, { outcome: 'complete' });
    } finally {
      const address = t.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      fake.setWebhookUrl(`http://127.0.0.1:${port}/api/webhooks/stripe`);
    }
    expect((await api(op.token, 'GET', paymentsRoutes.account)).body.data.status).toBe('in_progress');
    const refreshed = await api(op.token, 'POST', paymentsRoutes.refreshAccount);
    expect(refreshed.body.data.status).toBe('approved');
  });
});

describe('payment links on a reservation', { timeout: 30_000 }, () => {
  let op: Awaited<ReturnType<typeof approvedOperator>>;
  beforeAll(async () => {
    op = await approvedOperator();
  });

  it('refuses price zero, no payment provider and a missing concept, in the caller’s words', async () => {
    const bookingId = await booking(op);
    const zero = await api(op.token, 'POST', paymentsRoutes.bookingPayments(bookingId), {
      concept: 'Limpieza',
      amount: 0,
    });
    expect(zero.status).toBe(422);
    expect(zero.body).toMatchObject({
      code: 'payments.price_zero',
      message: 'El importe debe ser mayor que cero.',
    });
    const noConcept = await api(op.token, 'POST', paymentsRoutes.bookingPayments(bookingId), {
      concept: '  ',
      amount: 500,
    });
    expect(noConcept.status).toBe(400);
    expect(noConcept.body.errors.concept).toBeDefined();

    const none = await operator();
    const theirs = await booking(none);
    const noProvider = await api(
      none.token,
      'POST',
      paymentsRoutes.bookingPayments(theirs),
      { concept: 'Limpieza', amount: 500 },
      'en',
    );
    expect(noProvider.status).toBe(422);
    expect(noProvider.body.code).toBe('payments.no_provider');
    expect(noProvider.body.message).toContain('No payment provider configured');
  });

  it('is paid through Checkout as a destination charge; the webhook applies once and the reservation is paid', async () => {
    const bookingId = await booking(op);
    expect((await paymentsOf(op, bookingId)).length).toBe(0);
    const created = await api(op.token, 'POST', paymentsRoutes.bookingPayments(bookingId), {
      concept: 'Traslado aeropuerto',
      amount: 4500,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const payment = created.body.data;
    expect(payment).toMatchObject({ kind: 'link', status: 'open', amount: 4500, currency: 'EUR' });
    expect(payment.checkout_url).toContain('/checkout/cs_test');

    const session = sessionOf(payment.checkout_url);
    const stored = fake.object(session);
    expect(stored).toMatchObject({ currency: 'eur', amount_total: 4500, client_reference_id: payment.id });
    expect(stored?.metadata).toMatchObject({
      account_id: op.accountId,
      guest_payment_id: payment.id,
      kind: 'link',
      booking_id: bookingId,
    });
    const params = fake.store.sessionParams.get(session) as Record<string, Record<string, unknown>>;
    expect(params.payment_intent_data).toMatchObject({
      on_behalf_of: op.acct,
      transfer_data: { destination: op.acct },
      application_fee_amount: '90',
    });

    await fake.completeCheckout(session, 'paid');
    const [paid] = await paymentsOf(op, bookingId);
    expect(paid).toMatchObject({ status: 'paid', captured_amount: 4500, checkout_url: null });
    expect((await bookingOf(op, bookingId)).payment_status).toBe('paid');
    const changes = await changedEvents(payment.id);
    expect(changes).toBe(1);

    // Replays of every event of that session change nothing.
    for (const e of fake.events.filter((e) => e.event.data.object.id === session)) await fake.redeliver(e.id);
    expect(await changedEvents(payment.id)).toBe(1);
    expect((await paymentsOf(op, bookingId))[0]?.status).toBe('paid');

    // A paid link cannot be withdrawn.
    expect((await api(op.token, 'POST', paymentsRoutes.cancel(payment.id))).status).toBe(409);
  });

  it('refunds in part (still paid) and then the rest (refunded), reversing the transfer and the fee', async () => {
    const bookingId = await booking(op);
    const created = (
      await api(op.token, 'POST', paymentsRoutes.bookingPayments(bookingId), {
        concept: 'Noches',
        amount: 10_000,
      })
    ).body.data;
    await fake.completeCheckout(sessionOf(created.checkout_url), 'paid');
    const tooMuch = await api(op.token, 'POST', paymentsRoutes.refund(created.id), { amount: 10_001 });
    expect(tooMuch.body.code).toBe('payments.refund_too_much');

    const part = await api(op.token, 'POST', paymentsRoutes.refund(created.id), { amount: 2500 });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.data).toMatchObject({ status: 'refunded', refunded_amount: 2500 });
    expect((await bookingOf(op, bookingId)).payment_status).toBe('paid');
    const refund = [...fake.store.objects.values()].find((o) => o.object === 'refund' && o.amount === 2500);
    expect(refund).toBeDefined();

    const rest = await api(op.token, 'POST', paymentsRoutes.refund(created.id), {});
    expect(rest.body.data).toMatchObject({ status: 'refunded', refunded_amount: 10_000 });
    expect((await bookingOf(op, bookingId)).payment_status).toBe('refunded');
    const nothingLeft = await api(op.token, 'POST', paymentsRoutes.refund(created.id), {});
    expect(nothingLeft.body.code).toBe('payments.invalid_state');
  });

  it('a declined card rejects the payment (the reservation too); the guest can still pay on the same page', async () => {
    const bookingId = await booking(op);
    const created = (
      await api(op.token, 'POST', paymentsRoutes.bookingPayments(bookingId), {
        concept: 'Extra',
        amount: 3000,
      })
    ).body.data;
    const session = sessionOf(created.checkout_url);
    await fake.completeCheckout(session, 'failed');
    const [rejected] = await paymentsOf(op, bookingId);
    expect(rejected?.status).toBe('rejected');
    expect(rejected?.failure_message).toBeTruthy();
    expect(rejected?.checkout_url).toContain(session);
    expect((await bookingOf(op, bookingId)).payment_status).toBe('rejected');

    await fake.completeCheckout(session, 'paid');
    expect((await paymentsOf(op, bookingId))[0]?.status).toBe('paid');
    expect((await bookingOf(op, bookingId)).payment_status).toBe('paid');
  });

  it('expires with its Checkout session, and a withdrawn link is canceled', async () => {
    const bookingId = await booking(op);
    const first = (
      await api(op.token, 'POST', paymentsRoutes.bookingPayments(bookingId), { concept: 'Uno', amount: 1000 })
    ).body.data;
    await fake.control(`checkout_sessions/${sessionOf(first.checkout_url)}/expire`);
    expect((await paymentsOf(op, bookingId)).find((p) => p.id === first.id)?.status).toBe('expired');

    const second = (
      await api(op.token, 'POST', paymentsRoutes.bookingPayments(bookingId), { concept: 'Dos', amount: 1000 })
    ).body.data;
    const withdrawn = await api(op.token, 'POST', paymentsRoutes.cancel(second.id));
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data).toMatchObject({ status: 'canceled', checkout_url: null });
    expect(fake.object(sessionOf(second.checkout_url))?.status).toBe('expired');
    // The expiry event that follows the withdrawal does not move it.
    expect((await paymentsOf(op, bookingId)).find((p) => p.id === second.id)?.status).toBe('canceled');
    expect((await bookingOf(op, bookingId)).payment_status).toBe('pending');
  });

  it('the sweep expires open links whose expiry passed when the webhook was lost', async () => {
    const bookingId = await booking(op);
    const created = (
      await api(op.token, 'POST', paymentsRoutes.bookingPayments(bookingId), {
        concept: 'Tarde',
        amount: 1000,
      })
    ).body.data;
    fake.setWebhookUrl(null);
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      t.clock.advance(25 * HOUR);
      await t.jobs.send(paymentsSweepJob, {});
      await t.jobs.drain(paymentsSweepJob);
    } finally {
      fake.setWebhookUrl(`http://127.0.0.1:${port}/api/webhooks/stripe`);
    }
    const [row] = await t.database.db.select().from(guestPayments).where(eq(guestPayments.id, created.id));
    expect(row?.status).toBe('expired');
    // The session idled out with the clock: sign in again for the next tests.
    op.token = await loginToken(t, op.email);
  });

  it('sends the link by e-mail; asked for WhatsApp, which is not configured, says so and never claims what no channel took', async () => {
    const bookingId = await booking(op);
    const created = (
      await api(op.token, 'POST', paymentsRoutes.bookingPayments(bookingId), {
        concept: 'Desayunos',
        amount: 2400,
        send_via: 'email',
      })
    ).body.data;
    expect(created.sent_via).toBe('email');
    const mail = await smtp.waitFor((m) => m.to === created.guest_email);
    expect(mail.text).toContain(created.checkout_url);
    expect(mail.subject).toContain('Desayunos');

    // WhatsApp asked for: this server has none, so the record says so and the property's next channel
    // (SMS: not configured either, then e-mail) took it. The answer names the channel that really has it.
    // (A second later: the records are listed newest first and the test clock stands still.)
    t.clock.advance(1_000);
    const whatsapp = await api(op.token, 'POST', paymentsRoutes.send(created.id), { via: 'whatsapp' });
    expect(whatsapp.status, JSON.stringify(whatsapp.body)).toBe(200);
    expect(whatsapp.body.data.sent_via).toBe('email');
    expect(smtp.messages.filter((m) => m.to === created.guest_email)).toHaveLength(2);
    const records = (await api(op.token, 'GET', `/api/bookings/${bookingId}/messages`)).body.data as {
      kind: string;
      channel: string;
      status: string;
      error_code: string | null;
    }[];
    expect(records.map((r) => [r.kind, r.channel, r.status, r.error_code])).toEqual([
      ['payment_link', 'email', 'accepted', null],
      ['payment_link', 'sms', 'skipped', 'sms_not_configured'],
      ['payment_link', 'whatsapp', 'skipped', 'whatsapp_not_configured'],
      ['payment_link', 'email', 'accepted', null],
    ]);

    // A guest without an e-mail: no channel can take it. The answer says it was not sent (not a payment
    // provider's fault), and the link stays open, unsent, for the operator to copy.
    const noEmail = await booking(op);
    await t.database.db
      .update(bookings)
      .set({ email: '', phone: '+34 699 100 200' })
      .where(eq(bookings.id, noEmail));
    const open = (
      await api(op.token, 'POST', paymentsRoutes.bookingPayments(noEmail), {
        concept: 'Parking',
        amount: 1500,
      })
    ).body.data;
    const refused = await api(op.token, 'POST', paymentsRoutes.send(open.id), { via: 'whatsapp' }, 'en');
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe('payments.not_sent');
    expect(refused.body.message).toContain('could not be sent');
    const [row] = await paymentsOf(op, noEmail);
    expect(row).toMatchObject({ id: open.id, status: 'open', sent_via: null });
    expect(row?.checkout_url).toBe(open.checkout_url);
  });

  it('charges in the reservation’s currency (COP for a Colombian stay)', async () => {
    const bookingId = await booking(op, 'COP');
    const created = (
      await api(op.token, 'POST', paymentsRoutes.bookingPayments(bookingId), {
        concept: 'Tour',
        amount: 15_000_000,
      })
    ).body.data;
    expect(created.currency).toBe('COP');
    expect(fake.object(sessionOf(created.checkout_url))?.currency).toBe('cop');
  });

  it('answers 404 for another account’s booking or payment', async () => {
    const bookingId = await booking(op);
    const created = (
      await api(op.token, 'POST', paymentsRoutes.bookingPayments(bookingId), { concept: 'Mío', amount: 1000 })
    ).body.data;
    const other = await operator();
    const calls: [Method, string, object?][] = [
      ['GET', paymentsRoutes.bookingPayments(bookingId)],
      ['POST', paymentsRoutes.bookingPayments(bookingId), { concept: 'X', amount: 100 }],
      ['POST', paymentsRoutes.send(created.id), { via: 'copy' }],
      ['POST', paymentsRoutes.refund(created.id), {}],
      ['POST', paymentsRoutes.cancel(created.id)],
    ];
    for (const [method, url, body] of calls) {
      const res = await api(other.token, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect((await paymentsOf(op, bookingId))[0]?.status).toBe('open');
  });
});

describe('without STRIPE_SECRET_KEY', { timeout: 30_000 }, () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await buildTestApp({ now: START });
  }, 60_000);
  afterAll(async () => {
    await bare?.close();
  });

  it('says payments are not configured and never pretends to charge', async () => {
    const f = await createEmpresa(bare, { properties: [{ nombre: 'Casa' }] });
    const token = await loginToken(bare, f.email);
    const call = async (method: Method, url: string, payload?: object) => {
      const res = await bare.app.inject({
        method,
        url,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
      return { status: res.statusCode, body: res.json() };
    };
    const account = await call('GET', paymentsRoutes.account);
    expect(account.body.data).toMatchObject({ configured: false, status: 'none' });
    const link = await call('POST', paymentsRoutes.onboardingLink, {});
    expect(link.body.code).toBe('payments.not_configured');
    const [row] = await bare.database.db
      .insert(bookings)
      .values({
        accountId: f.accountId as string,
        propertyId: f.propertyIds[0] as string,
        code: 'PS-NOKEY',
        name: 'Ana',
        email: 'ana@example.com',
        phone: '+34600000000',
        startDate: '2026-12-01',
        endDate: '2026-12-02',
        guests: 1,
        price: 100,
        total: 100,
      })
      .returning({ id: bookings.id });
    const created = await call('POST', paymentsRoutes.bookingPayments(row?.id as string), {
      concept: 'Limpieza',
      amount: 500,
    });
    expect(created.status).toBe(422);
    expect(created.body).toMatchObject({ code: 'payments.not_configured' });
    expect(created.body.message).toContain('no están configurados');
  });
});
