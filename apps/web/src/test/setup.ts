// The component tier's environment (issue 28 item 5): jsdom with what Mantine reads from a browser, the
// network answered by MSW (test/server.ts), and each test starting from an empty session and cache.
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { queryClient } from '../lib/query-client.ts';
import { onUnhandledRequest, server, takeUnhandled } from './server.ts';

// The first render of a route loads its lazy chunks: findBy* waits up to 5 s, as a user would.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these; Mantine and the app call them.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
globalThis.IntersectionObserver ??= class {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
} as unknown as typeof IntersectionObserver;
Element.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};

// The app calls its API by path ('/api/user'); Node's fetch needs the page's origin, as a browser has.
const nodeFetch = globalThis.fetch;
globalThis.fetch = (input, init) =>
  nodeFetch(
    typeof input === 'string' && input.startsWith('/') ? new URL(input, location.origin) : input,
    init,
  );

// jsdom's AbortSignal is not the one Node's Request accepts (vitest-dev/vitest#8374); the router's
// navigation signal is dropped (no test aborts a navigation's loaders).
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init?.signal ? { ...init, signal: undefined } : init);
  }
} as typeof Request;

beforeAll(() => server.listen({ onUnhandledRequest }));
// A retry waits no time here (the app waits 1 s, then 2 s, between attempts).
queryClient.setDefaultOptions({
  ...queryClient.getDefaultOptions(),
  queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 },
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  queryClient.clear();
  localStorage.clear();
  const missed = takeUnhandled();
  if (missed.length) throw new Error(`No MSW handler answered: ${[...new Set(missed)].join(', ')}`);
});
afterAll(() => server.close());
