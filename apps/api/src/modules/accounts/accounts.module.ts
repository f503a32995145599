import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { type AccountsService, createAccountsService } from './accounts.service.ts';

/** The account and its company data (owns accounts). */
export function createAccountsModule(
  deps: Parameters<typeof createAccountsService>[0],
): ApiModule<AccountsService> {
  const service = createAccountsService(deps);
  return { name: 'accounts', service, routes: bindRoutes(accountsRoutes, { accounts: service }) };
}
