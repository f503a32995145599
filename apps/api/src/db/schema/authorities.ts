import type { AuthorityEntity } from '@posada/contracts/property-settings';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { bookings } from './bookings.ts';
import { bytea } from './bytea.ts';
import { checkins } from './checkins.ts';
import { properties } from './properties.ts';

/** PV: parte de viajeros (the guests, at check-in). RH: reserva de hospedaje (the booking). */
export type RegistrationKind = 'PV' | 'RH';

/**
 * A registration's life (issue 14): queued → sending → sent (batch accepted, being processed) →
 * accepted | rejected; a PV waits in waiting_guests while fewer travellers registered than the stay
 * expects (issue 27), until the last one registers or the operator sends it anyway; needs_action when we cannot send without the operator (data missing, bad
 * credentials, a Mossos file to upload); cancelling → cancelled for a cancelled booking or a correction;
 * superseded when a corrected version replaced it.
 */
export type RegistrationState =
  | 'waiting_guests'
  | 'queued'
  | 'sending'
  | 'sent'
  | 'accepted'
  | 'rejected'
  | 'needs_action'
  | 'cancelling'
  | 'cancelled'
  | 'superseded';

/** One error an authority (or our pre-send check) gave, field by field where it says which. */
export interface RegistrationError {
  code: string;
  message: string;
  field?: string;
  /** 1-based guest position in the communication, when the error names one. */
  guest?: number;
}

/**
 * One communication to the police (spec 1 function 5, RD 933/2021): a check-in's parte de viajeros or a
 * booking's reserva. Kept 3 years as the legal record; `communication_codes` (SES codigoComunicacion),
 * `batch_code` (lote / petición) or the Mossos receipt are the proof.
 */
export const policeRegistrations = pgTable(
  'police_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    checkinId: uuid('checkin_id').references(() => checkins.id, { onDelete: 'set null' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    kind: text('kind').$type<RegistrationKind>().notNull(),
    entity: text('entity').$type<AuthorityEntity>().notNull(),
    /** Our contract reference sent to the authority (referencia, at most 50 characters). */
    reference: text('reference').notNull(),
    /** Rises by one per corrected re-send of the same check-in or booking. */
    version: integer('version').notNull().default(1),
    /** `<kind>:<checkin or booking id>:v<version>`: the same communication is never sent twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state').$type<RegistrationState>().notNull().default('queued'),
    /** 24 hours after the arrival (PV) or the booking (RH). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** Nightly batch: not before this instant. */
    notBefore: timestamp('not_before', { withTimezone: true }),
    guestCount: integer('guest_count').notNull().default(0),
    /** The travellers the stay expects (PV): fewer registered holds it in waiting_guests. */
    expectedGuests: integer('expected_guests').notNull().default(0),
    /** The operator confirmed sending with fewer travellers than expected (the count is guest_count). */
    sentIncomplete: boolean('sent_incomplete').notNull().default(false),
    batchCode: text('batch_code'),
    communicationCodes: jsonb('communication_codes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Mossos: the receipt number the operator read at the portal after uploading the file. */
    receiptNumber: text('receipt_number'),
    policeFileId: uuid('police_file_id'),
    errors: jsonb('errors').$type<RegistrationError[]>().notNull().default(sql`'[]'::jsonb`),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The overdue warning (12 hours before the deadline) was raised. */
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
    /** RD 933/2021: the record is kept 3 years, then purged. */
    purgeAfter: date('purge_after', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('police_registrations_idempotency_idx').on(t.accountId, t.idempotencyKey),
    index('police_registrations_account_idx').on(t.accountId, t.createdAt),
    index('police_registrations_checkin_idx').on(t.checkinId),
    index('police_registrations_booking_idx').on(t.bookingId),
    index('police_registrations_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('queued', 'sending', 'sent', 'cancelling')`),
  ],
);

/** Every exchange with the authority for a registration: the audit trail shown on the check-in. */
export const policeRegistrationAttempts = pgTable(
  'police_registration_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => policeRegistrations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** send | poll | cancel | file | upload */
    operation: text('operation').notNull(),
    /** ok | pending | rejected | failed */
    outcome: text('outcome').notNull(),
    /** The authority's code and text, or our adapter error, in its own words. */
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('police_registration_attempts_registration_idx').on(t.registrationId, t.createdAt)],
);

/**
 * A Mossos d'Esquadra bulk file (V24): one per property and day, downloaded by the operator and uploaded
 * at the Mossos portal, then marked uploaded with the portal's receipt number.
 */
export const policeFiles = pgTable(
  'police_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** 001–999, wrapping, per property (the file name's sequence). */
    sequence: integer('sequence').notNull(),
    fileName: text('file_name').notNull(),
    /** ISO-8859-1 bytes, as the portal expects them. */
    content: bytea('content').notNull(),
    registrationCount: integer('registration_count').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    receiptNumber: text('receipt_number'),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('police_files_property_idx').on(t.propertyId, t.day)],
);
