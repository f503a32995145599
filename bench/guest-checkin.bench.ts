// The guest check-in's first screen (issue 5 performance, ARCHITECTURE §4): the welcome page
// /checkin/customers/previe/{propiedad_id}/ of a demo property, served by the real API on the embedded
// database from a production build. Targets: at most 100 KB of JavaScript received on that screen (the
// transfer sizes Lighthouse's browser saw; bench/web-delivery.bench.ts counts the bytes per file), and
// a Lighthouse mobile performance score of at least 90 (lighthouse driving Debian's chromium).
// Run: npm run bench guest-checkin. Writes bench/results/guest-checkin.md.
// BENCH_WEB_DIST reuses a production build (vite build --outDir …); otherwise one is made in a temporary dir.

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { eq } from 'drizzle-orm';
import lighthouse from 'lighthouse';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { properties } from '../apps/api/src/db/schema/properties.ts';
import { seedDemo } from '../apps/api/src/demo/seed.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4627);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET_KB = 100;
const TARGET_SCORE = 90;

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(benchDir);

function webDist(): { dir: string; temporary: boolean } {
  const given = process.env.BENCH_WEB_DIST;
  if (given && existsSync(path.join(given, 'checkin.html'))) return { dir: given, temporary: false };
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

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'posada-bench-'));
  const web = webDist();
  const database = await openDatabase({ dataDir });
  await database.migrate();
  // A random secret per run, the same for the seed's sealed values and the API: production needs one.
  const appSecret = randomBytes(32).toString('base64url');
  await seedDemo(database.db, systemClock, { appSecret });
  const [property] = await database.db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.nombre, 'Apartamento Sol de Triana'))
    .limit(1);
  if (!property) throw new Error('demo property missing');
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
  const url = `http://localhost:${PORT}/checkin/customers/previe/${property.id}/`;
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
    '## Guest check-in: first screen (welcome page)',
    '',
    `Run ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} (load average ${loadavg()[0]?.toFixed(1)} at the end: the score needs a quiet machine), Lighthouse mobile (simulated slow 4G, 4× CPU slowdown), ${RUNS} runs.`,
    '',
    '| figure | value | target |',
    '|---|---:|---:|',
    `| JS received by the welcome page (transfer size) | ${totalKb.toFixed(1)} KB | ≤ ${BUDGET_KB} KB |`,
    `| Lighthouse mobile performance (median; runs ${scores.join(', ')}) | ${median(scores)} | ≥ ${TARGET_SCORE} |`,
    `| First Contentful Paint | ${ms(metrics.fcp)} | |`,
    `| Largest Contentful Paint | ${ms(metrics.lcp)} | |`,
    `| Total Blocking Time | ${ms(metrics.tbt)} | |`,
    `| Speed Index | ${ms(metrics.si)} | |`,
    `| Cumulative Layout Shift | ${median(metrics.cls ?? []).toFixed(3)} | |`,
    '',
    ...scripts.map((s) => `- ${s.url}: ${(s.received / 1024).toFixed(1)} KB received`),
    '- OCR (tesseract.js worker, wasm core, trained data) loads only at its step, from /guest-assets/; the face match runs on the server (issue 27).',
    '',
  ].join('\n');
  writeFileSync(path.join(benchDir, 'results', 'guest-checkin.md'), section);
  console.log(section);
  const ok = totalKb <= BUDGET_KB && median(scores) >= TARGET_SCORE;
  process.exit(ok ? 0 : 1);
}

await main();
