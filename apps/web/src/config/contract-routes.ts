import { type RouteName, routePaths } from './routes.ts';

/**
 * Every contract route name of spec 2.1, built or not. Menus and close targets refer to these names;
 * only the ones present in routePaths (their screen exists) are ever linked.
 */
export const contractRouteNames = [
  'Dashboard',
  'HomeManager',
  'Reservas',
  'Bookings',
  'ChannelConnect',
  'ChannelConnectOta',
  'messageChannelPage',
  'Servicios',
  'hotelReservationCalendar',
  'ReservationCalendar',
  'monthlyCalendar',
  'ReservationCalendarOta',
  'availabilityPrices',
  'pageSubscription',
  'updateSubscription',
  'configAccount',
  'firstCreatePropiedad',
  'createPropiedad',
  'updatePropiedad',
  'createServicio',
  'updateServicio',
  'checkinManual',
  'checkinPrevie',
  'checkinPrevieLink',
  'manageChatBot',
  'advisorsPage',
  'UsuariosManager',
  'confirmacionReset',
  'Ofertas',
  'editionProperty',
  'nameProperty',
  'locationProperty',
  'serviceProperty',
  'capacityProperty',
  'priceProperty',
  'roomTypes',
  'roomManagement',
  'Rates',
  'descriptionProperty',
  'Habitaciones',
  'Authorities',
  'Notifications',
  'QRPropiedad',
  'SeguridadPropiedad',
  'identityVerification',
  'Review',
  'syncCalendar',
  'ImageAccommodation',
  'accommodationPolicies',
  'welcomeAccommodation',
  'regionAccommodation',
  'pageManageChatBot',
] as const;

export type ContractRouteName = (typeof contractRouteNames)[number] | RouteName;

/** A route table: name → path pattern (`/a/:id`). The real one is routePaths; tests pass their own. */
export type RouteTable = Partial<Record<ContractRouteName, string>>;

export const builtRoutes: RouteTable = routePaths;

/** Whether the screen of a route exists (its path is in the table). */
export function isBuiltRoute(name: ContractRouteName, table: RouteTable = builtRoutes): boolean {
  return Object.hasOwn(table, name);
}

/**
 * The path of a route, or null when its screen is not built yet or a parameter is missing.
 * Navigation still uses names; this only fills the pattern.
 */
export function resolveRoutePath(
  name: ContractRouteName,
  params: Record<string, string> = {},
  table: RouteTable = builtRoutes,
): string | null {
  const pattern = table[name];
  if (pattern === undefined) return null;
  let missing = false;
  const path = pattern.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (!value) missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? null : path;
}

/** Route metadata carried in a route's `handle` (read by layouts through useMatches). */
export interface RouteHandle {
  name?: ContractRouteName;
}
