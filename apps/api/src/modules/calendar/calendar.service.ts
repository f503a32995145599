import type { CalendarData } from '@posada/contracts/bookings';
import type { Currency } from '@posada/contracts/properties';
import type { BookingChannel, BookingStatus, PaymentStatus } from '@posada/domain/booking-rules';
import { addDays, nightsBetween } from '@posada/domain/booking-rules';
import { isHotelType } from '@posada/domain/property-types';
import type { Db } from '../../db/client.ts';
import { isUuid, type Tenant } from '../properties/properties.service.ts';
import { calendarErrors } from './calendar.errors.ts';
import {
  type CalendarBookingRow,
  type CalendarClosedRow,
  type CalendarNightPricesRow,
  type CalendarPropertyRow,
  type CalendarRoomRow,
  type CalendarRoomTypeRow,
  type CalendarTakenRow,
  createCalendarRepo,
} from './calendar.repo.ts';

/** One call draws at most this many nights: a year and a bit, enough for any calendar view. */
export const MAX_CALENDAR_NIGHTS = 400;

export type CalendarService = ReturnType<typeof createCalendarService>;

type Unit = CalendarData['properties'][number]['units'][number];
type Night = CalendarData['properties'][number]['nights'][number];

export interface CalendarRows {
  from: string;
  to: string;
  properties: CalendarPropertyRow[];
  roomTypes: CalendarRoomTypeRow[];
  rooms: CalendarRoomRow[];
  bookings: CalendarBookingRow[];
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

/**
 * Per night of [from, to): the explicit row of night_prices when there is one (a null price there keeps
 * the base price), otherwise the base price, minimum stay 1, on sale.
 */
function nightsOf(
  dates: string[],
  basePrice: number | null,
  explicit: CalendarNightPricesRow | undefined,
): Night[] {
  const nights: Night[] = dates.map((date) => ({ date, price: basePrice, min_stay: 1, stop_sell: false }));
  if (explicit) {
    for (let i = 0; i < explicit.offsets.length; i++) {
      const night = nights[explicit.offsets[i] ?? -1];
      if (!night) continue;
      night.price = explicit.prices[i] ?? basePrice;
      night.min_stay = explicit.min_stays[i] ?? 1;
      night.stop_sell = explicit.stop_sells[i] ?? false;
    }
  }
  return nights;
}

const toBooking = (b: CalendarBookingRow): Unit['bookings'][number] => ({
  id: b.id,
  code: b.code,
  name: b.name,
  start_date: b.start_date,
  end_date: b.end_date,
  number_of_guests: b.guests,
  status: b.status as BookingStatus,
  payment_status: b.payment_status as PaymentStatus,
  paused: b.paused,
  channel: b.channel as BookingChannel,
  total: b.total,
});

const toClosed = (c: CalendarClosedRow): Unit['closed'][number] => ({
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
 * Puts the rows of the calendar queries together: units are the property itself (apartment, villa) or
 * each room (hotel, camping); a hotel booking sits on each of its rooms; a closure without a room closes
 * every room of the hotel; a room type's free rooms per night are its rooms not in maintenance minus the
 * ones booked or closed that night.
 */
export function assembleCalendar(rows: CalendarRows): CalendarData {
  const dates = Array.from({ length: nightsBetween(rows.from, rows.to) }, (_, i) => addDays(rows.from, i));
  const pricesByKey = new Map(rows.nightPrices.map((r) => [r.unit_key, r]));
  const takenByType = new Map(rows.taken.map((r) => [r.room_type_id, r]));
  const typesByProperty = groupBy(rows.roomTypes, (t) => t.property_id);
  const roomsByProperty = groupBy(rows.rooms, (r) => r.property_id);
  const bookingsByProperty = groupBy(rows.bookings, (b) => b.property_id);
  const closedByProperty = groupBy(rows.closed, (c) => c.property_id);

  const properties = rows.properties.map((p) => {
    const bookings = bookingsByProperty.get(p.id) ?? [];
    const closed = closedByProperty.get(p.id) ?? [];
    const common = {
      id: p.id,
      nombre: p.nombre,
      tipo_propiedad: p.tipo_propiedad,
      currency: p.currency as Currency,
      guests: p.guests,
      // The base price of a night, as POST /api/calculate-apartment-price uses it.
      base_price: p.price_night ?? p.wide_rate,
    };
    if (!isHotelType(p.tipo_propiedad)) {
      return {
        ...common,
        room_types: [],
        nights: nightsOf(dates, common.base_price, pricesByKey.get(p.id)),
        units: [
          {
            id: p.id,
            property_id: p.id,
            name: p.nombre,
            room_type_id: null,
            status: 'available' as const,
            bookings: bookings.map(toBooking),
            closed: closed.map(toClosed),
          },
        ],
      };
    }

    const units = new Map<string, Unit>();
    for (const room of roomsByProperty.get(p.id) ?? []) {
      units.set(room.id, {
        id: room.id,
        property_id: p.id,
        name: room.name,
        room_type_id: room.room_type_id,
        status: room.status,
        bookings: [],
        closed: [],
      });
    }
    for (const booking of bookings) {
      const calendarBooking = toBooking(booking);
      for (const roomId of booking.room_ids) units.get(roomId)?.bookings.push(calendarBooking);
    }
    for (const closure of closed) {
      const calendarClosed = toClosed(closure);
      if (closure.room_id) units.get(closure.room_id)?.closed.push(calendarClosed);
      else for (const unit of units.values()) unit.closed.push(calendarClosed);
    }

    const roomTypes = (typesByProperty.get(p.id) ?? []).map((t) => {
      const available = dates.map(() => t.sellable_rooms);
      const taken = takenByType.get(t.id);
      if (taken) {
        for (let i = 0; i < taken.offsets.length; i++) {
          const off = taken.offsets[i] ?? -1;
          if (off in available) available[off] = Math.max(0, t.sellable_rooms - (taken.taken[i] ?? 0));
        }
      }
      return {
        id: t.id,
        name: t.name,
        max_guests: t.max_guests,
        base_price: t.base_price,
        rooms_count: t.rooms_count,
        nights: nightsOf(dates, t.base_price, pricesByKey.get(t.id)).map((night, i) => ({
          ...night,
          available: available[i] ?? 0,
        })),
      };
    });
    return { ...common, room_types: roomTypes, nights: [], units: [...units.values()] };
  });
  return { from: rows.from, to: rows.to, properties };
}

/** GET /api/calendar: everything the three calendars draw, for one or more properties, in one call. */
export function createCalendarService(deps: { db: Db }) {
  const repo = createCalendarRepo({ db: deps.db });
  return {
    async get(
      tenant: Tenant,
      query: { from: string; to: string; property_ids?: string | undefined },
    ): Promise<CalendarData> {
      const { from, to } = query;
      checkRange(from, to);
      const ids = parsePropertyIds(query.property_ids);
      if (ids?.some((id) => !isUuid(id))) throw calendarErrors.propertyNotFound();
      const properties = await repo.properties(tenant.accountId, ids);
      if (ids && properties.length !== ids.length) throw calendarErrors.propertyNotFound();

      const all = properties.map((p) => p.id);
      const hotels = properties.filter((p) => isHotelType(p.tipo_propiedad)).map((p) => p.id);
      const [roomTypes, rooms, bookings, closed, nightPrices, taken] = await Promise.all([
        repo.roomTypes(tenant.accountId, hotels),
        repo.rooms(tenant.accountId, hotels),
        repo.bookings(tenant.accountId, all, from, to),
        repo.closedDates(tenant.accountId, all, from, to),
        repo.nightPrices(tenant.accountId, all, from, to),
        repo.takenRooms(tenant.accountId, hotels, from, to),
      ]);
      return assembleCalendar({
        from,
        to,
        properties,
        roomTypes,
        rooms,
        bookings,
        closed,
        nightPrices,
        taken,
      });
    },
  };
}
