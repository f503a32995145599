import type { WhatsAppGateway, WhatsAppSender } from '../../adapters/whatsapp/types.ts';
import type { OperatorWhatsApp } from './notifications.service.ts';

/** A template parameter may hold no new line nor more than four spaces in a row (Meta's 132000). */
const param = (text: string) =>
  text
    .replace(/\s*\n+\s*/g, ' · ')
    .replace(/ {4,}/g, ' ')
    .trim()
    .slice(0, 1000);

/**
 * A notice to the operator's own phone from the platform's shared number. The operator has not written to
 * that number in the last 24 hours, so a free-form text would be refused: it goes as the approved template
 * WHATSAPP_NOTIFICATION_TEMPLATE, whose body parameters are {{1}} the title and {{2}} the body. Null unless
 * all of it is set.
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
    async send(to, notice) {
      await gateway.send(sender, to.replace(/\D/g, ''), {
        type: 'template',
        name: template,
        language: opts.language ?? 'es',
        bodyParams: [param(notice.title), param(notice.body) || '—'],
      });
    },
  };
}
