import { nightsBetween } from '@posada/domain/booking-rules';
import { isHotelType } from '@posada/domain/property-types';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { calendarErrors } from './calendar.errors.ts';
import {
  type CalendarUnitBookingsRow,
  createCalendarRepo,
  nightsCache,
  staysCache,
} from './calendar.repo.ts';
import { type MonthWindow, monthTexts, monthWindow } from './calendar-month-cache.ts';
import { denseMonths, type NightsRows, renderNights, writeCalendar } from './calendar-wire.ts';

/** One call draws at most this many nights: a year and a bit, enough for any calendar view. */
export const MAX_CALENDAR_NIGHTS = 400;

export type CalendarService = ReturnType<typeof createCalendarService>;

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
 * GET /api/calendar: everything the three calendars draw, for one or more properties, in one call — a
 * fixed number of set-based queries whatever the number of units and nights, run side by side on
 * PostgreSQL's pool. The stays and night prices of whole months come from the month cache
 * (calendar-month-cache.ts). Answers the bytes of the whole JSON envelope (see writeCalendar).
 */
export function createCalendarService(deps: {
  db: Db;
  kind?: 'pglite' | 'postgres';
  logger?: FastifyBaseLogger;
}) {
  const postgres = deps.kind === 'postgres';
  const repo = createCalendarRepo({ db: deps.db, postgres });
  const cacheDeps = {
    repo,
    onStoreError: (err: unknown) =>
      deps.logger?.warn({ err }, 'calendar: a month of the cache was not stored'),
  };

  /** Stays per unit (`units`: the properties, or the rooms of hotels with `perRoom`). */
  async function staysOf(
    accountId: string,
    propertyIds: string[],
    units: string[],
    window: MonthWindow,
    perRoom: boolean,
  ): Promise<CalendarUnitBookingsRow[]> {
    if (units.length === 0) return [];
    const [edges, months] = await Promise.all([
      repo.bookingEdges(accountId, propertyIds, window, perRoom),
      monthTexts(cacheDeps, staysCache, accountId, units, window, (keys, first, end) =>
        repo.bookingMonths(accountId, propertyIds, keys, first, end, perRoom),
      ),
    ]);
    const edgesOf = new Map(edges.map((row) => [row.unit_id, row]));
    return units.map((unit) => {
      const edge = edgesOf.get(unit);
      const parts = [edge?.head, ...(months.get(unit) ?? []), edge?.tail].filter((part) => part);
      return { unit_id: unit, bookings: `[${parts.join(',')}]` };
    });
  }

  /** Explicit night rows per unit key (properties, room types of hotels): sparse at the ends, dense months. */
  async function nightPricesOf(
    accountId: string,
    propertyIds: string[],
    keys: string[],
    window: MonthWindow,
  ): Promise<Pick<NightsRows, 'nightPrices' | 'nightMonths'>> {
    const [edges, texts] = await Promise.all([
      repo.nightPriceEdges(accountId, propertyIds, window),
      monthTexts(cacheDeps, nightsCache, accountId, keys, window, async (missing, first, end) =>
        denseMonths(first, end, await repo.nightPriceRange(accountId, propertyIds, missing, first, end)),
      ),
    ]);
    return { nightPrices: edges, nightMonths: { window, texts } };
  }

  return {
    async get(
      tenant: Tenant,
      query: { from: string; to: string; property_ids?: string | undefined },
    ): Promise<Buffer> {
      const { from, to } = query;
      checkRange(from, to);
      const ids = parsePropertyIds(query.property_ids);
      if (ids?.some((id) => !isUuid(id))) throw calendarErrors.propertyNotFound();
      const { accountId } = tenant;
      const properties = await repo.properties(accountId, ids);
      if (ids && properties.length !== ids.length) throw calendarErrors.propertyNotFound();

      const window = monthWindow(from, to);
      const all = properties.map((p) => p.id);
      const hotels = properties.filter((p) => isHotelType(p.tipo_propiedad)).map((p) => p.id);
      const others = properties.filter((p) => !isHotelType(p.tipo_propiedad)).map((p) => p.id);
      const roomTypesRows = repo.roomTypes(accountId, hotels);
      const roomsRows = repo.rooms(accountId, hotels);
      const nightPricesRows = roomTypesRows.then((types) =>
        nightPricesOf(accountId, all, [...others, ...types.map((t) => t.id)], window),
      );
      const takenRows = repo.takenRooms(accountId, hotels, from, to);
      const [roomTypes, rooms, bookings, closed, { nightPrices }, taken, nights] = await Promise.all([
        roomTypesRows,
        roomsRows,
        // Apartments and villas, and hotels (a stay on each of its rooms), side by side.
        Promise.all([
          staysOf(accountId, others, others, window, false),
          roomsRows.then((r) =>
            staysOf(
              accountId,
              hotels,
              r.map((room) => room.id),
              window,
              true,
            ),
          ),
        ]).then(([a, b]) => [...a, ...b]),
        repo.closedDates(accountId, all, from, to),
        nightPricesRows,
        takenRows,
        // The nights are written as soon as their rows are in, while the stays are still being read.
        Promise.all([roomTypesRows, nightPricesRows, takenRows]).then(([rt, np, tk]) =>
          renderNights({ from, to, properties, roomTypes: rt, ...np, taken: tk }),
        ),
      ]);
      return writeCalendar(
        { from, to, properties, roomTypes, rooms, bookings, closed, nightPrices, taken },
        nights,
      ).toBuffer();
    },
  };
}
