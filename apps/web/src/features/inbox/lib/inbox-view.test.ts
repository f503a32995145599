import type { InboxMessage } from '@posada/contracts/inbox';
import { describe, expect, it } from 'vitest';
import { base64Of, contentOf, tickOf, windowLeft, windowOpen, withDays } from './inbox-view.ts';

const now = new Date('2026-11-26T10:00:00Z');
const message = (over: Partial<InboxMessage>): InboxMessage => ({
  id: 'm1',
  thread_id: 't1',
  channel: 'whatsapp',
  direction: 'in',
  type: 'text',
  body: 'Hola',
  media_url: null,
  media_mime: null,
  media_name: null,
  template_name: null,
  status: 'received',
  error: null,
  author_name: null,
  sent_at: '2026-11-26T09:00:00Z',
  ...over,
});

describe('the 24-hour window', () => {
  it('is open until 24 h after the last guest message, closed without one', () => {
    expect(windowOpen({ window_closes_at: '2026-11-26T10:00:01Z' }, now)).toBe(true);
    expect(windowOpen({ window_closes_at: '2026-11-26T10:00:00Z' }, now)).toBe(false);
    expect(windowOpen({ window_closes_at: null }, now)).toBe(false);
  });
  it('says how long is left', () => {
    expect(windowLeft({ window_closes_at: '2026-11-27T09:05:00Z' }, now)).toEqual({ hours: 23, minutes: 5 });
    expect(windowLeft({ window_closes_at: '2026-11-25T09:05:00Z' }, now)).toBeNull();
  });
});

describe('ticks', () => {
  it('shows none on a guest message, a clock while queued, and the provider status after', () => {
    expect(tickOf('received')).toBeNull();
    expect(tickOf('queued')).toBe('pending');
    expect(tickOf('read')).toBe('read');
    expect(tickOf('failed')).toBe('failed');
  });
});

describe('message content', () => {
  it('draws stored images inline and documents and voice notes as files', () => {
    expect(
      contentOf(message({ type: 'image', media_url: '/api/inbox/media/m1', media_mime: 'image/jpeg' })),
    ).toBe('image');
    expect(contentOf(message({ type: 'audio', media_url: '/x', media_mime: 'audio/ogg' }))).toBe('audio');
    expect(contentOf(message({ type: 'document', media_url: '/x', media_mime: 'application/pdf' }))).toBe(
      'document',
    );
  });
  it('shows unknown types and media without a file as unsupported, never as an empty bubble', () => {
    expect(contentOf(message({ type: 'unsupported', body: '' }))).toBe('unsupported');
    expect(contentOf(message({ type: 'location' }))).toBe('unsupported');
    expect(contentOf(message({ type: 'image', media_url: null }))).toBe('unsupported');
    expect(contentOf(message({ type: 'text' }))).toBe('text');
  });
});

describe('day separators', () => {
  it('puts one before the first message of each day', () => {
    const items = withDays(
      [
        message({ id: 'a', sent_at: '2026-11-25T09:00:00Z' }),
        message({ id: 'b', sent_at: '2026-11-25T18:00:00Z' }),
        message({ id: 'c', sent_at: '2026-11-26T08:00:00Z' }),
      ],
      (instant) => instant.slice(0, 10),
    );
    expect(items.map((i) => (i.kind === 'day' ? i.day : i.message.id))).toEqual([
      '2026-11-25',
      'a',
      'b',
      '2026-11-26',
      'c',
    ]);
  });
});

describe('base64Of', () => {
  it('encodes bytes as the API decodes them', () => {
    expect(base64Of(new Uint8Array([0xff, 0xd8, 0xff, 0x00]))).toBe('/9j/AA==');
  });
});
