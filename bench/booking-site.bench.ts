// The direct-booking website's first screen (issue 15 item 6): the unit page /book/{slug}/{propertyId} of
// the demo empresa with web booking switched on through its API, served by the real API on the embedded
// database from a production build (as `npm start`). Targets: at most 120 KB of JavaScript received on that
// screen (the transfer sizes of what Lighthouse's browser fetched, precompressed br/gzip as served), and a
// Lighthouse mobile performance score of at least 90 (lighthouse driving Debian's chromium).
// Run: npm run bench booking-site. Writes bench/results/booking-site.md.
// BENCH_WEB_DIST reuses a production build (vite build --outDir …); otherwise one is made in a temporary dir.

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/demo/seed.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { rebuildLatest } from './report.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4637);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET_KB = 120;
const TARGET_SCORE = 90;

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(benchDir);

function webDist(): { dir: string; temporary: boolean } {
  const given = process.env.BENCH_WEB_DIST;
  if (given && existsSync(path.join(given, 'book.html'))) return { dir: given, temporary: false };
  const dir = mkdtempSync(path.join(tmpdir(), 'posada-bench-web-'));
  console.log(`building the web app into ${dir} …`);
  const built = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('vite build failed');
  return { dir, temporary: true };
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

async function call<T>(
  base: string,
  method: string,
  route: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json()) as { ok: boolean; data: T };
  if (!response.ok || !payload.ok) throw new Error(`${method} ${route}: ${response.status}`);
  return payload.data;
}

/** Web booking on for the demo empresa and its first apartment, as its operator would (real HTTP). */
async function openWebsite(base: string): Promise<string> {
  const { token } = await call<{ token: string }>(base, 'POST', '/api/login', {
    email: 'demo@posada.local',
    password: DEMO_PASSWORD,
  });
  const settings = await call<{ slug: string; units: { id: string; property_id: string; kind: string }[] }>(
    base,
    'PUT',
    '/api/direct-booking/settings',
    { enable_web_reservations: true, payment_type: 'on_arrival' },
    token,
  );
  const unit = settings.units.find((u) => u.kind === 'property');
  if (!unit) throw new Error('the demo empresa has no apartment');
  await call(base, 'PUT', `/api/direct-booking/units/${unit.id}`, { web_reservation_active: true }, token);
  return `${base}/book/${settings.slug}/${unit.property_id}`;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'posada-bench-'));
  const web = webDist();
  const database = await openDatabase({ dataDir });
  await database.migrate();
  // A random secret per run, the same for the seed's sealed values and the API: production needs one.
  const appSecret = randomBytes(32).toString('base64url');
  await seedDemo(database.db, systemClock, { appSecret });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    APP_SECRET: appSecret,
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
  const url = await openWebsite(`http://localhost:${PORT}`);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const scores: number[] = [];
  const metrics: Record<string, number[]> = { fcp: [], lcp: [], tbt: [], cls: [], si: [] };
  let scripts: { url: string; received: number }[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
      });
      if (!result) throw new Error('lighthouse gave no result');
      const lhr = result.lhr;
      scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      metrics.fcp?.push(audit('first-contentful-paint'));
      metrics.lcp?.push(audit('largest-contentful-paint'));
      metrics.tbt?.push(audit('total-blocking-time'));
      metrics.cls?.push(audit('cumulative-layout-shift'));
      metrics.si?.push(audit('speed-index'));
      if (run === 0) {
        const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)
          ?.items ?? []) as NetworkItem[];
        // What the browser received from the server (precompressed assets), not an estimate from the files.
        scripts = items
          .filter((i) => i.resourceType === 'Script')
          .map((i) => ({ url: new URL(i.url).pathname, received: i.transferSize ?? 0 }));
      }
    }
  } finally {
    await chrome.kill();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (web.temporary) rmSync(web.dir, { recursive: true, force: true });
  }
  const totalKb = scripts.reduce((sum, s) => sum + s.received, 0) / 1024;
  const median = (xs: number[]) =>
    [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? Number.NaN;
  const ms = (xs: number[] | undefined) => `${Math.round(median(xs ?? []))} ms`;
  const section = [
    "## Direct-booking website: first screen (a unit's page)",
    '',
    `Run ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} (load average ${loadavg()[0]?.toFixed(1)} at the end: the score needs a quiet machine), Lighthouse mobile (simulated slow 4G, 4× CPU slowdown), ${RUNS} runs.`,
    '',
    '| figure | value | target |',
    '|---|---:|---:|',
    `| JS received by /book/{slug}/{propertyId} (transfer size) | ${totalKb.toFixed(1)} KB | ≤ ${BUDGET_KB} KB |`,
    `| Lighthouse mobile performance (median; runs ${scores.join(', ')}) | ${median(scores)} | ≥ ${TARGET_SCORE} |`,
    `| First Contentful Paint | ${ms(metrics.fcp)} | |`,
    `| Largest Contentful Paint | ${ms(metrics.lcp)} | |`,
    `| Total Blocking Time | ${ms(metrics.tbt)} | |`,
    `| Speed Index | ${ms(metrics.si)} | |`,
    `| Cumulative Layout Shift | ${median(metrics.cls ?? []).toFixed(3)} | |`,
    '',
    ...scripts.map((s) => `- ${s.url}: ${(s.received / 1024).toFixed(1)} KB received`),
    '- Its own light entry (book.html): React and the page, no Mantine, router or query library; the language file is the only other script.',
    '',
  ].join('\n');
  writeFileSync(path.join(benchDir, 'results', 'booking-site.md'), section);
  rebuildLatest();
  console.log(section);
  const ok = totalKb <= BUDGET_KB && median(scores) >= TARGET_SCORE;
  process.exit(ok ? 0 : 1);
}

await main();
