import { useSyncExternalStore } from 'react';

export type SiteRoute =
  | { name: 'site'; slug: string }
  | { name: 'property'; slug: string; propertyId: string }
  | { name: 'payment'; slug: string; bookingId: string }
  | { name: 'unknown' };

/** /book/{slug} and /book/{slug}/{propertyId} (directBookingPaths.sitePage / propertyPage). */
export function matchSiteRoute(pathname: string): SiteRoute {
  let m = /^\/book\/([^/]+)\/pago\/([^/]+)\/?$/.exec(pathname);
  if (m?.[1] && m[2])
    return { name: 'payment', slug: decodeURIComponent(m[1]), bookingId: decodeURIComponent(m[2]) };
  m = /^\/book\/([^/]+)\/?$/.exec(pathname);
  if (m?.[1]) return { name: 'site', slug: decodeURIComponent(m[1]) };
  m = /^\/book\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (m?.[1] && m[2])
    return { name: 'property', slug: decodeURIComponent(m[1]), propertyId: decodeURIComponent(m[2]) };
  return { name: 'unknown' };
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
};

export function navigate(url: string) {
  history.pushState(null, '', url);
  window.scrollTo(0, 0);
  for (const listener of listeners) listener();
}

export const useLocation = () => useSyncExternalStore(subscribe, () => location.pathname);
