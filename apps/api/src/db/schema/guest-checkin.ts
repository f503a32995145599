import { boolean, index, integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { checkins } from './checkins.ts';

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

/**
 * The identity check's verdicts (issue 27, docs/decisions.md "Identity verdict on the server"): the server
 * compares the face on the document with the selfie in memory and keeps only this row, never the images.
 * A guest registers with a verdict of their own check-in (match, or a mismatch they send to the operator's
 * manual check), used once.
 */
export const identityVerdicts = pgTable(
  'identity_verdicts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkinId: uuid('checkin_id')
      .notNull()
      .references(() => checkins.id, { onDelete: 'cascade' }),
    /** 0–1: 1 − the face descriptors' distance; 0 when a face was missing. */
    score: real('score').notNull(),
    match: boolean('match').notNull(),
    /** match, mismatch, no_face_document, no_face_selfie. */
    reason: text('reason').notNull(),
    /** The guest registered with it (once). */
    guestId: uuid('guest_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_verdicts_checkin_idx').on(t.checkinId, t.createdAt)],
);
