import { useSyncExternalStore } from 'react';

/**
 * The light entries' tiny history router: each entry lists its routes (a pattern and the route its
 * captured parts make), `navigate` pushes an address, `useLocation` re-renders on it and on back/forward.
 */
export type RouteTable<R> = readonly (readonly [RegExp, (...parts: string[]) => R])[];

/** The first route of `table` whose pattern matches `pathname`, or null. */
export function matchRoute<R>(pathname: string, table: RouteTable<R>): R | null {
  for (const [pattern, route] of table) {
    const m = pattern.exec(pathname);
    if (m) return route(...(m.slice(1) as string[]));
  }
  return null;
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

/** Client-side navigation keeps the page's memory (the guest's check-in in progress: spec 2.4). */
export function navigate(url: string, replace = false) {
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  window.scrollTo(0, 0);
  for (const listener of listeners) listener();
}

/** The path and query (`/r/abc?lang=en`). */
export const useLocation = () =>
  useSyncExternalStore(subscribe, () => `${location.pathname}${location.search}`);

/** The path alone: a change of the query alone does not re-render. */
export const usePathname = () => useSyncExternalStore(subscribe, () => location.pathname);
