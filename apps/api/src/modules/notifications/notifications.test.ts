import { describe, expect, it } from 'vitest';
import type { DeliveryRequest, DeliveryResult } from '../delivery/delivery.types.ts';
import { maskPhone, translatorFor } from './notifications.service.ts';
import { createOperatorWhatsApp } from './operator-whatsapp.ts';

/** A pipeline that records what it was asked to send and answers the state given. */
function recordingPipeline(status: DeliveryResult['delivery']['status']) {
  const asked: DeliveryRequest[] = [];
  const deliver = async (request: DeliveryRequest) => {
    asked.push(request);
    return {
      delivery: { status, channel: 'whatsapp' },
      threadId: null,
      inboxMessageId: null,
    } as unknown as DeliveryResult;
  };
  return { deliver, asked };
}

describe('operator WhatsApp notices', () => {
  it('is off unless the shared number and its notice template are configured', () => {
    const { deliver } = recordingPipeline('accepted');
    expect(createOperatorWhatsApp({ deliver: () => deliver, configured: true })).not.toBeNull();
    expect(createOperatorWhatsApp({ deliver: () => deliver, configured: false })).toBeNull();
  });

  it('hands the pipeline an operator notice on WhatsApp only (title and body as the template values)', async () => {
    const { deliver, asked } = recordingPipeline('accepted');
    const whatsapp = createOperatorWhatsApp({ deliver: () => deliver, configured: true });
    const context = { accountId: 'acc', propertyId: 'prop', name: 'Lola' };
    expect(
      await whatsapp?.send(
        '+34 612 345 678',
        { title: 'Nueva reserva', body: 'Casa Azul\n1–4 dic' },
        context,
      ),
    ).toBe(true);
    expect(asked[0]).toMatchObject({
      accountId: 'acc',
      kind: 'operator_notice',
      to: { name: 'Lola', phone: '+34 612 345 678' },
      channels: ['whatsapp'],
      values: { title: 'Nueva reserva', body: 'Casa Azul\n1–4 dic' },
    });
  });

  it('answers false when no provider took it (the record says why)', async () => {
    const { deliver } = recordingPipeline('skipped');
    const whatsapp = createOperatorWhatsApp({ deliver: () => deliver, configured: true });
    expect(
      await whatsapp?.send(
        '+34612345678',
        { title: 'x', body: '' },
        { accountId: 'a', propertyId: null, name: '' },
      ),
    ).toBe(false);
  });
});

describe('notification texts', () => {
  it('shows only the last four digits of the operator’s phone', () => {
    expect(maskPhone('+34 612 345 678')).toBe('•••• 5678');
    expect(maskPhone('123')).toBe('123');
  });

  it('writes the new-message title in the operator’s language, Spanish for an unknown one', () => {
    expect(translatorFor('en')('notifications.message.title', { guest: 'Ana' })).toBe('New message from Ana');
    expect(translatorFor('xx')('notifications.message.title', { guest: 'Ana' })).toBe('Nuevo mensaje de Ana');
  });
});
