import type { CalendarData } from '@posada/contracts/calendar';
import { isHotelType } from '@posada/domain/property-types';
import type { NightRules, UnitState } from './selection.ts';

export type CalendarProperty = CalendarData['properties'][number];
export type CalendarUnit = CalendarProperty['units'][number];
export type CalendarBooking = CalendarUnit['bookings'][number];
export type CalendarClosed = CalendarUnit['closed'][number];
export type CalendarRoomType = CalendarProperty['room_types'][number];

export interface NightInfo extends NightRules {
  price: number | null;
}

/** One night's rules by date. */
export type NightMap = ReadonlyMap<string, NightInfo>;

/** A unit row: an apartment or villa (the property itself), or a hotel room. */
export interface UnitRow {
  kind: 'unit';
  key: string;
  unit: CalendarUnit;
  property: CalendarProperty;
  roomType: CalendarRoomType | null;
  /** The nights whose price and minimum stay apply to this unit (the property's or the room type's). */
  nights: NightMap;
}

/** A hotel room type row: free rooms and price per night; folds its rooms away. */
export interface TypeRow {
  kind: 'type';
  key: string;
  property: CalendarProperty;
  roomType: CalendarRoomType;
  rooms: number;
  collapsed: boolean;
  nights: NightMap;
}

export type GridRow = UnitRow | TypeRow;

export function nightMap(
  nights: readonly (Omit<NightInfo, 'available'> & { date: string; available?: number })[],
): NightMap {
  const map = new Map<string, NightInfo>();
  for (const n of nights) {
    map.set(n.date, {
      price: n.price,
      min_stay: n.min_stay,
      stop_sell: n.stop_sell,
      ...(n.available !== undefined ? { available: n.available } : {}),
    });
  }
  return map;
}

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export const isHotelProperty = (p: Pick<CalendarProperty, 'tipo_propiedad'>) => isHotelType(p.tipo_propiedad);

/** ReservationCalendar: one row per apartment or villa, by name. */
export function apartmentRows(properties: readonly CalendarProperty[], search = ''): UnitRow[] {
  const needle = search.trim().toLocaleLowerCase();
  const rows: UnitRow[] = [];
  for (const property of [...properties].sort((a, b) => byName.compare(a.nombre, b.nombre))) {
    if (isHotelProperty(property)) continue;
    if (needle && !property.nombre.toLocaleLowerCase().includes(needle)) continue;
    const nights = nightMap(property.nights);
    for (const unit of property.units) {
      rows.push({ kind: 'unit', key: `u:${unit.id}`, unit, property, roomType: null, nights });
    }
  }
  return rows;
}

/** Room types by name, so the groups keep their place from one load to the next. */
export function sortedRoomTypes(property: Pick<CalendarProperty, 'room_types'>): CalendarRoomType[] {
  return [...property.room_types].sort((a, b) => byName.compare(a.name, b.name));
}

/**
 * hotelReservationCalendar: each room type (by name) followed by its rooms (by number), unless
 * folded. Rooms without a type come last under their own group.
 */
export function hotelRows(property: CalendarProperty, collapsed: ReadonlySet<string>): GridRow[] {
  const rows: GridRow[] = [];
  const typeIds = new Set(property.room_types.map((t) => t.id));
  for (const roomType of sortedRoomTypes(property)) {
    const rooms = property.units
      .filter((u) => u.room_type_id === roomType.id)
      .sort((a, b) => byName.compare(a.name, b.name));
    const nights = nightMap(roomType.nights);
    const isCollapsed = collapsed.has(roomType.id);
    rows.push({
      kind: 'type',
      key: `t:${roomType.id}`,
      property,
      roomType,
      rooms: rooms.length,
      collapsed: isCollapsed,
      nights,
    });
    if (isCollapsed) continue;
    for (const unit of rooms)
      rows.push({ kind: 'unit', key: `u:${unit.id}`, unit, property, roomType, nights });
  }
  const orphans = property.units.filter((u) => !u.room_type_id || !typeIds.has(u.room_type_id));
  const empty: NightMap = new Map();
  for (const unit of orphans.sort((a, b) => byName.compare(a.name, b.name))) {
    rows.push({ kind: 'unit', key: `u:${unit.id}`, unit, property, roomType: null, nights: empty });
  }
  return rows;
}

/** What the selection rules need to know about a row. */
export function unitStateOf(row: GridRow): UnitState {
  if (row.kind === 'type') return { bookings: [], closed: [], nights: row.nights };
  return {
    bookings: row.unit.bookings,
    closed: row.unit.closed,
    maintenance: row.unit.status === 'maintenance',
    nights: row.nights,
  };
}

const holdsNights = (b: { status: string }) => b.status !== 'cancelled' && b.status !== 'overbooking';

/** Booked nights ÷ sellable nights of the window, 0–100 (the monthly calendar's occupancy figure). */
export function occupancy(unit: CalendarUnit, days: readonly string[]): number {
  if (days.length === 0) return 0;
  let closed = 0;
  let booked = 0;
  for (const day of days) {
    if (unit.closed.some((c) => c.start_date <= day && day < c.end_date)) closed++;
    // An overbooking holds no night (it collided): only the stay that holds it counts.
    else if (unit.bookings.some((b) => holdsNights(b) && b.start_date <= day && day < b.end_date)) booked++;
  }
  const sellable = days.length - closed;
  return sellable > 0 ? Math.round((booked / sellable) * 100) : 0;
}

/**
 * Rooms of a hotel free for a whole stay (change room): no other booking or closure on those nights, not
 * in maintenance. The booking's own rooms are left out (moving a room onto itself means nothing).
 */
export function freeRoomsFor(
  property: CalendarProperty,
  stay: { id: string; start_date: string; end_date: string },
): CalendarUnit[] {
  const overlapping = (s: string, e: string) => s < stay.end_date && stay.start_date < e;
  return property.units
    .filter((u) => u.status !== 'maintenance')
    .filter((u) => !u.bookings.some((b) => b.id === stay.id))
    .filter((u) => !u.bookings.some((b) => b.status !== 'cancelled' && overlapping(b.start_date, b.end_date)))
    .filter((u) => !u.closed.some((c) => overlapping(c.start_date, c.end_date)))
    .sort((a, b) => byName.compare(a.name, b.name));
}

/** Today at a glance for the toolbar: arrivals, departures and stays in progress over some units. */
export function dayStats(units: readonly CalendarUnit[], day: string) {
  let arrivals = 0;
  let departures = 0;
  let inHouse = 0;
  const seen = new Set<string>();
  for (const unit of units) {
    for (const b of unit.bookings) {
      if (b.status === 'cancelled') continue;
      // A booking of several rooms counts once.
      const key = `${b.id}:${b.start_date}`;
      const first = !seen.has(key);
      seen.add(key);
      if (!first) continue;
      if (b.start_date === day) arrivals++;
      if (b.end_date === day) departures++;
      if (b.start_date <= day && day < b.end_date) inHouse++;
    }
  }
  return { arrivals, departures, inHouse };
}
