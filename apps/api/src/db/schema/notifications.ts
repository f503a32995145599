import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { properties } from './properties.ts';

/** The bell's table; its only writer is modules/notifications. */
export const notificationKinds = [
  'booking_new',
  'booking_update',
  'booking_cancel',
  'checkin',
  'service',
  /** Issue 14: a police registration rejected, needing action or near its deadline (shown as type 4, check-in). */
  'registration',
  /** Issue 15: a channel calendar failing for more than 2 hours, or an imported stay that overbooks. */
  'channel',
  /** Issue 16: the subscription's payment failed (the banner's fix link); shown as type 5. */
  'billing',
  /** Issue 17: a guest wrote (WhatsApp, e-mail or SMS) and the inbox has a new message; shown as type 5. */
  'message',
  /** Issue 17: a guest answered a review request with a score; shown as type 5. */
  'review',
  /** Issue 19: the concierge could not answer a guest, or handed the conversation to a person; type 5. */
  'bot',
  /** Issue 26: a message to a guest or a provider could not be delivered on any channel; type 5. */
  'delivery',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];
/** spec 3 Notification type 1 to 5, one per kind in this order. */
export const notificationTypeOf: Record<NotificationKind, number> = {
  booking_new: 1,
  booking_update: 2,
  booking_cancel: 3,
  checkin: 4,
  service: 5,
  registration: 4,
  channel: 2,
  billing: 5,
  message: 5,
  review: 5,
  bot: 5,
  delivery: 5,
};

/** spec 3 Notification: unread while read_at is empty (spec 4). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** The booking, check-in or service request it is about. */
    relationId: uuid('relation_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_account_created_idx').on(t.accountId, t.createdAt),
    check('notifications_type_range', sql`${t.type} BETWEEN 1 AND 5`),
  ],
);
