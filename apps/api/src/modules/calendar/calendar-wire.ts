import type { ClosedDates } from '@posada/contracts/closed-dates';
import { nightsBetween } from '@posada/domain/booking-rules';
import { isHotelType } from '@posada/domain/property-types';
import type {
  CalendarClosedRow,
  CalendarNightPricesRow,
  CalendarPropertyRow,
  CalendarRoomRow,
  CalendarRoomTypeRow,
  CalendarTakenRow,
  CalendarUnitBookingsRow,
  MonthTextRow,
} from './calendar.repo.ts';
import { type MonthWindow, nextMonth } from './calendar-month-cache.ts';

/*
 * The wire encoder of GET /api/calendar: writes the contract's calendarWire (@posada/contracts/calendar-wire)
 * as JSON text straight from the rows of the calendar queries.
 */

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

/** Comma-separated numbers of the repo as an array. */
const numbers = (text: string | undefined): number[] => (text ? (JSON.parse(`[${text}]`) as number[]) : []);

/** The three night columns of some nights, each as comma-separated JSON numbers. */
interface ColumnsText {
  price: string;
  minStay: string;
  stopSell: string;
}

/**
 * Nights [offset, offset + count) of the window from sparse rows (offset, price, min_stay, stop_sell, …;
 * offsets from the window's first night): the row's values where there is one (a price of -1, i.e. none,
 * keeps the base price), otherwise the base price, minimum stay 1, on sale.
 */
function sparseColumns(offset: number, count: number, basePrice: string, rows: number[]): ColumnsText {
  const price: string[] = new Array(count).fill(basePrice);
  const minStay: number[] = new Array(count).fill(1);
  const stopSell: number[] = new Array(count).fill(0);
  for (let i = 0; i + 3 < rows.length; i += 4) {
    const at = (rows[i] ?? -1) - offset;
    if (at < 0 || at >= count) continue;
    const p = rows[i + 1] ?? -1;
    price[at] = p < 0 ? basePrice : String(p);
    minStay[at] = rows[i + 2] ?? 1;
    stopSell[at] = rows[i + 3] === 1 ? 1 : 0;
  }
  return { price: price.join(','), minStay: minStay.join(','), stopSell: stopSell.join(',') };
}

/**
 * A whole month from the cache's dense text (`price|min_stay|stop_sell`, a value per day; price -1 keeps
 * the base price), or the defaults for a month without rows (''). Prices are never negative (a check of
 * night_prices), so "-1" is only ever the placeholder.
 */
function monthColumns(text: string, days: number, basePrice: string): ColumnsText {
  if (text === '') {
    return {
      price: new Array(days).fill(basePrice).join(','),
      minStay: new Array(days).fill(1).join(','),
      stopSell: new Array(days).fill(0).join(','),
    };
  }
  const [price = '', minStay = '', stopSell = ''] = text.split('|');
  return { price: price.replaceAll('-1', basePrice), minStay, stopSell };
}

/**
 * Explicit night rows of [first, end) (offsets from `first`) as the month cache keeps them: per unit key
 * and month that has rows, densely, a value per day for each column, `price|min_stay|stop_sell`, price -1
 * where the base price applies. Rendering a cached month is then a string join, not a loop over nights.
 */
export function denseMonths(first: string, end: string, rows: CalendarNightPricesRow[]): MonthTextRow[] {
  const months: { month: string; offset: number; days: number }[] = [];
  for (let month = first; month < end; month = nextMonth(month)) {
    months.push({ month, offset: nightsBetween(first, month), days: nightsBetween(month, nextMonth(month)) });
  }
  const out: MonthTextRow[] = [];
  for (const row of rows) {
    const values = numbers(row.nights);
    const byMonth = new Map<number, number[]>();
    for (let i = 0; i + 3 < values.length; i += 4) {
      const offset = values[i] ?? -1;
      const m = months.findLastIndex((month) => month.offset <= offset);
      if (m < 0) continue;
      const list = byMonth.get(m) ?? [];
      list.push(offset, values[i + 1] ?? -1, values[i + 2] ?? 1, values[i + 3] ?? 0);
      byMonth.set(m, list);
    }
    for (const [m, list] of byMonth) {
      const { month, offset, days } = months[m] ?? { month: first, offset: 0, days: 0 };
      const price: number[] = new Array(days).fill(-1);
      const minStay: number[] = new Array(days).fill(1);
      const stopSell: number[] = new Array(days).fill(0);
      for (let i = 0; i + 3 < list.length; i += 4) {
        const day = (list[i] ?? 0) - offset;
        if (day < 0 || day >= days) continue;
        price[day] = list[i + 1] ?? -1;
        minStay[day] = list[i + 2] ?? 1;
        stopSell[day] = list[i + 3] === 1 ? 1 : 0;
      }
      out.push({
        key: row.unit_key,
        month,
        text: `${price.join(',')}|${minStay.join(',')}|${stopSell.join(',')}`,
      });
    }
  }
  return out;
}

const joinColumns = (parts: ColumnsText[], key: keyof ColumnsText) =>
  parts
    .map((part) => part[key])
    .filter((text) => text !== '')
    .join(',');

/**
 * Per night of [from, to) as the JSON text of the wire's night columns (contract calendarNightColumns): the
 * partial months at both ends from sparse rows, the whole months between from the month cache's dense
 * columns; for a room type also its free rooms.
 */
function nightsJson(
  window: MonthWindow,
  basePrice: number | null,
  sparse: string | undefined,
  months: string[] | undefined,
  available?: number[],
): string {
  const base = basePrice === null ? 'null' : String(basePrice);
  const rows = numbers(sparse);
  const head = nightsBetween(window.from, window.before);
  const parts = [sparseColumns(0, head, base, rows)];
  window.months.forEach((month, i) => {
    parts.push(monthColumns(months?.[i] ?? '', nightsBetween(month, nextMonth(month)), base));
  });
  const afterOffset = nightsBetween(window.from, window.after);
  parts.push(sparseColumns(afterOffset, nightsBetween(window.after, window.to), base, rows));
  return `{"price":[${joinColumns(parts, 'price')}],"min_stay":[${joinColumns(parts, 'minStay')}],"stop_sell":[${joinColumns(parts, 'stopSell')}]${
    available ? `,"available":[${available.join(',')}]}` : '}'
  }`;
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
> & {
  /** The whole months of the window and, per unit key, their dense text from the month cache. */
  nightMonths?: { window: MonthWindow; texts: Map<string, string[]> };
};

/** The base price of a property's night, as POST /api/calculate-apartment-price uses it. */
const basePriceOf = (p: CalendarPropertyRow) => p.price_night ?? p.wide_rate;

/**
 * The `nights` columns of the answer as JSON text, by property (apartments, villas) and by room type
 * (hotels, with their free rooms per night). `nightPrices` are the explicit rows outside the whole
 * months of `nightMonths` (all of them when there is none).
 */
export function renderNights(rows: NightsRows): Map<string, string> {
  const count = nightsBetween(rows.from, rows.to);
  const window = rows.nightMonths?.window ?? {
    from: rows.from,
    to: rows.to,
    months: [],
    before: rows.to,
    after: rows.to,
  };
  const months = rows.nightMonths?.texts;
  const sparseByKey = new Map(rows.nightPrices.map((r) => [r.unit_key, r.nights]));
  const takenByType = new Map(rows.taken.map((r) => [r.room_type_id, r.nights]));
  // Most apartments have no night of their own: their nights depend on the base price alone.
  const plain = new Map<number | null, string>();
  const out = new Map<string, string>();
  for (const p of rows.properties) {
    if (isHotelType(p.tipo_propiedad)) continue;
    const base = basePriceOf(p);
    const sparse = sparseByKey.get(p.id);
    const texts = months?.get(p.id);
    const isPlain = !sparse && !texts?.some((text) => text !== '');
    const known = isPlain ? plain.get(base) : undefined;
    const json = known ?? nightsJson(window, base, sparse, texts);
    if (isPlain) plain.set(base, json);
    out.set(p.id, json);
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
    out.set(t.id, nightsJson(window, t.base_price, sparseByKey.get(t.id), months?.get(t.id), available));
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
