import { describe, expect, it } from 'vitest';
import { barLook, keepsSource, legendSources, OVERBOOKING_RED } from './booking-style.ts';

describe('how a booking bar looks', () => {
  it('paints an imported stay in its channel’s colour with its logo and readable text', () => {
    expect(barLook({ status: 'booked', channel: 'airbnb' })).toEqual({
      background: '#FF5A5F',
      color: '#1a1a1a',
      logo: 'bare',
      warning: false,
    });
    expect(barLook({ status: 'booked', channel: 'booking' }).background).toBe('#003580');
    expect(barLook({ status: 'pending', channel: 'vrbo' }).background).toBe('#1C4695');
  });

  it('keeps today’s look for the app’s own bookings, web with its own mark', () => {
    expect(barLook({ status: 'booked', channel: 'manual' })).toMatchObject({
      background: 'var(--mantine-color-blue-filled)',
      logo: null,
      warning: false,
    });
    expect(barLook({ status: 'approved', channel: 'web' })).toMatchObject({
      background: 'var(--mantine-color-teal-filled)',
      logo: 'badge',
    });
  });

  it('draws an overbooking red with a warning whatever its channel', () => {
    for (const channel of ['airbnb', 'vrbo', 'booking', 'other'] as const) {
      expect(barLook({ status: 'overbooking', channel })).toMatchObject({
        background: OVERBOOKING_RED,
        warning: true,
      });
    }
  });

  it('explains every source in the legend, the app’s own first', () => {
    expect(legendSources).toEqual(['manual', 'web', 'airbnb', 'booking', 'vrbo', 'other']);
  });
});

describe('the calendar’s channel filter', () => {
  it('keeps everything when nothing is chosen, the chosen channels otherwise, overbookings always', () => {
    const airbnb = { status: 'booked', channel: 'airbnb' } as const;
    const manual = { status: 'booked', channel: 'manual' } as const;
    const overbooked = { status: 'overbooking', channel: 'vrbo' } as const;
    expect([airbnb, manual, overbooked].filter((b) => keepsSource([], b))).toHaveLength(3);
    expect([airbnb, manual, overbooked].filter((b) => keepsSource(['airbnb'], b))).toEqual([
      airbnb,
      overbooked,
    ]);
    expect([airbnb, manual, overbooked].filter((b) => keepsSource(['manual', 'web'], b))).toEqual([
      manual,
      overbooked,
    ]);
  });
});
