import { z } from 'zod';

/**
 * The unified inbox (issue 17, spec 2.4 Inbox, docs/messaging.md): shapes shared by the API, the socket
 * events and the web. Request bodies live beside their routes' contracts; these are answers.
 */
export const inboxChannels = ['whatsapp', 'email', 'sms'] as const;
export type InboxChannel = (typeof inboxChannels)[number];

export const messageStatuses = [
  'received',
  'queued',
  'accepted',
  'sent',
  'delivered',
  'read',
  'failed',
] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** One message of a thread, as the inbox shows it. */
export const inboxMessageSchema = z.object({
  id: z.string(),
  thread_id: z.string(),
  channel: z.enum(inboxChannels),
  direction: z.enum(['in', 'out']),
  /** text, image, document, audio, video, sticker, location, template, unsupported… (shown as such). */
  type: z.string(),
  body: z.string(),
  /** GET /api/inbox/media/{message id}: the stored media, for the thread's owner only. */
  media_url: z.string().nullable(),
  media_mime: z.string().nullable(),
  media_name: z.string().nullable(),
  template_name: z.string().nullable(),
  status: z.enum(messageStatuses),
  /** The provider's code and words ("131026: Message undeliverable"). */
  error: z.string().nullable(),
  /** The failure in the reader's language (issue 26). */
  error_reason: z.string().nullable(),
  /** Outbound: its newest delivery record (POST /api/deliveries/{id}/resend sends it on another channel). */
  delivery_id: z.string().nullable(),
  author_name: z.string().nullable(),
  sent_at: z.string(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

/** A thread in the list: the guest, the last message and what is unread. */
export const inboxThreadSchema = z.object({
  id: z.string(),
  guest_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  property_id: z.string().nullable(),
  property_name: z.string().nullable(),
  booking_id: z.string().nullable(),
  checkin_id: z.string().nullable(),
  arrival: z.string().nullable(),
  departure: z.string().nullable(),
  last_channel: z.enum(inboxChannels),
  last_message_at: z.string(),
  /** spec 9: bot message preview truncated at 85 characters; the list uses the same rule. */
  last_message_preview: z.string(),
  unread_count: z.number().int(),
  /** Free-form messages are allowed until then (24 h after the guest's last message); null: templates only. */
  window_closes_at: z.string().nullable(),
  opted_out: z.boolean(),
  assigned_user_id: z.string().nullable(),
});
export type InboxThread = z.infer<typeof inboxThreadSchema>;

/** Socket event to the account's room: a message was stored or changed status (the inbox updates live). */
export const inboxMessageEvent = 'inbox.message';
export interface InboxMessageEventPayload {
  thread: InboxThread;
  message: InboxMessage;
}

/** Previews are cut to this length (spec 9, 85 characters). */
export const PREVIEW_MAX = 85;
export function previewOf(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_MAX ? `${flat.slice(0, PREVIEW_MAX - 1)}…` : flat;
}

/** Template variables an operator may write in quick replies and templates ({{guest_name}}). */
export const templateVariables = [
  'guest_name',
  'property_name',
  'arrival',
  'departure',
  'checkin_link',
  'door_code',
] as const;
export type TemplateVariable = (typeof templateVariables)[number];
