import { and, asc, eq, gt, gte, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nightPrices, unitNights } from '../../db/schema/bookings.ts';
import { properties } from '../../db/schema/properties.ts';

export type { ImportedNight, NewImportedBooking } from '../bookings/bulk-bookings.service.ts';

export interface ImportProperty {
  id: string;
  nombre: string;
  internalName: string | null;
  tipoPropiedad: string;
  guests: number;
  currency: string;
  timeZone: string;
}

/**
 * The reads the import needs besides bookings' services (rooms, locks and the bulk writes are bookings').
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
          timeZone: properties.timeZone,
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
  };
}

export type BookingImportRepo = ReturnType<typeof createBookingImportRepo>;
