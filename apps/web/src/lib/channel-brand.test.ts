import { bookingChannels } from '@posada/domain/booking-rules';
import { describe, expect, it } from 'vitest';
import { channelBrand, channelName, contrastRatio, importedChannels } from './channel-brand.ts';

describe('channel brands', () => {
  it('uses each agency’s own colour', () => {
    expect(channelBrand.airbnb.color).toBe('#FF5A5F');
    expect(channelBrand.booking.color).toBe('#003580');
    expect(channelBrand.vrbo.color).toBe('#1C4695');
  });

  it('gives every source a distinct colour and a mark', () => {
    const colours = bookingChannels.map((c) => channelBrand[c].color.toLowerCase());
    expect(new Set(colours).size).toBe(colours.length);
    for (const c of bookingChannels) expect(channelBrand[c].logo.length).toBeGreaterThan(0);
  });

  it('keeps the text on each brand colour readable (WCAG AA, 4.5:1)', () => {
    for (const c of bookingChannels) {
      expect(contrastRatio(channelBrand[c].color, channelBrand[c].onColor), c).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio('#ffffff', '#FF5A5F')).toBeLessThan(4.5);
  });

  it('names brands as they are and the rest from the locale', () => {
    const t = (key: string) => `«${key}»`;
    expect(channelName('booking', t)).toBe('Booking.com');
    expect(channelName('airbnb', t)).toBe('Airbnb');
    expect(channelName('web', t)).toBe('«channel.web»');
    expect(channelName('other', t)).toBe('«channel.other»');
  });

  it('lists the iCal channels of the contract', () => {
    expect(importedChannels).toEqual(['airbnb', 'booking', 'vrbo', 'other']);
  });
});
