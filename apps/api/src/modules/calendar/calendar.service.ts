import type { ClosedDates } from '@posada/contracts/bookings';
import { nightsBetween } from '@posada/domain/booking-rules';
import { isHotelType } from '@posada/domain/property-types';
import type { Db } from '../../db/client.ts';
import { isUuid, type Tenant } from '../properties/properties.service.ts';
import { calendarErrors } from './calendar.errors.ts';
import {
  type CalendarClosedRow,
  type CalendarNightPricesRow,
  type CalendarPropertyRow,
  type CalendarRoomRow,
  type CalendarRoomTypeRow,
  type CalendarTakenRow,
  type CalendarUnitBookingsRow,
  createCalendarRepo,
} from './calendar.repo.ts';

/** One call draws at most this many nights: a year and a bit, enough for any calendar view. */
export const MAX_CALENDAR_NIGHTS = 400;

export type CalendarService = ReturnType<typeof createCalendarService>;

export interface CalendarRows {
  from: string;
  to: string;
  properties: CalendarPropertyRow[];
  roomTypes: CalendarRoomTypeRow[];
  rooms: CalendarRoomRow[];
  bookings: CalendarUnitBookingsRow[];
  closed: CalendarClosedRow[];
  nightPrices: CalendarNightPricesRow[];
  taken: CalendarTakenRow[];
}

/** `property_ids` as given: a comma list; empty means all the account's properties. */
export function parsePropertyIds(value: string | undefined): string[] | null {
  const ids = [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  return ids.length > 0 ? ids : null;
}

/** The range rules: from before to (spec 5 Calendar), at most MAX_CALENDAR_NIGHTS nights. */
export function checkRange(from: string, to: string): number {
  if (to <= from) throw calendarErrors.invalidRange();
  const nights = nightsBetween(from, to);
  if (nights > MAX_CALENDAR_NIGHTS) throw calendarErrors.rangeTooLong(MAX_CALENDAR_NIGHTS);
  return nights;
}

/** A compact column of the repo: a JSON array of numbers (empty when the column is null). */
const numbers = (text: string | undefined): number[] => (text ? (JSON.parse(text) as number[]) : []);

/**
 * Per night of [from, to) as the JSON text of the wire's night columns (contract calendarNightColumns): the
 * explicit row of night_prices when there is one (a price of -1, i.e. none, keeps the base price),
 * otherwise the base price, minimum stay 1, on sale; for a room type also its free rooms.
 */
function nightsJson(
  count: number,
  basePrice: number | null,
  explicit: string | undefined,
  available?: number[],
  defaults?: Map<number | null, string>,
): string {
  // Most units have no night of their own: their nights depend on the base price alone.
  const reusable = !explicit && !available && defaults;
  const known = reusable ? defaults.get(basePrice) : undefined;
  if (known) return known;
  const price: (number | null)[] = new Array(count).fill(basePrice);
  const minStay: number[] = new Array(count).fill(1);
  const stopSell: number[] = new Array(count).fill(0);
  const rows = numbers(explicit);
  for (let i = 0; i + 3 < rows.length; i += 4) {
    const offset = rows[i] ?? -1;
    if (offset < 0 || offset >= count) continue;
    const p = rows[i + 1] ?? -1;
    price[offset] = p < 0 ? basePrice : p;
    minStay[offset] = rows[i + 2] ?? 1;
    stopSell[offset] = rows[i + 3] === 1 ? 1 : 0;
  }
  const out = `{"price":[${price.map((p) => (p === null ? 'null' : p)).join(',')}],"min_stay":[${minStay.join(',')}],"stop_sell":[${stopSell.join(',')}]${
    available ? `,"available":[${available.join(',')}]}` : '}'
  }`;
  if (reusable) defaults.set(basePrice, out);
  return out;
}

/** Night columns without nights: a hotel's own (its nights are per room type). */
const noNights = '{"price":[],"min_stay":[],"stop_sell":[]}';

const toClosed = (c: CalendarClosedRow): ClosedDates => ({
  id: c.id,
  property_id: c.property_id,
  room_id: c.room_id,
  start_date: c.start_date,
  end_date: c.end_date,
  reason: c.reason,
});

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/**
 * The answer as a list of JSON pieces, written into one buffer at the end: no intermediate large strings
 * (joining megabytes of text into ever larger strings costs more in copies and garbage collection than
 * writing it once).
 */
class JsonPieces {
  readonly parts: string[] = [];
  push(text: string) {
    this.parts.push(text);
  }
  /** An object's JSON, left open so that members already written as JSON text can follow. */
  open(head: object) {
    const json = JSON.stringify(head);
    this.parts.push(json === '{}' ? '{' : `${json.slice(0, -1)},`);
  }
  /** `"key":` and the raw JSON text of its value. */
  member(key: string, raw: string, last = false) {
    this.parts.push(`"${key}":`, raw, last ? '}' : ',');
  }
  toBuffer(): Buffer {
    let size = 0;
    for (const part of this.parts) size += Buffer.byteLength(part);
    const buffer = Buffer.allocUnsafe(size);
    let offset = 0;
    for (const part of this.parts) offset += buffer.write(part, offset);
    return buffer;
  }
  toString(): string {
    return this.parts.join('');
  }
}

interface UnitHead {
  id: string;
  property_id: string;
  name: string;
  room_type_id: string | null;
  status: CalendarRoomRow['status'];
}

/** The rows the nights of the answer depend on (not the stays): they can be written while those load. */
export type NightsRows = Pick<
  CalendarRows,
  'from' | 'to' | 'properties' | 'roomTypes' | 'nightPrices' | 'taken'
>;

/** The base price of a property's night, as POST /api/calculate-apartment-price uses it. */
const basePriceOf = (p: CalendarPropertyRow) => p.price_night ?? p.wide_rate;

/**
 * The `nights` columns of the answer as JSON text, by property (apartments, villas) and by room type
 * (hotels, with their free rooms per night).
 */
export function renderNights(rows: NightsRows): Map<string, string> {
  const count = nightsBetween(rows.from, rows.to);
  const defaultNights = new Map<number | null, string>();
  const pricesByKey = new Map(rows.nightPrices.map((r) => [r.unit_key, r.nights]));
  const takenByType = new Map(rows.taken.map((r) => [r.room_type_id, r.nights]));
  const out = new Map<string, string>();
  for (const p of rows.properties) {
    if (isHotelType(p.tipo_propiedad)) continue;
    out.set(p.id, nightsJson(count, basePriceOf(p), pricesByKey.get(p.id), undefined, defaultNights));
  }
  for (const t of rows.roomTypes) {
    const available: number[] = new Array(count).fill(t.sellable_rooms);
    const taken = numbers(takenByType.get(t.id));
    for (let i = 0; i + 1 < taken.length; i += 2) {
      const offset = taken[i] ?? -1;
      if (offset >= 0 && offset < count) {
        available[offset] = Math.max(0, t.sellable_rooms - (taken[i + 1] ?? 0));
      }
    }
    out.set(t.id, nightsJson(count, t.base_price, pricesByKey.get(t.id), available));
  }
  return out;
}

/**
 * Writes the answer of GET /api/calendar (the envelope and the contract's calendarWire) as JSON pieces from
 * the rows of the calendar queries. Units are the property itself (apartment, villa) or each room (hotel,
 * camping); a hotel booking sits on each of its rooms; a closure without a room closes every room of the
 * hotel; a room type's free rooms per night are its rooms not in maintenance minus the ones booked or
 * closed that night. Written as text rather than objects because a year of 500 units is over 200 000
 * nights and stays: building, validating and serialising that many objects would cost more than the
 * queries (the contract is checked by the tests instead, see calendar.int.test.ts). `nights` may come
 * from renderNights already.
 */
export function writeCalendar(
  rows: CalendarRows,
  nights: Map<string, string> = renderNights(rows),
): JsonPieces {
  const bookingsByUnit = new Map(rows.bookings.map((r) => [r.unit_id, r.bookings]));
  const typesByProperty = groupBy(rows.roomTypes, (t) => t.property_id);
  const roomsByProperty = groupBy(rows.rooms, (r) => r.property_id);
  const closedByProperty = groupBy(rows.closed, (c) => c.property_id);
  const out = new JsonPieces();

  const unit = (head: UnitHead, closed: ClosedDates[]) => {
    out.open(head);
    out.member('bookings', bookingsByUnit.get(head.id) ?? '[]');
    out.member('closed', JSON.stringify(closed), true);
  };

  out.push(`{"ok":true,"data":{"from":"${rows.from}","to":"${rows.to}","properties":[`);
  rows.properties.forEach((p, index) => {
    if (index > 0) out.push(',');
    const closed = (closedByProperty.get(p.id) ?? []).map(toClosed);
    out.open({
      id: p.id,
      nombre: p.nombre,
      tipo_propiedad: p.tipo_propiedad,
      currency: p.currency,
      guests: p.guests,
      base_price: basePriceOf(p),
    });
    if (!isHotelType(p.tipo_propiedad)) {
      out.member('room_types', '[]');
      out.member('nights', nights.get(p.id) ?? noNights);
      out.push('"units":[');
      unit({ id: p.id, property_id: p.id, name: p.nombre, room_type_id: null, status: 'available' }, closed);
      out.push(']}');
      return;
    }
    out.push('"room_types":[');
    (typesByProperty.get(p.id) ?? []).forEach((t, i) => {
      if (i > 0) out.push(',');
      out.open({
        id: t.id,
        name: t.name,
        max_guests: t.max_guests,
        base_price: t.base_price,
        rooms_count: t.rooms_count,
      });
      out.member('nights', nights.get(t.id) ?? noNights, true);
    });
    out.push('],');
    out.member('nights', noNights);
    out.push('"units":[');
    (roomsByProperty.get(p.id) ?? []).forEach((room, i) => {
      if (i > 0) out.push(',');
      unit(
        {
          id: room.id,
          property_id: p.id,
          name: room.name,
          room_type_id: room.room_type_id,
          status: room.status,
        },
        closed.filter((c) => c.room_id === null || c.room_id === room.id),
      );
    });
    out.push(']}');
  });
  out.push(']}}');
  return out;
}

/** The answer as one string (tests, small calendars). */
export const renderCalendar = (rows: CalendarRows, nights?: Map<string, string>): string =>
  writeCalendar(rows, nights).toString();

/**
 * GET /api/calendar: everything the three calendars draw, for one or more properties, in one call — seven
 * set-based queries whatever the number of units and nights, run side by side on PostgreSQL's pool.
 * Answers the bytes of the whole JSON envelope (see writeCalendar).
 */
export function createCalendarService(deps: { db: Db; kind?: 'pglite' | 'postgres' }) {
  const postgres = deps.kind === 'postgres';
  const repo = createCalendarRepo({ db: deps.db, postgres });
  return {
    async get(
      tenant: Tenant,
      query: { from: string; to: string; property_ids?: string | undefined },
    ): Promise<Buffer> {
      const { from, to } = query;
      checkRange(from, to);
      const ids = parsePropertyIds(query.property_ids);
      if (ids?.some((id) => !isUuid(id))) throw calendarErrors.propertyNotFound();
      const properties = await repo.properties(tenant.accountId, ids);
      if (ids && properties.length !== ids.length) throw calendarErrors.propertyNotFound();

      const all = properties.map((p) => p.id);
      const hotels = properties.filter((p) => isHotelType(p.tipo_propiedad)).map((p) => p.id);
      const others = properties.filter((p) => !isHotelType(p.tipo_propiedad)).map((p) => p.id);
      const roomTypesRows = repo.roomTypes(tenant.accountId, hotels);
      const nightPricesRows = repo.nightPrices(tenant.accountId, all, from, to);
      const takenRows = repo.takenRooms(tenant.accountId, hotels, from, to);
      const [roomTypes, rooms, bookings, closed, nightPrices, taken, nights] = await Promise.all([
        roomTypesRows,
        repo.rooms(tenant.accountId, hotels),
        // Apartments and villas, and hotels (a stay on each of its rooms): two queries side by side.
        Promise.all([
          repo.bookings(tenant.accountId, others, from, to, false),
          repo.bookings(tenant.accountId, hotels, from, to, true),
        ]).then(([a, b]) => [...a, ...b]),
        repo.closedDates(tenant.accountId, all, from, to),
        nightPricesRows,
        takenRows,
        // The nights are written as soon as their rows are in, while the stays are still being read.
        Promise.all([roomTypesRows, nightPricesRows, takenRows]).then(([rt, np, tk]) =>
          renderNights({ from, to, properties, roomTypes: rt, nightPrices: np, taken: tk }),
        ),
      ]);
      return writeCalendar(
        { from, to, properties, roomTypes, rooms, bookings, closed, nightPrices, taken },
        nights,
      ).toBuffer();
    },
  };
}
