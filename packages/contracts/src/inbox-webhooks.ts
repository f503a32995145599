import { z } from 'zod';
import { email, multilineText, text } from './primitives.ts';

/**
 * POST /api/webhooks/email-inbound (issue 17, docs/messaging.md Webhooks): an inbound-mail service (a
 * provider's inbound parse, or a small IMAP poller) posts each guest e-mail addressed to our reply address
 * as JSON, with INBOUND_EMAIL_SECRET in the X-Inbound-Secret header.
 */
export const emailInboundBody = z.object({
  /** The guest's address (the envelope sender). */
  from: email(),
  /** The display name of From, if any. */
  name: text({ max: 200, trim: true }).optional().default(''),
  subject: text({ max: 998, trim: true }).optional().default(''),
  /** The plain-text body (quoted history may be left in; the inbox shows it as written). */
  text: multilineText(20_000).optional().default(''),
  /** The e-mail's Message-ID: a second delivery of the same one is stored once. */
  message_id: text({ max: 998, trim: true }),
  in_reply_to: text({ max: 998, trim: true }).optional(),
  /** The address it was sent to: reply+{thread id}@INBOUND_EMAIL_DOMAIN finds its thread. */
  to: text({ max: 998, trim: true }),
});
export type EmailInboundBody = z.input<typeof emailInboundBody>;

export const emailInboundAnswer = z.object({
  stored: z.boolean(),
  thread_id: z.string().nullable(),
});

/** GET /api/webhooks/whatsapp: Meta's verification request (whatsapp-cloud-api.md §1). */
export const whatsappVerifyQuery = z.object({
  'hub.mode': text({ max: 32, trim: true }).optional(),
  'hub.verify_token': text({ max: 256, normalize: false }).optional(),
  'hub.challenge': text({ max: 256, trim: true }).optional(),
});
