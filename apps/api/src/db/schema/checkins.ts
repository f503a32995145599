import type { CheckinSendSchedule } from '@posada/contracts/property-settings';
import type {
  CheckinProcess,
  CheckinStatus,
  DocumentType,
  Gender,
  Kinship,
  PaymentMethod,
} from '@posada/domain/checkin-rules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { bookings } from './bookings.ts';
import { bytea } from './bytea.ts';
import { properties } from './properties.ts';

/** The channels a check-in link or a verification code goes out on. */
export type CheckinChannel = 'email' | 'whatsapp' | 'sms' | 'qr' | 'log';

/**
 * A check-in (spec 3 Check-in; spec 4 Check-in list): the guests of one stay registering. Created with a
 * booking (its programmed check-in), by the operator's send check-in, or by the manual check-in. The guest
 * reaches it through an unguessable link token, stored as a SHA-256 hash for lookup and sealed
 * (lib/secret-box.ts, purpose 'checkin.link') so the operator can show the link and its QR again.
 */
export const checkins = pgTable(
  'checkins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The reservation it belongs to (one programmed check-in per booking); null for a walk-in. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** Lead guest's contact as given by the booking or the send form. */
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Interface language of messages to the guest (es, en, ar). */
    language: text('language').notNull().default('es'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    expectedGuests: integer('expected_guests').notNull().default(1),
    status: text('status').$type<CheckinStatus>().notNull().default('pending'),
    linkTokenHash: text('link_token_hash').notNull(),
    linkTokenSealed: text('link_token_sealed').notNull(),
    /** The guest link stops working the day after the stay (privacy). */
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }).notNull(),
    /** A check-in code registered for this stay (spec 5: security code or check-in code). */
    checkinCode: text('checkin_code'),
    /** Programmed sending (spec 4 Check-in link schedule): when, on which channel, what happened. */
    schedule: text('schedule').$type<CheckinSendSchedule>(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    sendChannel: text('send_channel').$type<CheckinChannel>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * Reminders to the lead guest that travellers are still to register after the check-in was finished
     * (issue 27): how many went out and when the last did (at most 3, a day apart).
     */
    travellerReminders: integer('traveller_reminders').notNull().default(0),
    travellersRemindedAt: timestamp('travellers_reminded_at', { withTimezone: true }),
    /** spec 4 Check-in list: key status delivered or waiting. */
    keysDelivered: boolean('keys_delivered').notNull().default(false),
    /** spec 3 programmed.cantidad_payment: a deposit asked with the check-in (minor units); 0 none. */
    depositAmount: integer('deposit_amount').notNull().default(0),
    /** spec 4 Deposit: 0 unknown, 1 paid, 2 pending, 3 refunded. */
    depositStatus: smallint('deposit_status').notNull().default(0),
    origin: text('origin').$type<'booking' | 'send' | 'manual'>().notNull().default('booking'),
    /** RD 933/2021: the guest records go 3 years after the stay ends (checkins.jobs purge). */
    purgeAfter: date('purge_after', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkins_link_token_idx').on(t.linkTokenHash),
    uniqueIndex('checkins_booking_idx').on(t.bookingId).where(sql`${t.bookingId} is not null`),
    index('checkins_account_idx').on(t.accountId, t.startDate),
    index('checkins_scheduled_idx').on(t.scheduledFor).where(sql`${t.sentAt} is null`),
    index('checkins_purge_idx').on(t.purgeAfter),
  ],
);

/**
 * One registered guest of a check-in (spec 3 Check-in guest data). The document and selfie images are
 * processed on the phone and never reach us: only the extracted fields, the face-match score and the
 * signature are kept. The document number is sealed (purpose 'checkin.document', bound to the guest id);
 * `document_last4` lets lists show it masked.
 */
export const checkinGuests = pgTable(
  'checkin_guests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkinId: uuid('checkin_id')
      .notNull()
      .references(() => checkins.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    isLead: boolean('is_lead').notNull().default(false),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender').$type<Gender>().notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    documentType: text('document_type').$type<DocumentType>().notNull(),
    documentNumberSealed: text('document_number_sealed').notNull(),
    documentLast4: text('document_last4').notNull(),
    issueDate: date('issue_date', { mode: 'string' }),
    expiryDate: date('expiry_date', { mode: 'string' }),
    supportNumber: text('support_number').notNull(),
    /** ISO 3166-1 alpha-3 as the MRZ writes it. */
    nationality: text('nationality').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    /** From the postal-code dataset when the residence is in Spain. */
    province: text('province'),
    municipality: text('municipality'),
    residenceCountry: text('residence_country').notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>(),
    paymentDate: date('payment_date', { mode: 'string' }),
    minors: boolean('minors').notNull().default(false),
    kinship: text('kinship').$type<Kinship>(),
    /** PNG data URL of the drawn signature. */
    signature: text('signature'),
    /** The signed registration card (PDF). */
    registrationPdf: bytea('registration_pdf'),
    process: text('process').$type<CheckinProcess>().notNull(),
    /** Identity verification (selfie against the document photo, on the phone). */
    faceScore: real('face_score'),
    faceMatch: boolean('face_match'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('checkin_guests_checkin_idx').on(t.checkinId),
    index('checkin_guests_account_idx').on(t.accountId),
  ],
);

/** One-time messaging verification codes of the guest flow (hashed; limited in attempts and time). */
export const checkinVerificationCodes = pgTable(
  'checkin_verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkinId: uuid('checkin_id')
      .notNull()
      .references(() => checkins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    channel: text('channel').$type<CheckinChannel>().notNull(),
    destination: text('destination').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checkin_codes_checkin_idx').on(t.checkinId, t.createdAt)],
);

/** spec 3 Reminder (day, hour, description), shown in the bell at scheduled-checkins/bell when due. */
export const reminders = pgTable(
  'reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** HH:MM in the property's (or the account's first property's) time zone. */
    hour: text('hour').notNull(),
    description: text('description').notNull(),
    /** The UTC instant it is due. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** Set when it rang (a notification was recorded and pushed). */
    rangAt: timestamp('rang_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reminders_account_idx').on(t.accountId, t.dueAt)],
);
