import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { properties } from './properties.ts';

/** spec 3 Room type: name and occupancy (adults, children, infants). Hotels and campings. */
export const roomTypes = pgTable(
  'room_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    adults: integer('adults').notNull().default(1),
    children: integer('children').notNull().default(0),
    infants: integer('infants').notNull().default(0),
    /** spec 3 accommodation_units[].web_reservation_active for hotels: the type is sold on the website. */
    webReservationActive: boolean('web_reservation_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('room_types_property_idx').on(t.accountId, t.propertyId)],
);

export const roomStatuses = ['available', 'occupied', 'cleaning', 'maintenance'] as const;
export type RoomStatus = (typeof roomStatuses)[number];

/** spec 3 Room: a physical room of a type; spec 4 status. Names are unique within a property. */
export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    roomTypeId: uuid('room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code'),
    description: text('description'),
    accessKey: text('access_key'),
    /** available | occupied | cleaning | maintenance */
    status: text('status').$type<RoomStatus>().notNull().default('available'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rooms_property_idx').on(t.accountId, t.propertyId),
    index('rooms_room_type_idx').on(t.roomTypeId),
    uniqueIndex('rooms_property_name_idx').on(t.propertyId, sql`lower(${t.name})`),
  ],
);

/** spec 3 Rate: name, occupancy, price with taxes included (minor units of `currency`). */
export const rates = pgTable(
  'rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** Null: the rate applies to the whole property (apartments, villas). */
    roomTypeId: uuid('room_type_id').references(() => roomTypes.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    occupancy: integer('occupancy').notNull(),
    price: integer('price').notNull(),
    currency: text('currency').notNull().default('EUR'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rates_property_idx').on(t.accountId, t.propertyId),
    check('rates_occupancy_positive', sql`${t.occupancy} >= 1`),
    check('rates_price_non_negative', sql`${t.price} >= 0`),
  ],
);

/** spec 5 Property images: JPEG, PNG or GIF up to 30 MB, one main image, ordered by position. */
export const propertyImages = pgTable(
  'property_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** Stored file name (modules/files storage). */
    fileName: text('file_name').notNull(),
    /** Stored thumbnail name; null when no thumbnail could be made. */
    thumbName: text('thumb_name'),
    isMain: boolean('is_main').notNull().default(false),
    position: integer('position').notNull(),
    bytes: integer('bytes').notNull(),
    mime: text('mime').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('property_images_property_idx').on(t.accountId, t.propertyId, t.position),
    uniqueIndex('property_images_one_main_idx').on(t.propertyId).where(sql`${t.isMain}`),
  ],
);
