import type { BookingChannel, BookingStatus, PaymentStatus } from '@posada/domain/booking-rules';

/** Badge colours: one meaning per colour across the list, the cards and the details. */
export const statusColor: Record<BookingStatus, string> = {
  booked: 'posada',
  approved: 'teal',
  completed: 'gray',
  in_progress: 'cyan',
  pending: 'yellow',
  blocked: 'dark',
  // An overbooking needs the operator now: red, as on the calendars; a cancellation is only history.
  overbooking: 'red',
  cancelled: 'gray',
};

export const paymentColor: Record<PaymentStatus, string> = {
  paid: 'teal',
  pending: 'yellow',
  rejected: 'red',
  refunded: 'gray',
};

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
    /** A channel's booking is changed on its channel (spec 4, docs/channels.md); the API refuses it too. */
    canEdit: !cancelled && !b.external,
    canPause: !cancelled,
    canChangePayment: !cancelled,
    /** External-channel bookings are cancelled in their channel; the API refuses it too. */
    canCancel: !cancelled && !b.external,
    cancelBlockedByChannel: !cancelled && b.external,
  };
}
