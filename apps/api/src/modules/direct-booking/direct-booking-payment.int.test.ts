import { bookingPaths } from '@posada/contracts/bookings';
import { directBookingPaths } from '@posada/contracts/direct-booking';
import { paymentsRoutes } from '@posada/contracts/payments';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../../adapters/stripe/stripe.fake.ts';
import { bookings, unitNights } from '../../db/schema/bookings.ts';
import { domainEvents } from '../../db/schema/events.ts';
import { properties } from '../../db/schema/properties.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildStripeTestApp } from '../../test/stripe-test-app.ts';
import { type TestApp, waitForOutbox } from '../../test/test-app.ts';

/**
 * Direct bookings paid online in advance (issue 16) against the stateful Stripe fake, webhooks delivered
 * over HTTP. The clock is 2026-11-20 10:00 UTC for the app and the fake.
 */
const START = new Date('2026-11-20T10:00:00Z');

let t: TestApp;
let fake: FakeStripe;
let token: string;
let accountId: string;
let casa: string;
let slug: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as: string | null = token) =>
  t.app.inject({
    method,
    url,
    headers: { ...(as ? bearer(as) : {}), 'accept-language': 'es' },
    ...(method === 'GET' ? {} : { payload: payload ?? {} }),
  });

const guestBooking = (over: Record<string, unknown> = {}) => ({
  property_id: casa,
  start_date: '2026-12-01',
  end_date: '2026-12-04',
  guests: 2,
  name: 'Emma Brown',
  email: 'emma.brown@example.com',
  phone: '+44 7700 900123',
  language: 'en',
  ...over,
});
const sessionIdOf = (url: string) => new URL(url).pathname.split('/checkout/')[1] ?? '';
const bookingRow = async (id: string) =>
  (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const heldNights = async (id: string) =>
  (await t.database.db.select().from(unitNights).where(eq(unitNights.bookingId, id))).length;

beforeAll(async () => {
  ({ t, fake } = await buildStripeTestApp({ now: START, env: { STRIPE_APPLICATION_FEE_BPS: '300' } }));

  const owner = await createEmpresa(t, { name: 'Casas del Sur', properties: [{ nombre: 'Casa Azul' }] });
  accountId = owner.accountId as string;
  casa = owner.propertyIds[0] as string;
  token = await loginToken(t, owner.email);
  await t.database.db
    .update(properties)
    .set({ guests: 4, priceNight: 10_000 })
    .where(eq(properties.id, casa));
  const opened = await call('PUT', directBookingPaths.settings, {
    enable_web_reservations: true,
    discount_enabled: true,
    discount_type: 'percentage',
    discount_value: 10,
  });
  expect(opened.statusCode, opened.body).toBe(200);
  slug = opened.json().data.slug;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('online payment in advance (issue 16)', () => {
  it('cannot be chosen until the payments account is approved, and says what is missing', async () => {
    const before = (await call('GET', directBookingPaths.settings)).json().data;
    expect(before).toMatchObject({
      online_payments_ready: false,
      online_payments_missing: 'no_payments_account',
    });
    const refused = await call('PUT', directBookingPaths.settings, { payment_type: 'online' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'direct_booking.online_needs_payments' });
    expect(refused.json().message).toContain('cuenta de pagos');

    const link = await call('POST', paymentsRoutes.onboardingLink);
    const acct = new URL(link.json().data.url).pathname.split('/')[2] ?? '';
    await fake.control(`accounts/${acct}/onboarding`, { outcome: 'pending' });
    const pending = await call('PUT', directBookingPaths.settings, { payment_type: 'online' });
    expect(pending.statusCode).toBe(422);
    expect(pending.json().message).toContain('aún no está aprobada');

    await fake.control(`accounts/${acct}/onboarding`, { outcome: 'complete' });
    const chosen = await call('PUT', directBookingPaths.settings, { payment_type: 'online' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data).toMatchObject({
      payment_type: 'online',
      online_payments_ready: true,
      online_payments_missing: null,
    });
  });

  it('holds the nights while Checkout is open, books and mails the guest once paid; a replay changes nothing', async () => {
    const res = await call('POST', directBookingPaths.publicBooking(slug), guestBooking(), null);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json().data;
    expect(answer).toMatchObject({ payment_type: 'online', total_price: 27_000, currency: 'EUR' });
    expect(answer.checkout_url).toContain('/checkout/cs_');
    expect(Date.parse(answer.held_until) - START.getTime()).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    const cs = sessionIdOf(answer.checkout_url);
    // The quote with its discount, and the platform fee, go to Stripe.
    expect(fake.object(cs)).toMatchObject({ amount_total: 27_000, currency: 'eur' });
    const intentData = (fake.store.sessionParams.get(cs) as { payment_intent_data: Record<string, unknown> })
      .payment_intent_data;
    expect(Number(intentData.application_fee_amount)).toBe(810);

    expect(await bookingRow(answer.booking_id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
    });
    expect(await heldNights(answer.booking_id)).toBe(3);
    // A second guest cannot take the same nights while the first one pays.
    const second = await call(
      'POST',
      directBookingPaths.publicBooking(slug),
      guestBooking({ start_date: '2026-12-02', end_date: '2026-12-05', email: 'other@example.com' }),
      null,
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('booking.dates_taken');
    const waiting = await call(
      'GET',
      directBookingPaths.publicBookingStatus(slug, answer.booking_id),
      undefined,
      null,
    );
    expect(waiting.json().data).toMatchObject({ state: 'awaiting_payment', code: answer.code });

    await fake.completeCheckout(cs, 'paid');
    await fake.flush();
    expect(await bookingRow(answer.booking_id)).toMatchObject({ status: 'booked', paymentStatus: 'paid' });
    const confirmed = await call(
      'GET',
      directBookingPaths.publicBookingStatus(slug, answer.booking_id),
      undefined,
      null,
    );
    expect(confirmed.json().data).toMatchObject({
      state: 'confirmed',
      payment_status: 'paid',
      checkout_url: null,
    });
    const mail = await waitForOutbox(t.database, (m) => m.to === 'emma.brown@example.com');
    expect(mail.subject).toContain(answer.code);
    expect(mail.text).toContain('Payment is made online in advance.');
    // The operator sees it booked and paid in Reservas.
    const seen = (await call('GET', bookingPaths.one(answer.booking_id))).json().data;
    expect(seen).toMatchObject({ status: 'booked', payment_status: 'paid', channel: 'web' });

    const before = await bookingRow(answer.booking_id);
    const events = async () =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(domainEvents)
          .where(and(eq(domainEvents.accountId, accountId), eq(domainEvents.type, 'booking.changed')))
      )[0]?.n ?? 0;
    const changes = await events();
    const completed = fake.events.find(
      (e) => e.type === 'checkout.session.completed' && e.event.data.object.id === cs,
    );
    await fake.redeliver(completed?.id ?? '');
    await fake.flush();
    expect(await bookingRow(answer.booking_id)).toEqual(before);
    expect(await events()).toBe(changes);

    // Money received outside Stripe: the operator can still switch pending and paid by hand.
    const manual = await call('PUT', bookingPaths.paymentStatus(answer.booking_id), {
      payment_status: 'pending',
    });
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json().data.payment_status).toBe('pending');
  }, 120_000);

  it('cancels the booking and frees its nights when the session expires', async () => {
    const res = await call(
      'POST',
      directBookingPaths.publicBooking(slug),
      guestBooking({ start_date: '2026-12-10', end_date: '2026-12-12' }),
      null,
    );
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json().data;
    await fake.control(`checkout_sessions/${sessionIdOf(answer.checkout_url)}/expire`);
    await fake.flush();
    expect(await bookingRow(answer.booking_id)).toMatchObject({ status: 'cancelled' });
    expect(await heldNights(answer.booking_id)).toBe(0);
    const status = await call(
      'GET',
      directBookingPaths.publicBookingStatus(slug, answer.booking_id),
      undefined,
      null,
    );
    expect(status.json().data).toMatchObject({ state: 'cancelled' });
    // The nights are free again for the next guest.
    const again = await call(
      'POST',
      directBookingPaths.publicBooking(slug),
      guestBooking({ start_date: '2026-12-10', end_date: '2026-12-12', email: 'next@example.com' }),
      null,
    );
    expect(again.statusCode, again.body).toBe(201);
  });

  it('a declined card keeps the nights held (the guest may try again) and marks the payment rejected', async () => {
    const res = await call(
      'POST',
      directBookingPaths.publicBooking(slug),
      guestBooking({ start_date: '2026-12-20', end_date: '2026-12-22' }),
      null,
    );
    const answer = res.json().data;
    const cs = sessionIdOf(answer.checkout_url);
    await fake.completeCheckout(cs, 'failed');
    await fake.flush();
    const status = (
      await call('GET', directBookingPaths.publicBookingStatus(slug, answer.booking_id), undefined, null)
    ).json().data;
    expect(status).toMatchObject({ state: 'awaiting_payment', payment_status: 'rejected' });
    expect(status.checkout_url).toContain(cs);
    expect(await heldNights(answer.booking_id)).toBe(2);
    await fake.completeCheckout(cs, 'paid');
    await fake.flush();
    expect(await bookingRow(answer.booking_id)).toMatchObject({ status: 'booked', paymentStatus: 'paid' });
  });

  it("answers 404 for another site's booking and a made-up id on the public status", async () => {
    const other = await createEmpresa(t, { name: 'Otra Casa', properties: [{ nombre: 'Casa Ajena' }] });
    const otherToken = await loginToken(t, other.email);
    const otherSlug = (await call('GET', directBookingPaths.settings, undefined, otherToken)).json().data
      .slug;
    const mine = (
      await call(
        'POST',
        directBookingPaths.publicBooking(slug),
        guestBooking({ start_date: '2027-01-10', end_date: '2027-01-12' }),
        null,
      )
    ).json().data;
    const across = await call(
      'GET',
      directBookingPaths.publicBookingStatus(otherSlug, mine.booking_id),
      undefined,
      null,
    );
    expect(across.statusCode).toBe(404);
    const madeUp = await call(
      'GET',
      directBookingPaths.publicBookingStatus(slug, '00000000-0000-4000-8000-000000000000'),
      undefined,
      null,
    );
    expect(madeUp.statusCode).toBe(404);
  });
});
