import type { Room, RoomType } from '@posada/contracts/properties';
import type {
  RoomStatus,
  RoomsData,
  RoomTypeInput,
  RoomTypeItem,
  SaveRoomsInput,
} from '@posada/contracts/property-rooms';
import { addDays } from '@posada/domain/booking-rules';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { findOwnedProperty, inTransaction } from './property-access.ts';
import { roomsErrors } from './rooms.errors.ts';
import { createRoomsRepo, type NewRoomRow, type RoomRow, type RoomTypeRow } from './rooms.repo.ts';

export type RoomsService = ReturnType<typeof createRoomsService>;

export const toRoomType = (t: RoomTypeRow): RoomType => ({
  id: t.id,
  name: t.name,
  adults: t.adults,
  children: t.children,
  infants: t.infants,
});

export const toRoom = (r: RoomRow): Room => ({
  id: r.id,
  room_type_id: r.roomTypeId,
  name: r.name,
  code: r.code,
  description: r.description,
  access_key: r.accessKey,
  status: r.status,
});

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** Row numbers (as `rooms.N.name`) of every row whose name another row also has (case-insensitive). */
export function duplicateNameFields(names: string[]): string[] {
  const seen = new Map<string, number>();
  for (const name of names) seen.set(name.toLowerCase(), (seen.get(name.toLowerCase()) ?? 0) + 1);
  return names.flatMap((name, i) => ((seen.get(name.toLowerCase()) ?? 0) > 1 ? [`rooms.${i}.name`] : []));
}

/** Room types and rooms of a property (spec 3, 4, 5): the room form, the types page and maintenance. */
export function createRoomsService(deps: { db: Db; clock: Clock }) {
  const repo = createRoomsRepo({ db: deps.db });
  const owned = (tenant: Tenant, propertyId: string) => findOwnedProperty(deps.db, tenant, propertyId);

  const roomsData = async (tenant: Tenant, propertyId: string): Promise<RoomsData> => ({
    rooms: (await repo.listRooms(tenant.accountId, propertyId)).map(toRoom),
    room_types: (await repo.listTypes(tenant.accountId, propertyId)).map(toRoomType),
    room_quantity: await repo.roomQuantity(tenant.accountId),
  });

  const findType = async (tenant: Tenant, propertyId: string, typeId: string) => {
    const row = isUuid(typeId) ? await repo.findType(tenant.accountId, propertyId, typeId) : null;
    if (!row) throw roomsErrors.roomTypeNotFound();
    return row;
  };

  return {
    /** 404 unless the property is the tenant's (routes call it before validating a body). */
    assertProperty: async (tenant: Tenant, propertyId: string) => {
      await owned(tenant, propertyId);
    },

    async listTypes(tenant: Tenant, propertyId: string): Promise<RoomTypeItem[]> {
      await owned(tenant, propertyId);
      const counts = await repo.roomCountsByType(tenant.accountId, propertyId);
      return (await repo.listTypes(tenant.accountId, propertyId)).map((t) => ({
        ...toRoomType(t),
        rooms_count: counts.get(t.id) ?? 0,
      }));
    },

    async createType(tenant: Tenant, propertyId: string, body: RoomTypeInput): Promise<RoomTypeItem> {
      await owned(tenant, propertyId);
      const row = await repo.insertType({
        accountId: tenant.accountId,
        propertyId,
        ...body,
        createdAt: deps.clock.now(),
      });
      return { ...toRoomType(row), rooms_count: 0 };
    },

    async updateType(
      tenant: Tenant,
      propertyId: string,
      typeId: string,
      body: RoomTypeInput,
    ): Promise<RoomTypeItem> {
      await owned(tenant, propertyId);
      await findType(tenant, propertyId, typeId);
      const row = await repo.updateType(tenant.accountId, propertyId, typeId, body);
      if (!row) throw roomsErrors.roomTypeNotFound();
      const counts = await repo.roomCountsByType(tenant.accountId, propertyId);
      return { ...toRoomType(row), rooms_count: counts.get(row.id) ?? 0 };
    },

    /** A type that still has rooms is refused (409 room_types.in_use); its rates become property-wide. */
    async deleteType(tenant: Tenant, propertyId: string, typeId: string): Promise<void> {
      await owned(tenant, propertyId);
      await inTransaction(deps.db, async (tx) => {
        const txRepo = createRoomsRepo({ db: tx });
        await txRepo.lockProperty(propertyId);
        if (!isUuid(typeId) || !(await txRepo.findType(tenant.accountId, propertyId, typeId))) {
          throw roomsErrors.roomTypeNotFound();
        }
        const counts = await txRepo.roomCountsByType(tenant.accountId, propertyId);
        if ((counts.get(typeId) ?? 0) > 0) throw roomsErrors.roomTypeInUse();
        await txRepo.deleteType(tenant.accountId, propertyId, typeId);
      });
    },

    async listRooms(tenant: Tenant, propertyId: string): Promise<RoomsData> {
      await owned(tenant, propertyId);
      return roomsData(tenant, propertyId);
    },

    /**
     * The room form: the whole list in one transaction. Rows with an id are updated, rows without one are
     * created, the property's rooms missing from the list are deleted. Every row needs a type of this
     * property and a name unique in the property; the count is limited by the plan (spec 5). On any
     * refusal nothing is saved.
     */
    async saveRooms(tenant: Tenant, propertyId: string, body: SaveRoomsInput): Promise<RoomsData> {
      await owned(tenant, propertyId);
      const duplicates = duplicateNameFields(body.rooms.map((r) => r.name));
      if (duplicates.length > 0) throw roomsErrors.roomNameTaken(duplicates);
      const now = deps.clock.now();
      try {
        await inTransaction(deps.db, async (tx) => {
          const txRepo = createRoomsRepo({ db: tx });
          await txRepo.lockProperty(propertyId);
          const existing = await txRepo.listRooms(tenant.accountId, propertyId);
          const quota = await txRepo.roomQuantity(tenant.accountId);
          // Over the plan: refused, unless the list shrinks (a property above a lowered plan can still be edited).
          if (body.rooms.length > quota && body.rooms.length > existing.length) {
            throw roomsErrors.limitReached(quota);
          }
          const typeIds = new Set((await txRepo.listTypes(tenant.accountId, propertyId)).map((t) => t.id));
          const badTypes = body.rooms.flatMap((r, i) =>
            typeIds.has(r.room_type_id) ? [] : [`rooms.${i}.room_type_id`],
          );
          if (badTypes.length > 0) throw roomsErrors.roomTypeInvalid(badTypes);
          const existingById = new Map(existing.map((r) => [r.id, r]));
          if (body.rooms.some((r) => r.id && !existingById.has(r.id))) throw roomsErrors.roomNotFound();

          const kept = new Set(body.rooms.flatMap((r) => (r.id ? [r.id] : [])));
          const removed = existing.filter((r) => !kept.has(r.id));
          // A room with current or future stays keeps them: move or cancel those bookings first (from yesterday,
          // a margin for the property's time zone).
          const today = deps.clock.now().toISOString().slice(0, 10);
          const booked = await txRepo.roomsWithStaysFrom(
            tenant.accountId,
            removed.map((r) => r.id),
            addDays(today, -1),
          );
          if (booked.length > 0) {
            throw roomsErrors.roomHasBookings(
              removed.filter((r) => booked.includes(r.id)).map((r) => r.name),
            );
          }
          await txRepo.deleteRooms(
            tenant.accountId,
            propertyId,
            removed.map((r) => r.id),
          );
          const values = (r: SaveRoomsInput['rooms'][number]) => ({
            roomTypeId: r.room_type_id,
            name: r.name,
            code: blankToNull(r.code),
            description: blankToNull(r.description),
            accessKey: blankToNull(r.access_key),
            status: r.status,
          });
          const updates = body.rooms.filter((r) => r.id);
          // Renames go through a unique placeholder first, so two rooms can swap names.
          for (const r of updates) {
            if (r.id && existingById.get(r.id)?.name !== r.name) {
              await txRepo.updateRoom(tenant.accountId, propertyId, r.id, { name: `~renaming~${r.id}` });
            }
          }
          for (const r of updates) {
            if (r.id) await txRepo.updateRoom(tenant.accountId, propertyId, r.id, values(r));
          }
          const inserts: NewRoomRow[] = body.rooms
            .filter((r) => !r.id)
            .map((r) => ({ accountId: tenant.accountId, propertyId, createdAt: now, ...values(r) }));
          await txRepo.insertRooms(inserts);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw roomsErrors.roomNameTaken(['rooms']);
        throw error;
      }
      return roomsData(tenant, propertyId);
    },

    /** The maintenance page: one room's status (spec 4; a room in maintenance cannot be sold). */
    async setStatus(tenant: Tenant, propertyId: string, roomId: string, status: RoomStatus): Promise<Room> {
      await owned(tenant, propertyId);
      const row = isUuid(roomId)
        ? await repo.updateRoom(tenant.accountId, propertyId, roomId, { status })
        : null;
      if (!row) throw roomsErrors.roomNotFound();
      return toRoom(row);
    },
  };
}
