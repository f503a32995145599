import { describe, expect, it } from 'vitest';
import { createChannelCalendarBody } from './channels.ts';

const body = (url: string) => ({
  property_id: '5f0c7a52-8a4e-4c1b-9b43-2f1f9d3d2a10',
  channel: 'airbnb',
  url,
});
const issues = (url: string) => {
  const parsed = createChannelCalendarBody.safeParse(body(url));
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('a channel feed address (POST /api/channel-calendars)', () => {
  it('takes an http(s) feed address', () => {
    expect(issues('https://www.airbnb.es/calendar/ical/123.ics?s=abc')).toEqual([]);
    expect(issues('http://admin.booking.com/hotel/ical.html?t=x')).toEqual([]);
  });

  it('refuses an address no URL parser takes, as invalid (never a server error later)', () => {
    expect(issues('http://127.0.0.1%2509:4697/o.ics')).toEqual(['channels.url_invalid']);
    expect(issues('http://[::1/o.ics')).toEqual(['channels.url_invalid']);
    expect(issues('ftp://example.com/o.ics')).toEqual(['channels.url_invalid']);
  });
});
