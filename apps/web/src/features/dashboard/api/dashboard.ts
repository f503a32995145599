import type { bookingPaths } from '@posada/contracts/bookings';
import type { DashboardData } from '@posada/contracts/dashboard';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { DashboardRequest } from '../lib/dashboard-params.ts';

/**
 * GET /api/dashboard (contract `bookingPaths.dashboard`, dashboardQuery → dashboardData). The path is
 * checked against the contract at compile time rather than imported at run time: the bookings contract
 * module builds every booking schema when it loads, which the first route does not need (budget, §4).
 */
const dashboardPath: (typeof bookingPaths)['dashboard'] = '/api/dashboard';

/**
 * The key starts with 'dashboard', the prefix booking mutations invalidate (reservations'
 * dashboardKeyPrefix), so a saved booking updates the figures. The previous answer stays on screen while
 * another period, range or property loads.
 */
export const dashboardQueryOptions = (request: DashboardRequest) =>
  queryOptions({
    queryKey: ['dashboard', request] as const,
    queryFn: () =>
      api.get<DashboardData>(dashboardPath, {
        period: request.period,
        months: request.months,
        property_id: request.property_id,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
