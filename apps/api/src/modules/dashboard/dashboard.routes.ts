import { dashboardData, dashboardQuery } from '@posada/contracts/dashboard';
import { okEnvelope } from '@posada/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../plugins/access.ts';
import type { DashboardService } from './dashboard.service.ts';

/** GET /api/dashboard?period&months&property_id (spec 2.4 Dashboard). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/dashboard',
    {
      config: { access: 'empresa' },
      schema: {
        tags: ['dashboard'],
        querystring: dashboardQuery,
        response: { 200: okEnvelope(dashboardData) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await dashboard.get(requireAccount(request), request.query),
    }),
  );
};
