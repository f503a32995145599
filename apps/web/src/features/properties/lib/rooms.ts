/** Rooms numbered from..to (at most 200 at once), leaving out names the list already has. */
export function numberedRooms(
  from: number,
  to: number,
  existing: readonly { name: string }[],
): { name: string; code: string }[] {
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from || to - from >= 200)
    return [];
  const taken = new Set(existing.map((room) => room.name.trim()));
  const rooms: { name: string; code: string }[] = [];
  for (let n = from; n <= to; n++) if (!taken.has(String(n))) rooms.push({ name: String(n), code: '' });
  return rooms;
}
