import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { pathTo } from '../config/routes.ts';
import { getToken } from '../lib/session.ts';
import { useCurrentUser } from '../lib/use-session.ts';

/**
 * spec 5 Navigation guard: protected routes need login, otherwise Login. The route role must equal the
 * user type; otherwise an admin goes to HomeManager and an empresa goes to Dashboard.
 */
export function RequireRole({
  userType: role,
  children,
}: {
  userType: 'admin' | 'empresa';
  children: ReactNode;
}) {
  const location = useLocation();
  const { data: user, isPending } = useCurrentUser();
  if (!getToken()) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={pathTo('Login', undefined, next === '/' ? undefined : { next })} replace />;
  }
  if (!user && isPending) return <FullPageLoader />;
  if (!user) return <Navigate to={pathTo('Login')} replace />;
  if (user.type !== role)
    return <Navigate to={pathTo(user.type === 'admin' ? 'HomeManager' : 'Dashboard')} replace />;
  return children;
}
