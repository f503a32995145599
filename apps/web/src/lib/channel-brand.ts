import type { CalendarChannelName } from '@posada/contracts/channels';

/**
 * The booking channels' brand colours and marks (issue 15): the channels screens and the calendars
 * coloured by source use the same ones. A mark is a 24×24 SVG path drawn in white on the brand colour.
 */
export interface ChannelBrand {
  /** The channel's own name, never translated. */
  name: string;
  color: string;
  /** A lighter tint for backgrounds (calendar bars, cards). */
  tint: string;
  /** The mark: one SVG path in a 24×24 box, filled white on `color`. */
  markPath: string;
}

export const channelBrands: Record<CalendarChannelName, ChannelBrand> = {
  airbnb: {
    name: 'Airbnb',
    color: '#FF5A5F',
    tint: '#FFE8E9',
    // A simplified Bélo: a loop with a drop-shaped head.
    markPath:
      'M12 3.2c-1 0-1.8.6-2.4 1.7-1.5 2.9-3.7 7.5-4.4 9.2-.9 2.2.6 4.6 3 4.6 1.3 0 2.6-.8 3.8-2.2 1.2 1.4 2.5 2.2 3.8 2.2 2.4 0 3.9-2.4 3-4.6-.7-1.7-2.9-6.3-4.4-9.2C13.8 3.8 13 3.2 12 3.2Zm0 2c.3 0 .5.2.7.6 1.4 2.7 3.5 7.2 4.2 8.9.4 1-.3 2-1.2 2-.8 0-1.7-.6-2.6-1.7 1-1.4 1.6-2.8 1.6-4 0-1.6-1.2-2.7-2.7-2.7S9.3 9.4 9.3 11c0 1.2.6 2.6 1.6 4-.9 1.1-1.8 1.7-2.6 1.7-.9 0-1.6-1-1.2-2 .7-1.7 2.8-6.2 4.2-8.9.2-.4.4-.6.7-.6Zm0 4.6c.5 0 .8.4.8.9 0 .7-.3 1.6-.8 2.5-.5-.9-.8-1.8-.8-2.5 0-.5.3-.9.8-.9Z',
  },
  booking: {
    name: 'Booking.com',
    color: '#003580',
    tint: '#E3ECF8',
    // "B." in a bold face.
    markPath:
      'M6 5h5.6c2.6 0 4.1 1.3 4.1 3.3 0 1.3-.7 2.3-1.8 2.7 1.5.4 2.4 1.5 2.4 3 0 2.3-1.7 3.9-4.6 3.9H6V5Zm3 2.4v3h2.2c1 0 1.6-.6 1.6-1.5s-.6-1.5-1.6-1.5H9Zm0 5.3v3.2h2.5c1.1 0 1.8-.6 1.8-1.6s-.7-1.6-1.8-1.6H9Zm9.2 2.6a1.6 1.6 0 1 1 0 3.2 1.6 1.6 0 0 1 0-3.2Z',
  },
  vrbo: {
    name: 'Vrbo',
    color: '#1C4695',
    tint: '#E4EAF6',
    // A bold "V".
    markPath: 'M4.5 5h3.3l4.2 10 4.2-10h3.3L13.7 19h-3.4L4.5 5Z',
  },
  other: {
    name: 'iCal',
    color: '#495057',
    tint: '#F1F3F5',
    // A calendar page.
    markPath:
      'M7 3h2v2h6V3h2v2h1.5C19.9 5 21 6.1 21 7.5v11c0 1.4-1.1 2.5-2.5 2.5h-13C4.1 21 3 19.9 3 18.5v-11C3 6.1 4.1 5 5.5 5H7V3Zm-2 7v8.5c0 .3.2.5.5.5h13c.3 0 .5-.2.5-.5V10H5Zm2 2h3v3H7v-3Z',
  },
};

/** The brand of a booking's or connection's channel, if it is one of the calendar channels. */
export function channelBrand(channel: string | null | undefined): ChannelBrand | null {
  if (!channel) return null;
  return (channelBrands as Record<string, ChannelBrand>)[channel] ?? null;
}
