import { Navigate, Outlet } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { needsFirstProperty } from '../../config/property-creation.ts';
import { pathTo } from '../../config/routes.ts';
import { useCurrentUser } from '../../lib/use-session.ts';

/** spec 2.3: an empresa without a property who lands on Dashboard is sent to the first-property wizard. */
export function FirstPropertyGate() {
  const { data: user } = useCurrentUser();
  if (!user) return <FullPageLoader />;
  if (needsFirstProperty(user)) return <Navigate to={pathTo('firstCreatePropiedad')} replace />;
  return <Outlet />;
}
