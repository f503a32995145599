import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService, type DashboardService } from './dashboard.service.ts';

/** The dashboard's figures (reads only). */
export function createDashboardModule(
  deps: Parameters<typeof createDashboardService>[0],
): ApiModule<DashboardService> {
  const service = createDashboardService(deps);
  return { name: 'dashboard', service, routes: bindRoutes(dashboardRoutes, { dashboard: service }) };
}
