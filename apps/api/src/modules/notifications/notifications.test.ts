import { describe, expect, it } from 'vitest';
import type { OutboundContent, WhatsAppGateway, WhatsAppSender } from '../../adapters/whatsapp/types.ts';
import { maskPhone, translatorFor } from './notifications.service.ts';
import { createOperatorWhatsApp } from './operator-whatsapp.ts';

/** A gateway that records what it was asked to send (the Cloud API's own fake is for the adapter's tests). */
function recordingGateway() {
  const sent: { sender: WhatsAppSender; to: string; content: OutboundContent }[] = [];
  const gateway = {
    send: async (sender: WhatsAppSender, to: string, content: OutboundContent) => {
      sent.push({ sender, to, content });
      return { wamid: `wamid.${sent.length}` };
    },
    templates: async () => [],
  } as unknown as WhatsAppGateway;
  return { gateway, sent };
}

describe('operator WhatsApp notices', () => {
  it('is off unless the gateway, the shared number, its token and the notice template are all there', () => {
    const { gateway } = recordingGateway();
    const full = { gateway, phoneNumberId: '100', token: 'tok', template: 'aviso' };
    expect(createOperatorWhatsApp(full)).not.toBeNull();
    expect(createOperatorWhatsApp({ ...full, template: undefined })).toBeNull();
    expect(createOperatorWhatsApp({ ...full, token: undefined })).toBeNull();
    expect(createOperatorWhatsApp({ ...full, gateway: null })).toBeNull();
  });

  it('sends the notice as the approved template from the shared number (title, body; one line each) to the digits of the phone', async () => {
    const { gateway, sent } = recordingGateway();
    const whatsapp = createOperatorWhatsApp({
      gateway,
      phoneNumberId: '100',
      token: 'tok',
      template: 'aviso',
    });
    await whatsapp?.send('+34 612 345 678', { title: 'Nueva reserva', body: 'Casa Azul\n1–4 dic' });
    await whatsapp?.send('+34 612 345 678', { title: 'Pago fallido', body: '' });
    expect(sent).toEqual([
      {
        sender: { phoneNumberId: '100', token: 'tok' },
        to: '34612345678',
        content: {
          type: 'template',
          name: 'aviso',
          language: 'es',
          bodyParams: ['Nueva reserva', 'Casa Azul · 1–4 dic'],
        },
      },
      {
        sender: { phoneNumberId: '100', token: 'tok' },
        to: '34612345678',
        content: { type: 'template', name: 'aviso', language: 'es', bodyParams: ['Pago fallido', '—'] },
      },
    ]);
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
