import type { DeliveryChannel } from '@posada/contracts/deliveries';
import type { VerificationChannel } from '@posada/contracts/guest-checkin';
import type { FastifyBaseLogger } from 'fastify';
import type { Deliver } from '../delivery/delivery.types.ts';

/** One verification code to one destination (a phone number or an e-mail address) of a check-in. */
export interface OutgoingMessage {
  to: string;
  text: string;
  /** Used as the e-mail subject. */
  subject: string;
  /** The six digits: the AUTHENTICATION template's parameter outside the 24-hour window. */
  code: string;
  stay: {
    accountId: string;
    propertyId: string;
    bookingId: string | null;
    checkinId: string;
    name: string;
    language: string;
  };
}

/** A way of delivering a verification code; `send` throws when no provider took it. */
export interface MessageSender {
  channel: VerificationChannel;
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * A channel of the delivery pipeline (kind verification_code, that channel only): WhatsApp as the
 * AUTHENTICATION template (WHATSAPP_TEMPLATE) unless the guest wrote in the last 24 hours, SMS through
 * Twilio, e-mail over SMTP. Throws unless the provider accepted the code (or is being asked for it now).
 */
export function createDeliverySender(channel: DeliveryChannel, deliver: () => Deliver | null): MessageSender {
  return {
    channel,
    async send(message) {
      const send = deliver();
      if (!send) throw new Error('guest-checkin: the delivery pipeline is not bound');
      const { delivery } = await send({
        accountId: message.stay.accountId,
        kind: 'verification_code',
        to: {
          name: message.stay.name,
          phone: channel === 'email' ? null : message.to,
          email: channel === 'email' ? message.to : null,
        },
        propertyId: message.stay.propertyId,
        bookingId: message.stay.bookingId,
        checkinId: message.stay.checkinId,
        language: message.stay.language,
        text: message.text,
        subject: message.subject,
        values: { code: message.code },
        channels: [channel],
      });
      if (delivery.status === 'failed' || delivery.status === 'skipped')
        throw new Error(`guest-checkin: the code was not sent (${delivery.error_code ?? delivery.status})`);
    },
  };
}

/** Development without any provider: the code goes to the log (never in production). */
export function createLogSender(channel: VerificationChannel, logger: FastifyBaseLogger): MessageSender {
  return {
    channel,
    async send(message) {
      logger.info({ channel, to: message.to, text: message.text }, 'checkin verification code (no provider)');
    },
  };
}

/**
 * The verification channels the guest is offered: e-mail with SMTP, SMS with Twilio, WhatsApp with the
 * Cloud API and an AUTHENTICATION template (a guest on the check-in page has rarely written in the last
 * 24 hours, so free text would be refused). In development without a provider, codes go to the log so the
 * flow can be walked through; in production an unconfigured channel is not offered.
 */
export function createMessagingSenders(deps: {
  deliver: () => Deliver | null;
  configured: Record<VerificationChannel, boolean>;
  development: boolean;
  logger: FastifyBaseLogger;
}): Partial<Record<VerificationChannel, MessageSender>> {
  const senders: Partial<Record<VerificationChannel, MessageSender>> = {};
  for (const channel of ['whatsapp', 'sms', 'email'] as const) {
    if (deps.configured[channel]) senders[channel] = createDeliverySender(channel, deps.deliver);
    else if (deps.development) senders[channel] = createLogSender(channel, deps.logger);
  }
  return senders;
}
