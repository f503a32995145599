import type { WhatsAppGateway, WhatsAppSender } from '../../adapters/whatsapp/types.ts';
import type { OperatorWhatsApp } from './notifications.service.ts';

const isGateway = (value: unknown): value is WhatsAppGateway =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as WhatsAppGateway).send === 'function' &&
  typeof (value as WhatsAppGateway).templates === 'function';

/** The Cloud API gateway among the app's adapters (whatever its name there), or null. */
export function whatsappGatewayOf(adapters: object): WhatsAppGateway | null {
  for (const value of Object.values(adapters)) if (isGateway(value)) return value;
  return null;
}

/**
 * A notice to the operator's own phone from the platform's shared number. The operator has not written to
 * that number in the last 24 hours, so a free-form text would be refused: it goes as the approved template
 * WHATSAPP_NOTIFICATION_TEMPLATE, whose one body parameter is the notice. Null unless all of it is set.
 */
export function createOperatorWhatsApp(opts: {
  gateway: WhatsAppGateway | null;
  phoneNumberId: string | undefined;
  token: string | undefined;
  template: string | undefined;
  language?: string;
}): OperatorWhatsApp | null {
  const { gateway, phoneNumberId, token, template } = opts;
  if (!gateway || !phoneNumberId || !token || !template) return null;
  const sender: WhatsAppSender = { phoneNumberId, token };
  return {
    async send(to, text) {
      // A template parameter may not hold new lines or more than four spaces in a row (Meta's 132000).
      const param = text
        .replace(/\s*\n+\s*/g, ' · ')
        .replace(/ {4,}/g, ' ')
        .slice(0, 1000);
      await gateway.send(sender, to.replace(/\D/g, ''), {
        type: 'template',
        name: template,
        language: opts.language ?? 'es',
        bodyParams: [param],
      });
    },
  };
}
