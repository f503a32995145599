// Channel calendars (issue 15): 1,000 iCal feeds of 50 events each, served by the local iCal fake and
// synced by the app's own channels.sync job handler in the API process (ICAL_SYNC_CONCURRENCY at a time),
// while the API's latency is measured over real HTTP; then the export feed of a unit with a year of stays.
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { addDays, todayIn } from '@posada/domain/booking-rules';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Database } from '../apps/api/src/db/client.ts';
import { properties } from '../apps/api/src/db/schema/properties.ts';
import { insertStays, type StayInput } from '../apps/api/src/demo/stay-rows.ts';
import type { JobHandler, Jobs } from '../apps/api/src/lib/jobs.ts';
import { createPgBossJobs } from '../apps/api/src/lib/pg-boss-jobs.ts';
import { rowsOf } from '../apps/api/src/lib/sql.ts';
import { hashPassword } from '../apps/api/src/modules/auth/password.ts';
import { channelsSyncJob } from '../apps/api/src/modules/channels/channels.jobs.ts';
import { account } from './calendar-data.ts';
import { type BenchRow, writeReport } from './report.ts';
import { postgresUrl, type Target, targets } from './targets.ts';

const feedsCount = Number(process.env.BENCH_CHANNEL_FEEDS ?? 1_000);
const eventsPerFeed = Number(process.env.BENCH_CHANNEL_EVENTS ?? 50);
const concurrency = Number(process.env.ICAL_SYNC_CONCURRENCY ?? 8);
const probeConnections = Number(process.env.BENCH_CHANNEL_PROBE_CONNECTIONS ?? 4);
const probeSeconds = Number(process.env.BENCH_DURATION ?? 10);
const syncBudgetMs = 5 * 60_000;
const exportBudgetMs = 50;
const password = 'Bench-Password-2026';
const email = 'bench-channels@example.com';
const channels = ['airbnb', 'booking', 'vrbo'] as const;
type Channel = (typeof channels)[number];

/** A deterministic generator, so both databases get the same feeds. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface FeedEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  description?: string;
}

const basic = (date: string) => date.replaceAll('-', '');

/** One channel's feed as the channel writes it (CRLF, its header, a fresh DTSTAMP on every fetch). */
function feedBody(channel: Channel, events: FeedEvent[], stamp: Date): string {
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
function eventsOf(feed: number, channel: Channel, today: string): FeedEvent[] {
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
async function startFeedServer() {
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
type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;

/** A queue that hands the channels.sync handler to the bench instead of pg-boss: the bench runs it. */
function capturingJobs(inner: Jobs) {
  const handlers = new Map<string, JobHandler<object>>();
  const jobs: Jobs = {
    send: (name, data, options) => inner.send(name, data, options),
    work: async (name, handler) => {
      if (name === channelsSyncJob) handlers.set(name, handler as JobHandler<object>);
      else await inner.work(name, handler);
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
function probe(url: string, token: string, paths: string[], label: string, connections = probeConnections) {
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
async function probeFor(
  url: string,
  token: string,
  paths: string[],
  label: string,
  seconds: number,
  connections = probeConnections,
) {
  const running = probe(url, token, paths, label, connections);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return running.stop();
}

const notes: string[] = [];

async function seedUnits(database: Database, accountId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < feedsCount + 1; i += 250) {
    const rows = await database.db
      .insert(properties)
      .values(
        Array.from({ length: Math.min(250, feedsCount + 1 - i) }, (_, k) => ({
          accountId,
          nombre: `Apartamento ${String(i + k + 1).padStart(4, '0')}`,
          tipoPropiedad: 'apartamento',
          priceNight: 9_000,
          guests: 4,
        })),
      )
      .returning({ id: properties.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

interface SyncFigures {
  ms: number;
  runs: number;
  good: number;
  failing: string;
}

async function benchTarget(target: Target, fake: FeedServer): Promise<BenchRow[]> {
  const { database } = target;
  await database.migrate();
  const accountId = await account(database, email, await hashPassword(password));
  await database.db.execute(
    sql`update accounts set quantity = ${feedsCount + 10}, plan = 'standard' where id = ${accountId}`,
  );
  const units = await seedUnits(database, accountId);
  const exportUnit = units.pop() as string;

  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: 'memory://',
    RATE_LIMIT_MAX: '1000000000',
    RATE_LIMIT_PUBLIC_MAX: '1000000000',
    // The fake channel listens on 127.0.0.1.
    ICAL_ALLOW_PRIVATE_HOSTS: 'true',
    ICAL_SYNC_CONCURRENCY: String(concurrency),
  });
  const queue = capturingJobs(createPgBossJobs({ database, logger: pino({ level: 'warn' }) }));
  const app = await buildApp({ config, database, jobs: queue.jobs });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const url = `http://127.0.0.1:${address.port}`;
  const rows: BenchRow[] = [];
  try {
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

    // The feeds and one connection per unit, made through the API as an operator would.
    const today = todayIn('Europe/Madrid', new Date());
    const feeds = units.map((_, i) => {
      const channel = channels[i % channels.length] as Channel;
      return { channel, path: `/feeds/${i}.ics`, events: eventsOf(i, channel, today) };
    });
    const serve = (stamp: Date) =>
      fake.setFeeds(feeds.map((f) => [f.path, feedBody(f.channel, f.events, stamp)]));
    await serve(new Date());
    for (let i = 0; i < units.length; i += 20) {
      await Promise.all(
        units.slice(i, i + 20).map(async (propertyId, k) => {
          const feed = feeds[i + k];
          const res = await fetch(`${url}/api/channel-calendars`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({
              property_id: propertyId,
              channel: feed?.channel,
              url: fake.url(feed?.path ?? ''),
            }),
          });
          if (res.status !== 201) throw new Error(`connect: ${res.status} ${await res.text()}`);
        }),
      );
    }

    const handler = queue.handlers.get(channelsSyncJob);
    if (!handler) throw new Error('the channels module registered no channels.sync handler');
    const due = async () =>
      (
        await rowsOf<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from channel_calendars where next_sync_at <= now()`,
        )
      )[0]?.n ?? 0;
    const makeAllDue = () =>
      database.db.execute(sql`update channel_calendars set next_sync_at = now() - interval '1 second'`);
    /** Runs the job handler, as pg-boss would each minute, until no connection is due. */
    const syncAll = async (): Promise<SyncFigures> => {
      await makeAllDue();
      const t0 = performance.now();
      let runs = 0;
      while ((await due()) > 0 && runs < 20) {
        await handler(
          {},
          { id: `bench-${runs}`, name: channelsSyncJob, attempt: 1, retryLimit: 0, isLastAttempt: true },
        );
        runs++;
      }
      const [health] = await rowsOf<{ good: number }>(
        database.db,
        sql`select count(*)::int as good from channel_calendars where last_error_code is null and last_success_at is not null`,
      );
      const failing = await rowsOf<{ code: string; n: number }>(
        database.db,
        sql`select last_error_code as code, count(*)::int as n from channel_calendars
            where last_error_code is not null group by 1 order by 2 desc`,
      );
      return {
        ms: performance.now() - t0,
        runs,
        good: health?.good ?? 0,
        failing: failing.map((f) => `${f.code} × ${f.n}`).join(', '),
      };
    };

    const apiPaths = [
      '/api/properties',
      `/api/channel-calendars?property_id=${units[0]}`,
      `/api/bookings?property_id=${units[1]}`,
    ];
    const apiLabel = `GET /api/properties, /api/channel-calendars, /api/bookings (${probeConnections} clients)`;
    rows.push({
      database: target.label,
      ...(await probeFor(url, token, apiPaths, `${apiLabel}, before the sync`, probeSeconds)),
    });

    for (const round of ['first import', 're-sync, 10 % of feeds changed'] as const) {
      if (round !== 'first import') {
        // A day later: every feed has a new DTSTAMP; one feed in ten extends a stay and loses another.
        feeds.forEach((f, i) => {
          if (i % 10 !== 0) return;
          const second = f.events[1];
          const third = f.events[2];
          if (second && third && second.end < third.start) second.end = addDays(second.end, 1);
          f.events.splice(5, 1);
        });
        await serve(new Date(Date.now() + 86_400_000));
      }
      const during = probe(url, token, apiPaths, `${apiLabel}, during the ${round}`);
      // How long the API process's event loop went without turning (sockets, timers) during the sync.
      const loopDelay = monitorEventLoopDelay({ resolution: 20 });
      loopDelay.enable();
      let figures: SyncFigures;
      try {
        figures = await syncAll();
      } finally {
        loopDelay.disable();
        rows.push({ database: target.label, ...(await during.stop()) });
      }
      const lag = `event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms`;
      const [counts] = await rowsOf<{ events: number; bookings: number; closures: number }>(
        database.db,
        sql`select (select count(*) from channel_events where account_id = ${accountId} and state = 'active')::int as events,
                   (select count(*) from bookings where account_id = ${accountId} and status <> 'cancelled')::int as bookings,
                   (select count(*) from closed_dates where account_id = ${accountId})::int as closures`,
      );
      const within = figures.ms <= syncBudgetMs && figures.good === feeds.length;
      notes.push(
        `${target.label}, ${round}: ${feeds.length} feeds × ${eventsPerFeed} events synced in ${(figures.ms / 1000).toFixed(1)} s ` +
          `(${figures.runs} runs of the channels.sync job handler, ${concurrency} feeds at a time), ${figures.good} connections healthy${figures.failing ? ` (failing: ${figures.failing})` : ''}, ${lag}; ` +
          `${counts?.events} active imported events, ${counts?.bookings} bookings, ${counts?.closures} closures: ` +
          `${within ? 'within' : 'NOT within'} the 5-minute budget.`,
      );
      if (!within) process.exitCode = 1;
    }

    // The export feed of a unit with a year of stays (about 65 % of the nights).
    const random = generator(7);
    const stays: StayInput[] = [];
    for (let day = 0; day < 365; ) {
      day += Math.floor(random() * 3);
      const n = 1 + Math.floor(random() * 6);
      stays.push({
        accountId,
        propertyId: exportUnit,
        code: `EXP-${stays.length}`,
        name: 'Lucía García Pérez',
        email: 'lucia@example.com',
        phone: '+34 600 000 000',
        guests: 2,
        price: 30_000,
        startDate: addDays(today, day),
        endDate: addDays(today, day + n),
      });
      day += n;
    }
    await insertStays(database.db, stays);
    const exportRes = await fetch(`${url}/api/properties/${exportUnit}/ical-export`, { headers: auth });
    if (exportRes.status !== 200) throw new Error(`export url: ${exportRes.status}`);
    const feedUrl = new URL(((await exportRes.json()) as { data: { url: string } }).data.url);
    const feedPath = feedUrl.pathname;
    const first = await fetch(`${url}${feedPath}`);
    const body = await first.text();
    if (first.status !== 200 || !body.startsWith('BEGIN:VCALENDAR'))
      throw new Error(`export feed: ${first.status}`);
    const exportRow = await probeFor(
      url,
      '',
      [feedPath],
      `GET /ical/{token}.ics, a unit with ${stays.length} stays over a year (one channel at a time)`,
      probeSeconds,
      1,
    );
    rows.push({ database: target.label, ...exportRow });
    const exportOk = exportRow.p95 <= exportBudgetMs && exportRow.failures === 0;
    notes.push(
      `${target.label}, export feed: ${(body.match(/BEGIN:VEVENT/g) ?? []).length} events, ${Buffer.byteLength(body)} bytes; ` +
        `p95 ${exportRow.p95.toFixed(1)} ms: ${exportOk ? 'under' : 'NOT under'} ${exportBudgetMs} ms.`,
    );
    if (!exportOk) process.exitCode = 1;
    return rows;
  } finally {
    await app.close();
  }
}

const loadAtStart = loadavg()[0] ?? 0;
const fake = await startFeedServer();
const rows: BenchRow[] = [];
try {
  // BENCH_CHANNEL_TARGETS=postgres runs only the PostgreSQL target (the first opener is always PGlite).
  const chosen = process.env.BENCH_CHANNEL_TARGETS === 'postgres' ? targets.slice(1) : targets;
  for (const open of chosen) {
    const target = await open();
    try {
      console.log(`channels bench on ${target.label}…`);
      rows.push(...(await benchTarget(target, fake)));
    } finally {
      await target.dispose();
    }
  }
} finally {
  await fake.close();
}

const machine = `${availableParallelism()} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadAtStart.toFixed(1)} at start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
writeReport('channels', {
  title: `Channel calendars: ${feedsCount} iCal feeds synced, API latency meanwhile, the export feed`,
  machine,
  notes: [
    `Feeds served on 127.0.0.1 from a worker thread (Airbnb, Booking.com and Vrbo shapes in turn, ${eventsPerFeed} events each, one in ten a block); ` +
      "each round runs the app's own channels.sync job handler in the API process until no connection is due " +
      `(ICAL_SYNC_CONCURRENCY=${concurrency}). API latency: ${probeConnections} clients over keep-alive HTTP, ${probeSeconds} s before, then for the whole of each sync.`,
    ...notes,
    postgresUrl
      ? 'PostgreSQL: a throwaway database on the given server.'
      : 'PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).',
  ],
  rows,
});
