// The channels bench's feeds (Airbnb, Booking.com and Vrbo shapes), the channel-side feed server and the
// API latency probe, each in a worker thread so the API process's load does not skew them.
import { Worker } from 'node:worker_threads';
import { addDays } from '@posada/domain/booking-rules';
import type { JobHandler, Jobs } from '../apps/api/src/lib/jobs.ts';
import { channelsSyncJob } from '../apps/api/src/modules/channels/channels.jobs.ts';
import type { BenchRow } from './report.ts';

export const channels = ['airbnb', 'booking', 'vrbo'] as const;
export type Channel = (typeof channels)[number];

/** A deterministic generator, so both databases get the same feeds. */
export function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FeedEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  description?: string;
}

const basic = (date: string) => date.replaceAll('-', '');

/** One channel's feed as the channel writes it (CRLF, its header, a fresh DTSTAMP on every fetch). */
export function feedBody(channel: Channel, events: FeedEvent[], stamp: Date): string {
  const dtstamp = `${stamp.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
  const header = {
    airbnb: ['PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN', 'CALSCALE:GREGORIAN', 'VERSION:2.0'],
    booking: [
      'VERSION:2.0',
      'PRODID:-//admin.booking.com\\\\\\, b.v.//NONSGML v1.0//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
    ],
    vrbo: ['VERSION:2.0', 'CALSCALE:GREGORIAN', 'PRODID:-//HomeAway.com, Inc.//EN'],
  }[channel];
  const lines = ['BEGIN:VCALENDAR', ...header];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `DTSTAMP:${dtstamp}`,
      `DTSTART;VALUE=DATE:${basic(e.start)}`,
      `DTEND;VALUE=DATE:${basic(e.end)}`,
      `SUMMARY:${e.summary}`,
      `UID:${e.uid}`,
    );
    if (e.description) lines.push(e.description);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

/** 50 stays and blocks of 1–4 nights from tomorrow on, with gaps, as channel `channel` shows them. */
export function eventsOf(feed: number, channel: Channel, today: string, eventsPerFeed: number): FeedEvent[] {
  const random = generator(feed + 1);
  const out: FeedEvent[] = [];
  let day = 1;
  for (let i = 0; i < eventsPerFeed; i++) {
    day += 1 + Math.floor(random() * 3);
    const nights = 1 + Math.floor(random() * 4);
    const start = addDays(today, day);
    const end = addDays(today, day + nights);
    day += nights;
    const block = i % 10 === 9;
    const hex = `${feed.toString(16).padStart(6, '0')}${i.toString(16).padStart(4, '0')}`.padEnd(32, '0');
    if (channel === 'airbnb') {
      const code = `HM${feed.toString(36).toUpperCase().padStart(4, '0')}${i.toString(36).toUpperCase().padStart(4, '0')}`;
      out.push(
        block
          ? { uid: `7f662ec65913-${hex}@airbnb.com`, start, end, summary: 'Airbnb (Not available)' }
          : {
              uid: `1418fb94e984-${hex}@airbnb.com`,
              start,
              end,
              summary: 'Reserved',
              description: `DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/de\r\n tails/${code}\\nPhone Number (Last 4 Digits): 0000`,
            },
      );
    } else if (channel === 'booking') {
      out.push({ uid: `${hex}@booking.com`, start, end, summary: 'CLOSED - Not available' });
    } else {
      out.push({
        uid: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`,
        start,
        end,
        summary: block ? 'Blocked' : `Reserved - Guest ${feed}-${i}`,
      });
    }
  }
  return out;
}

/**
 * The channels' side: a plain HTTP server of feeds in a worker thread, so a busy API process does not slow
 * the channel's answers down (the app's fetch time-out would count it as the channel's fault).
 */
export async function startFeedServer() {
  const code = `
    const { parentPort } = require('node:worker_threads');
    const http = require('node:http');
    const feeds = new Map();
    const server = http.createServer((req, res) => {
      const body = feeds.get(new URL(req.url, 'http://x').pathname);
      if (body === undefined) { res.writeHead(404); res.end(); return; }
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      res.end(body);
    });
    parentPort.on('message', (message) => {
      if (message.close) return server.close(() => parentPort.postMessage('closed'));
      for (const [path, body] of message.feeds) feeds.set(path, body);
      parentPort.postMessage('set');
    });
    server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));`;
  const worker = new Worker(code, { eval: true });
  const next = () => new Promise<unknown>((resolve) => worker.once('message', resolve));
  const port = (await next()) as number;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    async setFeeds(feeds: [string, string][]) {
      worker.postMessage({ feeds });
      await next();
    },
    async close() {
      worker.postMessage({ close: true });
      await next();
      await worker.terminate();
    },
  };
}
export type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;

/** A queue that hands the channels.sync handler to the bench instead of pg-boss (no chain): the bench runs it. */
export function capturingJobs(inner: Jobs) {
  const handlers = new Map<string, JobHandler<object>>();
  const jobs: Jobs = {
    send: (name, data, options) => inner.send(name, data, options),
    work: (name, handler) => inner.work(name, handler),
    every: async (name, intervalMs, handler, options) => {
      if (name === channelsSyncJob) handlers.set(name, handler as JobHandler<object>);
      else await inner.every(name, intervalMs, handler, options);
    },
    drain: (name, timeoutMs, options) => inner.drain(name, timeoutMs, options),
    start: () => inner.start(),
    stop: () => inner.stop(),
    health: () => inner.health(),
  };
  return { jobs, handlers };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/**
 * `connections` clients calling `paths` in turn over keep-alive HTTP from a worker thread (the client must
 * not share the server's event loop) until told to stop; every latency kept.
 */
export function probe(url: string, token: string, paths: string[], label: string, connections: number) {
  const client = `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true });
    const headers = workerData.token ? { authorization: 'Bearer ' + workerData.token } : {};
    let stopping = false;
    parentPort.on('message', () => { stopping = true; });
    const call = (path) => new Promise((resolve) => {
      http.get(workerData.url + path, { agent, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode));
        res.on('error', () => resolve(0));
      }).on('error', () => resolve(0));
    });
    (async () => {
      const times = [];
      const statuses = {};
      const started = performance.now();
      await Promise.all(Array.from({ length: workerData.connections }, async (_, c) => {
        for (let n = c; !stopping; n++) {
          const t0 = performance.now();
          const status = await call(workerData.paths[n % workerData.paths.length]);
          times.push(performance.now() - t0);
          statuses[status] = (statuses[status] || 0) + 1;
        }
      }));
      parentPort.postMessage({ times, statuses, seconds: (performance.now() - started) / 1000 });
    })();`;
  const worker = new Worker(client, {
    eval: true,
    workerData: { url, token, paths, connections },
  });
  const result = new Promise<{ times: number[]; statuses: Record<string, number>; seconds: number }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  return {
    /** Stops the clients and answers the figures. */
    async stop(): Promise<Omit<BenchRow, 'database'>> {
      worker.postMessage('stop');
      const { times, statuses, seconds } = await result;
      await worker.terminate();
      times.sort((a, b) => a - b);
      const ok = statuses['200'] ?? 0;
      return {
        scenario: label,
        connections,
        seconds,
        requests: times.length,
        okPerSecond: ok / seconds,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        failures: times.length - ok,
        statuses,
      };
    },
  };
}

/** A probe for a fixed time. */
export async function probeFor(
  url: string,
  token: string,
  paths: string[],
  label: string,
  seconds: number,
  connections: number,
) {
  const running = probe(url, token, paths, label, connections);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return running.stop();
}
