import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { addDays } from '@posada/domain/booking-rules';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { hashPassword } from '../apps/api/src/modules/auth/password.ts';
import { account, from, nights, seedApartments, seedHotel, to, units } from './calendar-data.ts';
import { type BenchRow, writeReport } from './report.ts';
import { postgresUrl, type Target, targets } from './targets.ts';

const samples = Number(process.env.BENCH_SAMPLES ?? 40);
const password = 'Bench-Password-2026';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/**
 * Sequential calls from a worker thread (the client must not share the server's event loop), timed until
 * the last byte of each answer.
 */
async function measure(
  url: string,
  token: string,
  label: string,
  window: { from: string; to: string } = { from, to },
  /** Runs before each timed call (not timed): a write, or emptying the month cache. */
  before?: () => Promise<void>,
  count = samples,
): Promise<Omit<BenchRow, 'database'> & { bytes: number }> {
  // node:http, reading and dropping the bytes: the time is the server's and the wire's, not a client's
  // buffering of megabytes.
  const client = `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const call = () => new Promise((resolve, reject) => {
      http.get(workerData.url, { headers: { authorization: 'Bearer ' + workerData.token } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => { bytes += chunk.length; });
        res.on('end', () => resolve({ status: res.statusCode, bytes }));
        res.on('error', reject);
      }).on('error', reject);
    });
    // With a "before" step, the worker asks for it and waits until it is done before each timed call.
    const ready = () => workerData.before ? new Promise((resolve) => {
      parentPort.once('message', resolve);
      parentPort.postMessage({ ask: true });
    }) : Promise.resolve();
    (async () => {
      for (let i = 0; i < 3; i++) await call();
      const times = [];
      const statuses = {};
      let bytes = 0;
      const started = performance.now();
      for (let i = 0; i < workerData.samples; i++) {
        await ready();
        const t0 = performance.now();
        const res = await call();
        times.push(performance.now() - t0);
        statuses[res.status] = (statuses[res.status] || 0) + 1;
        bytes = res.bytes;
      }
      parentPort.postMessage({ times, statuses, bytes, seconds: (performance.now() - started) / 1000 });
    })();`;
  const result = await new Promise<{
    times: number[];
    statuses: Record<string, number>;
    bytes: number;
    seconds: number;
  }>((resolve, reject) => {
    const worker = new Worker(client, {
      eval: true,
      workerData: {
        url: `${url}/api/calendar?from=${window.from}&to=${window.to}`,
        token,
        samples: count,
        before: Boolean(before),
      },
    });
    worker.on('message', (message: { ask?: boolean }) => {
      if (!message.ask) resolve(message as never);
      else void before?.().then(() => worker.postMessage('go'), reject);
    });
    worker.once('error', reject);
  });
  const latencies = result.times.sort((a, b) => a - b);
  const ok = result.statuses['200'] ?? 0;
  return {
    scenario: label,
    connections: 1,
    seconds: result.seconds,
    requests: count,
    okPerSecond: ok / result.seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures: count - ok,
    statuses: result.statuses,
    bytes: result.bytes,
  };
}

const notes: string[] = [];

async function benchTarget(target: Target): Promise<BenchRow[]> {
  const { database } = target;
  await database.migrate();
  const passwordHash = await hashPassword(password);
  const t0 = performance.now();
  const apartments = await seedApartments(
    database,
    await account(database, 'bench-apartments@example.com', passwordHash),
  );
  const hotel = await seedHotel(database, await account(database, 'bench-hotel@example.com', passwordHash));
  notes.push(
    `${target.label}: seeded ${apartments.stays} + ${hotel.stays} stays in ${((performance.now() - t0) / 1000).toFixed(1)} s.`,
  );
  // A steady state, as a database in use for a while: statistics, visibility map and hint bits set.
  await database.db.execute(sql`vacuum analyze`);

  const config = loadConfig({
    NODE_ENV: 'production',
    // A random secret per run: production refuses to start without one.
    APP_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: 'memory://',
    // A load test is one address firing thousands of requests; the limits are not what it measures.
    RATE_LIMIT_MAX: '1000000000',
    RATE_LIMIT_PUBLIC_MAX: '1000000000',
  });
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const url = `http://127.0.0.1:${address.port}`;
  const login = async (email: string) => {
    const res = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
    return ((await res.json()) as { data: { token: string } }).data.token;
  };
  try {
    const apartments = await login('bench-apartments@example.com');
    const hotel = await login('bench-hotel@example.com');
    // What the calendars ask for at a time: about a quarter.
    const quarter = { from, to: addDays(from, 90) };
    // A quarter starting mid-month: its partial months at both ends are read from the tables.
    const midQuarter = { from: addDays(from, 14), to: addDays(from, 104) };
    const year = { from, to };
    // One booking changed before each call, as an operator at work: one unit-month is rebuilt.
    let changes = 0;
    const changeBooking = (email: string) => async () => {
      await database.db.execute(sql`
        update bookings set paused = not paused
        where id = (select b.id from bookings b join users u on u.account_id = b.account_id
                    where u.email = ${email} order by b.id offset ${changes++ * 997} % 40000 limit 1)`);
    };
    // The month cache emptied before each call: the first call after a restart of the cache.
    const emptyCache = async () => {
      await database.db.execute(sql`delete from calendar_stays_cache`);
      await database.db.execute(sql`delete from calendar_nights_cache`);
    };
    const rows = [
      await measure(url, apartments, `GET /api/calendar, ${units} apartments × ${nights} nights`),
      await measure(url, hotel, `GET /api/calendar, hotel of ${units} rooms × ${nights} nights`),
      await measure(url, apartments, `GET /api/calendar, ${units} apartments × 90 nights`, quarter),
      await measure(url, hotel, `GET /api/calendar, hotel of ${units} rooms × 90 nights`, quarter),
      await measure(
        url,
        apartments,
        `GET /api/calendar, ${units} apartments × 90 nights from mid-month`,
        midQuarter,
      ),
      await measure(
        url,
        apartments,
        `GET /api/calendar, ${units} apartments × ${nights} nights, a booking changed before each call`,
        year,
        changeBooking('bench-apartments@example.com'),
      ),
      await measure(
        url,
        hotel,
        `GET /api/calendar, hotel of ${units} rooms × ${nights} nights, a booking changed before each call`,
        year,
        changeBooking('bench-hotel@example.com'),
      ),
      await measure(
        url,
        apartments,
        `GET /api/calendar, ${units} apartments × ${nights} nights, month cache emptied before each call`,
        year,
        emptyCache,
        10,
      ),
      await measure(
        url,
        hotel,
        `GET /api/calendar, hotel of ${units} rooms × ${nights} nights, month cache emptied before each call`,
        year,
        emptyCache,
        10,
      ),
    ];
    for (const row of rows)
      notes.push(`${target.label}, ${row.scenario}: ${(row.bytes / 1e6).toFixed(1)} MB of JSON per answer.`);
    return rows.map(({ bytes: _bytes, ...row }) => ({ database: target.label, ...row }));
  } finally {
    await app.close();
  }
}

const loadAtStart = loadavg()[0] ?? 0;
const rows: BenchRow[] = [];
for (const open of targets) {
  const target = await open();
  try {
    console.log(`calendar bench on ${target.label}…`);
    rows.push(...(await benchTarget(target)));
  } finally {
    await target.dispose();
  }
}

const machine = `${availableParallelism()} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadAtStart.toFixed(1)} at start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
writeReport('calendar', {
  title: 'Calendar data: 500 units × 365 nights in one call',
  machine,
  notes: [
    `${samples} sequential calls per scenario (10 when the cache is emptied) after 3 warm-up calls, over HTTP to the real API on 127.0.0.1; latency is until the last byte of the answer.`,
    'Targets (issue 4): p95 under 150 ms on PostgreSQL, under 500 ms embedded.',
    'Whole months of stays and night prices come from the month cache (docs/calendar-dashboard.md): the first rows read it warm; "a booking changed before each call" makes one unit-month stale before each call (the update is not timed, the rebuild is); "month cache emptied before each call" is the cold cost, every month rebuilt and stored.',
    ...notes,
    postgresUrl
      ? 'PostgreSQL: a throwaway database on the given server.'
      : 'PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).',
  ],
  rows,
});
