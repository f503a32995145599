import type { DashboardData } from '@posada/contracts/dashboard';
import type { Currency } from '@posada/contracts/properties';
import type { BookingChannel, DashboardPeriod } from '@posada/domain/booking-rules';
import { periodRange } from '@posada/domain/booking-rules';
import { chartMonths, occupancyPercent } from '@posada/domain/dashboard';
import { todayIn } from '@posada/domain/zoned-time';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { toBooking } from '../bookings/bookings.service.ts';
import { dashboardErrors } from './dashboard.errors.ts';
import { createDashboardRepo, type DashboardPropertyRow } from './dashboard.repo.ts';

/** spec 2.4 Dashboard: how many next arrivals the upcoming list shows. */
export const UPCOMING_LIMIT = 8;
/** The time zone of an account without properties (spec 9: Spain first). */
const DEFAULT_TIME_ZONE = 'Europe/Madrid';

export type DashboardService = ReturnType<typeof createDashboardService>;

/**
 * The currency money figures are reported in: the one most of the properties use, ties going to the
 * property created first. Properties in other currencies still count in reservations, check-ins and
 * occupancy, but not in revenue (docs/calendar-dashboard.md); the dashboard of one property is in its currency.
 */
export function reportingCurrency(properties: Pick<DashboardPropertyRow, 'currency'>[]): string {
  const counts = new Map<string, number>();
  for (const p of properties) counts.set(p.currency, (counts.get(p.currency) ?? 0) + 1);
  let best = properties[0]?.currency ?? 'EUR';
  for (const [currency, n] of counts) if (n > (counts.get(best) ?? 0)) best = currency;
  return best;
}

/** GET /api/dashboard: the figures of spec 2.4 for the active property or all, computed in the database. */
export function createDashboardService(deps: { db: Db; clock: Clock }) {
  const repo = createDashboardRepo({ db: deps.db });
  return {
    async get(
      tenant: Tenant,
      query: { period: DashboardPeriod; months: number; property_id?: string | undefined },
    ): Promise<DashboardData> {
      const id = query.property_id ?? null;
      if (id !== null && !isUuid(id)) throw dashboardErrors.propertyNotFound();
      const props = await repo.properties(tenant.accountId, id);
      if (id !== null && props.length === 0) throw dashboardErrors.propertyNotFound();

      const now = deps.clock.now();
      // Periods are calendar days of the (first) property's time zone; check-ins today use each property's.
      const today = todayIn(props[0]?.time_zone ?? DEFAULT_TIME_ZONE, now);
      const window = periodRange(query.period, today);
      const months = chartMonths(today, query.months);
      const currency = reportingCurrency(props);
      const ids = props.map((p) => p.id);
      if (ids.length === 0) {
        return {
          period: window,
          currency: currency as Currency,
          total_reservations: 0,
          checkins_today: 0,
          occupancy: 0,
          revenue: 0,
          upcoming: [],
          revenue_by_channel: [],
          revenue_by_property: [],
          chart: months.map((m) => ({ month: m.month, revenue: 0, bookings: 0 })),
        };
      }

      const [breakdown, checkinsToday, nights, chart, upcoming] = await Promise.all([
        repo.breakdown(tenant.accountId, ids, currency, window.from, window.to),
        repo.checkinsToday(tenant.accountId, ids, now),
        repo.nights(tenant.accountId, ids, window.from, window.to),
        repo.chart(
          tenant.accountId,
          ids,
          currency,
          months.map((m) => m.from),
        ),
        repo.upcoming(tenant.accountId, ids, now, UPCOMING_LIMIT),
      ]);

      const all = breakdown.find((r) => r.grouping === 'all');
      const byProperty = new Map(
        breakdown.filter((r) => r.grouping === 'property').map((r) => [r.property_id, r.revenue]),
      );
      const chartByMonth = new Map(chart.map((r) => [r.month_from.slice(0, 7), r]));
      return {
        period: window,
        currency: currency as Currency,
        total_reservations: all?.reservations ?? 0,
        checkins_today: checkinsToday,
        occupancy: occupancyPercent(nights.booked, nights.sellable),
        revenue: all?.revenue ?? 0,
        upcoming: upcoming.rows.map((row) => toBooking(row, upcoming.roomNames)),
        revenue_by_channel: breakdown
          .filter((r) => r.grouping === 'channel')
          .map((r) => ({ channel: r.channel as BookingChannel, revenue: r.revenue }))
          .sort((a, b) => b.revenue - a.revenue || a.channel.localeCompare(b.channel)),
        revenue_by_property: props
          .filter((p) => p.currency === currency)
          .map((p) => ({ property_id: p.id, nombre: p.nombre, revenue: byProperty.get(p.id) ?? 0 }))
          .sort((a, b) => b.revenue - a.revenue),
        chart: months.map((m) => ({
          month: m.month,
          revenue: chartByMonth.get(m.month)?.revenue ?? 0,
          bookings: chartByMonth.get(m.month)?.bookings ?? 0,
        })),
      };
    },
  };
}
