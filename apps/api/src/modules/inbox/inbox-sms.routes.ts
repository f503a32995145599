import { okEnvelope } from '@posada/contracts/envelope';
import { smsInboundAnswer, smsInboundBody } from '@posada/contracts/inbox-webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import { inboxErrors } from './inbox.errors.ts';
import type { InboxCoreService } from './inbox.service.ts';
import { sameSecret } from './inbox-email.routes.ts';
import { phoneDigits } from './inbox-views.ts';

/**
 * POST /api/webhooks/sms-inbound (docs/messaging.md, Webhooks): an SMS a guest sent to our gateway's number.
 * Public (the gateway calls it), authenticated by SMS_INBOUND_SECRET in X-Inbound-Secret. The number is the
 * platform's, shared by every account: the account is the one this guest talks to (thread, stay, walk-in),
 * as for the shared WhatsApp number.
 */
export const inboxSmsRoutes: FastifyPluginAsyncZod<{
  inbox: InboxCoreService;
  secret?: string;
  clock: Clock;
}> = async (app, { inbox, secret, clock }) => {
  app.post(
    '/webhooks/sms-inbound',
    {
      config: { access: 'public', rateLimitClass: 'none' },
      schema: {
        tags: ['inbox'],
        body: smsInboundBody,
        response: { 200: okEnvelope(smsInboundAnswer) },
      },
      // The secret is checked before the body is validated: a caller without it learns nothing.
      preValidation: async (request) => {
        if (!secret) throw inboxErrors.smsInboundNotConfigured();
        const header = request.headers['x-inbound-secret'];
        if (!sameSecret(Array.isArray(header) ? header[0] : header, secret))
          throw inboxErrors.smsInboundSecretInvalid();
      },
    },
    async (request) => {
      const body = request.body;
      const phone = phoneDigits(body.from);
      const [accountId] = phone ? await inbox.accountsOfGuestPhone(phone) : [];
      // A number no account knows: acknowledged (the gateway must not retry), nothing stored.
      if (!phone || !accountId) return { ok: true as const, data: { stored: false, thread_id: null } };
      // The gateway's time, never later than now (a clock ahead must not reorder the thread).
      const now = clock.now();
      const receivedAt = body.received_at
        ? new Date(Math.min(Date.parse(body.received_at), now.getTime()))
        : now;
      const recorded = await inbox.recordInbound({
        accountId,
        channel: 'sms',
        phone,
        email: null,
        // The booking's guest name when the phone finds one (an SMS carries no profile name).
        guestName: '',
        externalId: body.message_id,
        type: 'text',
        body: body.text,
        sentAt: receivedAt,
        raw: { from: body.from, to: body.to ?? null, received_at: body.received_at ?? null },
      });
      return { ok: true as const, data: { stored: recorded.created, thread_id: recorded.threadId } };
    },
  );
};
