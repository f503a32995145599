import type { BookingChannel } from '@posada/domain/booking-rules';

/**
 * How each source of a booking looks everywhere (calendars, Reservas, the channels screens): its name, its
 * colour and a small mark drawn inline (no image request). Brand names are not translated; manual, web and
 * other take their name from the locale (`channel.<source>` in the reservations and calendar namespaces).
 * Marks are 24×24 paths: `fill` ones are solid, the rest are strokes 2 units wide.
 */
export interface ChannelBrand {
  /** The brand's own name, or null when the locale names it (manual, web, other). */
  brand: string | null;
  /** The brand colour (backgrounds of badges, marks and the calendar's bars). */
  color: string;
  /** Text and mark colour on `color`, readable (contrast at least 4.5:1, tested). */
  onColor: string;
  /** The mark, in a 24×24 box. */
  logo: readonly { d: string; fill?: boolean }[];
}

export const channelBrand: Record<BookingChannel, ChannelBrand> = {
  manual: {
    brand: null,
    color: '#495057',
    onColor: '#ffffff',
    logo: [{ d: 'M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4' }],
  },
  web: {
    brand: null,
    color: '#0f766e',
    onColor: '#ffffff',
    logo: [
      { d: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM3.5 9h17M3.5 15h17' },
      { d: 'M12 3c-2.4 2.6-3.6 5.6-3.6 9s1.2 6.4 3.6 9M12 3c2.4 2.6 3.6 5.6 3.6 9s-1.2 6.4-3.6 9' },
    ],
  },
  airbnb: {
    brand: 'Airbnb',
    color: '#FF5A5F',
    // White on #FF5A5F is 2.9:1; near-black reads at 7:1.
    onColor: '#1a1a1a',
    logo: [
      {
        d: 'M12 16.8c-1.9-2.3-3-4.3-3-5.9 0-1.8 1.3-2.9 3-2.9s3 1.1 3 2.9c0 1.6-1.1 3.6-3 5.9zm0 0c-2 2.3-3.6 3.5-5.1 3.5-2.1 0-3.4-2-2.4-4.3L10 5.1c.5-1 1.1-1.6 2-1.6s1.5.6 2 1.6l5.5 10.9c1 2.3-.3 4.3-2.4 4.3-1.5 0-3.1-1.2-5.1-3.5z',
      },
    ],
  },
  booking: {
    brand: 'Booking.com',
    color: '#003580',
    onColor: '#ffffff',
    logo: [
      {
        fill: true,
        d: 'M5 4.5h5.6c2.5 0 4 1.3 4 3.3 0 1.3-.7 2.2-1.7 2.7 1.5.4 2.4 1.6 2.4 3.2 0 2.3-1.8 3.6-4.4 3.6H5V4.5zm2.8 2.3v3.2h2.4c1 0 1.7-.6 1.7-1.6s-.7-1.6-1.7-1.6H7.8zm0 5.4v3.6h2.8c1.2 0 1.9-.7 1.9-1.8s-.7-1.8-1.9-1.8H7.8zM16.4 15.8a1.7 1.7 0 1 0 3.4 0a1.7 1.7 0 1 0-3.4 0z',
      },
    ],
  },
  expedia: {
    brand: 'Expedia',
    color: '#FFC72C',
    onColor: '#1f2a44',
    logo: [{ d: 'M16.5 5H8v14h8.5M8 12h7' }],
  },
  vrbo: {
    brand: 'Vrbo',
    color: '#1C4695',
    onColor: '#ffffff',
    logo: [{ d: 'M4.5 5.5 12 19l7.5-13.5' }],
  },
  other: {
    brand: null,
    color: '#868e96',
    // White on this grey is 3.3:1.
    onColor: '#1a1a1a',
    logo: [{ d: 'M4 6h16v14H4zM4 10.5h16M8.5 3.5v4M15.5 3.5v4' }],
  },
};

/** The channels imported from iCal feeds (contracts calendarChannels), in the order screens list them. */
export const importedChannels = [
  'airbnb',
  'booking',
  'vrbo',
  'other',
] as const satisfies readonly BookingChannel[];

/**
 * The name shown for a source: the brand's own, else the locale's (`t` of a namespace with `channel.*`,
 * i.e. reservations or calendar).
 */
export function channelName(channel: BookingChannel, t: (key: string) => string): string {
  return channelBrand[channel].brand ?? t(`channel.${channel}`);
}

/** WCAG relative-luminance contrast of two #rrggbb colours (the brand table's tests use it). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
