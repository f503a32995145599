import type { InboxChannel, InboxMessage } from '@posada/contracts/inbox';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboundContent } from '../../adapters/whatsapp/types.ts';
import { AppError } from '../../lib/errors.ts';
import type { WhatsAppConnections } from '../whatsapp/whatsapp.types.ts';
import type { InboxService, Recipient } from './inbox.types.ts';

/** How a system message to a guest went: the message that left, or the last reason it could not. */
export type GuestDeliveryOutcome =
  | { message: InboxMessage; channel: InboxChannel }
  | { error: string; channel?: InboxChannel };

export interface GuestDelivery {
  accountId: string;
  /** A phone of fewer than 6 digits is no phone: only e-mail is tried. */
  phone: string;
  email: string;
  guestName: string;
  bookingId: string | null;
  /** The guest's language (es, en, ar): the template in it, else in Spanish. */
  language: string;
  text: string;
  subject: string;
  /** The approved template used outside the 24-hour window, and the body parameters for its body (null: unusable). */
  template: { name: string; params: (body: string) => string[] | null };
  /** Error codes stored when no address or no usable template (e.g. 'reviews.no_template'). */
  codes: { noAddress: string; noTemplate: string };
  /** Try WhatsApp only when the account has a sender (otherwise a failed message lands in the thread first). */
  whatsappOnlyWithSender?: boolean;
}

/**
 * A system message to a guest through the inbox, so it lands in their thread (docs/messaging.md): WhatsApp
 * free text while the 24-hour window is open; outside it (`inbox.window_closed`) the approved template, in
 * the guest's language or else Spanish; e-mail when WhatsApp cannot (no phone, no template, refused).
 * Review requests, service-request updates and upselling offers all go out this way.
 */
export async function deliverToGuest(
  deps: {
    inbox: InboxService;
    whatsapp: Pick<WhatsAppConnections, 'approvedTemplate' | 'senderFor'> | null;
    logger: FastifyBaseLogger;
  },
  m: GuestDelivery,
): Promise<GuestDeliveryOutcome> {
  const digits = m.phone.replace(/\D/g, '');
  const email = m.email.trim() || null;
  const to: Recipient = {
    phone: digits.length >= 6 ? digits : null,
    email,
    guestName: m.guestName,
    bookingId: m.bookingId,
  };

  async function attempt(
    channel: InboxChannel,
    content: OutboundContent,
    subject?: string,
  ): Promise<GuestDeliveryOutcome> {
    try {
      const message = await deps.inbox.send({
        accountId: m.accountId,
        to,
        channel,
        content,
        authorUserId: null,
        subject,
      });
      if (message.status === 'failed') return { error: message.error ?? `${channel}.failed`, channel };
      return { message, channel };
    } catch (err) {
      if (err instanceof AppError) return { error: err.code, channel };
      deps.logger.warn({ err, channel }, 'inbox: a message to a guest could not be sent');
      return { error: (err as { code?: string }).code ?? `${channel}.failed`, channel };
    }
  }

  let last: GuestDeliveryOutcome = { error: m.codes.noAddress };
  const tryWhatsApp =
    !!to.phone &&
    (!m.whatsappOnlyWithSender || !!(await deps.whatsapp?.senderFor(m.accountId).catch(() => null)));
  if (tryWhatsApp) {
    last = await attempt('whatsapp', { type: 'text', body: m.text });
    if ('message' in last) return last;
    if (last.error === 'inbox.window_closed') {
      // Outside the 24-hour window only an approved template may go (whatsapp-cloud-api.md §3).
      const template =
        (await deps.whatsapp?.approvedTemplate(m.accountId, m.template.name, m.language)) ??
        (m.language === 'es'
          ? null
          : await deps.whatsapp?.approvedTemplate(m.accountId, m.template.name, 'es'));
      const bodyParams = template ? m.template.params(template.body) : null;
      if (template && bodyParams) {
        last = await attempt('whatsapp', {
          type: 'template',
          name: template.name,
          language: template.language,
          bodyParams,
        });
        if ('message' in last) return last;
      } else last = { error: m.codes.noTemplate, channel: 'whatsapp' };
    }
  }
  if (email) {
    const byMail = await attempt('email', { type: 'text', body: m.text }, m.subject);
    if ('message' in byMail) return byMail;
    last = byMail;
  }
  return last;
}
