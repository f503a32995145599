import type { VerificationChannel } from '@posada/contracts/guest-checkin';
import type { FastifyBaseLogger } from 'fastify';
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

export class MessagingError extends Error {
  constructor(
    readonly channel: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${channel} provider answered ${status}: ${detail.slice(0, 200)}`);
    this.name = 'MessagingError';
  }
}

/** E.164 digits without '+', as the WhatsApp Cloud API takes `to`. */
const digitsOnly = (phone: string) => phone.replace(/\D/g, '');

async function postJson(
  channel: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new MessagingError(channel, response.status, await response.text());
}

/**
 * WhatsApp Cloud API: POST {base}/{phone number id}/messages with a bearer token. A text message (the
 * guest has just written to us or opened our link); a business that must use an approved template sets
 * WHATSAPP_TEMPLATE, whose single body parameter is the code.
 */
export function createWhatsAppSender(opts: {
  apiUrl: string;
  phoneNumberId: string;
  token: string;
  template?: string;
  templateLanguage?: string;
  timeoutMs?: number;
}): MessageSender {
  const url = `${opts.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(opts.phoneNumberId)}/messages`;
  return {
    channel: 'whatsapp',
    async send(message) {
      const base = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: digitsOnly(message.to),
      };
      const code = /\b(\d{6})\b/.exec(message.text)?.[1] ?? '';
      const body = opts.template
        ? {
            ...base,
            type: 'template',
            template: {
              name: opts.template,
              language: { code: opts.templateLanguage ?? 'es' },
              components: [{ type: 'body', parameters: [{ type: 'text', text: code }] }],
            },
          }
        : { ...base, type: 'text', text: { preview_url: false, body: message.text } };
      await postJson(
        'whatsapp',
        url,
        { authorization: `Bearer ${opts.token}` },
        body,
        opts.timeoutMs ?? 10_000,
      );
    },
  };
}

/** A generic SMS gateway: POST SMS_API_URL with JSON { to, text } and a bearer SMS_API_KEY. */
export function createSmsSender(opts: { apiUrl: string; apiKey: string; timeoutMs?: number }): MessageSender {
  return {
    channel: 'sms',
    async send(message) {
      await postJson(
        'sms',
        opts.apiUrl,
        { authorization: `Bearer ${opts.apiKey}` },
        { to: message.to, text: message.text },
        opts.timeoutMs ?? 10_000,
      );
    },
  };
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

export interface MessagingConfig {
  WHATSAPP_API_URL?: string;
  WHATSAPP_PHONE_NUMBER_ID?: string;
  WHATSAPP_TOKEN?: string;
  WHATSAPP_TEMPLATE?: string;
  SMS_API_URL?: string;
  SMS_API_KEY?: string;
}

/**
 * The senders by channel: WhatsApp and SMS when their provider is configured, e-mail always (the outbox
 * logs it without SMTP). In development (no provider at all) WhatsApp and SMS codes go to the log, so
 * the flow can be walked through; in production an unconfigured channel is not offered.
 */
export function createMessagingSenders(deps: {
  config: MessagingConfig & { NODE_ENV: string };
  mail: MailService;
  logger: FastifyBaseLogger;
}): Partial<Record<VerificationChannel, MessageSender>> {
  const { config } = deps;
  const senders: Partial<Record<VerificationChannel, MessageSender>> = {
    email: createEmailSender(deps.mail),
  };
  if (config.WHATSAPP_API_URL && config.WHATSAPP_PHONE_NUMBER_ID && config.WHATSAPP_TOKEN) {
    senders.whatsapp = createWhatsAppSender({
      apiUrl: config.WHATSAPP_API_URL,
      phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
      token: config.WHATSAPP_TOKEN,
      template: config.WHATSAPP_TEMPLATE,
    });
  } else if (config.NODE_ENV === 'development') {
    senders.whatsapp = createLogSender('whatsapp', deps.logger);
  }
  if (config.SMS_API_URL && config.SMS_API_KEY) {
    senders.sms = createSmsSender({ apiUrl: config.SMS_API_URL, apiKey: config.SMS_API_KEY });
  } else if (config.NODE_ENV === 'development') {
    senders.sms = createLogSender('sms', deps.logger);
  }
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
