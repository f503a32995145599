import type { BookingChannel, BookingStatus, PaymentStatus } from '@posada/domain/booking-rules';

/** Badge colours: one meaning per colour across the list, the cards and the details. */
export const statusColor: Record<BookingStatus, string> = {
  booked: 'posada',
  approved: 'teal',
  completed: 'gray',
  in_progress: 'cyan',
  pending: 'yellow',
  blocked: 'dark',
  overbooking: 'orange',
  cancelled: 'red',
};

export const paymentColor: Record<PaymentStatus, string> = { paid: 'teal', pending: 'yellow' };

export const channelColor: Record<BookingChannel, string> = {
  manual: 'gray',
  web: 'posada',
  airbnb: 'pink',
  booking: 'blue',
  expedia: 'yellow',
  vrbo: 'indigo',
  other: 'gray',
};

/** What an operator may still do with a booking (spec 4). */
export function bookingActions(b: { status: BookingStatus; external: boolean }) {
  const cancelled = b.status === 'cancelled';
  return {
    canEdit: !cancelled,
    canPause: !cancelled,
    canChangePayment: !cancelled,
    /** External-channel bookings are cancelled in their channel; the API refuses it too. */
    canCancel: !cancelled && !b.external,
    cancelBlockedByChannel: !cancelled && b.external,
  };
}
