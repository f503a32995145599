import { useSyncExternalStore } from 'react';

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

export function matchGuestRoute(pathname: string): GuestRoute {
  let m = /^\/checkin\/customers\/previe\/([^/]+)\/?$/.exec(pathname);
  if (m?.[1]) return { name: 'welcome', propertyId: decodeURIComponent(m[1]) };
  m = /^\/checkin\/customers\/previe\/([^/]+)\/app\/?$/.exec(pathname);
  if (m?.[1]) return { name: 'flow', propertyId: decodeURIComponent(m[1]) };
  m = /^\/services\/([^/]+)\/([^/]+)\/property\/?$/.exec(pathname);
  if (m?.[1] && m[2]) return { name: 'services', propertyId: decodeURIComponent(m[1]), checkinId: m[2] };
  m = /^\/services\/([^/]+)\/([^/]+)\/([^/]+)\/vew\/?$/.exec(pathname);
  if (m?.[1] && m[2] && m[3]) {
    return {
      name: 'serviceDetail',
      propertyId: decodeURIComponent(m[1]),
      serviceId: decodeURIComponent(m[2]),
      checkinId: decodeURIComponent(m[3]),
    };
  }
  m = /^\/r\/([A-Za-z0-9_-]{16,64})\/?$/.exec(pathname);
  if (m?.[1]) return { name: 'review', token: m[1] };
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

/** Client-side navigation keeps the in-memory check-in (a reload loses it, as spec 2.4 says). */
export function navigate(url: string, replace = false) {
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  window.scrollTo(0, 0);
  for (const listener of listeners) listener();
}

export const useLocation = () =>
  useSyncExternalStore(subscribe, () => `${location.pathname}${location.search}`);
