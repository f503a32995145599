// Delivery budgets (ARCHITECTURE §4, issue 11 item 8): the JavaScript a browser really receives on first
// load, from the server as `npm start` runs it (a production build served by the API, precompressed assets),
// over real HTTP. Two screens: the guest check-in's first screen (budget 100 KB) and the staff app's first
// route, the dashboard of a signed-in operator (budget 365 KB); the sign-in page is reported too.
// Headless chromium (playwright-core, Debian's /usr/bin/chromium) loads each screen to find what it fetches;
// every script, stylesheet and document is then fetched again with `Accept-Encoding: br, gzip` and the bytes
// on the wire are counted (the body as sent, before decoding). The browser's own count is shown beside.
// Run: npm run bench web-delivery. Writes bench/results/web-delivery.md. BENCH_WEB_DIST reuses a build.

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { properties } from '../apps/api/src/db/schema/properties.ts';
import { seedDemo } from '../apps/api/src/demo/seed.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { rebuildLatest } from './report.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4628);
const origin = `http://127.0.0.1:${PORT}`;
const DEMO_EMAIL = 'demo@posada.local';
const DEMO_PASSWORD = 'PosadaDemo2026!';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(benchDir);

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

/** The bytes of the body as they cross the wire (not decoded), and the encoding the server chose. */
function wireBytes(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        else resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

interface Loaded {
  url: string;
  kind: 'document' | 'script' | 'stylesheet';
  browserBytes: number;
  browserEncoding: string;
}

interface Row extends Loaded {
  wire: number;
  encoding: string;
  identity: number;
}

interface Screen {
  label: string;
  budgetKb: number | null;
  rows: Row[];
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'posada-bench-'));
  const web = webDist();
  const database = await openDatabase({ dataDir });
  await database.migrate();
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
    APP_URL: origin,
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'true',
    WEB_DIST: web.dir,
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const screens: Screen[] = [];
  try {
    const login = await fetch(`${origin}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const user = (
      (await (
        await fetch(`${origin}/api/user`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        data: unknown;
      }
    ).data;

    const measure = async (label: string, url: string, budgetKb: number | null, session = false) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      if (session) {
        await context.addInitScript(
          ([t, u]) => {
            localStorage.setItem('posada.token', t);
            localStorage.setItem('posada.user', u);
          },
          [token, JSON.stringify(user)] as const,
        );
      }
      const page = await context.newPage();
      const loaded: Loaded[] = [];
      page.on('requestfinished', async (request) => {
        const kind = request.resourceType();
        if (kind !== 'document' && kind !== 'script' && kind !== 'stylesheet') return;
        const response = await request.response();
        const sizes = await request.sizes();
        loaded.push({
          url: request.url(),
          kind,
          browserBytes: sizes.responseBodySize,
          browserEncoding: (await response?.allHeaders())?.['content-encoding'] ?? 'identity',
        });
      });
      await page.goto(`${origin}${url}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      await context.close();
      const rows: Row[] = [];
      for (const item of loaded) {
        const compressed = await wireBytes(item.url, 'br, gzip');
        const identity = await wireBytes(item.url, 'identity');
        rows.push({
          ...item,
          wire: compressed.bytes,
          encoding: compressed.encoding,
          identity: identity.bytes,
        });
      }
      screens.push({ label, budgetKb, rows });
    };

    await measure(
      'Guest check-in, first screen (welcome page)',
      `/checkin/customers/previe/${property.id}/`,
      100,
    );
    await measure('Staff app, first route (Dashboard, signed in)', '/', 365, true);
    await measure('Staff app, sign-in page (signed out)', '/', null);
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (web.temporary) rmSync(web.dir, { recursive: true, force: true });
  }

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const sum = (rows: Row[], key: 'wire' | 'identity' | 'browserBytes') =>
    rows.reduce((s, r) => s + r[key], 0);
  let ok = true;
  const lines = [
    '## Delivery: bytes received on first load',
    '',
    `Run ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}: production build served by the API (as \`npm start\`), fetched over HTTP with \`Accept-Encoding: br, gzip\`; body bytes as sent.`,
    '',
    '| screen | JS received | JS uncompressed | all (HTML, CSS, JS) received | JS budget |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const screen of screens) {
    const js = screen.rows.filter((r) => r.kind === 'script');
    const jsWire = sum(js, 'wire');
    if (screen.budgetKb !== null && jsWire / 1024 > screen.budgetKb) ok = false;
    lines.push(
      `| ${screen.label} | ${kb(jsWire)} | ${kb(sum(js, 'identity'))} | ${kb(sum(screen.rows, 'wire'))} | ${
        screen.budgetKb === null
          ? ''
          : `≤ ${screen.budgetKb} KB ${jsWire / 1024 <= screen.budgetKb ? '✓' : '✗'}`
      } |`,
    );
  }
  for (const screen of screens) {
    lines.push(
      '',
      `### ${screen.label}`,
      '',
      '| file | sent as | received | uncompressed | chromium received (its encoding) |',
      '|---|---|---:|---:|---:|',
    );
    const small = screen.rows.filter((r) => r.wire < 1024);
    for (const r of screen.rows.filter((row) => row.wire >= 1024)) {
      lines.push(
        `| ${new URL(r.url).pathname} | ${r.encoding} | ${kb(r.wire)} | ${kb(r.identity)} | ${kb(r.browserBytes)} (${r.browserEncoding}) |`,
      );
    }
    if (small.length > 0) {
      lines.push(
        `| ${small.length} more, each under 1 KB | ${[...new Set(small.map((r) => r.encoding))].join(', ')} | ${kb(sum(small, 'wire'))} | ${kb(sum(small, 'identity'))} | ${kb(sum(small, 'browserBytes'))} |`,
      );
    }
  }
  lines.push(
    '',
    'The chromium column is what the browser itself reported receiving (its own Accept-Encoding) while loading the screen.',
    '',
  );
  const section = lines.join('\n');
  writeFileSync(path.join(benchDir, 'results', 'web-delivery.md'), section);
  rebuildLatest();
  console.log(section);
  process.exit(ok ? 0 : 1);
}

await main();
