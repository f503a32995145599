import type { User } from '@posada/contracts/users';
import { canCreateProperty } from '@posada/domain/property-wizard';
import { type ContractRouteName, isBuiltRoute, type RouteTable } from '../../../config/contract-routes.ts';

export type LimitRoute = Extract<ContractRouteName, 'pageSubscription' | 'updateSubscription'>;

/** spec 5: the limit modal sends demo users to pageSubscription and the others to updateSubscription. */
export function limitTargetRoute(user: Pick<User, 'status_subscription'>): LimitRoute {
  const status = user.status_subscription;
  // A trial that ran out is still a demo account: it has no plan to update yet.
  return status === 'demo' || status === 'demo_expired' || status === null
    ? 'pageSubscription'
    : 'updateSubscription';
}

/** The route the modal's button opens, or null while that screen does not exist (then: contact support). */
export function limitTarget(
  user: Pick<User, 'status_subscription'>,
  table?: RouteTable,
): { route: LimitRoute; built: boolean } {
  const route = limitTargetRoute(user);
  return { route, built: isBuiltRoute(route, table) };
}

/** Whether the user is at (or over) their property limit: user.properties vs user.quantity. */
export function atPropertyLimit(user: Pick<User, 'properties' | 'quantity'>): boolean {
  return !canCreateProperty(user.properties.length, user.quantity);
}
