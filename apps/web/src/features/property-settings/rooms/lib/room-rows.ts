import type { Room, RoomStatus, SaveRoomsBody } from '@posada/contracts/property-rooms';

/** One editable row of the room form. `key` identifies it on screen; `id` is the saved room's. */
export interface RoomRow {
  key: string;
  id?: string;
  room_type_id: string;
  name: string;
  code: string;
  description: string;
  access_key: string;
  status: RoomStatus;
}

export type RoomField = 'room_type_id' | 'name' | 'code' | 'description' | 'access_key';
/** Per row key: field → message (a translation key for client checks, the API's text otherwise). */
export type RowErrors = Record<string, Partial<Record<RoomField, string>>>;

/** Most rooms one range may add (a hotel floor or two; more is almost always a typo). */
export const MAX_RANGE = 200;

let nextKey = 0;
export const newRowKey = () => `new-${++nextKey}`;

export function rowsFromRooms(rooms: readonly Room[]): RoomRow[] {
  return rooms.map((room) => ({
    key: room.id,
    id: room.id,
    room_type_id: room.room_type_id,
    name: room.name,
    code: room.code ?? '',
    description: room.description ?? '',
    access_key: room.access_key ?? '',
    status: room.status,
  }));
}

export function emptyRow(roomTypeId: string, name = ''): RoomRow {
  return {
    key: newRowKey(),
    room_type_id: roomTypeId,
    name,
    code: '',
    description: '',
    access_key: '',
    status: 'available',
  };
}

/**
 * The names of a range of rooms: prefix + from..to ("A-1" … "A-12", or 101 … 120), leaving out names
 * the list already has. Empty when the range is not valid or longer than MAX_RANGE.
 */
export function rangeNames(
  range: { from: number; to: number; prefix?: string },
  existing: readonly { name: string }[],
): string[] {
  const { from, to } = range;
  const prefix = (range.prefix ?? '').trim();
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from || to - from >= MAX_RANGE)
    return [];
  const taken = new Set(existing.map((room) => normalizeName(room.name)));
  const names: string[] = [];
  for (let n = from; n <= to; n++) {
    const name = `${prefix}${n}`;
    if (!taken.has(normalizeName(name))) names.push(name);
  }
  return names;
}

const normalizeName = (name: string) => name.trim().toLocaleLowerCase();

/** spec 5: room type and name are required in every room; a name is used once in a property. */
export function validateRows(rows: readonly RoomRow[]): RowErrors {
  const errors: RowErrors = {};
  const seen = new Map<string, number>();
  for (const row of rows) {
    const name = normalizeName(row.name);
    if (name) seen.set(name, (seen.get(name) ?? 0) + 1);
  }
  for (const row of rows) {
    const rowErrors: Partial<Record<RoomField, string>> = {};
    if (!row.room_type_id) rowErrors.room_type_id = 'validation.required';
    if (!row.name.trim()) rowErrors.name = 'validation.required';
    else if ((seen.get(normalizeName(row.name)) ?? 0) > 1) rowErrors.name = 'validation.duplicateName';
    if (Object.keys(rowErrors).length > 0) errors[row.key] = rowErrors;
  }
  return errors;
}

/** The PUT body: every row, blank optional fields as null. */
export function toSaveBody(rows: readonly RoomRow[]): SaveRoomsBody {
  const blankToNull = (text: string) => (text.trim() ? text.trim() : null);
  return {
    rooms: rows.map((row) => ({
      ...(row.id ? { id: row.id } : {}),
      room_type_id: row.room_type_id,
      name: row.name.trim(),
      code: blankToNull(row.code),
      description: blankToNull(row.description),
      access_key: blankToNull(row.access_key),
      status: row.status,
    })),
  };
}

const ROOM_FIELDS: readonly RoomField[] = ['room_type_id', 'name', 'code', 'description', 'access_key'];

/** The API's field errors (`rooms.3.name`) on the rows they name; the rest is returned apart. */
export function rowErrorsFromApi(
  errors: Record<string, string[]>,
  rows: readonly RoomRow[],
): { rows: RowErrors; other: string[] } {
  const byRow: RowErrors = {};
  const other: string[] = [];
  for (const [path, messages] of Object.entries(errors)) {
    const match = /^rooms\.(\d+)\.(\w+)$/.exec(path);
    const row = match ? rows[Number(match[1])] : undefined;
    const field = match?.[2] as RoomField | undefined;
    if (row && field && ROOM_FIELDS.includes(field)) {
      byRow[row.key] = { ...byRow[row.key], [field]: messages[0] ?? '' };
    } else {
      other.push(...messages);
    }
  }
  return { rows: byRow, other };
}

/** Whether the rows differ from what was loaded (the unsaved-changes guard). */
export function rowsChanged(rows: readonly RoomRow[], loaded: readonly Room[]): boolean {
  return JSON.stringify(toSaveBody(rows)) !== JSON.stringify(toSaveBody(rowsFromRooms(loaded)));
}
