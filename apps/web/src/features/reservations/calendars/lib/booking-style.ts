import { type BookingChannel, type BookingStatus, isExternalChannel } from '@posada/domain/booking-rules';
import { channelBrand, importedChannels } from '../../../../lib/channel-brand.ts';

/**
 * How bookings look on every calendar: one colour per status (spec 4 Booking), the channel's colour and
 * logo for imported stays (spec 3 source channel), so an operator reads the grid at a glance. Status
 * colours are Mantine palette names.
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

/**
 * The statuses the legend explains, in the order an operator meets them (an overbooking is explained with
 * the sources: red whatever its channel).
 */
export const legendStatuses: readonly BookingStatus[] = [
  'booked',
  'pending',
  'approved',
  'in_progress',
  'completed',
];

/**
 * How one booking's bar looks. An overbooking is red whatever its source, with a warning mark; a booking
 * imported from a channel takes the channel's colour and logo (lib/channel-brand.ts), so the grid says at a
 * glance where each stay came from; the app's own (manual, web) keep their status colour, web with its
 * mark on a badge.
 */
export interface BarLook {
  background: string;
  /** Text colour; undefined keeps the bar's white. */
  color: string | undefined;
  /** The channel's logo: bare in the text colour, on its own badge, or none (manual). */
  logo: 'bare' | 'badge' | null;
  warning: boolean;
}

export const OVERBOOKING_RED = 'var(--mantine-color-red-9)';

export function barLook(b: { status: BookingStatus; channel: BookingChannel }): BarLook {
  if (b.status === 'overbooking') {
    return { background: OVERBOOKING_RED, color: '#ffffff', logo: 'bare', warning: true };
  }
  if (isExternalChannel(b.channel)) {
    const brand = channelBrand[b.channel];
    return { background: brand.color, color: brand.onColor, logo: 'bare', warning: false };
  }
  return {
    background: `var(--mantine-color-${statusColor[b.status]}-filled)`,
    color: b.status === 'pending' ? 'var(--mantine-color-white)' : undefined,
    logo: b.channel === 'web' ? 'badge' : null,
    warning: false,
  };
}

/** The sources the legend explains: the app's own, then the channels imported from iCal feeds. */
export const legendSources: readonly BookingChannel[] = ['manual', 'web', ...importedChannels];

/**
 * The sources a calendar filter offers and what a choice keeps: none chosen keeps every stay; an
 * overbooking stays visible whatever is chosen (it needs the operator's attention).
 */
export function keepsSource(
  chosen: readonly BookingChannel[],
  b: { status: BookingStatus; channel: BookingChannel },
) {
  return chosen.length === 0 || chosen.includes(b.channel) || b.status === 'overbooking';
}
