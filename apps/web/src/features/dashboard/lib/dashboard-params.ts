import type { DashboardData } from '@posada/contracts/dashboard';

/** spec 2.4 / spec 9: the periods of the figures and the ranges of the revenue chart. */
export const dashboardPeriods = ['today', 'week', 'month', 'year'] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];
export const chartRanges = [6, 12, 24] as const;
export type ChartRange = (typeof chartRanges)[number];

/** The property filter: one property's id, or every property of the account. */
export const ALL_PROPERTIES = 'all';

export interface DashboardSelection {
  period: DashboardPeriod;
  months: ChartRange;
  /** A property id, or ALL_PROPERTIES. */
  property: string;
}

export const DEFAULT_PERIOD: DashboardPeriod = 'month';
export const DEFAULT_RANGE: ChartRange = 12;

/**
 * The dashboard's choices from the address (?period=week&months=6&property=all), so a reload or a shared
 * link shows the same figures. Anything unknown falls back: the period to this month, the chart to 12
 * months, the property to the active one (or all, when none is active or the id is not the user's).
 */
export function readSelection(
  params: URLSearchParams,
  ctx: { activePropertyId: string | null; propertyIds: readonly string[] },
): DashboardSelection {
  const period = params.get('period');
  const months = Number(params.get('months'));
  const property = params.get('property');
  const fallbackProperty =
    ctx.activePropertyId && ctx.propertyIds.includes(ctx.activePropertyId)
      ? ctx.activePropertyId
      : ALL_PROPERTIES;
  return {
    period: (dashboardPeriods as readonly string[]).includes(period ?? '')
      ? (period as DashboardPeriod)
      : DEFAULT_PERIOD,
    months: (chartRanges as readonly number[]).includes(months) ? (months as ChartRange) : DEFAULT_RANGE,
    property:
      property === ALL_PROPERTIES || (property && ctx.propertyIds.includes(property))
        ? property
        : fallbackProperty,
  };
}

/** The address for a selection: defaults are left out, so the plain dashboard URL stays plain. */
export function writeSelection(
  current: URLSearchParams,
  next: DashboardSelection,
  activePropertyId: string | null,
): URLSearchParams {
  const params = new URLSearchParams(current);
  const set = (key: string, value: string, fallback: string) => {
    if (value === fallback) params.delete(key);
    else params.set(key, value);
  };
  set('period', next.period, DEFAULT_PERIOD);
  set('months', String(next.months), String(DEFAULT_RANGE));
  set('property', next.property, activePropertyId ?? ALL_PROPERTIES);
  return params;
}

/** The GET /api/dashboard query (contract dashboardQuery) for a selection. */
export function dashboardRequest(selection: DashboardSelection) {
  return {
    period: selection.period,
    months: selection.months,
    property_id: selection.property === ALL_PROPERTIES ? undefined : selection.property,
  };
}
export type DashboardRequest = ReturnType<typeof dashboardRequest>;

/**
 * No booking at all yet (a new account): nothing in the period, nothing coming, and no month of the
 * chart with a booking. Then the dashboard offers to create the first booking instead of empty charts.
 */
export function hasNoBookings(data: DashboardData): boolean {
  return (
    data.total_reservations === 0 &&
    data.checkins_today === 0 &&
    data.upcoming.length === 0 &&
    data.chart.every((m) => m.bookings === 0 && m.revenue === 0)
  );
}

/** Shares of a breakdown, largest first, each with its percentage of the total (0 when the total is 0). */
export function withShares<T extends { revenue: number }>(rows: readonly T[]): (T & { share: number })[] {
  const total = rows.reduce((sum, r) => sum + Math.max(0, r.revenue), 0);
  return [...rows]
    .sort((a, b) => b.revenue - a.revenue)
    .map((r) => ({ ...r, share: total > 0 ? (Math.max(0, r.revenue) / total) * 100 : 0 }));
}
