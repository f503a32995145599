import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema/properties.ts';
import { propertyImages, roomTypes } from '../../db/schema/rooms.ts';

const propertyColumns = {
  id: properties.id,
  nombre: properties.nombre,
  logo: properties.logo,
  tipoPropiedad: properties.tipoPropiedad,
  city: properties.city,
  address: properties.address,
  timeZone: properties.timeZone,
  guests: properties.guests,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  services: properties.services,
  currency: properties.currency,
  description: properties.description,
  policies: properties.policies,
  checkinTime: properties.checkinTime,
  checkoutTime: properties.checkoutTime,
  active: properties.active,
  webReservationActive: properties.webReservationActive,
};

export type WebPropertyRow = NonNullable<Awaited<ReturnType<DirectBookingRepo['findProperty']>>>;
export type WebRoomTypeRow = Awaited<ReturnType<DirectBookingRepo['listRoomTypes']>>[number];
export type DirectBookingRepo = ReturnType<typeof createDirectBookingRepo>;

/** Reads of the website and the settings' unit list (granted in scripts/boundaries.rules.mjs). */
export function createDirectBookingRepo({ db }: { db: Db }) {
  return {
    async listProperties(accountId: string) {
      return db
        .select(propertyColumns)
        .from(properties)
        .where(eq(properties.accountId, accountId))
        .orderBy(asc(properties.createdAt), asc(properties.id));
    },

    async findProperty(accountId: string, id: string) {
      const [row] = await db
        .select(propertyColumns)
        .from(properties)
        .where(and(eq(properties.accountId, accountId), eq(properties.id, id)))
        .limit(1);
      return row ?? null;
    },

    async listRoomTypes(accountId: string, propertyIds?: string[]) {
      const conditions = [eq(roomTypes.accountId, accountId)];
      if (propertyIds) {
        if (propertyIds.length === 0) return [];
        conditions.push(inArray(roomTypes.propertyId, propertyIds));
      }
      return db
        .select({
          id: roomTypes.id,
          propertyId: roomTypes.propertyId,
          name: roomTypes.name,
          adults: roomTypes.adults,
          children: roomTypes.children,
          webReservationActive: roomTypes.webReservationActive,
        })
        .from(roomTypes)
        .where(and(...conditions))
        .orderBy(asc(roomTypes.createdAt), asc(roomTypes.id));
    },

    /** Stored photo file names per property, the main one first, then in the operator's order. */
    async photoNames(accountId: string, propertyIds: string[]): Promise<Map<string, string[]>> {
      if (propertyIds.length === 0) return new Map();
      const rows = await db
        .select({ propertyId: propertyImages.propertyId, fileName: propertyImages.fileName })
        .from(propertyImages)
        .where(and(eq(propertyImages.accountId, accountId), inArray(propertyImages.propertyId, propertyIds)))
        .orderBy(desc(propertyImages.isMain), asc(propertyImages.position), asc(propertyImages.id));
      const byProperty = new Map<string, string[]>();
      for (const r of rows)
        byProperty.set(r.propertyId, [...(byProperty.get(r.propertyId) ?? []), r.fileName]);
      return byProperty;
    },
  };
}
