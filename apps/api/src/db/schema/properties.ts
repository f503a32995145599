import type {
  AuthorityEntity,
  CheckinSendSchedule,
  smartLockDeliveryTimes,
  smartLockKeyTypes,
  storeTypes,
} from '@posada/contracts/property-settings';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/** A text in the three interface languages (spec 1: es, en, ar). */
export interface LocalizedColumn {
  es: string;
  en: string;
  ar: string;
}

/**
 * A property (alojamiento): what the creation wizard collects (spec 3 Property creation draft) and the
 * Accommodation settings (spec 3) that the settings pages edit.
 */
export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    internalName: text('internal_name'),
    logo: text('logo'),
    /** apartamento | villa | hotel | camping */
    tipoPropiedad: text('tipo_propiedad').notNull(),
    pais: text('pais').notNull().default('ES'),
    city: text('city'),
    address: text('address'),
    zipCode: text('zip_code'),
    timeZone: text('time_zone').notNull().default('Europe/Madrid'),
    guests: integer('guests').notNull().default(1),
    bedrooms: integer('bedrooms').notNull().default(1),
    bathrooms: integer('bathrooms').notNull().default(1),
    /** spec 3 Property services (fixed list). */
    services: text('services').array().notNull().default(sql`'{}'::text[]`),
    /** Nightly price in minor units of `currency`; null until set. */
    priceNight: integer('price_night'),
    currency: text('currency').notNull().default('EUR'),
    description: jsonb('description')
      .$type<LocalizedColumn>()
      .notNull()
      .default(sql`'{"es":"","en":"","ar":""}'::jsonb`),
    botGpt: boolean('bot_gpt').notNull().default(false),
    /** spec 3 accommodation_units[].web_reservation_active: sold on the direct-booking website (apartments, villas). */
    webReservationActive: boolean('web_reservation_active').notNull().default(true),
    /** Accommodation settings (spec 3). Disabled blocks check-ins (spec 4). */
    active: boolean('active').notNull().default(true),
    policies: jsonb('policies').$type<LocalizedColumn>(),
    welcome: jsonb('welcome').$type<LocalizedColumn>(),
    securityCode: text('security_code'),
    /** spec 9: only region ES counts as available. */
    region: text('region').notNull().default('ES'),
    confirmWhatsapp: boolean('confirm_whatsapp').notNull().default(false),
    confirmEmail: boolean('confirm_email').notNull().default(false),
    confirmSms: boolean('confirm_sms').notNull().default(false),
    reviewUrl: text('review_url'),
    /** Guest reviews on (spec 5: the review URL is required to enable them). */
    reviewsEnabled: boolean('reviews_enabled').notNull().default(false),
    identityVerification: boolean('identity_verification').notNull().default(false),
    /** Smart lock (spec 3): enabled flag, delivery time, key type (only static for now), master code. */
    smartLock: boolean('smart_lock').notNull().default(false),
    smartLockDeliveryTime: text('smart_lock_delivery_time')
      .$type<(typeof smartLockDeliveryTimes)[number]>()
      .notNull()
      .default('checkin_completed'),
    smartLockKeyType: text('smart_lock_key_type')
      .$type<(typeof smartLockKeyTypes)[number]>()
      .notNull()
      .default('static'),
    smartLockMasterCode: text('smart_lock_master_code'),
    /**
     * The door code reaches the guest only once the police registration is accepted (issue 14: the
     * default; it applies where an authority is configured). The operator can still release by hand.
     */
    smartLockRequiresRegistration: boolean('smart_lock_requires_registration').notNull().default(true),
    /** Check-in and check-out times (HH:MM, the property's local time): guest summary, SES dates, door-code windows. */
    checkinTime: text('checkin_time').notNull().default('15:00'),
    checkoutTime: text('checkout_time').notNull().default('11:00'),
    /** Experience store (spec 3): ours (internal) or a link to the operator's own (external). */
    storeEnabled: boolean('store_enabled').notNull().default(false),
    storeType: text('store_type').$type<(typeof storeTypes)[number]>().notNull().default('internal'),
    storeExternalMessage: text('store_external_message'),
    storeExternalUrl: text('store_external_url'),
    /**
     * Check-in send schedule (spec 3, 4). Default 24h: the link goes out at 10 PM the night before arrival,
     * what operators expect from an online check-in; 'disabled' means manual sending.
     */
    checkinSchedule: text('checkin_schedule').$type<CheckinSendSchedule>().notNull().default('24h'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('properties_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * Authority credentials (spec 3): the police body guests are registered with and the operator's login
 * there. One row per property; the password is sealed (lib/secret-box.ts, purpose 'authorities.password',
 * bound to the property id) and never answered by the API.
 */
export const propertyAuthorities = pgTable('property_authorities', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  entity: text('entity').$type<AuthorityEntity>().notNull(),
  username: text('username').notNull(),
  passwordCiphertext: text('password_ciphertext').notNull(),
  establishmentCode: text('establishment_code').notNull(),
  landlordCode: text('landlord_code').notNull(),
  /** When registrations go out: at once, or in the property's nightly batch (issue 14). */
  sendMode: text('send_mode').$type<'immediate' | 'nightly'>().notNull().default('immediate'),
  /**
   * Ertzaintza signs with the operator's X.509 certificate: the PFX (base64) and its passphrase, both
   * sealed (purposes 'authorities.certificate' and 'authorities.certificate_password', bound to the property id).
   */
  certificateSealed: text('certificate_sealed'),
  certificatePasswordSealed: text('certificate_password_sealed'),
  certificateSubject: text('certificate_subject'),
  certificateExpiresAt: timestamp('certificate_expires_at', { withTimezone: true }),
  /** Failed "test connection" attempts in a row (spec 5 advice: no more than three). */
  failedTestAttempts: integer('failed_test_attempts').notNull().default(0),
  lastTestAt: timestamp('last_test_at', { withTimezone: true }),
  lastTestOk: boolean('last_test_ok'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
