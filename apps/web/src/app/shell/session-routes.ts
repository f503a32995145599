import type { User } from '@posada/contracts/users';
import type { RouteName } from '../../config/routes.ts';

export type HomeRoute = 'Login' | 'HomeManager' | 'Dashboard';

/** Where a user lives: admins on HomeManager, empresas on Dashboard, visitors on Login (spec 5, 6). */
export function homeRouteFor(user: Pick<User, 'type'> | null | undefined): HomeRoute {
  if (!user) return 'Login';
  return user.type === 'admin' ? 'HomeManager' : 'Dashboard';
}

/**
 * spec 2.3 Auth layout: a signed-in admin goes to HomeManager; a signed-in empresa to Dashboard,
 * except on confirmacionReset (and on the e-mail confirmation link, so it can still confirm).
 * Returns null when the public screen should render.
 */
export function authRedirectTarget(
  user: Pick<User, 'type'> | null | undefined,
  current: RouteName | null,
): Exclude<HomeRoute, 'Login'> | null {
  if (!user) return null;
  if (user.type === 'admin') return 'HomeManager';
  if (current === 'confirmacionReset' || current === 'Confirmar') return null;
  return 'Dashboard';
}
