import type { PaymentStatus } from '@posada/domain/booking-rules';
import type { Db } from '../../db/client.ts';
import { type EventProducer, withoutEvents } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import { createBookingsRepo } from './bookings.repo.ts';

export type BookingPaymentStatusService = ReturnType<typeof createBookingPaymentStatusService>;

/**
 * spec 4 Reservation payment driven by the real payments (issue 16, docs/payments.md): the payments module
 * calls this when a booking's guest payments change (paid, rejected, refunded, pending again). The manual
 * switch (PATCH-style `/bookings/{id}/payment-status`) stays limited to pending ↔ paid. Idempotent: the
 * same status again changes nothing and emits nothing.
 */
export function createBookingPaymentStatusService(deps: { db: Db; clock: Clock; events?: EventProducer }) {
  return {
    async setFromPayments(accountId: string, bookingId: string, status: PaymentStatus): Promise<boolean> {
      return (deps.events ?? withoutEvents).transaction(deps.db, async (db, emit) => {
        const repo = createBookingsRepo({ db });
        const row = await repo.findBooking(accountId, bookingId, { lock: true });
        if (!row || row.paymentStatus === status) return false;
        const updated = await repo.updateBooking(accountId, bookingId, {
          paymentStatus: status,
          updatedAt: deps.clock.now(),
        });
        if (!updated) return false;
        await emit(accountId, 'booking.changed', {
          booking_id: bookingId,
          property_id: updated.propertyId,
          change: 'payment',
        });
        return true;
      });
    },
  };
}
