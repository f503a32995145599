import { and, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unitNights } from '../../db/schema/bookings.ts';

/** The direct-booking calendar's query: how many of the units are sold or closed on each night. */
export function createWebBookingsRepo({ db }: { db: Db }) {
  return {
    /** Night → units taken (a booking or a closure) among `unitIds`, for the nights of [start, end). */
    async takenUnitsPerNight(
      accountId: string,
      unitIds: string[],
      start: string,
      end: string,
    ): Promise<Map<string, number>> {
      if (unitIds.length === 0) return new Map();
      const rows = await db
        .select({ night: unitNights.night, units: count() })
        .from(unitNights)
        .where(
          and(
            eq(unitNights.accountId, accountId),
            inArray(unitNights.unitId, unitIds),
            gte(unitNights.night, start),
            lt(unitNights.night, end),
          ),
        )
        .groupBy(unitNights.night);
      return new Map(rows.map((r) => [r.night, Number(r.units)]));
    },
  };
}
