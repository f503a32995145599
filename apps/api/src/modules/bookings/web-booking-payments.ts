import type { NotificationKind } from '../../db/schema/notifications.ts';
import type { Clock } from '../../lib/clock.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { BookingRow } from './bookings.repo.ts';
import type { StayPlanning } from './stay-planning.ts';

/** What the payment of a web booking paid online came to (issue 16, docs/payments.md). */
export type WebPaymentOutcome = 'paid' | 'rejected' | 'expired';

/**
 * A web booking paid online in advance is created `pending` with its nights held (unit_nights rows, like
 * every booking), then settled by its payment: paid → booked and paid; rejected → payment rejected, the
 * nights still held (the guest may try another card while Checkout is open); expired → cancelled and its
 * nights released. Only a still-pending booking is confirmed or cancelled: an operator who already booked
 * it by hand keeps it (a payment arriving then only marks it paid). Idempotent: a replay changes nothing.
 */
export function createWebBookingPayments(
  deps: { clock: Clock; notifications: Pick<NotificationsService, 'create'> },
  planning: StayPlanning,
) {
  const { transaction } = planning;

  return {
    async settleWebPayment(
      accountId: string,
      bookingId: string,
      outcome: WebPaymentOutcome,
    ): Promise<{ booking: BookingRow; changed: boolean } | null> {
      return transaction(async (tx) => {
        const row = await tx.findBooking(accountId, bookingId, { lock: true });
        if (!row) return null;
        const now = deps.clock.now();
        let values: Partial<BookingRow> | null = null;
        if (outcome === 'paid') {
          if (row.status === 'pending') values = { status: 'booked', paymentStatus: 'paid' };
          else if (row.paymentStatus !== 'paid') values = { paymentStatus: 'paid' };
        } else if (outcome === 'rejected') {
          if (row.status === 'pending' && row.paymentStatus === 'pending')
            values = { paymentStatus: 'rejected' };
        } else if (row.status === 'pending') {
          values = { status: 'cancelled' };
        }
        if (!values) return { booking: row, changed: false };
        const updated = await tx.updateBooking(accountId, bookingId, { ...values, updatedAt: now });
        if (!updated) return null;
        const property = await tx.findProperty(accountId, updated.propertyId);
        const bell = (kind: NotificationKind) =>
          deps.notifications.create(
            {
              accountId,
              propertyId: updated.propertyId,
              kind,
              title: `${updated.code} · ${updated.name}`,
              body: `${property?.nombre ?? ''} · ${updated.startDate} → ${updated.endDate}`,
              relationId: updated.id,
            },
            tx.db,
          );
        if (values.status === 'cancelled') {
          await tx.deleteBookingNights(bookingId);
          await bell('booking_cancel');
          await tx.emit(accountId, 'booking.cancelled', {
            booking_id: bookingId,
            property_id: updated.propertyId,
          });
        } else {
          await tx.emit(accountId, 'booking.changed', {
            booking_id: bookingId,
            property_id: updated.propertyId,
            change: 'payment',
          });
        }
        return { booking: updated, changed: true };
      });
    },
  };
}
