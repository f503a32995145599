import type { PaymentStatus } from '@posada/domain/booking-rules';
import { reservationPaymentStatus } from '@posada/domain/guest-payments';
import type Stripe from 'stripe';
import type { EventBus } from '../../events/bus.ts';
import type { GuestPaymentsService } from './guest-payments.service.ts';
import type { PaymentAccountService } from './payment-account.service.ts';
import type { GuestPaymentRow, PaymentsRepo } from './payments.repo.ts';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * Applies one stored Stripe event to guest payments and the payments account. The event's object is only
 * used to find the row: its state is re-read from Stripe (a session, an intent, an account), so events
 * arriving late or out of order never move anything backwards. Safe to run again.
 */
export async function applyStripeEvent(
  deps: { repo: PaymentsRepo; guestPayments: GuestPaymentsService; account: PaymentAccountService },
  eventId: string,
): Promise<void> {
  const { repo, guestPayments } = deps;
  const stored = await repo.stripeEvent(eventId);
  if (!stored) return;
  const event = stored.payload as Stripe.Event;
  const object = event.data?.object as unknown as Record<string, unknown> & { id: string };
  const byMetadata = async (): Promise<GuestPaymentRow | null> => {
    const meta = object.metadata as Record<string, string> | undefined;
    const accountId = meta?.account_id;
    const paymentId = meta?.guest_payment_id;
    return accountId && paymentId ? repo.guestPayment(accountId, paymentId) : null;
  };

  if (stored.type === 'account.updated') {
    await deps.account.applyAccountUpdated(stored.stripeAccount ?? object.id);
    return;
  }
  if (stored.type.startsWith('checkout.session.')) {
    const row = (await repo.guestPaymentBySession(object.id)) ?? (await byMetadata());
    if (row) await guestPayments.resync(row);
    return;
  }
  if (stored.type.startsWith('payment_intent.')) {
    const row = (await repo.guestPaymentByIntent(object.id)) ?? (await byMetadata());
    if (!row) return;
    // The session knows the intent only once the guest pays: keep it, then re-read the intent itself.
    if (!row.stripePaymentIntentId)
      await repo.updateGuestPayment(row.id, { stripePaymentIntentId: object.id });
    await guestPayments.resync({ ...row, stripePaymentIntentId: object.id, stripeCheckoutSessionId: null });
    return;
  }
  if (stored.type === 'charge.refunded') {
    const charge = object as unknown as Stripe.Charge;
    const intentId = idOf(charge.payment_intent);
    const row = intentId ? await repo.guestPaymentByIntent(intentId) : null;
    // After a partial capture Stripe counts the released rest of the hold as refunded too: only what
    // was captured and given back is a refund.
    const released = Math.max(0, charge.amount - charge.amount_captured);
    const refunded = charge.amount_refunded - released;
    if (!row || refunded <= 0) return;
    // Refunds only grow: the larger amount wins, whatever order the events come in.
    await guestPayments.apply(row.id, {
      status: 'refunded',
      patch: { refundedAmount: Math.max(row.refundedAmount, refunded) },
    });
  }
}

/** The handlers of the payments module (docs/events.md). */
export function registerPaymentsEvents(
  bus: EventBus,
  deps: {
    repo: PaymentsRepo;
    guestPayments: GuestPaymentsService;
    account: PaymentAccountService;
    bookingPaymentStatus: {
      setFromPayments(accountId: string, bookingId: string, status: PaymentStatus): Promise<boolean>;
    };
  },
) {
  bus.on('stripe.event', 'payments.guest', (event) => applyStripeEvent(deps, event.payload.event_id));

  // spec 4 Reservation payment follows the real payment (kinds booking and link).
  bus.on('guest_payment.changed', 'payments.booking_status', async (event) => {
    const p = event.payload;
    if (!p.booking_id || p.kind === 'deposit') return;
    const booking = await deps.repo.booking(event.accountId, p.booking_id);
    if (!booking) return;
    const payments = await deps.repo.bookingPayments(event.accountId, p.booking_id);
    const next = reservationPaymentStatus(payments, booking.paymentStatus as PaymentStatus);
    if (next) await deps.bookingPaymentStatus.setFromPayments(event.accountId, p.booking_id, next);
  });
}
