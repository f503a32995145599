import type { BookingChannel, BookingStatus, PaymentStatus, PriceLine } from '@posada/domain/booking-rules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { properties } from './properties.ts';
import { rooms, roomTypes } from './rooms.ts';

/**
 * A booking (spec 3 Reservation; spec 4 Booking and Reservation payment). Stay dates are SQL dates in the
 * property's time zone; the stay covers the nights [start_date, end_date). Money in minor units of
 * `currency`. The nights it holds are rows of `unit_nights` (one per unit and night), which is what
 * refuses a double booking.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** Short human code, e.g. PS-7K3Q9M; unique per account. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    guests: integer('guests').notNull(),
    status: text('status').$type<BookingStatus>().notNull().default('booked'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('pending'),
    /** Paused bookings get no automatic check-in message (spec 4). */
    paused: boolean('paused').notNull().default(false),
    channel: text('channel').$type<BookingChannel>().notNull().default('manual'),
    /** The channel's own reservation code (Airbnb's HM…), when the channel gives one (issue 15). */
    externalRef: text('external_ref'),
    /** Hotels and campings: the room type sold; null for apartments and villas. */
    roomTypeId: uuid('room_type_id').references(() => roomTypes.id, { onDelete: 'set null' }),
    /** Rooms of the type (hotels); 1 otherwise. */
    quantity: integer('quantity').notNull().default(1),
    /**
     * The rooms assigned (hotels), in order. The nights themselves are in unit_nights; this keeps the
     * assignment readable after a cancellation freed them.
     */
    roomIds: uuid('room_ids').array().notNull().default(sql`'{}'::uuid[]`),
    currency: text('currency').notNull().default('EUR'),
    price: integer('price').notNull(),
    promotions: jsonb('promotions').$type<PriceLine[]>().notNull().default(sql`'[]'::jsonb`),
    taxes: jsonb('taxes').$type<PriceLine[]>().notNull().default(sql`'[]'::jsonb`),
    /** price − promotions + taxes (spec 5). */
    total: integer('total').notNull(),
    /** Programmed deposit (0 when none). */
    deposit: integer('deposit').notNull().default(0),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_account_code_idx').on(t.accountId, t.code),
    index('bookings_account_start_idx').on(t.accountId, t.startDate, t.id),
    index('bookings_account_created_idx').on(t.accountId, t.createdAt, t.id),
    index('bookings_account_property_start_idx').on(t.accountId, t.propertyId, t.startDate),
    index('bookings_account_status_idx').on(t.accountId, t.status, t.startDate),
    index('bookings_property_dates_idx').on(t.propertyId, t.startDate, t.endDate),
    check('bookings_dates_order', sql`${t.endDate} > ${t.startDate}`),
    check('bookings_guests_positive', sql`${t.guests} >= 1`),
    check('bookings_quantity_positive', sql`${t.quantity} >= 1`),
    check('bookings_price_non_negative', sql`${t.price} >= 0`),
  ],
);

/**
 * Closed dates (spec 3: start, end): nights that cannot be sold, [start_date, end_date). On one room of a
 * hotel (room_id), or on the whole property (every room of a hotel). Its nights are rows of unit_nights.
 */
export const closedDates = pgTable(
  'closed_dates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('closed_dates_account_property_idx').on(t.accountId, t.propertyId, t.startDate),
    check('closed_dates_dates_order', sql`${t.endDate} > ${t.startDate}`),
  ],
);

/**
 * One row per sold or closed night of a unit (docs/decisions.md "No double booking"). The unit is the
 * property for an apartment or villa and the room for a hotel or camping. The primary key (unit_id, night)
 * is what refuses a second booking or closure of the same night.
 */
export const unitNights = pgTable(
  'unit_nights',
  {
    /** property id (apartment, villa) or room id (hotel, camping). */
    unitId: uuid('unit_id').notNull(),
    night: date('night', { mode: 'string' }).notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    closedDateId: uuid('closed_date_id').references(() => closedDates.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'unit_nights_pkey', columns: [t.unitId, t.night] }),
    index('unit_nights_booking_idx').on(t.bookingId),
    index('unit_nights_closed_date_idx').on(t.closedDateId),
    index('unit_nights_property_night_idx').on(t.propertyId, t.night),
    check('unit_nights_one_owner', sql`num_nonnulls(${t.bookingId}, ${t.closedDateId}) = 1`),
  ],
);

/**
 * Per-night price, minimum stay and stop-sell (spec 3 Price range, the price modal and availabilityPrices).
 * unit_key is the property id for an apartment or villa, the room type id for a hotel or camping. A night
 * without a row uses the property's (or room type's rate) base price, minimum stay 1, on sale.
 */
export const nightPrices = pgTable(
  'night_prices',
  {
    unitKey: uuid('unit_key').notNull(),
    night: date('night', { mode: 'string' }).notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** Minor units; null keeps the base price. */
    price: integer('price'),
    minStay: integer('min_stay').notNull().default(1),
    stopSell: boolean('stop_sell').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'night_prices_pkey', columns: [t.unitKey, t.night] }),
    index('night_prices_property_night_idx').on(t.propertyId, t.night),
    check('night_prices_min_stay_positive', sql`${t.minStay} >= 1`),
    check('night_prices_price_non_negative', sql`${t.price} IS NULL OR ${t.price} >= 0`),
  ],
);
