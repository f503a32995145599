import type {
  ConfirmationType,
  LocalizedText,
  PriceType,
  ServiceCategory,
  ServicePaymentMode,
  ServiceRequestStatus,
  UpsellMoment,
} from '@posada/domain/experiences';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { bookings } from './bookings.ts';
import { checkins } from './checkins.ts';
import { guestPayments } from './payments.ts';
import { properties } from './properties.ts';

/**
 * The experiences store (issue 18, docs/experiences.md). Writers: modules/experiences (service_providers,
 * services, service_requests, upsell_settings, upsell_offers, service_funnel_events).
 */

/** spec 3 Provider / supplier: id, name, country, phone, email, address. */
export const serviceProviders = pgTable(
  'service_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    /** E.164 (libphonenumber), '' when none. */
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('service_providers_account_idx').on(t.accountId, t.name)],
);

/** A stored photo of a service: the file and its thumbnail (modules/files names). */
export interface ServicePhoto {
  file: string;
  thumb: string | null;
}

/** spec 3 Service / experience. */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Null: offered at every property of the account (spec 3 "property (or all)"). */
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    /** The operator's own name for it (lists, reports). */
    name: text('name').notNull(),
    /** What the guest reads, in es (required), en and ar. */
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    category: text('category').$type<ServiceCategory>().notNull(),
    /** Null: the spec's provider value "Internal service". */
    providerId: uuid('provider_id').references(() => serviceProviders.id, { onDelete: 'set null' }),
    confirmation: text('confirmation').$type<ConfirmationType>().notNull(),
    priceType: text('price_type').$type<PriceType>().notNull(),
    /** Minor units of `currency` (ARCHITECTURE §6); 0 is a free service. */
    price: integer('price').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** Up to 3 (spec 5); the first is the cover. */
    photos: jsonb('photos').$type<ServicePhoto[]>().notNull().default(sql`'[]'::jsonb`),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('services_account_idx').on(t.accountId, t.createdAt),
    index('services_property_idx').on(t.propertyId),
    index('services_provider_idx').on(t.providerId),
  ],
);

/** spec 3 Service request: service, client, phone, created date, status, applicant document type and number. */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** Null once the service is deleted; the request keeps its name and price as they were. */
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    /** The provider at the time of the request (reports by provider); null: internal. */
    providerId: uuid('provider_id').references(() => serviceProviders.id, { onDelete: 'set null' }),
    checkinId: uuid('checkin_id').references(() => checkins.id, { onDelete: 'set null' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    serviceName: text('service_name').notNull(),
    category: text('category').$type<ServiceCategory>().notNull(),
    clientName: text('client_name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    /** The guest's language (es, en, ar): the messages about this request are written in it. */
    language: text('language').notNull().default('es'),
    /** The applicant's document (spec 3), from the check-in's main guest. */
    documentType: text('document_type').notNull().default(''),
    documentNumber: text('document_number').notNull().default(''),
    priceType: text('price_type').$type<PriceType>().notNull(),
    /** Units, persons, days or hours (1 for a group). */
    quantity: smallint('quantity').notNull().default(1),
    /** The day the guest wants it (YYYY-MM-DD), and the time (HH:MM) when given. */
    serviceDate: text('service_date'),
    serviceTime: text('service_time'),
    /** What the guest wrote (at most 500 characters). */
    notes: text('notes').notNull().default(''),
    unitPrice: integer('unit_price').notNull(),
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<ServiceRequestStatus>().notNull(),
    paymentMode: text('payment_mode').$type<ServicePaymentMode>().notNull(),
    /** The newest Checkout of this request (modules/payments owns the row). */
    guestPaymentId: uuid('guest_payment_id').references(() => guestPayments.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the provider was told (e-mail or WhatsApp), once. */
    providerNotifiedAt: timestamp('provider_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('service_requests_account_idx').on(t.accountId, t.createdAt),
    index('service_requests_checkin_idx').on(t.checkinId),
    index('service_requests_payment_idx').on(t.guestPaymentId),
  ],
);

/** spec 2.2 /config_properties_notifications/{id}/properties: when a property offers services. */
export const upsellSettings = pgTable(
  'upsell_settings',
  {
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    moment: text('moment').$type<UpsellMoment>().notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** before_arrival: days before the arrival date; during_stay: the day of the stay (1 = arrival day). */
    days: smallint('days'),
    /** The services offered at this moment (at most 6 in a message). */
    serviceIds: uuid('service_ids').array().notNull().default(sql`'{}'::uuid[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.moment] })],
);

/** Each offer message sent to a stay, once per moment (the job claims it before sending). */
export const upsellOffers = pgTable(
  'upsell_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    checkinId: uuid('checkin_id')
      .notNull()
      .references(() => checkins.id, { onDelete: 'cascade' }),
    moment: text('moment').$type<UpsellMoment>().notNull(),
    /** whatsapp | email | none (no contact), failed: the reason in `failure`. */
    channel: text('channel').notNull(),
    status: text('status').$type<'claimed' | 'sent' | 'skipped' | 'failed'>().notNull().default('claimed'),
    failure: text('failure'),
    serviceIds: uuid('service_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('upsell_offers_once_idx').on(t.checkinId, t.moment),
    index('upsell_offers_account_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * The store's funnel (reports' conversion): a service `offered` to a stay (shown in its list or sent in
 * an offer) and `viewed` (its detail page opened), once per service and check-in. Requested and paid
 * come from service_requests.
 */
export const serviceFunnelEvents = pgTable(
  'service_funnel_events',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    checkinId: uuid('checkin_id')
      .notNull()
      .references(() => checkins.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'offered' | 'viewed'>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.serviceId, t.checkinId] }),
    index('service_funnel_account_idx').on(t.accountId, t.at),
  ],
);
