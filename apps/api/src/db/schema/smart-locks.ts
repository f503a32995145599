import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { bookings } from './bookings.ts';
import { checkins } from './checkins.ts';
import { properties } from './properties.ts';
import { rooms } from './rooms.ts';

export type LockVendor = 'nuki' | 'ttlock' | 'igloohome';

/**
 * An operator's account at a smart-lock vendor (issue 14). The credentials (token, OAuth tokens or client
 * credentials, as the vendor needs) are one sealed JSON value (purpose 'smart_locks.credentials', bound to
 * the row id) and never answered by the API.
 */
export const lockAccounts = pgTable(
  'lock_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    vendor: text('vendor').$type<LockVendor>().notNull(),
    /** What the operator sees: the vendor account's name or e-mail. */
    label: text('label').notNull(),
    credentialsSealed: text('credentials_sealed').notNull(),
    /** connected | error */
    status: text('status').notNull().default('connected'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lock_accounts_vendor_idx').on(t.accountId, t.vendor)],
);

/** The lock that opens a property, or one hotel room of it (room_id set). */
export const lockAssignments = pgTable(
  'lock_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'cascade' }),
    lockAccountId: uuid('lock_account_id')
      .notNull()
      .references(() => lockAccounts.id, { onDelete: 'cascade' }),
    /** The vendor's own lock id (Nuki smartlockId, TTLock lockId, igloohome deviceId). */
    remoteLockId: text('remote_lock_id').notNull(),
    lockName: text('lock_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lock_assignments_property_idx').on(t.propertyId).where(sql`${t.roomId} is null`),
    uniqueIndex('lock_assignments_room_idx').on(t.roomId).where(sql`${t.roomId} is not null`),
  ],
);

/**
 * A door code for one stay on one lock (docs smart-locks.md: requested → active → revoke_requested →
 * revoked; failed after the retries). The code is sealed (purpose 'smart_locks.code', bound to the row
 * id); it reaches the guest only when released (access_code_releases or the automatic rule).
 */
export type AccessCodeState =
  | 'requested'
  | 'active'
  | 'update_requested'
  | 'revoke_requested'
  | 'revoked'
  | 'expired'
  | 'failed';

export const accessCodes = pgTable(
  'access_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    checkinId: uuid('checkin_id').references(() => checkins.id, { onDelete: 'set null' }),
    lockAssignmentId: uuid('lock_assignment_id').references(() => lockAssignments.id, {
      onDelete: 'set null',
    }),
    vendor: text('vendor').$type<LockVendor>().notNull(),
    remoteLockId: text('remote_lock_id').notNull(),
    /** Nuki auth id, TTLock keyboardPwdId, igloohome pinId; null until the vendor confirms it. */
    remoteCodeId: text('remote_code_id'),
    codeSealed: text('code_sealed'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    state: text('state').$type<AccessCodeState>().notNull().default('requested'),
    /** Not before this instant (the delivery time). */
    notBefore: timestamp('not_before', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('access_codes_booking_idx').on(t.bookingId),
    index('access_codes_checkin_idx').on(t.checkinId),
    index('access_codes_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('requested', 'update_requested', 'revoke_requested')`),
  ],
);

/** The operator released a check-in's door code by hand, and why (issue 14: the reason is logged). */
export const accessCodeReleases = pgTable(
  'access_code_releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    checkinId: uuid('checkin_id')
      .notNull()
      .references(() => checkins.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_code_releases_checkin_idx').on(t.checkinId)],
);
