import type { Deliver } from '../delivery/delivery.types.ts';
import type { OperatorWhatsApp } from './notifications.service.ts';

/**
 * A notice to the operator's own phone from the platform's shared number, through the delivery pipeline
 * (kind operator_notice, WhatsApp only). The operator has not written to that number in the last 24 hours,
 * so it goes as the approved template WHATSAPP_NOTIFICATION_TEMPLATE, whose body parameters are {{1}} the
 * title and {{2}} the body. Null unless the shared number and the template are set. Temporary refusals are
 * retried by the pipeline; the record of each notice says what the provider did.
 */
export function createOperatorWhatsApp(opts: {
  deliver: () => Deliver | null;
  configured: boolean;
}): OperatorWhatsApp | null {
  if (!opts.configured) return null;
  return {
    async send(to, notice, context) {
      const deliver = opts.deliver();
      if (!deliver) throw new Error('notifications: the delivery pipeline is not bound');
      const { delivery } = await deliver({
        accountId: context.accountId,
        kind: 'operator_notice',
        to: { name: context.name, phone: to },
        propertyId: context.propertyId,
        text: [notice.title, notice.body].filter(Boolean).join('\n'),
        values: { title: notice.title, body: notice.body },
        channels: ['whatsapp'],
      });
      return delivery.status !== 'failed' && delivery.status !== 'skipped';
    },
  };
}
