import type { DashboardData } from '@posada/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import {
  dashboardRequest,
  hasNoBookings,
  readSelection,
  withShares,
  writeSelection,
} from './dashboard-params.ts';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const ctx = { activePropertyId: A, propertyIds: [A, B] };

describe('selection in the address', () => {
  it('defaults to this month, 12 months and the active property', () => {
    expect(readSelection(new URLSearchParams(), ctx)).toEqual({ period: 'month', months: 12, property: A });
  });

  it('reads valid choices and ignores unknown ones', () => {
    expect(readSelection(new URLSearchParams('period=week&months=24&property=all'), ctx)).toEqual({
      period: 'week',
      months: 24,
      property: 'all',
    });
    expect(readSelection(new URLSearchParams(`period=decade&months=7&property=${B}`), ctx)).toEqual({
      period: 'month',
      months: 12,
      property: B,
    });
    // Another account's property id is not honoured.
    expect(
      readSelection(new URLSearchParams('property=33333333-3333-4333-8333-333333333333'), ctx).property,
    ).toBe(A);
  });

  it('falls back to all properties when none is active', () => {
    expect(
      readSelection(new URLSearchParams(), { activePropertyId: null, propertyIds: [A, B] }).property,
    ).toBe('all');
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const params = writeSelection(
      new URLSearchParams('embed=true'),
      { period: 'month', months: 12, property: A },
      A,
    );
    expect(params.toString()).toBe('embed=true');
    const changed = writeSelection(params, { period: 'year', months: 6, property: 'all' }, A);
    expect(changed.toString()).toBe('embed=true&period=year&months=6&property=all');
  });

  it('asks the API for one property or, for all, for none in particular', () => {
    expect(dashboardRequest({ period: 'today', months: 6, property: A })).toEqual({
      period: 'today',
      months: 6,
      property_id: A,
    });
    expect(dashboardRequest({ period: 'today', months: 6, property: 'all' }).property_id).toBeUndefined();
  });
});

const empty: DashboardData = {
  period: { from: '2026-11-01', to: '2026-12-01' },
  currency: 'EUR',
  total_reservations: 0,
  checkins_today: 0,
  occupancy: 0,
  revenue: 0,
  upcoming: [],
  revenue_by_channel: [],
  revenue_by_property: [],
  chart: [
    { month: '2026-10', revenue: 0, bookings: 0 },
    { month: '2026-11', revenue: 0, bookings: 0 },
  ],
};

describe('no bookings yet', () => {
  it('is true only when nothing was ever booked in view', () => {
    expect(hasNoBookings(empty)).toBe(true);
    expect(hasNoBookings({ ...empty, total_reservations: 1 })).toBe(false);
    expect(
      hasNoBookings({
        ...empty,
        chart: [
          { month: '2026-10', revenue: 50_000, bookings: 1 },
          { month: '2026-11', revenue: 0, bookings: 0 },
        ],
      }),
    ).toBe(false);
  });
});

describe('breakdown shares', () => {
  it('sorts largest first with percentages of the total', () => {
    const rows = withShares([
      { channel: 'manual', revenue: 25_000 },
      { channel: 'airbnb', revenue: 75_000 },
    ]);
    expect(rows.map((r) => [r.channel, r.share])).toEqual([
      ['airbnb', 75],
      ['manual', 25],
    ]);
    expect(withShares([{ channel: 'web', revenue: 0 }])[0]?.share).toBe(0);
  });
});
