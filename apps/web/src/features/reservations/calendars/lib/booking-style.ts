import type { BookingChannel, BookingStatus } from '@posada/domain/booking-rules';

/**
 * How bookings look on every calendar: one colour per status (spec 4 Booking), a mark per channel
 * (spec 3 source channel), so an operator reads the grid at a glance. Colours are Mantine palette names.
 */
export const statusColor: Record<BookingStatus, string> = {
  booked: 'blue',
  approved: 'teal',
  in_progress: 'green',
  completed: 'gray',
  pending: 'orange',
  blocked: 'dark',
  overbooking: 'red',
  cancelled: 'gray',
};

/** The statuses the legend explains, in the order an operator meets them. */
export const legendStatuses: readonly BookingStatus[] = [
  'booked',
  'pending',
  'approved',
  'in_progress',
  'completed',
  'overbooking',
];

export interface ChannelMark {
  /** Brand names are not translated; manual, web and other take their label from the locale. */
  brand: string | null;
  /** One letter on the bar. */
  letter: string;
  background: string;
  color: string;
}

export const channelMark: Record<BookingChannel, ChannelMark> = {
  manual: { brand: null, letter: 'M', background: 'rgba(255,255,255,0.28)', color: '#fff' },
  web: { brand: null, letter: 'W', background: '#0f766e', color: '#fff' },
  airbnb: { brand: 'Airbnb', letter: 'A', background: '#ff385c', color: '#fff' },
  booking: { brand: 'Booking.com', letter: 'B', background: '#003b95', color: '#fff' },
  expedia: { brand: 'Expedia', letter: 'E', background: '#fddb32', color: '#1f2a44' },
  vrbo: { brand: 'Vrbo', letter: 'V', background: '#1c4695', color: '#fff' },
  other: { brand: null, letter: '•', background: 'rgba(255,255,255,0.28)', color: '#fff' },
};
