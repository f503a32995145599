import type { InboxMessage } from '@posada/contracts/inbox';
import { describe, expect, it } from 'vitest';
import {
  base64Of,
  contentOf,
  mergeLive,
  resendChannelsOf,
  tickOf,
  windowLeft,
  windowOpen,
  withDays,
} from './inbox-view.ts';

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
  error_reason: null,
  delivery_id: null,
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
  it('shows none on a guest message, and the delivery state of ours (accepted included)', () => {
    expect(tickOf('received')).toBeNull();
    expect(tickOf('queued')).toBe('queued');
    expect(tickOf('accepted')).toBe('accepted');
    expect(tickOf('read')).toBe('read');
    expect(tickOf('failed')).toBe('failed');
  });
});

describe('a failed answer', () => {
  const failed = message({
    direction: 'out',
    status: 'failed',
    channel: 'whatsapp',
    error: '131026: Message undeliverable',
    error_reason: 'No se pudo entregar: el número no usa WhatsApp.',
    delivery_id: 'd1',
  });
  const both = { phone: '34611200301', email: 'ana@example.com' };

  it('is offered again on the other channels the thread has an address for', () => {
    expect(resendChannelsOf(failed, both)).toEqual(['sms', 'email']);
    expect(resendChannelsOf({ ...failed, channel: 'sms' }, both)).toEqual(['whatsapp', 'email']);
    expect(resendChannelsOf({ ...failed, channel: 'email' }, both)).toEqual(['whatsapp', 'sms']);
    // A phone only: no e-mail; an e-mail only: neither WhatsApp nor SMS.
    expect(resendChannelsOf(failed, { phone: '34611200301', email: null })).toEqual(['sms']);
    expect(resendChannelsOf(failed, { phone: null, email: 'ana@example.com' })).toEqual(['email']);
    expect(resendChannelsOf({ ...failed, channel: 'email' }, { phone: null, email: 'a@b.c' })).toEqual([]);
  });

  it('offers nothing on a guest message, one that is on its way or arrived, or one without a record', () => {
    expect(resendChannelsOf({ ...failed, direction: 'in', status: 'received' }, both)).toEqual([]);
    for (const status of ['queued', 'accepted', 'sent', 'delivered', 'read'] as const)
      expect(resendChannelsOf({ ...failed, status }, both), status).toEqual([]);
    expect(resendChannelsOf({ ...failed, delivery_id: null }, both)).toEqual([]);
  });

  it("keeps the list's reason (the reader's language) over the socket's Spanish one for the same failure", () => {
    const listed = { ...failed, error_reason: 'Could not deliver: the number does not use WhatsApp.' };
    const live = { ...failed, delivery_id: null };
    expect(mergeLive(listed, live)).toEqual({
      message: { ...live, error_reason: listed.error_reason, delivery_id: 'd1' },
      stale: false,
    });
  });

  it('never moves a status back: the send\'s own answer arriving after the socket\'s "delivered"', () => {
    const delivered = message({ direction: 'out', status: 'delivered', delivery_id: 'd1' });
    const lateAnswer = { ...delivered, status: 'accepted' as const };
    expect(mergeLive(delivered, lateAnswer).message.status).toBe('delivered');
    expect(mergeLive(lateAnswer, { ...delivered, status: 'read' }).message.status).toBe('read');
    // A failure is no step back: it shows.
    expect(mergeLive(delivered, { ...failed, status: 'failed' }).message.status).toBe('failed');
  });

  it("takes the socket's reason for a new failure and says the page should reload it", () => {
    const listed = message({ direction: 'out', status: 'sent', delivery_id: 'd1' });
    expect(mergeLive(listed, failed)).toEqual({ message: failed, stale: true });
    expect(mergeLive(undefined, failed)).toEqual({ message: failed, stale: true });
    const sms = {
      ...failed,
      channel: 'sms' as const,
      error: '30006: Landline',
      error_reason: 'SMS…',
      delivery_id: 'd2',
    };
    expect(mergeLive(failed, sms)).toEqual({ message: sms, stale: true });
    // Nothing failed: nothing to reload.
    const read = message({ direction: 'out', status: 'read', delivery_id: 'd1' });
    expect(mergeLive(listed, read)).toEqual({ message: read, stale: false });
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
