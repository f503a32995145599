import { matchRoute, type RouteTable } from '../light-kit/router.ts';

export { navigate, useLocation } from '../light-kit/router.ts';

/** spec 2.2 guest paths. */
export const guestPaths = {
  welcome: (propertyId: string) => `/checkin/customers/previe/${propertyId}/`,
  flow: (propertyId: string) => `/checkin/customers/previe/${propertyId}/app/`,
  services: (propertyId: string, checkinId: string) => `/services/${propertyId}/${checkinId}/property`,
  /** One service of the store (issue 18; the spec's spelling `vew` kept). */
  serviceDetail: (propertyId: string, serviceId: string, checkinId: string) =>
    `/services/${propertyId}/${serviceId}/${checkinId}/vew/`,
  /** A review request's page (issue 17). */
  review: (token: string) => `/r/${token}`,
};

export type GuestRoute =
  | { name: 'welcome'; propertyId: string }
  | { name: 'flow'; propertyId: string }
  | { name: 'services'; propertyId: string; checkinId: string }
  | { name: 'serviceDetail'; propertyId: string; serviceId: string; checkinId: string }
  | { name: 'review'; token: string }
  | { name: 'unknown' };

const decode = decodeURIComponent;
const routes: RouteTable<GuestRoute> = [
  [/^\/checkin\/customers\/previe\/([^/]+)\/?$/, (id) => ({ name: 'welcome', propertyId: decode(id) })],
  [/^\/checkin\/customers\/previe\/([^/]+)\/app\/?$/, (id) => ({ name: 'flow', propertyId: decode(id) })],
  [
    /^\/services\/([^/]+)\/([^/]+)\/property\/?$/,
    (id, checkinId) => ({ name: 'services', propertyId: decode(id), checkinId }),
  ],
  [
    /^\/services\/([^/]+)\/([^/]+)\/([^/]+)\/vew\/?$/,
    (id, serviceId, checkinId) => ({
      name: 'serviceDetail',
      propertyId: decode(id),
      serviceId: decode(serviceId),
      checkinId: decode(checkinId),
    }),
  ],
  [/^\/r\/([A-Za-z0-9_-]{16,64})\/?$/, (token) => ({ name: 'review', token })],
];

export const matchGuestRoute = (pathname: string): GuestRoute =>
  matchRoute(pathname, routes) ?? { name: 'unknown' };
