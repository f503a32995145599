import { z } from 'zod';
import { inboxChannels, inboxMessageSchema, inboxThreadSchema, templateVariables } from './inbox.ts';
import { idText, isoDateOrEmpty, multilineText, text } from './primitives.ts';

/**
 * The inbox screen's routes (issue 17, spec 2.4 Inbox, docs/messaging.md "Inbox"): requests and the answers
 * beyond the thread and message shapes of inbox.ts.
 */
export const inboxRoutes = {
  threads: '/api/inbox/threads',
  thread: (id: string) => `/api/inbox/threads/${id}`,
  messages: (id: string) => `/api/inbox/threads/${id}/messages`,
  read: (id: string) => `/api/inbox/threads/${id}/read`,
  booking: (id: string) => `/api/inbox/threads/${id}/booking`,
  bookingOptions: (id: string) => `/api/inbox/threads/${id}/booking-options`,
  preview: (id: string) => `/api/inbox/threads/${id}/preview`,
  media: (messageId: string) => `/api/inbox/media/${messageId}`,
  unreadCount: '/api/inbox/unread-count',
  templates: '/api/inbox/templates',
} as const;

/** The list's page size (newest first); the next page starts after `next_cursor`. */
export const THREADS_PAGE = 30;
export const MESSAGES_PAGE = 50;
/** WhatsApp's text body limit (whatsapp-cloud-api.md §2: body ≤ 4096 characters). */
export const MESSAGE_MAX = 4096;
/** An attachment sent from the composer: WhatsApp images are at most 5 MB; documents and audio the same here. */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const attachmentMimes = [
  'image/jpeg',
  'image/png',
  'application/pdf',
  'audio/mpeg',
  'audio/ogg',
  'audio/mp4',
] as const;

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** GET /api/inbox/threads: search by guest name, phone, e-mail or message text; filters; keyset paging. */
export const threadsQuery = z.object({
  search: text({ max: 120, trim: true }).default(''),
  property_id: idText().default(''),
  channel: z.enum(['', ...inboxChannels] as const).default(''),
  unread: flag,
  arrival_from: isoDateOrEmpty().default(''),
  arrival_to: isoDateOrEmpty().default(''),
  /** The `next_cursor` of the previous page. */
  cursor: idText(120).default(''),
});
export type ThreadsQuery = z.input<typeof threadsQuery>;

/** How WhatsApp goes out for the account: its own number, the platform's shared number, or not at all. */
export const whatsappSending = z.enum(['own', 'shared', 'none']);

export const threadsPage = z.object({
  items: z.array(inboxThreadSchema),
  next_cursor: z.string().nullable(),
  /** 'none': the screen asks to connect WhatsApp (profile › waba-integration). */
  whatsapp: whatsappSending,
});
export type ThreadsPage = z.infer<typeof threadsPage>;

/** The guest's booking card beside the thread. */
export const inboxBookingCard = z.object({
  booking_id: z.string(),
  code: z.string(),
  guest_name: z.string(),
  phone: z.string(),
  email: z.string(),
  property_id: z.string(),
  property_name: z.string(),
  arrival: z.string(),
  departure: z.string(),
  guests: z.number().int(),
  status: z.string(),
  checkin: z
    .object({
      id: z.string(),
      status: z.string(),
      /** The guest's check-in link (null when it cannot be shown, e.g. a manual check-in without one). */
      link: z.string().nullable(),
    })
    .nullable(),
  /** The door code is offered to templates only once released to the guest. */
  door_code_released: z.boolean(),
});
export type InboxBookingCard = z.infer<typeof inboxBookingCard>;

/** GET /api/inbox/threads/{id}: the thread, its booking card and what the composer may send. */
export const inboxThreadDetail = z.object({
  thread: inboxThreadSchema,
  booking: inboxBookingCard.nullable(),
  linked_by_hand: z.boolean(),
  /** How WhatsApp goes out for this account: its own number, the shared number, or not at all (connect it). */
  whatsapp: whatsappSending,
});
export type InboxThreadDetail = z.infer<typeof inboxThreadDetail>;

export const messagesQuery = z.object({
  /** The `next_before` of the previous page: older messages. */
  before: idText(120).default(''),
});
export const messagesPage = z.object({
  /** Oldest first, as the conversation reads. */
  items: z.array(inboxMessageSchema),
  next_before: z.string().nullable(),
});
export type MessagesPage = z.infer<typeof messagesPage>;

/** A file from the composer, base64 inside the JSON body (the route's body limit allows 5 MB files). */
export const attachmentInput = z.object({
  name: text({ max: 160, trim: true }).min(1, 'validation.required'),
  mime: z.enum(attachmentMimes),
  /** Base64 of the bytes (no data: prefix). */
  data: text({ max: Math.ceil((ATTACHMENT_MAX_BYTES * 4) / 3) + 8, normalize: false }).regex(
    /^[A-Za-z0-9+/]*={0,2}$/,
    'inbox.errors.attachment_invalid',
  ),
});

/**
 * POST /api/inbox/threads/{id}/messages: a text (quick replies are texts; {{variables}} are rendered), an
 * approved template by id, or an attachment with an optional caption.
 */
export const sendMessageBody = z.object({
  text: multilineText(MESSAGE_MAX, { trim: true }).default(''),
  template_id: idText().default(''),
  /** Values of a template's numbered placeholders ({{1}}, {{2}}…), in order. */
  params: z
    .array(text({ max: 500, trim: true }))
    .max(10)
    .default([]),
  attachment: attachmentInput.nullable().default(null),
  channel: z.enum(['', ...inboxChannels] as const).default(''),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

/** POST /api/inbox/threads/{id}/preview: what the guest would read (nothing is sent). */
export const previewBody = z.object({
  text: multilineText(MESSAGE_MAX).default(''),
  template_id: idText().default(''),
  params: z
    .array(text({ max: 500, trim: true }))
    .max(10)
    .default([]),
});
export const previewAnswer = z.object({
  body: z.string(),
  /** Variables the booking cannot fill yet (no booking, door code not released…): left as {{name}}. */
  missing: z.array(z.enum(templateVariables)),
  /** Numbered placeholders the operator must fill. */
  placeholders: z.number().int(),
});
export type PreviewAnswer = z.infer<typeof previewAnswer>;

/** PUT /api/inbox/threads/{id}/booking: link a booking by hand (null unlinks). */
export const linkBookingBody = z.object({ booking_id: idText().nullable() });
export type LinkBookingBody = z.input<typeof linkBookingBody>;

/** GET /api/inbox/threads/{id}/booking-options?search=: bookings to link by hand (the guest's phone first). */
export const bookingOptionsQuery = z.object({ search: text({ max: 120, trim: true }).default('') });
export const bookingOption = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  phone: z.string(),
  property_name: z.string(),
  arrival: z.string(),
  departure: z.string(),
  status: z.string(),
});
export type BookingOption = z.infer<typeof bookingOption>;

export const unreadCountAnswer = z.object({ unread: z.number().int(), threads: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountAnswer>;

/** The composer's choices: approved WhatsApp templates and quick replies of the account. */
export const composerTemplate = z.object({
  id: z.string(),
  kind: z.enum(['whatsapp', 'quick_reply']),
  name: z.string(),
  language: z.string(),
  body: z.string(),
});
export type ComposerTemplate = z.infer<typeof composerTemplate>;
