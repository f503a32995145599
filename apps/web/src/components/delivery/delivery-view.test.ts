import {
  type DeliveryStatus,
  deliveryChannels,
  deliveryKinds,
  deliveryStatuses,
  type MessageDelivery,
} from '@posada/contracts/deliveries';
import { describe, expect, it } from 'vitest';
import es from '../../locales/es/deliveries.json';
import {
  deliveryVisual,
  groupChains,
  isProblem,
  reachedProvider,
  resendChannels,
  sendOutcome,
  stateTime,
} from './delivery-view.ts';

const at = (minute: number) => `2026-12-07T10:${String(minute).padStart(2, '0')}:00.000Z`;

function record(over: Partial<MessageDelivery> & Pick<MessageDelivery, 'id'>): MessageDelivery {
  return {
    kind: 'checkin_link',
    channel: 'whatsapp',
    to: '+34600000001',
    status: 'accepted',
    provider_id: null,
    error_code: null,
    error_reason: null,
    created_at: at(0),
    updated_at: at(0),
    message_id: over.id,
    previous_id: null,
    fallback_id: null,
    recipient_name: 'Lucía',
    template: null,
    body: 'Hola',
    link: null,
    booking_id: 'b1',
    checkin_id: null,
    thread_id: null,
    accepted_at: null,
    delivered_at: null,
    read_at: null,
    failed_at: null,
    ...over,
  };
}

describe('the state of a message', () => {
  it('says sent only once a provider accepted it', () => {
    const reached = deliveryStatuses.filter(reachedProvider);
    expect(reached).toEqual(['accepted', 'sent', 'delivered', 'read']);
    expect(reachedProvider('queued')).toBe(false);
    expect(reachedProvider('failed')).toBe(false);
    expect(reachedProvider('skipped')).toBe(false);
  });

  it('draws each state as messaging apps do: clock, faded tick, tick, two ticks, blue, warning, dash', () => {
    const glyphs = Object.fromEntries(deliveryStatuses.map((s) => [s, deliveryVisual(s).glyph]));
    expect(glyphs).toEqual({
      queued: 'clock',
      accepted: 'tick',
      sent: 'tick',
      delivered: 'double',
      read: 'double',
      failed: 'warning',
      skipped: 'skip',
    });
    expect(deliveryVisual('accepted').faded).toBe(true);
    expect(deliveryVisual('sent').faded).toBe(false);
    expect(deliveryVisual('read').color).not.toBe(deliveryVisual('delivered').color);
    expect(deliveryVisual('failed').color).toBe('red');
  });

  it('names every state in words, and only failed and skipped ask for an action', () => {
    const words = es.status as Record<DeliveryStatus, string>;
    expect(words).toEqual({
      queued: 'En cola',
      accepted: 'Aceptado por el proveedor',
      sent: 'Enviado',
      delivered: 'Entregado',
      read: 'Leído',
      failed: 'No entregado',
      skipped: 'No intentado',
    });
    // No word for a state before the provider's acceptance claims it was sent (a negation may name it).
    for (const s of deliveryStatuses.filter((s) => !reachedProvider(s)))
      expect(words[s].toLowerCase()).not.toMatch(/^(?!no ).*(enviad|entregad|leíd)/);
    expect(deliveryStatuses.filter(isProblem)).toEqual(['failed', 'skipped']);
  });

  it('names every kind and channel the contract has (a new kind never shows as its code)', () => {
    for (const kind of deliveryKinds) expect((es.kind as Record<string, string>)[kind], kind).toBeTruthy();
    for (const channel of deliveryChannels) {
      expect((es.channel as Record<string, string>)[channel]).toBeTruthy();
      expect((es.channelIn as Record<string, string>)[channel]).toBeTruthy();
    }
  });

  it('dates the state by its own instant', () => {
    const r = record({ id: 'a', accepted_at: at(1), delivered_at: at(2), read_at: at(3), updated_at: at(4) });
    expect(stateTime({ ...r, status: 'read' })).toBe(at(3));
    expect(stateTime({ ...r, status: 'delivered' })).toBe(at(2));
    expect(stateTime({ ...r, status: 'accepted' })).toBe(at(1));
    expect(stateTime({ ...r, status: 'sent' })).toBe(at(4));
    expect(stateTime({ ...r, status: 'failed', failed_at: null })).toBe(at(4));
  });
});

describe('the fallback chain', () => {
  const whatsapp = record({
    id: 'w',
    status: 'failed',
    error_code: '131026',
    error_reason: 'El número no tiene WhatsApp',
    fallback_id: 's',
    created_at: at(0),
    updated_at: at(1),
  });
  const sms = record({
    id: 's',
    message_id: 'w',
    previous_id: 'w',
    channel: 'sms',
    status: 'delivered',
    created_at: at(1),
    updated_at: at(3),
  });
  const review = record({ id: 'r', kind: 'review_request', created_at: at(5), updated_at: at(5) });

  it('shows a fallback as one message, WhatsApp → SMS, whose state is the last attempt', () => {
    // Newest first from the API: the order of the list does not matter.
    const chains = groupChains([review, sms, whatsapp]);
    expect(chains.map((c) => c.id)).toEqual(['r', 'w']);
    const chain = chains[1];
    expect(chain?.channels).toEqual(['whatsapp', 'sms']);
    expect(chain?.attempts.map((a) => a.id)).toEqual(['w', 's']);
    expect(chain?.current.status).toBe('delivered');
    expect(chain?.latest).toBe(at(3));
  });

  it('follows previous_id even when a fallback was written in the same instant', () => {
    const third = record({
      id: 'e',
      message_id: 'w',
      previous_id: 's',
      channel: 'email',
      created_at: at(1),
      updated_at: at(1),
    });
    const failedSms = { ...sms, status: 'failed' as const, created_at: at(1), fallback_id: 'e' };
    const chain = groupChains([third, failedSms, whatsapp])[0];
    expect(chain?.channels).toEqual(['whatsapp', 'sms', 'email']);
  });

  it('counts a record given twice once, with its latest state (a live list knows more)', () => {
    const older = { ...sms, status: 'accepted' as const, updated_at: at(2) };
    const chain = groupChains([older, whatsapp, sms])[0];
    expect(chain?.attempts).toHaveLength(2);
    expect(chain?.current.status).toBe('delivered');
  });

  it('offers to resend by the channels this message has not failed on', () => {
    const failedSms = { ...sms, status: 'failed' as const };
    const [chain] = groupChains([whatsapp, failedSms]);
    expect(chain && resendChannels(chain)).toEqual(['email']);
    // On its way or arrived: nothing to resend.
    const [ok] = groupChains([whatsapp, sms]);
    expect(ok && resendChannels(ok)).toEqual([]);
    // A single skipped WhatsApp: SMS and e-mail.
    const [skipped] = groupChains([record({ id: 'k', status: 'skipped' })]);
    expect(skipped && resendChannels(skipped)).toEqual(['sms', 'email']);
  });

  it('says what a send did: the channel that has it, and what failed before', () => {
    expect(sendOutcome(null)).toEqual({ kind: 'none' });
    const queued = record({ id: 'q', status: 'queued' });
    expect(sendOutcome(queued).kind).toBe('queued');
    // The answer said accepted; the live list already knows WhatsApp failed and SMS took it.
    // The provider's failure is dated by its own clock, before the answer's time: the list still wins.
    const answer = { ...whatsapp, status: 'accepted' as const, fallback_id: null, updated_at: at(9) };
    const outcome = sendOutcome(answer, [sms, whatsapp]);
    expect(outcome).toMatchObject({ kind: 'underway', channel: 'sms', status: 'delivered' });
    expect(outcome.kind === 'underway' && outcome.failedBefore.map((f) => f.error_reason)).toEqual([
      'El número no tiene WhatsApp',
    ]);
    const failed = sendOutcome(record({ id: 'f', status: 'skipped', error_reason: 'Sin plantilla' }));
    expect(failed).toMatchObject({ kind: 'failed', channel: 'whatsapp', reason: 'Sin plantilla' });
  });
});
