import { date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * The calendar's month cache (docs/calendar-dashboard.md "Month cache"). GET /api/calendar reads whole
 * months of stays and night prices from here instead of aggregating tens of thousands of rows on every call.
 *
 * Triggers of migration 0008 keep it honest: any write to `bookings` or `night_prices` marks the months it
 * touches stale (`generation` + 1, text null) in the same transaction. A reader rebuilds a stale or absent
 * month and stores it only if `generation` is still the one it read, so a write that commits while it
 * computes is never hidden.
 */
export const calendarStaysCache = pgTable(
  'calendar_stays_cache',
  {
    /** property id (apartment, villa) or room id (hotel, camping), as unit_nights.unit_id. */
    unitId: uuid('unit_id').notNull(),
    /** First day of the month the stays start in. */
    month: date('month', { mode: 'string' }).notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull().default(0),
    /**
     * The unit's stays starting that month, cancelled ones left out: the contract's calendarBookingTuple as
     * JSON, comma-separated, soonest first ('' for none); null when stale.
     */
    stays: text('stays'),
  },
  (t) => [primaryKey({ name: 'calendar_stays_cache_pkey', columns: [t.unitId, t.month] })],
);

export const calendarNightsCache = pgTable(
  'calendar_nights_cache',
  {
    /** night_prices.unit_key: property id (apartment, villa) or room type id (hotel, camping). */
    unitKey: uuid('unit_key').notNull(),
    /** First day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull().default(0),
    /**
     * The month's night_prices rows as numbers, four per night: day of the month from 0, price (-1 for
     * none), min_stay, stop_sell (0 or 1), comma-separated ('' for none); null when stale.
     */
    nights: text('nights'),
  },
  (t) => [primaryKey({ name: 'calendar_nights_cache_pkey', columns: [t.unitKey, t.month] })],
);
