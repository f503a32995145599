import type { Room, RoomStatus, RoomType } from '@posada/contracts/property-rooms';

/** spec 4 room states, in the order the page offers them; maintenance shows red (as in the calendar). */
export const roomStatuses: readonly RoomStatus[] = ['available', 'occupied', 'cleaning', 'maintenance'];

export const statusColor: Record<RoomStatus, string> = {
  available: 'teal',
  occupied: 'blue',
  cleaning: 'yellow',
  maintenance: 'red',
};

/** Rooms under their type (types in their order, rooms by name, numbers in numeric order). */
export function roomsByType(
  types: readonly RoomType[],
  rooms: readonly Room[],
): { type: RoomType; rooms: Room[] }[] {
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return types
    .map((type) => ({
      type,
      rooms: rooms
        .filter((room) => room.room_type_id === type.id)
        .sort((a, b) => collator.compare(a.name, b.name)),
    }))
    .filter((group) => group.rooms.length > 0);
}

/** How many rooms are in each state. */
export function statusCounts(rooms: readonly Room[]): Record<RoomStatus, number> {
  const counts: Record<RoomStatus, number> = { available: 0, occupied: 0, cleaning: 0, maintenance: 0 };
  for (const room of rooms) counts[room.status] += 1;
  return counts;
}
