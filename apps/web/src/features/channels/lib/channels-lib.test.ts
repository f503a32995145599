import type { ChannelCalendar } from '@posada/contracts/channels';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import {
  canConnectChannels,
  countByChannel,
  formatRelative,
  groupByUnit,
  isFeedUrl,
  isPlanRefusal,
  looksLikeOtherChannel,
} from './channels-lib.ts';

const connection = (id: string, channel: ChannelCalendar['channel'], property: string, room: string | null) =>
  ({
    id,
    channel,
    property_id: property,
    room_id: room,
    unit_name: room ? `Room ${room}` : `Property ${property}`,
  }) as ChannelCalendar;

describe('channel links', () => {
  it('takes the links channels give and refuses what is not one', () => {
    expect(isFeedUrl('https://www.airbnb.es/calendar/ical/123.ics?s=abc')).toBe(true);
    expect(isFeedUrl('  http://127.0.0.1:4000/feed.ics  ')).toBe(true);
    expect(isFeedUrl('www.airbnb.es/calendar/ical/123.ics')).toBe(false);
    expect(isFeedUrl('https://www.airbnb.es/cal endar')).toBe(false);
    expect(isFeedUrl('airbnb calendario')).toBe(false);
    expect(isFeedUrl('')).toBe(false);
  });

  it("hints when the link is another channel's, never for an unknown host", () => {
    expect(looksLikeOtherChannel('airbnb', 'https://admin.booking.com/hotel/hoteladmin/ical.html?t=x')).toBe(
      true,
    );
    expect(looksLikeOtherChannel('booking', 'https://www.vrbo.com/icalendar/abc.ics')).toBe(true);
    expect(looksLikeOtherChannel('vrbo', 'https://www.abritel.fr/icalendar/abc.ics')).toBe(false);
    expect(looksLikeOtherChannel('airbnb', 'https://www.airbnb.co.uk/calendar/ical/1.ics?t=x')).toBe(false);
    expect(looksLikeOtherChannel('airbnb', 'http://127.0.0.1:4000/feed.ics')).toBe(false);
    expect(looksLikeOtherChannel('other', 'https://www.airbnb.es/calendar/ical/1.ics')).toBe(false);
  });
});

describe('connections', () => {
  it('groups by unit (the property, or each room) in the order given, and counts per channel', () => {
    const items = [
      connection('1', 'airbnb', 'p1', null),
      connection('2', 'booking', 'p2', 'r1'),
      connection('3', 'vrbo', 'p1', null),
      connection('4', 'booking', 'p2', 'r2'),
    ];
    expect(groupByUnit(items).map((g) => [g.key, g.items.map((i) => i.id)])).toEqual([
      ['p1:', ['1', '3']],
      ['p2:r1', ['2']],
      ['p2:r2', ['4']],
    ]);
    expect(countByChannel(items)).toEqual({ airbnb: 1, booking: 2, vrbo: 1, other: 0 });
  });

  it('says when an instant was, in the interface language', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(formatRelative('2026-11-25T11:55:00Z', 'es', now)).toBe('hace 5 min');
    expect(formatRelative('2026-11-25T12:12:00Z', 'en', now)).toMatch(/^in 12 min/);
    expect(formatRelative('2026-11-25T11:59:50Z', 'es', now)).toBe('ahora');
    expect(formatRelative('2026-11-25T09:00:00Z', 'en', now)).toMatch(/^3 hr\.? ago$/);
  });
});

describe('plan (spec 6)', () => {
  it('lets a trial or a standard or smart plan connect channels, not an expired trial', () => {
    expect(canConnectChannels({ plan: null, status_subscription: 'demo' })).toBe(true);
    expect(canConnectChannels({ plan: 'standard', status_subscription: 'subscribed' })).toBe(true);
    expect(canConnectChannels({ plan: null, status_subscription: 'demo_expired' })).toBe(false);
  });

  it("recognises the API's refusal for the subscription", () => {
    expect(isPlanRefusal(new ApiError(403, 'settings.feature_unavailable', 'x'))).toBe(true);
    expect(isPlanRefusal(new ApiError(422, 'channels.sync_failed', 'x'))).toBe(false);
    expect(isPlanRefusal(new Error('x'))).toBe(false);
  });
});
