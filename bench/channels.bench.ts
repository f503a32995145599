// Channel calendars (issue 15): 1,000 iCal feeds of 50 events each, served by the local iCal fake and
// synced by the app's own channels.sync job handler in the API process (ICAL_SYNC_CONCURRENCY at a time),
// while the API's latency is measured over real HTTP; then the export feed of a unit with a year of stays.
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { addDays } from '@posada/domain/booking-rules';
import { todayIn } from '@posada/domain/zoned-time';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Database } from '../apps/api/src/db/client.ts';
import { properties } from '../apps/api/src/db/schema/properties.ts';
import { insertStays, type StayInput } from '../apps/api/src/demo/stay-rows.ts';
import { createPgBossJobs } from '../apps/api/src/lib/pg-boss-jobs.ts';
import { rowsOf } from '../apps/api/src/lib/sql.ts';
import { hashPassword } from '../apps/api/src/modules/auth/password.ts';
import { channelsSyncJob } from '../apps/api/src/modules/channels/channels.jobs.ts';
import { account } from './calendar-data.ts';
import {
  type Channel,
  capturingJobs,
  channels,
  eventsOf,
  type FeedServer,
  feedBody,
  generator,
  probe,
  probeFor,
  startFeedServer,
} from './channels-data.ts';
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
      return { channel, path: `/feeds/${i}.ics`, events: eventsOf(i, channel, today, eventsPerFeed) };
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
      ...(await probeFor(
        url,
        token,
        apiPaths,
        `${apiLabel}, before the sync`,
        probeSeconds,
        probeConnections,
      )),
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
      const during = probe(url, token, apiPaths, `${apiLabel}, during the ${round}`, probeConnections);
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
