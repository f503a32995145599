import { and, asc, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { unitNights } from '../../db/schema/bookings.ts';
import { rooms, roomTypes } from '../../db/schema/rooms.ts';

export type RoomTypeRow = typeof roomTypes.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export type NewRoomRow = typeof rooms.$inferInsert;
export type RoomsRepo = ReturnType<typeof createRoomsRepo>;

/** Drizzle queries of room types and rooms; every query filters by account and property. */
export function createRoomsRepo({ db }: { db: Db }) {
  const ofProperty = (accountId: string, propertyId: string) =>
    and(eq(rooms.accountId, accountId), eq(rooms.propertyId, propertyId));
  const typeOfProperty = (accountId: string, propertyId: string) =>
    and(eq(roomTypes.accountId, accountId), eq(roomTypes.propertyId, propertyId));

  return {
    /** Serialises room saves of one property until the transaction ends (the plan limit check). */
    async lockProperty(propertyId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`rooms:${propertyId}`}))`);
    },

    /** The account's maximum rooms per property. */
    async roomQuantity(accountId: string): Promise<number> {
      const [row] = await db
        .select({ n: accounts.roomQuantity })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return row?.n ?? 0;
    },

    async listTypes(accountId: string, propertyId: string): Promise<RoomTypeRow[]> {
      return db
        .select()
        .from(roomTypes)
        .where(typeOfProperty(accountId, propertyId))
        .orderBy(asc(roomTypes.createdAt), asc(roomTypes.name), asc(roomTypes.id));
    },

    async roomCountsByType(accountId: string, propertyId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ typeId: rooms.roomTypeId, n: count() })
        .from(rooms)
        .where(ofProperty(accountId, propertyId))
        .groupBy(rooms.roomTypeId);
      return new Map(rows.map((r) => [r.typeId, Number(r.n)]));
    },

    async findType(accountId: string, propertyId: string, id: string): Promise<RoomTypeRow | null> {
      const [row] = await db
        .select()
        .from(roomTypes)
        .where(and(typeOfProperty(accountId, propertyId), eq(roomTypes.id, id)))
        .limit(1);
      return row ?? null;
    },

    async insertType(values: typeof roomTypes.$inferInsert): Promise<RoomTypeRow> {
      const [row] = await db.insert(roomTypes).values(values).returning();
      if (!row) throw new Error('room type insert returned nothing');
      return row;
    },

    async updateType(
      accountId: string,
      propertyId: string,
      id: string,
      values: Partial<typeof roomTypes.$inferInsert>,
    ): Promise<RoomTypeRow | null> {
      const [row] = await db
        .update(roomTypes)
        .set(values)
        .where(and(typeOfProperty(accountId, propertyId), eq(roomTypes.id, id)))
        .returning();
      return row ?? null;
    },

    async deleteType(accountId: string, propertyId: string, id: string): Promise<void> {
      await db.delete(roomTypes).where(and(typeOfProperty(accountId, propertyId), eq(roomTypes.id, id)));
    },

    async listRooms(accountId: string, propertyId: string): Promise<RoomRow[]> {
      return db
        .select()
        .from(rooms)
        .where(ofProperty(accountId, propertyId))
        .orderBy(asc(rooms.name), asc(rooms.id));
    },

    /** Of these rooms, the ones holding a booked night on or after `fromNight` (their stays would be lost). */
    async roomsWithStaysFrom(accountId: string, ids: string[], fromNight: string): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectDistinct({ roomId: unitNights.roomId })
        .from(unitNights)
        .where(
          and(
            eq(unitNights.accountId, accountId),
            inArray(unitNights.roomId, ids),
            isNotNull(unitNights.bookingId),
            gte(unitNights.night, fromNight),
          ),
        );
      return rows.flatMap((r) => (r.roomId ? [r.roomId] : []));
    },

    async deleteRooms(accountId: string, propertyId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(rooms).where(and(ofProperty(accountId, propertyId), inArray(rooms.id, ids)));
    },

    async updateRoom(
      accountId: string,
      propertyId: string,
      id: string,
      values: Partial<NewRoomRow>,
    ): Promise<RoomRow | null> {
      const [row] = await db
        .update(rooms)
        .set(values)
        .where(and(ofProperty(accountId, propertyId), eq(rooms.id, id)))
        .returning();
      return row ?? null;
    },

    async insertRooms(values: NewRoomRow[]): Promise<void> {
      if (values.length > 0) await db.insert(rooms).values(values);
    },
  };
}
