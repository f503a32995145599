import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { properties, propertyAuthorities } from '../../db/schema/properties.ts';
import { rooms, roomTypes } from '../../db/schema/rooms.ts';

export type PropertyRow = typeof properties.$inferSelect;
export type NewPropertyRow = typeof properties.$inferInsert;
export type RoomTypeRow = typeof roomTypes.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;

export type PropertyAuthoritiesRow = typeof propertyAuthorities.$inferSelect;
export type NewPropertyAuthoritiesRow = typeof propertyAuthorities.$inferInsert;

export type PropertiesRepo = ReturnType<typeof createPropertiesRepo>;

/** Drizzle queries of properties, room types and rooms; every query of a business row filters by account. */
export function createPropertiesRepo({ db }: { db: Db }) {
  return {
    /** Serialises property creation per account until the transaction ends (the limit check). */
    async lockAccountForCreation(accountId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`properties:${accountId}`}))`);
    },

    async countByAccount(accountId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(properties)
        .where(eq(properties.accountId, accountId));
      return Number(row?.n ?? 0);
    },

    /** Newest first. */
    async listByAccount(accountId: string): Promise<PropertyRow[]> {
      return db
        .select()
        .from(properties)
        .where(eq(properties.accountId, accountId))
        .orderBy(desc(properties.createdAt), desc(properties.id));
    },

    async countCompletedCheckins(accountId: string, propertyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(checkins)
        .where(
          and(
            eq(checkins.accountId, accountId),
            eq(checkins.propertyId, propertyId),
            eq(checkins.status, 'complete'),
          ),
        );
      return row?.n ?? 0;
    },

    async find(accountId: string, id: string): Promise<PropertyRow | null> {
      const [row] = await db
        .select()
        .from(properties)
        .where(and(eq(properties.accountId, accountId), eq(properties.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** Any account's property: only for the public guest view, which answers a restricted shape. */
    async findForGuest(id: string): Promise<PropertyRow | null> {
      const [row] = await db.select().from(properties).where(eq(properties.id, id)).limit(1);
      return row ?? null;
    },

    /** Updates the account's property; null when it is not the account's. */
    async updateProperty(
      accountId: string,
      id: string,
      values: Partial<NewPropertyRow>,
    ): Promise<PropertyRow | null> {
      const [row] = await db
        .update(properties)
        .set(values)
        .where(and(eq(properties.accountId, accountId), eq(properties.id, id)))
        .returning();
      return row ?? null;
    },

    /** A hotel's room type on or off the direct-booking website; null when it is not the account's. */
    async setRoomTypeWebReservation(
      accountId: string,
      id: string,
      active: boolean,
    ): Promise<RoomTypeRow | null> {
      const [row] = await db
        .update(roomTypes)
        .set({ webReservationActive: active })
        .where(and(eq(roomTypes.accountId, accountId), eq(roomTypes.id, id)))
        .returning();
      return row ?? null;
    },

    /** The property's authority credentials (spec 3), or null when none were saved. */
    async findAuthorities(accountId: string, propertyId: string): Promise<PropertyAuthoritiesRow | null> {
      const [row] = await db
        .select()
        .from(propertyAuthorities)
        .where(
          and(eq(propertyAuthorities.accountId, accountId), eq(propertyAuthorities.propertyId, propertyId)),
        )
        .limit(1);
      return row ?? null;
    },

    /** Inserts or replaces the credentials, password included. */
    async upsertAuthorities(values: NewPropertyAuthoritiesRow): Promise<void> {
      await db
        .insert(propertyAuthorities)
        .values(values)
        .onConflictDoUpdate({
          target: propertyAuthorities.propertyId,
          set: {
            entity: values.entity,
            username: values.username,
            passwordCiphertext: values.passwordCiphertext,
            establishmentCode: values.establishmentCode,
            landlordCode: values.landlordCode,
            ...(values.sendMode ? { sendMode: values.sendMode } : {}),
            updatedAt: values.updatedAt,
          },
          setWhere: eq(propertyAuthorities.accountId, values.accountId),
        });
    },

    /** Updates the stored credentials but not the password; false when none are stored. */
    async updateAuthoritiesKeepingPassword(
      accountId: string,
      propertyId: string,
      values: Omit<NewPropertyAuthoritiesRow, 'accountId' | 'propertyId' | 'passwordCiphertext'>,
    ): Promise<boolean> {
      const rows = await db
        .update(propertyAuthorities)
        .set(values)
        .where(
          and(eq(propertyAuthorities.accountId, accountId), eq(propertyAuthorities.propertyId, propertyId)),
        )
        .returning({ propertyId: propertyAuthorities.propertyId });
      return rows.length > 0;
    },

    /** Issue 14: the certificate, the send mode and the test-connection counters of stored credentials. */
    async updateAuthorityExtras(
      accountId: string,
      propertyId: string,
      values: Partial<
        Pick<
          NewPropertyAuthoritiesRow,
          | 'certificateSealed'
          | 'certificatePasswordSealed'
          | 'certificateSubject'
          | 'certificateExpiresAt'
          | 'failedTestAttempts'
          | 'lastTestAt'
          | 'lastTestOk'
        >
      >,
    ): Promise<PropertyAuthoritiesRow | null> {
      const [row] = await db
        .update(propertyAuthorities)
        .set(values)
        .where(
          and(eq(propertyAuthorities.accountId, accountId), eq(propertyAuthorities.propertyId, propertyId)),
        )
        .returning();
      return row ?? null;
    },

    async insertProperty(values: NewPropertyRow): Promise<PropertyRow> {
      const [row] = await db.insert(properties).values(values).returning();
      if (!row) throw new Error('property insert returned nothing');
      return row;
    },

    async insertRoomType(values: typeof roomTypes.$inferInsert): Promise<RoomTypeRow> {
      const [row] = await db.insert(roomTypes).values(values).returning();
      if (!row) throw new Error('room type insert returned nothing');
      return row;
    },

    async insertRooms(values: (typeof rooms.$inferInsert)[]): Promise<RoomRow[]> {
      if (values.length === 0) return [];
      return db.insert(rooms).values(values).returning();
    },

    async listRoomTypes(accountId: string, propertyId: string): Promise<RoomTypeRow[]> {
      return db
        .select()
        .from(roomTypes)
        .where(and(eq(roomTypes.accountId, accountId), eq(roomTypes.propertyId, propertyId)))
        .orderBy(asc(roomTypes.createdAt), asc(roomTypes.name));
    },

    async listRooms(accountId: string, propertyId: string): Promise<RoomRow[]> {
      return db
        .select()
        .from(rooms)
        .where(and(eq(rooms.accountId, accountId), eq(rooms.propertyId, propertyId)))
        .orderBy(asc(rooms.name));
    },
  };
}
