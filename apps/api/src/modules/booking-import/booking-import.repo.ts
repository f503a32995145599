import { and, asc, eq, gt, gte, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, nightPrices, unitNights } from '../../db/schema/bookings.ts';
import { properties } from '../../db/schema/properties.ts';

export type NewImportedBooking = typeof bookings.$inferInsert & { id: string; code: string };

export interface ImportProperty {
  id: string;
  nombre: string;
  internalName: string | null;
  tipoPropiedad: string;
  guests: number;
  currency: string;
}

/** Rows per INSERT: bookings have 24 columns, well under PostgreSQL's 65 535 parameters. */
const BOOKING_CHUNK = 500;

/**
 * The queries the import needs besides the bookings repository's (rooms, locks, unit_nights inserts).
 * Every query filters by account.
 */
export function createBookingImportRepo({ db }: { db: Db }) {
  return {
    /** The account's properties, the only ones a row's name can resolve to. */
    listProperties(accountId: string): Promise<ImportProperty[]> {
      return db
        .select({
          id: properties.id,
          nombre: properties.nombre,
          internalName: properties.internalName,
          tipoPropiedad: properties.tipoPropiedad,
          guests: properties.guests,
          currency: properties.currency,
        })
        .from(properties)
        .where(eq(properties.accountId, accountId))
        .orderBy(asc(properties.createdAt), asc(properties.id));
    },

    /** Nights of [from, to) already sold or closed on the property's units. */
    takenNights(accountId: string, propertyId: string, from: string, to: string) {
      return db
        .select({ unitId: unitNights.unitId, night: unitNights.night })
        .from(unitNights)
        .where(
          and(
            eq(unitNights.accountId, accountId),
            eq(unitNights.propertyId, propertyId),
            gte(unitNights.night, from),
            lt(unitNights.night, to),
          ),
        );
    },

    /** Nights of [from, to) whose minimum stay or stop-sell can refuse a stay, for these price keys. */
    nightRules(accountId: string, unitKeys: string[], from: string, to: string) {
      if (unitKeys.length === 0) return Promise.resolve([]);
      return db
        .select({
          unitKey: nightPrices.unitKey,
          night: nightPrices.night,
          minStay: nightPrices.minStay,
          stopSell: nightPrices.stopSell,
        })
        .from(nightPrices)
        .where(
          and(
            eq(nightPrices.accountId, accountId),
            inArray(nightPrices.unitKey, unitKeys),
            gte(nightPrices.night, from),
            lt(nightPrices.night, to),
            or(gt(nightPrices.minStay, 1), eq(nightPrices.stopSell, true)),
          ),
        );
    },

    /**
     * Inserts bookings in chunks. A code the account already uses is skipped (ON CONFLICT DO NOTHING keeps
     * the transaction usable); the ids not inserted come back so the caller can draw new codes.
     */
    async insertBookings(rows: NewImportedBooking[]): Promise<string[]> {
      const inserted = new Set<string>();
      for (let i = 0; i < rows.length; i += BOOKING_CHUNK) {
        const saved = await db
          .insert(bookings)
          .values(rows.slice(i, i + BOOKING_CHUNK))
          .onConflictDoNothing({ target: [bookings.accountId, bookings.code] })
          .returning({ id: bookings.id });
        for (const row of saved) inserted.add(row.id);
      }
      return rows.filter((r) => !inserted.has(r.id)).map((r) => r.id);
    },
  };
}

export type BookingImportRepo = ReturnType<typeof createBookingImportRepo>;
