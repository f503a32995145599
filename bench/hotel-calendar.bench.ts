// The hotel calendar in a real browser (issue 4 performance): a hotel of 300 rooms with a stay on about
// two nights in three, opened on hotelReservationCalendar (90 days) in headless Chromium through
// playwright-core, against the real API on the embedded database serving a production build of the web.
// Targets: first screen under 1 s; scrolling with no long task over 100 ms.
// Run: npm run bench hotel-calendar (or all benches). Writes bench/results/hotel-calendar.md.
//
// Figures:
// - first screen: from navigation start to the first frame painted with booking bars (cold: empty HTTP
//   cache; warm: the median of the following loads), with the GET /api/calendar share of it;
// - scrolling: the page scrolled by script one frame at a time (down through all 300 rooms, across the
//   90 days, then back diagonally), long tasks caught by a PerformanceObserver ('longtask').
//
// BENCH_WEB_DIST reuses an existing production build (vite build --outDir …); otherwise one is made in a
// temporary directory. BENCH_ROOMS changes the room count, BENCH_RUNS the number of loads.

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays } from '@posada/domain/booking-rules';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { accounts, users } from '../apps/api/src/db/schema/accounts.ts';
import { properties } from '../apps/api/src/db/schema/properties.ts';
import { rooms, roomTypes } from '../apps/api/src/db/schema/rooms.ts';
import { insertStays, type StayInput } from '../apps/api/src/demo/stay-rows.ts';
import { hashPassword } from '../apps/api/src/modules/auth/password.ts';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 6);
const TYPES = 8;
/** The calendar opens on this day (a window from 7 days before, 90 days long). */
const ANCHOR = '2027-03-01';
const EMAIL = 'bench-hotel@example.com';
const PASSWORD = 'Bench-Password-2026';
const PORT = Number(process.env.BENCH_PORT ?? 4590);

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(benchDir);
const resultsDir = path.join(benchDir, 'results');

/** A small deterministic generator, so every run draws the same hotel. */
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

function webDist(): { dir: string; temporary: boolean } {
  const given = process.env.BENCH_WEB_DIST;
  if (given && existsSync(path.join(given, 'index.html'))) return { dir: given, temporary: false };
  const dir = mkdtempSync(path.join(tmpdir(), 'posada-bench-web-'));
  console.log(`building the web app into ${dir} …`);
  const built = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('vite build failed');
  return { dir, temporary: true };
}

async function seed(database: Awaited<ReturnType<typeof openDatabase>>) {
  const { db } = database;
  const [account] = await db
    .insert(accounts)
    .values({
      name: 'Bench hotel',
      statusSubscription: 'subscribed',
      tipoHospedaje: 'hotel',
      quantity: 5,
      roomQuantity: ROOMS,
    })
    .returning({ id: accounts.id });
  if (!account) throw new Error('account not inserted');
  const accountId = account.id;
  await db.insert(users).values({
    accountId,
    type: 'empresa',
    name: 'Bench',
    email: EMAIL,
    phone: '+34612345678',
    passwordHash: await hashPassword(PASSWORD),
    emailVerifiedAt: new Date(),
  });
  const [hotel] = await db
    .insert(properties)
    .values({
      accountId,
      nombre: 'Gran Hotel Bench',
      tipoPropiedad: 'hotel',
      priceNight: 12_000,
      guests: 600,
    })
    .returning({ id: properties.id });
  if (!hotel) throw new Error('hotel not inserted');
  const types = await db
    .insert(roomTypes)
    .values(
      Array.from({ length: TYPES }, (_, i) => ({
        accountId,
        propertyId: hotel.id,
        name:
          ['Individual', 'Doble', 'Doble superior', 'Twin', 'Triple', 'Junior suite', 'Suite', 'Familiar'][
            i
          ] ?? `Tipo ${i}`,
        adults: 2,
      })),
    )
    .returning({ id: roomTypes.id });
  const roomRows = await db
    .insert(rooms)
    .values(
      Array.from({ length: ROOMS }, (_, i) => ({
        accountId,
        propertyId: hotel.id,
        roomTypeId: types[i % TYPES]?.id ?? '',
        name: String(100 * (1 + Math.floor(i / 40)) + (i % 40) + 1),
        status: i % 61 === 0 ? ('maintenance' as const) : ('available' as const),
      })),
    )
    .returning({ id: rooms.id, roomTypeId: rooms.roomTypeId });
  const first = addDays(ANCHOR, -40);
  await db.execute(sql`
    insert into night_prices (unit_key, night, account_id, property_id, price, min_stay, stop_sell)
    select rt.id, ${first}::date + n, rt.account_id, rt.property_id, 9000 + (n % 7) * 1500, 1 + (n % 5 = 0)::int, false
    from room_types rt cross join generate_series(0, 160) as n
    where rt.account_id = ${accountId}`);
  const random = generator(7);
  const names = [
    'Lucía García',
    'Mateo López',
    'Camila Torres',
    'Hugo Martín',
    'Valentina Ruiz',
    'Diego Sánchez',
  ];
  const stays: StayInput[] = [];
  roomRows.forEach((room, r) => {
    let day = -40;
    while (day < 130) {
      day += Math.floor(random() * 3);
      const n = 1 + Math.floor(random() * 6);
      stays.push({
        accountId,
        propertyId: hotel.id,
        roomTypeId: room.roomTypeId,
        roomIds: [room.id],
        code: `B${r}-${stays.length}`,
        name: names[stays.length % names.length] ?? 'Huésped',
        email: 'guest@example.com',
        phone: '+34 600 000 000',
        guests: 2,
        startDate: addDays(ANCHOR, day),
        endDate: addDays(ANCHOR, day + n),
        price: 12_000 * n,
        channel: random() < 0.4 ? 'booking' : random() < 0.5 ? 'airbnb' : 'manual',
        paymentStatus: random() < 0.5 ? 'paid' : 'pending',
        paused: random() < 0.05,
      });
      day += n;
    }
  });
  await insertStays(db, stays);
  return { stays: stays.length };
}

// Browser-side code is kept as text: this script is type-checked for Node, not for the DOM.

/** Injected before the app: long tasks, and the first frame painted with booking bars. */
const probe = `
  window.__bench = { longtasks: [], barsPainted: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const watch = new MutationObserver(() => {
    if (window.__bench.barsPainted !== null || !document.querySelector('[data-testid="booking-bar"]')) return;
    watch.disconnect();
    // The frame after the commit that drew the bars.
    requestAnimationFrame(() => { window.__bench.barsPainted = performance.now(); });
  });
  document.addEventListener('DOMContentLoaded', () => watch.observe(document.body, { childList: true, subtree: true }));
`;

/** What a load measured. */
const loadFigures = `(() => {
  const api = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/calendar'));
  return {
    total: window.__bench.barsPainted,
    api: api ? api.responseEnd - api.requestStart : NaN,
    render: api ? window.__bench.barsPainted - api.responseEnd : NaN,
    bars: document.querySelectorAll('[data-testid="booking-bar"]').length,
  };
})()`;

/** Scrolls the timeline one step per frame: down, across, then back diagonally. */
const scrollRun = `(async () => {
  const el = document.querySelector('[data-testid="timeline"]');
  await new Promise((r) => setTimeout(r, 500));
  window.__bench.longtasks = [];
  const frames = [];
  let last = performance.now();
  const frame = (fn) => new Promise((resolve) => requestAnimationFrame(() => {
    const now = performance.now();
    frames.push(now - last);
    last = now;
    fn();
    resolve();
  }));
  const maxY = el.scrollHeight - el.clientHeight;
  const maxX = el.scrollWidth - el.clientWidth;
  const steps = 120;
  for (let i = 1; i <= steps; i++) await frame(() => { el.scrollTop = (maxY * i) / steps; });
  for (let i = 1; i <= steps; i++) await frame(() => { el.scrollLeft = (maxX * i) / steps; });
  for (let i = 1; i <= steps; i++) await frame(() => {
    el.scrollTop = maxY * (1 - i / steps);
    el.scrollLeft = maxX * (1 - i / steps);
  });
  await new Promise((r) => setTimeout(r, 300));
  return {
    frames: frames.slice(1),
    longtasks: window.__bench.longtasks,
    rows: document.querySelectorAll('[data-testid="unit-row"], [data-testid="type-row"]').length,
  };
})()`;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The renderer main thread's tasks from a Chrome trace: wall time and CPU time (thread time) of each, in
 * ms. CPU time is what the page itself costs; wall time also counts waiting for a core on a busy machine.
 */
function mainThreadTasks(trace: Buffer): { wall: number; cpu: number }[] {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, { wall: number; cpu: number }[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name !== 'RunTask' || e.ph !== 'X' || !mains.has(key)) continue;
    const list = byThread.get(key) ?? [];
    list.push({ wall: (e.dur ?? 0) / 1000, cpu: (e.tdur ?? 0) / 1000 });
    byThread.set(key, list);
  }
  // The page's renderer is the busiest one.
  return [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.floor((s.length - 1) / 2)] ?? Number.NaN);
};
const fmt = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : '–');

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'posada-bench-'));
  const web = webDist();
  const loadStart = loadavg()[0] ?? 0;
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const seeded = await seed(database);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    // A random secret per run: production refuses to start without one.
    APP_SECRET: randomBytes(32).toString('base64url'),
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    APP_URL: `http://localhost:${PORT}`,
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'true',
    WEB_DIST: web.dir,
    // A load test is one address firing thousands of requests; the limits are not what it measures.
    RATE_LIMIT_MAX: '1000000000',
    RATE_LIMIT_PUBLIC_MAX: '1000000000',
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const base = `http://localhost:${PORT}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const { data } = (await login.json()) as { data: { token: string; user: unknown } };
    // The app's CSP forbids eval; the probes below are evaluated as text.
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'es-ES',
      bypassCSP: true,
    });
    await context.addInitScript(
      ({ token, user }) => {
        localStorage.setItem('posada.token', token);
        localStorage.setItem('posada.user', JSON.stringify(user));
        localStorage.setItem('posada.lang', 'es');
      },
      { token: data.token, user: data.user },
    );
    await context.addInitScript({ content: probe });

    const loads: { total: number; api: number; render: number; bars: number }[] = [];
    type ScrollFigures = { frames: number[]; longtasks: { duration: number }[]; rows: number };
    let scroll = null as ScrollFigures | null;
    let loadTasks: { wall: number; cpu: number }[] = [];
    let scrollTasks: { wall: number; cpu: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await context.newPage();
      const last = run === RUNS - 1;
      if (last) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      await page.goto(`${base}/hotel-calendar/bookings?date=${ANCHOR}`);
      await page.waitForFunction('window.__bench.barsPainted !== null', undefined, { timeout: 60_000 });
      const figures = (await page.evaluate(loadFigures)) as {
        total: number;
        api: number;
        render: number;
        bars: number;
      };
      loads.push(figures);
      if (last) {
        loadTasks = mainThreadTasks(await browser.stopTracing());
        await browser.startTracing(page, { categories: TRACE_CATEGORIES });
        scroll = (await page.evaluate(scrollRun)) as ScrollFigures;
        scrollTasks = mainThreadTasks(await browser.stopTracing());
      }
      await page.close();
    }

    const cold = loads[0];
    const warm = loads.slice(1);
    const frames = scroll?.frames ?? [];
    const sortedFrames = [...frames].sort((a, b) => a - b);
    const p95 =
      sortedFrames[Math.min(sortedFrames.length - 1, Math.ceil(sortedFrames.length * 0.95) - 1)] ??
      Number.NaN;
    const longest = Math.max(0, ...(scroll?.longtasks ?? []).map((t) => t.duration));
    const over100 = (scroll?.longtasks ?? []).filter((t) => t.duration > 100).length;
    const machine = `${availableParallelism()} × ${cpus()[0]?.model.trim().split(' ').slice(0, 2).join(' ') ?? 'CPU'}, Node ${process.version}, Chromium headless, load average ${loadStart.toFixed(1)} at start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
    const section = [
      `## Hotel calendar in the browser: ${ROOMS} rooms × 90 days`,
      '',
      `Run ${new Date().toISOString()} on ${machine}.`,
      '',
      '| measure | value | target |',
      '|---|---:|---:|',
      `| first screen, cold cache (navigation → first frame with booking bars) | ${fmt(cold?.total ?? Number.NaN)} | < 1 s |`,
      `| first screen, warm cache (median of ${warm.length}) | ${fmt(median(warm.map((l) => l.total)))} | < 1 s |`,
      `| of which GET /api/calendar (median, warm) | ${fmt(median(warm.map((l) => l.api)))} | |`,
      `| of which drawing: calendar answer → first frame with bars (median, warm) | ${fmt(median(warm.map((l) => l.render)))} | |`,
      `| booking bars on the first screen | ${cold?.bars ?? 0} | |`,
      `| long tasks while scrolling (${frames.length} frames) | ${scroll?.longtasks.length ?? 0} | |`,
      `| longest task while scrolling | ${fmt(longest)} | ≤ 100 ms |`,
      `| tasks over 100 ms while scrolling | ${over100} | 0 |`,
      `| frame time while scrolling, median / p95 | ${fmt(median(frames))} / ${fmt(p95)} | |`,
      `| main-thread CPU until the first screen (last load, from a trace) | ${fmt(loadTasks.reduce((a, t) => a + t.cpu, 0))} | |`,
      `| longest main-thread task while scrolling: CPU time / wall time (trace) | ${fmt(Math.max(0, ...scrollTasks.map((t) => t.cpu)))} / ${fmt(Math.max(0, ...scrollTasks.map((t) => t.wall)))} | ≤ 100 ms |`,
      `| main-thread tasks over 50 ms of CPU while scrolling (trace) | ${scrollTasks.filter((t) => t.cpu > 50).length} | 0 |`,
      `| rows in the DOM while scrolling (of ${ROOMS + TYPES}) | ${scroll?.rows ?? 0} | |`,
      '',
      `- ${ROOMS} rooms in ${TYPES} room types, ${seeded.stays} stays of 1–6 nights (about two nights in three sold), a few rooms in maintenance, a price per type and night.`,
      '- Embedded database (PGlite on disk), NODE_ENV=production, the API serving a production build of the web; viewport 1440 × 900.',
      `- Scrolling: by script, one step per animation frame — down through every room, across the 90 days, then back diagonally (${frames.length} frames).`,
      '- Other processes share the machine (see the load average): wall-clock figures (first screen, long tasks from the PerformanceObserver) include waiting for a core; the CPU times from the Chrome trace (thread time of each main-thread task) are what the page itself costs.',
      '',
    ].join('\n');
    writeFileSync(path.join(resultsDir, 'hotel-calendar.md'), section);
    console.log(`\n${section}`);
    const sections = readdirSync(resultsDir)
      .filter((file) => file.endsWith('.md') && file !== 'latest.md')
      .sort()
      .map((file) => readFileSync(path.join(resultsDir, file), 'utf8').trim());
    writeFileSync(
      path.join(resultsDir, 'latest.md'),
      `# Latest benchmark results\n\nWritten by \`npm run bench\`; each section by its own script in \`bench/\`.\n\n${sections.join('\n\n')}\n`,
    );
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (web.temporary) rmSync(web.dir, { recursive: true, force: true });
  }
}

await main();
