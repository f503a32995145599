import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers one feed path; change it between requests with setFeed. */
export interface FakeFeed {
  /** 200 by default. */
  status?: number;
  /** A Buffer for bytes as sent (a gzip body with headers['content-encoding']). */
  body?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  /** Sent as ETag; a request with a matching If-None-Match gets 304. */
  etag?: string;
  /** Sent as Last-Modified; a request with If-Modified-Since at or after it gets 304. */
  lastModified?: string;
  /** Wait this long before answering (the client's time-out fires first). */
  delayMs?: number;
  /** Answer a redirect (302 unless redirectStatus) to this path on the fake or an absolute URL. */
  redirectTo?: string;
  redirectStatus?: number;
}

export interface RecordedFeedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  at: Date;
}

export interface IcalFake {
  /** http://127.0.0.1:port */
  base: string;
  url(path: string): string;
  setFeed(path: string, feed: string | FakeFeed): void;
  /** How many requests this path got so far. */
  requests(path: string): number;
  /** Every request of this path, oldest first (headers: User-Agent, If-None-Match…). */
  recorded(path: string): RecordedFeedRequest[];
  close(): Promise<void>;
}

const withSlash = (path: string) => (path.startsWith('/') ? path : `/${path}`);

/**
 * A local channel for tests, e2e and the bench: serves named iCal feeds on 127.0.0.1 whose body, status,
 * headers, delay and redirect can change between requests, with ETag/Last-Modified and 304.
 */
export async function startIcalFake(): Promise<IcalFake> {
  const feeds = new Map<string, FakeFeed>();
  const log = new Map<string, RecordedFeedRequest[]>();
  const timers = new Set<NodeJS.Timeout>();

  function answer(req: IncomingMessage, res: ServerResponse, path: string) {
    const feed = feeds.get(path);
    if (!feed) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body>Not found</body></html>');
      return;
    }
    if (feed.redirectTo) {
      res.writeHead(feed.redirectStatus ?? 302, { location: feed.redirectTo });
      res.end();
      return;
    }
    const headers: Record<string, string> = { ...feed.headers };
    if (feed.etag) headers.etag = feed.etag;
    if (feed.lastModified) headers['last-modified'] = feed.lastModified;
    const status = feed.status ?? 200;
    if (status === 200) {
      const ifNoneMatch = req.headers['if-none-match'];
      const ifModifiedSince = req.headers['if-modified-since'];
      const etagMatches = Boolean(feed.etag && ifNoneMatch === feed.etag);
      const unchangedSince = Boolean(
        feed.lastModified &&
          !ifNoneMatch &&
          ifModifiedSince &&
          Date.parse(ifModifiedSince) >= Date.parse(feed.lastModified),
      );
      if (etagMatches || unchangedSince) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
    }
    res.writeHead(status, { 'content-type': feed.contentType ?? 'text/calendar; charset=utf-8', ...headers });
    res.end(feed.body ?? '');
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const entries = log.get(path) ?? [];
    entries.push({ path, headers: req.headers, at: new Date() });
    log.set(path, entries);
    const delay = feeds.get(path)?.delayMs ?? 0;
    if (delay <= 0) return answer(req, res, path);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) answer(req, res, path);
    }, delay);
    timers.add(timer);
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return {
    base,
    url: (path) => `${base}${withSlash(path)}`,
    setFeed(path, feed) {
      feeds.set(withSlash(path), typeof feed === 'string' ? { body: feed } : feed);
    },
    requests: (path) => log.get(withSlash(path))?.length ?? 0,
    recorded: (path) => [...(log.get(withSlash(path)) ?? [])],
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
