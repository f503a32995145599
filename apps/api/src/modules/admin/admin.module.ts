import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { adminRoutes } from './admin.routes.ts';
import { type AdminService, createAdminService } from './admin.service.ts';
import { createAdminAccountsService, type SubscriptionsAdminPort } from './admin-accounts.service.ts';
import { createAuditRepo } from './admin-audit.repo.ts';
import { adminBillingRoutes } from './admin-billing.routes.ts';
import { createAdminBillingService } from './admin-billing.service.ts';

export type { SubscriptionsAdminPort } from './admin-accounts.service.ts';

/**
 * The back office (owns advisors, price_books, coupons and admin_audit_log). `subscriptions` is bound late:
 * the subscriptions module is built after this one.
 */
export function createAdminModule(deps: {
  db: Db;
  clock: Clock;
  subscriptions?: () => SubscriptionsAdminPort | null;
  /** STRIPE_SECRET_KEY is set (manager/payments says plainly when it is not). */
  paymentsConfigured?: boolean;
}): ApiModule<AdminService> {
  const service = createAdminService(deps);
  const audit = createAuditRepo({ db: deps.db });
  const billing = createAdminBillingService({
    db: deps.db,
    clock: deps.clock,
    audit,
    paymentsConfigured: deps.paymentsConfigured,
  });
  const accounts = createAdminAccountsService({
    db: deps.db,
    clock: deps.clock,
    audit,
    subscriptions: deps.subscriptions ?? (() => null),
  });
  const routes = [
    bindRoutes(adminRoutes, { admin: service }),
    bindRoutes(adminBillingRoutes, { billing, accounts }),
  ];
  return {
    name: 'admin',
    service,
    routes: async (api) => {
      for (const register of routes) await register(api);
    },
  };
}
