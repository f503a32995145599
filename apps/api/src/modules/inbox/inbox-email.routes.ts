import { okEnvelope } from '@posada/contracts/envelope';
import { emailInboundAnswer, emailInboundBody } from '@posada/contracts/inbox-webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import { sameSecret } from '../../lib/constant-time.ts';
import { inboxErrors } from './inbox.errors.ts';
import type { InboxCoreService } from './inbox.service.ts';

/** reply+{thread id}@domain → the thread id (the reply address our e-mails give). */
export function threadIdOfReplyAddress(to: string, domain: string | undefined): string | null {
  if (!domain) return null;
  const escaped = domain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`reply\\+([0-9a-f-]{36})@${escaped}`, 'i').exec(to);
  return match?.[1]?.toLowerCase() ?? null;
}

/**
 * POST /api/webhooks/email-inbound (docs/messaging.md, Webhooks): a guest's reply to one of our e-mails, or a
 * bounce of one (sent to its envelope sender, bounce+{delivery id}@INBOUND_EMAIL_DOMAIN).
 * Public (the inbound-mail service calls it), authenticated by INBOUND_EMAIL_SECRET in X-Inbound-Secret.
 */
export const inboxEmailRoutes: FastifyPluginAsyncZod<{
  inbox: InboxCoreService;
  secret?: string;
  domain?: string;
  clock: Clock;
  /** A bounce of one of our e-mails (bounce+{delivery id}@domain): the delivery pipeline takes it. */
  bounces: () => { applyBounce(to: string, text: string): Promise<boolean> } | null;
}> = async (app, { inbox, secret, domain, clock, bounces }) => {
  app.post(
    '/webhooks/email-inbound',
    {
      config: { access: 'public', rateLimitClass: 'none' },
      schema: {
        tags: ['inbox'],
        body: emailInboundBody,
        response: { 200: okEnvelope(emailInboundAnswer) },
      },
      // The secret is checked before the body is validated: a caller without it learns nothing.
      preValidation: async (request) => {
        if (!secret) throw inboxErrors.emailInboundNotConfigured();
        const header = request.headers['x-inbound-secret'];
        if (!sameSecret(Array.isArray(header) ? header[0] : header, secret))
          throw inboxErrors.emailInboundSecretInvalid();
      },
    },
    async (request) => {
      const body = request.body;
      if (await bounces()?.applyBounce(body.to, `${body.subject}\n${body.text}`))
        return { ok: true as const, data: { stored: true, thread_id: null } };
      const threadId = threadIdOfReplyAddress(body.to, domain);
      const owner = threadId ? await inbox.accountOfThread(threadId) : null;
      // Nobody to give it to (not one of our reply addresses): acknowledged, nothing stored.
      if (!owner || !threadId) return { ok: true as const, data: { stored: false, thread_id: null } };
      const recorded = await inbox.recordInbound({
        accountId: owner,
        threadId,
        channel: 'email',
        phone: null,
        email: body.from.toLowerCase(),
        guestName: body.name || body.from,
        externalId: body.message_id,
        type: 'text',
        body: body.subject ? `${body.subject}\n\n${body.text}`.trim() : body.text,
        sentAt: clock.now(),
        raw: { subject: body.subject, in_reply_to: body.in_reply_to ?? null, to: body.to },
      });
      return { ok: true as const, data: { stored: recorded.created, thread_id: recorded.threadId } };
    },
  );
};
