import { matchRoute, type RouteTable } from '../light-kit/router.ts';

export { usePathname } from '../light-kit/router.ts';

export type SiteRoute =
  | { name: 'site'; slug: string }
  | { name: 'property'; slug: string; propertyId: string }
  | { name: 'payment'; slug: string; bookingId: string }
  | { name: 'unknown' };

const decode = decodeURIComponent;
const routes: RouteTable<SiteRoute> = [
  [
    /^\/book\/([^/]+)\/pago\/([^/]+)\/?$/,
    (slug, id) => ({ name: 'payment', slug: decode(slug), bookingId: decode(id) }),
  ],
  [/^\/book\/([^/]+)\/?$/, (slug) => ({ name: 'site', slug: decode(slug) })],
  [
    /^\/book\/([^/]+)\/([^/]+)\/?$/,
    (slug, id) => ({ name: 'property', slug: decode(slug), propertyId: decode(id) }),
  ],
];

/** /book/{slug}, /book/{slug}/{propertyId} and /book/{slug}/pago/{bookingId} (directBookingPaths). */
export const matchSiteRoute = (pathname: string): SiteRoute =>
  matchRoute(pathname, routes) ?? { name: 'unknown' };
