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
    smartLock: boolean('smart_lock').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('properties_account_idx').on(t.accountId, t.createdAt)],
);
