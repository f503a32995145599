import { canMoveGuestPayment, type GuestPaymentState } from '@posada/domain/guest-payments';
import type Stripe from 'stripe';
import type { StripeGateway } from '../../adapters/stripe/types.ts';
import type { Db } from '../../db/client.ts';
import type { Emit, EventProducer } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import type { GuestPaymentRow, NewGuestPayment, PaymentsRepo } from './payments.repo.ts';

/** What a reading of Stripe says a guest payment is now (a target state and the fields that go with it). */
export interface PaymentReading {
  status: GuestPaymentState;
  patch: Partial<NewGuestPayment>;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** A hold's "capture before" from the PaymentIntent's latest charge (when Stripe expanded it). */
function captureBeforeOf(intent: Stripe.PaymentIntent, fallback: Date): Date {
  const charge = intent.latest_charge;
  if (charge && typeof charge === 'object') {
    const card = charge.payment_method_details?.card as { capture_before?: number } | undefined;
    if (card?.capture_before) return new Date(card.capture_before * 1000);
  }
  return fallback;
}

const HOLD_DAYS_MS = 7 * 24 * 3_600_000;

/** A PaymentIntent read from Stripe, as a guest payment state (null: nothing to say yet). */
export function readingOfIntent(
  intent: Stripe.PaymentIntent,
  row: Pick<GuestPaymentRow, 'status'>,
  now: Date,
): PaymentReading | null {
  const base: Partial<NewGuestPayment> = { stripePaymentIntentId: intent.id };
  const customer = idOf(intent.customer);
  if (customer) base.stripeCustomerId = customer;
  const method = idOf(intent.payment_method);
  if (method) base.stripePaymentMethodId = method;
  switch (intent.status) {
    case 'succeeded':
      return {
        status: 'paid',
        patch: { ...base, capturedAmount: intent.amount_received ?? intent.amount, paidAt: now },
      };
    case 'requires_capture':
      return {
        status: 'authorized',
        patch: { ...base, captureBefore: captureBeforeOf(intent, new Date(now.getTime() + HOLD_DAYS_MS)) },
      };
    case 'canceled':
      return { status: row.status === 'authorized' ? 'released' : 'expired', patch: base };
    case 'requires_payment_method':
      if (intent.last_payment_error)
        return {
          status: 'rejected',
          patch: {
            ...base,
            failureMessage: intent.last_payment_error.message ?? intent.last_payment_error.code,
          },
        };
      return null;
    default:
      return null;
  }
}

/**
 * A Checkout session read from Stripe: paid; completed with a hold (the intent tells authorized and when
 * it must be captured); expired. An open session says nothing (the failure of one attempt comes from its
 * intent).
 */
export async function readingOfSession(
  stripe: StripeGateway,
  session: Stripe.Checkout.Session,
  row: Pick<GuestPaymentRow, 'status'>,
  now: Date,
): Promise<PaymentReading | null> {
  const intentId = idOf(session.payment_intent);
  if (session.status === 'expired') return { status: 'expired', patch: {} };
  if (session.status !== 'complete') {
    if (!intentId) return null;
    const intent = await stripe.retrievePaymentIntent(intentId);
    return readingOfIntent(intent, row, now);
  }
  if (!intentId) return session.payment_status === 'paid' ? { status: 'paid', patch: { paidAt: now } } : null;
  const intent =
    typeof session.payment_intent === 'object' && session.payment_intent
      ? session.payment_intent
      : await stripe.retrievePaymentIntent(intentId);
  const reading = readingOfIntent(intent, row, now);
  if (reading?.status === 'paid' || reading?.status === 'authorized') return reading;
  // The intent may lag the session (an asynchronous method): trust the session's "paid".
  if (session.payment_status === 'paid')
    return {
      status: 'paid',
      patch: { stripePaymentIntentId: intentId, capturedAmount: session.amount_total ?? 0, paidAt: now },
    };
  return reading;
}

export type ChangeListener = (tx: Db, emit: Emit, row: GuestPaymentRow) => Promise<void>;

/**
 * Moves a guest payment to what Stripe says, order safe: the row is locked, a move the state machine
 * refuses (backwards, a late `expired` after `paid`) changes nothing, a further refund only raises the
 * refunded amount. A real change emits `guest_payment.changed` in the same transaction.
 */
export function createPaymentApplier(deps: {
  db: Db;
  clock: Clock;
  repo: PaymentsRepo;
  events: EventProducer;
}) {
  const { repo } = deps;
  return async function apply(
    paymentId: string,
    reading: PaymentReading,
    on?: { tx: Db; emit: Emit },
  ): Promise<GuestPaymentRow | null> {
    const work = async (tx: Db, emit: Emit) => {
      const row = await repo.lockGuestPayment(paymentId, tx);
      if (!row) return null;
      const now = deps.clock.now();
      const { status, patch } = reading;
      const sameRefund = row.status === 'refunded' && status === 'refunded';
      if (sameRefund && (patch.refundedAmount ?? 0) <= row.refundedAmount) return row;
      if (!canMoveGuestPayment(row.status, status)) {
        // Ids learnt late (the intent of a session) are still kept; the state is not touched.
        const ids: Partial<NewGuestPayment> = {};
        if (!row.stripePaymentIntentId && patch.stripePaymentIntentId)
          ids.stripePaymentIntentId = patch.stripePaymentIntentId;
        if (Object.keys(ids).length === 0) return row;
        return repo.updateGuestPayment(row.id, { ...ids, updatedAt: now }, tx);
      }
      const next: Partial<NewGuestPayment> = { ...patch, status, updatedAt: now };
      if (status === 'paid' && row.paidAt) next.paidAt = row.paidAt;
      if (status !== 'open' && status !== 'rejected') next.checkoutUrl = null;
      if (status === 'refunded') next.refundedAt = now;
      if (row.stripePaymentIntentId && patch.stripePaymentIntentId) delete next.stripePaymentIntentId;
      const updated = await repo.updateGuestPayment(row.id, next, tx);
      if (!updated) return null;
      await emit(updated.accountId, 'guest_payment.changed', {
        payment_id: updated.id,
        kind: updated.kind,
        status: updated.status,
        booking_id: updated.bookingId,
        checkin_id: updated.checkinId,
        property_id: updated.propertyId,
      });
      return updated;
    };
    if (on) return work(on.tx, on.emit);
    return deps.events.transaction(deps.db, work);
  };
}

export type PaymentApplier = ReturnType<typeof createPaymentApplier>;
