import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { properties } from '../../db/schema/properties.ts';
import { rooms, roomTypes } from '../../db/schema/rooms.ts';
import { rowsOf, uuidList } from '../../lib/sql.ts';

/**
 * The dashboard's figures, computed in the database over all the selected properties at once.
 *
 * Definitions (docs/calendar-dashboard.md):
 * - a reservation is a booking not cancelled; it is "in" a window when its stay overlaps it;
 * - its revenue is price − promotions (taxes are collected for others), spread evenly over its nights,
 *   so a window counts amount × nights inside ÷ nights; sums are rounded once;
 * - money only adds up bookings of properties in the reporting currency; counts include every property.
 */

export interface DashboardPropertyRow {
  id: string;
  nombre: string;
  currency: string;
  time_zone: string;
  tipo_propiedad: string;
}

export interface BreakdownRow {
  /** 'all', 'channel' or 'property': which grouping set the row belongs to. */
  grouping: 'all' | 'channel' | 'property';
  channel: string | null;
  property_id: string | null;
  reservations: number;
  revenue: number;
}

export interface ChartRow {
  month_from: string;
  revenue: number;
  bookings: number;
}

/** Non-cancelled stays of the properties overlapping [from, to), with their revenue amount. */
const stays = (
  accountId: string,
  propertyIds: readonly string[],
  currency: string,
  from: SQL,
  to: SQL,
) => sql`
  select b.id, b.property_id, b.channel, b.start_date, b.end_date,
         (b.end_date - b.start_date) as nights,
         p.currency = ${currency} as counted,
         (b.price - coalesce((select sum((l ->> 'price')::numeric) from jsonb_array_elements(b.promotions) l), 0))
           as amount
  from bookings b join properties p on p.id = b.property_id
  where b.account_id = ${accountId} and b.property_id = any(${uuidList(propertyIds)})
    and b.status <> 'cancelled' and b.start_date < ${to} and b.end_date > ${from}`;

export type DashboardRepo = ReturnType<typeof createDashboardRepo>;

export function createDashboardRepo({ db }: { db: Db }) {
  return {
    async properties(accountId: string, id: string | null): Promise<DashboardPropertyRow[]> {
      return rowsOf<DashboardPropertyRow>(
        db,
        sql`select id, nombre, currency, time_zone, tipo_propiedad from properties
            where account_id = ${accountId} ${id ? sql`and id = ${id}` : sql``}
            order by created_at, id`,
      );
    },

    /** Reservations and revenue in [from, to): in all, by channel and by property (one GROUPING SETS pass). */
    async breakdown(
      accountId: string,
      propertyIds: readonly string[],
      currency: string,
      from: string,
      to: string,
    ): Promise<BreakdownRow[]> {
      const rows = await rowsOf<BreakdownRow>(
        db,
        sql`with s as (${stays(accountId, propertyIds, currency, sql`${from}::date`, sql`${to}::date`)})
            select case when grouping(s.channel) = 0 then 'channel'
                        when grouping(s.property_id) = 0 then 'property' else 'all' end as grouping,
                   s.channel, s.property_id, count(*)::int as reservations,
                   coalesce(round(sum(s.amount
                     * (least(s.end_date, ${to}::date) - greatest(s.start_date, ${from}::date)) / s.nights)
                     filter (where s.counted)), 0)::float8 as revenue
            from s
            group by grouping sets ((), (s.channel), (s.property_id))`,
      );
      return rows.map((r) => ({ ...r, revenue: Number(r.revenue) }));
    },

    /** Arrivals today, each property in its own time zone. */
    async checkinsToday(accountId: string, propertyIds: readonly string[], now: Date): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n
            from bookings b join properties p on p.id = b.property_id
            where b.account_id = ${accountId} and b.property_id = any(${uuidList(propertyIds)})
              and b.status <> 'cancelled'
              and b.start_date = (${now.toISOString()}::timestamptz at time zone p.time_zone)::date`,
      );
      return row?.n ?? 0;
    },

    /**
     * Booked and sellable nights of [from, to). Units are the property (apartment, villa) or each room not in
     * maintenance (hotel); sellable = units × nights − closed nights; booked = sold nights of those units.
     */
    async nights(
      accountId: string,
      propertyIds: readonly string[],
      from: string,
      to: string,
    ): Promise<{ booked: number; sellable: number }> {
      const [row] = await rowsOf<{ booked: number; sellable: number }>(
        db,
        sql`with units as (
              select p.id as unit_id from properties p
              where p.account_id = ${accountId} and p.id = any(${uuidList(propertyIds)})
                and p.tipo_propiedad not in ('hotel', 'camping')
              union all
              select r.id from rooms r join properties p on p.id = r.property_id
              where r.account_id = ${accountId} and r.property_id = any(${uuidList(propertyIds)})
                and p.tipo_propiedad in ('hotel', 'camping') and r.status <> 'maintenance'
            ),
            taken as (
              select count(*) filter (where un.booking_id is not null)::int as booked,
                     count(*) filter (where un.closed_date_id is not null)::int as closed
              from unit_nights un join units u on u.unit_id = un.unit_id
              where un.account_id = ${accountId} and un.property_id = any(${uuidList(propertyIds)})
                and un.night >= ${from}::date and un.night < ${to}::date
            )
            select taken.booked,
                   ((select count(*) from units) * (${to}::date - ${from}::date) - taken.closed)::int as sellable
            from taken`,
      );
      return { booked: row?.booked ?? 0, sellable: row?.sellable ?? 0 };
    },

    /** Per month starting on each of `monthStarts`: revenue of its nights and arrivals. */
    async chart(
      accountId: string,
      propertyIds: readonly string[],
      currency: string,
      monthStarts: string[],
    ): Promise<ChartRow[]> {
      const from = monthStarts[0] ?? '1970-01-01';
      const to = sql`(${monthStarts.at(-1) ?? from}::date + interval '1 month')::date`;
      const rows = await rowsOf<ChartRow>(
        db,
        sql`with s as (${stays(accountId, propertyIds, currency, sql`${from}::date`, to)}),
            m as (
              select m_from::date as m_from, (m_from::date + interval '1 month')::date as m_to
              from unnest(string_to_array(${monthStarts.join(',')}, ',')) as m_from
            )
            select m.m_from::text as month_from,
                   coalesce(round(sum(s.amount
                     * (least(s.end_date, m.m_to) - greatest(s.start_date, m.m_from)) / s.nights)
                     filter (where s.counted)), 0)::float8 as revenue,
                   (count(s.id) filter (where s.start_date >= m.m_from))::int as bookings
            from m left join s on s.start_date < m.m_to and s.end_date > m.m_from
            group by m.m_from
            order by m.m_from`,
      );
      return rows.map((r) => ({ ...r, revenue: Number(r.revenue) }));
    },

    /** The next arrivals (from today in each property's time zone), not cancelled, soonest first. */
    async upcoming(accountId: string, propertyIds: readonly string[], now: Date, limit: number) {
      const rows = await db
        .select({ booking: bookings, propertyTitle: properties.nombre, roomTypeName: roomTypes.name })
        .from(bookings)
        .innerJoin(properties, eq(properties.id, bookings.propertyId))
        .leftJoin(roomTypes, eq(roomTypes.id, bookings.roomTypeId))
        .where(
          and(
            eq(bookings.accountId, accountId),
            inArray(bookings.propertyId, [...propertyIds]),
            sql`${bookings.status} <> 'cancelled'`,
            sql`${bookings.startDate} >= (${now.toISOString()}::timestamptz at time zone ${properties.timeZone})::date`,
          ),
        )
        .orderBy(asc(bookings.startDate), asc(bookings.createdAt), asc(bookings.id))
        .limit(limit);
      const roomIds = [...new Set(rows.flatMap((r) => r.booking.roomIds))];
      const names =
        roomIds.length === 0
          ? []
          : await db
              .select({ id: rooms.id, name: rooms.name })
              .from(rooms)
              .where(and(eq(rooms.accountId, accountId), inArray(rooms.id, roomIds)));
      return { rows, roomNames: new Map(names.map((r) => [r.id, r.name])) };
    },
  };
}
