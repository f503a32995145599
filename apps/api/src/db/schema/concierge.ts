import type {
  BotAction,
  BotMessageRole,
  BotOutcome,
  BotQuestionSource,
  BotQuestionStatus,
  ConciergeLanguage,
  LocalizedAnswer,
} from '@posada/domain/concierge';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { checkins } from './checkins.ts';
import { inboxMessages, inboxThreads } from './messaging.ts';
import { properties } from './properties.ts';

/**
 * The AI concierge (issue 19, docs/concierge.md). Writer: modules/concierge (bot_questions, bot_settings,
 * bot_chats, bot_messages).
 */

/**
 * spec 3 Bot question: a question and its answer per language, an optional image; spec 4 answered or
 * pending. A guest's question the bot could not answer is stored pending (source guest) so the
 * knowledge grows from real guests; asking it again counts it instead of adding a row.
 */
export const botQuestions = pgTable(
  'bot_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    question: jsonb('question').$type<LocalizedAnswer>().notNull(),
    answer: jsonb('answer').$type<LocalizedAnswer>().notNull(),
    /** A FileStorage image name (JPEG, PNG or GIF through the files module), sent with the answer. */
    imageFile: text('image_file'),
    status: text('status').$type<BotQuestionStatus>().notNull().default('answered'),
    source: text('source').$type<BotQuestionSource>().notNull().default('operator'),
    /** A pending question: its normalised text in the language asked, so a repeat is counted, not added. */
    askedKey: text('asked_key'),
    askedCount: integer('asked_count').notNull().default(0),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bot_questions_property_idx').on(t.propertyId, t.status),
    uniqueIndex('bot_questions_asked_idx').on(t.propertyId, t.askedKey).where(sql`${t.askedKey} is not null`),
  ],
);

/**
 * A property's concierge policy (issue 19, 3): what the bot may do on its own, and the facts the
 * operator marks as shareable (Wi-Fi, how to get in). The bot flag itself is properties.bot_gpt.
 */
export const botSettings = pgTable('bot_settings', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** The actions the bot may take without a person (domain botActions); the rest is escalated. */
  allowedActions: jsonb('allowed_actions').$type<BotAction[]>().notNull().default([]),
  wifiName: text('wifi_name').notNull().default(''),
  wifiPassword: text('wifi_password').notNull().default(''),
  shareWifi: boolean('share_wifi').notNull().default(false),
  /** How to get in (key box, door, floor), per language. */
  accessInstructions: jsonb('access_instructions')
    .$type<LocalizedAnswer>()
    .notNull()
    .default({ es: '', en: '', ar: '' }),
  shareAccess: boolean('share_access').notNull().default(false),
  /** Late check-out the bot may propose: until this local time ("HH:MM"), at this price (minor units; 0 free). */
  lateCheckoutUntil: text('late_checkout_until').notNull().default('13:00'),
  lateCheckoutPrice: integer('late_checkout_price').notNull().default(0),
  /** Early check-in the bot may propose: from this local time ("HH:MM"), at this price (minor units; 0 free). */
  earlyCheckinFrom: text('early_checkin_from').notNull().default('12:00'),
  earlyCheckinPrice: integer('early_checkin_price').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * spec 3 Bot chat: one per inbox thread and property. spec 4 Bot chat item: unread while has_new_message.
 * `paused_at`: an operator took the conversation over in the inbox; the bot stays quiet until handed back.
 */
export const botChats = pgTable(
  'bot_chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => inboxThreads.id, { onDelete: 'cascade' }),
    checkinId: uuid('checkin_id').references(() => checkins.id, { onDelete: 'set null' }),
    phoneNumber: text('phone_number').notNull(),
    guestName: text('guest_name').notNull().default(''),
    language: text('language').$type<ConciergeLanguage>().notNull().default('es'),
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessagePreview: text('last_message_preview').notNull().default(''),
    hasNewMessage: boolean('has_new_message').notNull().default(false),
    /** A proposal waiting for the guest's yes (late check-out, early check-in, a service): what and its terms. */
    pendingOffer: jsonb('pending_offer'),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pausedByUserId: uuid('paused_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bot_chats_thread_idx').on(t.threadId),
    index('bot_chats_property_idx').on(t.propertyId, t.lastMessageAt),
  ],
);

/**
 * spec 3 Bot chat messages (role, content, timestamp), with what the bot did: the knowledge it cited,
 * the action it took and the rule that allowed it, or why it escalated.
 */
export const botMessages = pgTable(
  'bot_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => botChats.id, { onDelete: 'cascade' }),
    role: text('role').$type<BotMessageRole>().notNull(),
    content: text('content').notNull(),
    /** The inbox message this line is (the guest's, or the bot's reply as sent). */
    inboxMessageId: uuid('inbox_message_id').references(() => inboxMessages.id, { onDelete: 'set null' }),
    outcome: text('outcome').$type<BotOutcome>(),
    /** The knowledge the answer came from: a bot question id, or a property fact ("fact:wifi"). */
    source: text('source'),
    action: text('action').$type<BotAction>(),
    /** The policy that allowed the action, or why the bot escalated (logged for the operator). */
    rule: text('rule'),
    /** The engine that answered (embedded or llm) and its confidence, for the operator and the bench. */
    engine: text('engine'),
    confidence: integer('confidence'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bot_messages_chat_idx').on(t.chatId, t.createdAt)],
);
