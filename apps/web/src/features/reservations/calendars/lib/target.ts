import type { CalendarProperty, CalendarRoomType, CalendarUnit, GridRow, NightMap } from './grid-rows.ts';
import { unitStateOf } from './grid-rows.ts';
import type { UnitState } from './selection.ts';

/** What a date selection or an action applies to. */
export interface CalendarTarget {
  property: CalendarProperty;
  /** The apartment or villa (its own unit) or the hotel room; null for a whole room type. */
  unit: CalendarUnit | null;
  roomType: CalendarRoomType | null;
  nights: NightMap;
  state: UnitState;
  /** "Villa Mar Azul", "101 · Doble", "Doble". */
  label: string;
}

export function targetOf(row: GridRow): CalendarTarget {
  if (row.kind === 'type') {
    return {
      property: row.property,
      unit: null,
      roomType: row.roomType,
      nights: row.nights,
      state: unitStateOf(row),
      label: row.roomType.name,
    };
  }
  return {
    property: row.property,
    unit: row.unit,
    roomType: row.roomType,
    nights: row.nights,
    state: unitStateOf(row),
    label: row.roomType ? `${row.unit.name} · ${row.roomType.name}` : row.unit.name,
  };
}

/** Whether the property is a hotel (rooms) rather than one apartment or villa. */
export const hasRooms = (t: CalendarTarget) => t.property.room_types.length > 0 || t.roomType !== null;
