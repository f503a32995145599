import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Wrong guest check-in code attempts per key (session, or property and client address), shared by every
 * API process; a row counts until `expires_at`, then the next attempt starts a new window.
 */
export const guestCodeAttempts = pgTable(
  'guest_code_attempts',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('guest_code_attempts_expires_idx').on(t.expiresAt)],
);
