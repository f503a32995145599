import type { TemplateComponents } from '@posada/domain/whatsapp-templates';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { bookings } from './bookings.ts';
import { checkins } from './checkins.ts';
import { properties } from './properties.ts';

/**
 * Guest messaging (issue 17, docs/messaging.md). Writers: modules/whatsapp (whatsapp_accounts,
 * whatsapp_webhook_events, message_templates), modules/inbox (inbox_threads, inbox_messages),
 * modules/broadcasts (broadcasts, broadcast_recipients), modules/reviews (review_requests),
 * modules/notifications (notification_preferences).
 */

/** spec 4 Messaging business account: disconnected or connected. */
export type WhatsAppAccountStatus = 'connected' | 'disconnected';
/** `own`: the operator's number through Embedded Signup; `shared`: the platform's number (≤ 50 places, spec 9). */
export type WhatsAppAccountMode = 'own' | 'shared';

/** One messaging business account per Posada account (the WABA and its phone number). */
export const whatsappAccounts = pgTable(
  'whatsapp_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    mode: text('mode').$type<WhatsAppAccountMode>().notNull(),
    status: text('status').$type<WhatsAppAccountStatus>().notNull().default('connected'),
    /** Null for the shared number (the platform's own WABA from configuration). */
    wabaId: text('waba_id'),
    phoneNumberId: text('phone_number_id'),
    displayPhoneNumber: text('display_phone_number'),
    verifiedName: text('verified_name'),
    /** The business integration system-user token, sealed (purpose 'whatsapp.token', bound to the row id). */
    tokenSealed: text('token_sealed'),
    /** GREEN | YELLOW | RED | UNKNOWN, from the number's data and phone_number_quality_update webhooks. */
    qualityRating: text('quality_rating').notNull().default('UNKNOWN'),
    /** Business-initiated conversations a day (spec 9: 1000 for a new business). */
    messagingLimit: integer('messaging_limit').notNull().default(1000),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_accounts_account_idx').on(t.accountId),
    // Webhooks route by phone_number_id: one connected own number belongs to one account.
    uniqueIndex('whatsapp_accounts_phone_idx')
      .on(t.phoneNumberId)
      .where(sql`${t.mode} = 'own' and ${t.status} = 'connected'`),
  ],
);

/** Every verified webhook delivery, stored once by the hash of its raw body (applied once). */
export const whatsappWebhookEvents = pgTable('whatsapp_webhook_events', {
  /** sha256 hex of the raw body: Meta's retries of one delivery carry the same bytes. */
  id: text('id').primaryKey(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

export type TemplateKind = 'whatsapp' | 'quick_reply';
/** Meta's status lowercased (approved, pending, rejected, paused, disabled…); only approved ones are sent. */
export type TemplateStatus = 'approved' | 'pending' | 'rejected' | 'paused' | 'disabled' | (string & {});

/**
 * Templates (`whatsapp`: approved by Meta per WABA, the only messages allowed outside the 24-hour window)
 * and quick replies (`quick_reply`: free text, inside the window or by e-mail). Bodies carry variables
 * as {{guest_name}}, {{arrival}}, {{departure}}, {{checkin_link}}, {{door_code}}, {{property_name}}.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TemplateKind>().notNull(),
    /** Meta's template name (lowercase, underscores) or the quick reply's title. */
    name: text('name').notNull(),
    language: text('language').notNull().default('es'),
    /** MARKETING | UTILITY | AUTHENTICATION for WhatsApp templates; null for quick replies. */
    category: text('category'),
    body: text('body').notNull(),
    /** POSITIONAL ({{1}}…) or NAMED ({{guest_name}}…), as the template was created at Meta. */
    parameterFormat: text('parameter_format').$type<'POSITIONAL' | 'NAMED'>().notNull().default('POSITIONAL'),
    /** What sending it needs besides the body (null for quick replies and templates synced before issue 26). */
    components: jsonb('components').$type<TemplateComponents>(),
    status: text('status').$type<TemplateStatus>().notNull().default('approved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_templates_name_idx').on(t.accountId, t.kind, t.name, t.language)],
);

export type InboxChannel = 'whatsapp' | 'email' | 'sms';

/** One conversation per guest (phone, or e-mail when there is no phone) of an account. */
export const inboxThreads = pgTable(
  'inbox_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    checkinId: uuid('checkin_id').references(() => checkins.id, { onDelete: 'set null' }),
    /** True once an operator linked the booking by hand: automatic matching leaves it alone. */
    linkedByHand: boolean('linked_by_hand').notNull().default(false),
    guestName: text('guest_name').notNull().default(''),
    /** E.164 digits without '+' (the Cloud API's wa_id). */
    phone: text('phone'),
    email: text('email'),
    /** The channel of the last message (the composer's default). */
    lastChannel: text('last_channel').$type<InboxChannel>().notNull().default('whatsapp'),
    /** The 24-hour customer-service window runs from here (whatsapp-cloud-api.md §3). */
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessagePreview: text('last_message_preview').notNull().default(''),
    unreadCount: integer('unread_count').notNull().default(0),
    /** A teammate the thread is assigned to (assignment arrives later; the column is ready). */
    assignedUserId: uuid('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The guest asked for no more broadcasts (STOP, BAJA): mass messages skip them. */
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inbox_threads_phone_idx').on(t.accountId, t.phone).where(sql`${t.phone} is not null`),
    uniqueIndex('inbox_threads_email_idx')
      .on(t.accountId, t.email)
      .where(sql`${t.phone} is null and ${t.email} is not null`),
    index('inbox_threads_recent_idx').on(t.accountId, t.lastMessageAt),
    check('inbox_threads_has_address', sql`${t.phone} is not null or ${t.email} is not null`),
  ],
);

export type MessageDirection = 'in' | 'out';
/**
 * in: received; out: queued → accepted (the provider took it) → sent → delivered → read, or failed. An
 * outbound message's status follows its delivery record (modules/delivery), written in the same transaction.
 */
export type MessageStatus = 'received' | 'queued' | 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';

export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => inboxThreads.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<InboxChannel>().notNull(),
    direction: text('direction').$type<MessageDirection>().notNull(),
    /** The provider's id (WhatsApp wamid, e-mail Message-ID): a delivery seen twice is stored once. */
    externalId: text('external_id'),
    /** text, image, document, audio, video, sticker, location, contacts, interactive, button, reaction, template, unsupported… */
    type: text('type').notNull().default('text'),
    body: text('body').notNull().default(''),
    /** A stored file (FileStorage name) for media; its type and original name. */
    mediaFile: text('media_file'),
    mediaMime: text('media_mime'),
    mediaName: text('media_name'),
    templateName: text('template_name'),
    status: text('status').$type<MessageStatus>().notNull(),
    errorCode: text('error_code'),
    errorText: text('error_text'),
    /** Outbound: its newest delivery record (modules/delivery), whose state this message follows. */
    deliveryId: uuid('delivery_id'),
    /** The operator who wrote it (out); null for the guest, the system, a broadcast or a review request. */
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the provider says it happened (the webhook's timestamp), else when we stored it. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    statusAt: timestamp('status_at', { withTimezone: true }),
    /** The provider's message object as received, kept for types we do not render. */
    raw: jsonb('raw'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inbox_messages_external_idx')
      .on(t.channel, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('inbox_messages_thread_idx').on(t.threadId, t.sentAt),
  ],
);

/**
 * A guest's message that no account could be found for (issue 26): on the platform's shared WhatsApp number
 * or SMS number, from a phone no account knows. Kept whole, shown in the admin back office's inbox, and
 * moved into an account's inbox when an admin assigns it. Writer: modules/inbox.
 */
export const inboxUnrouted = pgTable(
  'inbox_unrouted',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<InboxChannel>().notNull(),
    /** The provider's message id (wamid, Twilio's SM… sid): a second delivery is stored once. */
    externalId: text('external_id').notNull(),
    /** The sender's phone digits (no '+'). */
    phone: text('phone').notNull(),
    senderName: text('sender_name').notNull().default(''),
    /** The number it was sent to (phone_number_id for WhatsApp, the Twilio number for SMS). */
    recipient: text('recipient').notNull().default(''),
    type: text('type').notNull().default('text'),
    body: text('body').notNull().default(''),
    raw: jsonb('raw'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    assignedAccountId: uuid('assigned_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    assignedThreadId: uuid('assigned_thread_id').references(() => inboxThreads.id, { onDelete: 'set null' }),
    assignedByUserId: uuid('assigned_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inbox_unrouted_external_idx').on(t.channel, t.externalId),
    index('inbox_unrouted_recent_idx').on(t.receivedAt),
  ],
);

export type BroadcastStatus = 'sending' | 'done' | 'cancelled';
export type RecipientStatus = 'queued' | 'accepted' | 'sent' | 'delivered' | 'read' | 'failed' | 'skipped';

/** A mass message (whatsapp-mass-communication): one approved template to the guests a filter chose. */
export const broadcasts = pgTable('broadcasts', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  templateId: uuid('template_id').references(() => messageTemplates.id, { onDelete: 'set null' }),
  templateName: text('template_name').notNull(),
  /** The recipients' filter as chosen: property ids, stay dates, booking statuses. */
  filter: jsonb('filter').notNull(),
  status: text('status').$type<BroadcastStatus>().notNull().default('sending'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    broadcastId: uuid('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    threadId: uuid('thread_id').references(() => inboxThreads.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => inboxMessages.id, { onDelete: 'set null' }),
    guestName: text('guest_name').notNull().default(''),
    phone: text('phone').notNull(),
    status: text('status').$type<RecipientStatus>().notNull().default('queued'),
    /** Why it failed or was skipped: opted_out, no_phone, daily_limit, the provider's code. */
    reason: text('reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('broadcast_recipients_phone_idx').on(t.broadcastId, t.phone),
    index('broadcast_recipients_message_idx').on(t.messageId),
  ],
);

export type ReviewRequestStatus = 'scheduled' | 'sent' | 'answered' | 'failed' | 'cancelled';

/**
 * A review request after a stay (guest-reviews settings). The guest scores on the scale the message
 * showed (5 or 10, spec 9 keeps both readings); everyone gets the same review URL whatever the score.
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id').references(() => inboxThreads.id, { onDelete: 'set null' }),
    /** The public page's key (/r/{token}); 128 random bits. */
    token: text('token').notNull(),
    channel: text('channel').$type<InboxChannel>().notNull(),
    scale: smallint('scale').notNull(),
    status: text('status').$type<ReviewRequestStatus>().notNull().default('scheduled'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    score: smallint('score'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** When the guest followed the review URL. */
    redirectedAt: timestamp('redirected_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_requests_booking_idx').on(t.bookingId),
    uniqueIndex('review_requests_token_idx').on(t.token),
    index('review_requests_due_idx').on(t.status, t.dueAt),
    check('review_requests_scale', sql`${t.scale} in (5, 10)`),
    check('review_requests_score', sql`${t.score} is null or (${t.score} between 1 and ${t.scale})`),
  ],
);

/**
 * Per property (settings › notifications): which bell kinds also reach the operator by e-mail and by
 * WhatsApp. A missing row means the defaults (e-mail on, WhatsApp off).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull().default(true),
    whatsapp: boolean('whatsapp').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_preferences_kind_idx').on(t.propertyId, t.kind)],
);

/** guest-reviews settings beyond the review URL: when the request goes out and on which scale. */
export const reviewSettings = pgTable('review_settings', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** Hour of the day after departure, in the property's time zone (0–23). */
  sendHour: smallint('send_hour').notNull().default(11),
  /** Days after departure (0: the departure day itself). */
  delayDays: smallint('delay_days').notNull().default(0),
  scale: smallint('scale').notNull().default(10),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
