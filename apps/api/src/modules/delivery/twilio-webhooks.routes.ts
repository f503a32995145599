import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SmsGateway, TwilioMessageStatus } from '../../adapters/twilio/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { ProviderStatus } from './delivery.repo.ts';
import type { DeliveryService } from './delivery.service.ts';

/** What an inbound SMS becomes: a message in the account's inbox that knows the phone, else the back office's. */
export interface SmsInboundSink {
  accountsOfGuestPhone(phone: string): Promise<string[]>;
  recordInbound(message: {
    accountId: string;
    channel: 'sms';
    phone: string;
    email: null;
    guestName: string;
    externalId: string;
    type: string;
    body: string;
    sentAt: Date;
    raw: unknown;
  }): Promise<{ threadId: string; created: boolean }>;
  recordUnrouted(message: {
    channel: 'sms';
    externalId: string;
    phone: string;
    senderName: string;
    recipient: string;
    type: string;
    body: string;
    raw: unknown;
    receivedAt: Date;
  }): Promise<unknown>;
}

/** Twilio's statuses in the pipeline's words; null: nothing to apply (initial or inbound states). */
export function pipelineStatusOf(status: TwilioMessageStatus): ProviderStatus | null {
  switch (status) {
    case 'sent':
      return 'sent';
    case 'delivered':
      return 'delivered';
    case 'read':
      return 'read';
    case 'failed':
    case 'undelivered':
    case 'canceled':
      return 'failed';
    default:
      return null;
  }
}

/**
 * Twilio's callbacks (issue 26, sms-twilio.md §2, §3, §6): status callbacks of our messages and SMS a guest
 * sends to the platform's number. Public (Twilio calls them) and outside the rate limit; each is accepted
 * only with a valid X-Twilio-Signature over the URL as Twilio requested it (rebuilt from APP_URL, never
 * from the Host header) and every form parameter. Without TWILIO_* they answer 503.
 */
export const twilioWebhooksRoutes: FastifyPluginAsyncZod<{
  sms: SmsGateway | null;
  appUrl: string;
  clock: Clock;
  delivery: DeliveryService;
  inbound: () => SmsInboundSink | null;
}> = async (app, { sms, appUrl, clock, delivery, inbound }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  const base = appUrl.replace(/\/+$/, '');

  /** The verified form parameters, or the refusal. */
  const verified = (request: { url: string; body: unknown; headers: Record<string, unknown> }) => {
    if (!sms) throw new AppError('twilio.not_configured', 503);
    const params = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    const header = request.headers['x-twilio-signature'];
    const signature = Array.isArray(header) ? header[0] : (header as string | undefined);
    if (!sms.verifySignature(`${base}${request.url}`, params, signature))
      throw new AppError('twilio.signature_invalid', 403);
    return { sms, params };
  };
  const config = { access: 'public' as const, rateLimitClass: 'none' as const };

  app.post('/webhooks/twilio/status', { config, schema: { tags: ['delivery'] } }, async (request, reply) => {
    const { sms: gateway, params } = verified(request);
    const callback = gateway.parseStatusCallback(params);
    const status = callback ? pipelineStatusOf(callback.status) : null;
    if (callback && status) {
      const deliveryId = new URL(request.url, base).searchParams.get('d');
      await delivery.applyStatus({
        channel: 'sms',
        providerId: callback.providerMessageId,
        deliveryId,
        status,
        at: clock.now(),
        errorCode: callback.errorCode,
        errorDetail: callback.errorCode ? `Twilio ${callback.status} ${callback.errorCode}` : null,
        temporary: ['30001', '30003', '30008'].includes(callback.errorCode ?? ''),
      });
    }
    return reply.status(200).type('text/plain').send('');
  });

  app.post('/webhooks/twilio/inbound', { config, schema: { tags: ['delivery'] } }, async (request, reply) => {
    const { sms: gateway, params } = verified(request);
    const message = gateway.parseInbound(params);
    const sink = inbound();
    if (message && sink) {
      const phone = message.from.replace(/\D/g, '');
      if (message.keyword === 'stop') await delivery.optOut('sms', gateway.sender, phone, 'all', 'sms:STOP');
      if (message.keyword === 'start') await delivery.optIn('sms', gateway.sender, phone, 'all');
      const raw = Object.fromEntries(params);
      const [accountId] = phone ? await sink.accountsOfGuestPhone(phone) : [];
      const type = message.media.length && !message.body ? 'image' : 'text';
      if (accountId) {
        await sink.recordInbound({
          accountId,
          channel: 'sms',
          phone,
          email: null,
          guestName: '',
          externalId: message.providerMessageId,
          type,
          body: message.body,
          sentAt: clock.now(),
          raw,
        });
      } else if (phone) {
        await sink.recordUnrouted({
          channel: 'sms',
          externalId: message.providerMessageId,
          phone,
          senderName: '',
          recipient: message.to,
          type,
          body: message.body,
          raw,
          receivedAt: clock.now(),
        });
      }
    }
    // Empty TwiML: nothing is sent back (Twilio's own opt-out reply goes out by itself).
    return reply.status(200).type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });
};
