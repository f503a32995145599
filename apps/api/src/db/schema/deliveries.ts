import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { bookings } from './bookings.ts';
import { checkins } from './checkins.ts';
import { inboxMessages, inboxThreads } from './messaging.ts';
import { properties } from './properties.ts';

/**
 * The delivery pipeline (issue 26, docs/messaging.md Delivery): one record per attempt of a message on one
 * channel, whose state comes from the provider. Writer: modules/delivery.
 */

export type DeliveryChannel = 'whatsapp' | 'sms' | 'email';
/**
 * queued → accepted (the provider took it, with its id) → sent → delivered → read, or failed (the provider's
 * code). skipped: the channel was not tried (not configured, no usable template, opted out); the next one was.
 */
export type DeliveryStatus = 'queued' | 'accepted' | 'sent' | 'delivered' | 'read' | 'failed' | 'skipped';

/** What the pipeline hands a provider (content as sent, so a retry or another channel sends the same). */
export interface DeliveryContent {
  /** The text the recipient reads (free-form WhatsApp, SMS, e-mail body). */
  text: string;
  subject?: string;
  /** E-mail: the HTML alternative of the text. */
  html?: string;
  /** The WhatsApp template actually sent (name, language, parameters per component). */
  template?: {
    name: string;
    language: string;
    category: string;
    bodyParams: string[];
    /** A NAMED template's parameter names, in the body's order. */
    bodyNames?: string[];
    headerParams?: { type: 'text' | 'image' | 'document' | 'video'; value: string }[];
    buttonParams?: { index: number; subType: 'url' | 'copy_code'; value: string }[];
  };
  /** A stored file sent as WhatsApp media (FileStorage name). */
  media?: { file: string; mime: string; name: string; type: 'image' | 'document' | 'audio' | 'video' };
  /** The message as asked for, so a fallback to another channel sends the same (not shown). */
  request: {
    text: string;
    subject?: string;
    html?: string;
    values?: Record<string, string | undefined>;
    phone: string | null;
    email: string | null;
    /** A template the sender chose (composer, broadcast). */
    template?: { name: string; language: string; bodyParams: string[] };
    refuseOutsideWindow?: boolean;
  };
}

export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The first attempt of the same message (its own id for the first): a fallback keeps it. */
    messageId: uuid('message_id').notNull(),
    /** The attempt on the channel before this one, when this is a fallback. */
    previousId: uuid('previous_id').references((): AnyPgColumn => messageDeliveries.id, {
      onDelete: 'set null',
    }),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    checkinId: uuid('checkin_id').references(() => checkins.id, { onDelete: 'set null' }),
    /** The guest's conversation and the message there, when the recipient is a guest. */
    threadId: uuid('thread_id').references(() => inboxThreads.id, { onDelete: 'set null' }),
    inboxMessageId: uuid('inbox_message_id').references(() => inboxMessages.id, { onDelete: 'set null' }),
    /** checkin_link, door_code, review_request… (contracts/deliveries deliveryKinds). */
    kind: text('kind').notNull(),
    /** What the message is about, for the screens that show it (service_request:{id}, guest_payment:{id}…). */
    ref: text('ref'),
    /** guest, provider or operator. */
    audience: text('audience').notNull(),
    channel: text('channel').$type<DeliveryChannel>().notNull(),
    /** E.164 with '+' for a phone, or the e-mail address. */
    recipient: text('recipient').notNull(),
    recipientName: text('recipient_name').notNull().default(''),
    language: text('language').notNull().default('es'),
    content: jsonb('content').$type<DeliveryContent>().notNull(),
    /** The URL the message carries (a check-in link, a review page): the screens offer to copy it. */
    link: text('link'),
    status: text('status').$type<DeliveryStatus>().notNull().default('queued'),
    /** wamid, Twilio's SM… sid, or the SMTP Message-ID. */
    providerId: text('provider_id'),
    /** The provider's code (131047, 30003, 550…) or Posada's reason for a skip (no_template…). */
    errorCode: text('error_code'),
    errorDetail: text('error_detail'),
    /** Channels still to try, in the operator's order, when this one fails for good. */
    nextChannels: jsonb('next_channels').$type<DeliveryChannel[]>().notNull().default([]),
    /** The attempt that took over after this one failed (set once: the fallback happens once). */
    fallbackId: uuid('fallback_id'),
    /** Provider calls made (temporary errors are retried with backoff up to a limit). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** WhatsApp's pricing category of the first status that carried one (one cost record per message). */
    pricing: text('pricing'),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('message_deliveries_provider_idx')
      .on(t.channel, t.providerId)
      .where(sql`${t.providerId} is not null`),
    index('message_deliveries_booking_idx').on(t.bookingId, t.createdAt),
    index('message_deliveries_checkin_idx').on(t.checkinId, t.createdAt),
    index('message_deliveries_message_idx').on(t.messageId),
    index('message_deliveries_ref_idx').on(t.accountId, t.ref).where(sql`${t.ref} is not null`),
    index('message_deliveries_health_idx').on(t.accountId, t.propertyId, t.channel, t.updatedAt),
    index('message_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued' and ${t.nextAttemptAt} is not null`),
  ],
);

/**
 * Per property and kind of guest message: the channels the operator chose, in order (WhatsApp, SMS,
 * e-mail). No row: the property's confirmation channels.
 */
export const deliveryPreferences = pgTable(
  'delivery_preferences',
  {
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channels: jsonb('channels').$type<DeliveryChannel[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.kind] })],
);

/**
 * A phone number that asked a sender to stop: SMS STOP (or Twilio's 21610), WhatsApp's marketing stop
 * (user_preferences, 131050). `sender` is the number it applies to ('' when any); `scope` 'all' or
 * 'marketing'. A platform row about a phone number, not an account's.
 */
export const messagingOptOuts = pgTable(
  'messaging_opt_outs',
  {
    channel: text('channel').$type<DeliveryChannel>().notNull(),
    sender: text('sender').notNull().default(''),
    /** Digits without '+'. */
    address: text('address').notNull(),
    scope: text('scope').$type<'all' | 'marketing'>().notNull(),
    source: text('source').notNull(),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.sender, t.address, t.scope] })],
);
