import type { VerificationChannel } from '@posada/contracts/guest-checkin';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsClient } from '../../adapters/sms/sms.client.ts';
import type { WhatsAppClient } from '../../adapters/whatsapp/whatsapp.client.ts';
import type { MailService } from '../mail/mail.service.ts';

/** One short text to one destination (a phone number or an e-mail address). */
export interface OutgoingMessage {
  to: string;
  text: string;
  /** Used as the e-mail subject. */
  subject: string;
}

/** A way of delivering a verification code; `send` throws when the provider refuses it. */
export interface MessageSender {
  channel: VerificationChannel;
  send(message: OutgoingMessage): Promise<void>;
}

/** WhatsApp through its adapter (adapters/whatsapp); `send` throws its AdapterError. */
export function createWhatsAppSender(client: WhatsAppClient): MessageSender {
  return { channel: 'whatsapp', send: (message) => client.send({ to: message.to, text: message.text }) };
}

/** SMS through its adapter (adapters/sms); `send` throws its AdapterError. */
export function createSmsSender(client: SmsClient): MessageSender {
  return { channel: 'sms', send: (message) => client.send({ to: message.to, text: message.text }) };
}

/** E-mail through the outbox (its worker sends over SMTP, or logs the message when SMTP is not set). */
export function createEmailSender(mail: MailService): MessageSender {
  return {
    channel: 'email',
    send: (message) => mail.send({ to: message.to, subject: message.subject, text: message.text }),
  };
}

/** Development without any provider: the code goes to the log. */
export function createLogSender(channel: VerificationChannel, logger: FastifyBaseLogger): MessageSender {
  return {
    channel,
    async send(message) {
      logger.info({ channel, to: message.to, text: message.text }, 'checkin verification code (no provider)');
    },
  };
}

/**
 * The senders by channel: WhatsApp and SMS when their adapter is configured (built in app.ts from
 * config), e-mail always (the outbox logs it without SMTP). In development (no provider at all) WhatsApp
 * and SMS codes go to the log, so the flow can be walked through; in production an unconfigured channel
 * is not offered.
 */
export function createMessagingSenders(deps: {
  whatsapp: WhatsAppClient | null;
  sms: SmsClient | null;
  development: boolean;
  mail: MailService;
  logger: FastifyBaseLogger;
}): Partial<Record<VerificationChannel, MessageSender>> {
  const senders: Partial<Record<VerificationChannel, MessageSender>> = {
    email: createEmailSender(deps.mail),
  };
  if (deps.whatsapp) senders.whatsapp = createWhatsAppSender(deps.whatsapp);
  else if (deps.development) senders.whatsapp = createLogSender('whatsapp', deps.logger);
  if (deps.sms) senders.sms = createSmsSender(deps.sms);
  else if (deps.development) senders.sms = createLogSender('sms', deps.logger);
  return senders;
}

/** The senders as the operator's send check-in uses them (checkins.service MessagingAdapter). */
export function messagingAdapter(senders: Partial<Record<VerificationChannel, MessageSender>>) {
  return {
    async send(message: { channel: 'whatsapp' | 'sms'; to: string; text: string }): Promise<boolean> {
      const sender = senders[message.channel];
      if (!sender) return false;
      await sender.send({ to: message.to, text: message.text, subject: '' });
      return true;
    },
  };
}
