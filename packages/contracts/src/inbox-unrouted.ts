import { z } from 'zod';
import { inboxChannels } from './inbox.ts';
import { idText, text, uuid } from './primitives.ts';

/**
 * Unrouted messages (issue 26, docs/messaging.md Inbox › Unrouted messages): what guests wrote to the platform's
 * shared WhatsApp or SMS number from a phone no account knows, kept for the admin back office, who assigns each
 * to an account's inbox. Admin access only.
 */

/** The list's page size, newest first; the next page starts after `next_cursor`. */
export const UNROUTED_PAGE = 30;

export const unroutedQuery = z.object({
  /** Part of the sender's name, phone digits (3 or more) or the text. */
  search: text({ max: 120, trim: true }).default(''),
  /** 'false': waiting for an admin; 'true': already assigned; absent: both. */
  assigned: z.enum(['true', 'false']).optional(),
  /** The `next_cursor` of the previous page. */
  cursor: idText(120).default(''),
});
export type UnroutedQuery = z.input<typeof unroutedQuery>;

export const unroutedMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(inboxChannels),
  /** The sender's phone digits (no '+'); '' when WhatsApp withheld it (a user with a username). */
  phone: z.string(),
  sender_name: z.string(),
  /** The number it was sent to: WhatsApp's display number of the receiving number (else its id), the SMS number. */
  recipient: z.string(),
  /** text, image, location… as in the inbox; the web shows the text of text-like types only. */
  type: z.string(),
  body: z.string(),
  received_at: z.string(),
  /** False when there is no phone: a thread needs one (the message stays here, see docs). */
  assignable: z.boolean(),
  /** Null while waiting; then the account it went to (its inbox thread), by whom and when. */
  assigned: z
    .object({
      account_id: z.string(),
      account_name: z.string(),
      thread_id: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type UnroutedMessage = z.infer<typeof unroutedMessageSchema>;

export const unroutedPage = z.object({
  items: z.array(unroutedMessageSchema),
  next_cursor: z.string().nullable(),
  /** Messages still waiting for an admin (the whole list, not this page). */
  waiting: z.number().int(),
});
export type UnroutedPage = z.infer<typeof unroutedPage>;

export const unroutedIdParams = z.object({ id: uuid() });

export const assignUnroutedBody = z.object({ account_id: uuid() });
export type AssignUnroutedBody = z.infer<typeof assignUnroutedBody>;

/**
 * The routes. The account picker reuses the back office's account list (`GET /api/admin/accounts?search=`,
 * `adminBillingPaths.accounts` in admin-billing.ts): name, owner and e-mail.
 */
export const unroutedPaths = {
  list: '/api/admin/inbox/unrouted',
  assign: (id: string) => `/api/admin/inbox/unrouted/${id}/assign`,
} as const;
