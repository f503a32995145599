import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { accountSecurityRoutes } from './account-security.routes.ts';
import { createAccountSecurityService } from './account-security.service.ts';
import { authRoutes } from './auth.routes.ts';
import { type AuthService, createAuthService } from './auth.service.ts';

/** Its sealed column, for key rotation (apps/api/src/sealed-columns.ts). */
export { authSealedColumns } from './second-factor.ts';

/** Built before the auth module: accounts writes the user's settings through it. */
export { createUsersService } from './users.service.ts';

/** Sign-in, sessions and account security (owns users, sessions and the sign-in tables). */
export function createAuthModule(
  deps: Parameters<typeof createAuthService>[0] & { appUrl: string },
): ApiModule<AuthService> {
  const service = createAuthService(deps);
  const security = createAccountSecurityService({
    db: deps.db,
    clock: deps.clock,
    appUrl: deps.appUrl,
    mail: deps.mail,
    accounts: deps.accounts,
    auth: service,
    sockets: deps.sockets,
  });
  return {
    name: 'auth',
    service,
    routes: async (api) => {
      await bindRoutes(authRoutes, { auth: service })(api);
      await bindRoutes(accountSecurityRoutes, { security })(api);
    },
  };
}
