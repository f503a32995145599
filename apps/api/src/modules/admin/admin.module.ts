import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { adminRoutes } from './admin.routes.ts';
import { type AdminService, createAdminService } from './admin.service.ts';

/** The back office (owns advisors). */
export function createAdminModule(deps: Parameters<typeof createAdminService>[0]): ApiModule<AdminService> {
  const service = createAdminService(deps);
  return { name: 'admin', service, routes: bindRoutes(adminRoutes, { admin: service }) };
}
