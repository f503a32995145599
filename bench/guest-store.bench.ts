// The experiences store's service page (issue 18, ARCHITECTURE §4): /services/{p}/{s}/{c}/vew/, the page a
// guest opens from the services list, an upselling message or the done step. Like the check-in's first
// screen it is part of the light guest entry, so its budget is the same: at most 100 KB of JavaScript
// received on first load. A production build served by the API (precompressed assets) on the embedded
// database with the demo data, a completed check-in of a demo property whose internal store offers a
// service; headless chromium (playwright-core, /usr/bin/chromium) at 390 px loads the page and every script
// is fetched again with `Accept-Encoding: br, gzip` to count the bytes on the wire.
// Run: npm run bench guest-store. Writes bench/results/guest-store.md. BENCH_WEB_DIST reuses a build.

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { checkins } from '../apps/api/src/db/schema/checkins.ts';
import { services } from '../apps/api/src/db/schema/experiences.ts';
import { properties } from '../apps/api/src/db/schema/properties.ts';
import { seedDemo } from '../apps/api/src/demo/seed.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { rebuildLatest } from './report.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4629);
const origin = `http://127.0.0.1:${PORT}`;
const BUDGET_KB = 100;

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

/** The bytes of the body as they cross the wire (not decoded). */
function wireBytes(url: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'posada-bench-'));
  const web = webDist();
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const appSecret = randomBytes(32).toString('base64url');
  await seedDemo(database.db, systemClock, { appSecret });
  const [stay] = await database.db
    .select({ id: checkins.id, propertyId: checkins.propertyId, accountId: checkins.accountId })
    .from(checkins)
    .innerJoin(properties, eq(properties.id, checkins.propertyId))
    .where(and(eq(checkins.status, 'complete'), eq(properties.nombre, 'Apartamento Sol de Triana')))
    .limit(1);
  if (!stay) throw new Error('no completed demo check-in');
  // The property's internal store on, with one priced service (the demo may have others).
  await database.db
    .update(properties)
    .set({ storeEnabled: true, storeType: 'internal' })
    .where(eq(properties.id, stay.propertyId));
  const [service] = await database.db
    .insert(services)
    .values({
      accountId: stay.accountId,
      propertyId: stay.propertyId,
      name: 'Traslado aeropuerto',
      title: { es: 'Traslado desde el aeropuerto', en: 'Airport transfer', ar: 'نقل من المطار' },
      description: { es: 'Te recogemos en la terminal.', en: 'We pick you up at the terminal.', ar: '' },
      category: 'transfer',
      confirmation: 'automatic',
      priceType: 'person',
      price: 3500,
      currency: 'EUR',
    })
    .returning({ id: services.id });
  if (!service) throw new Error('service not created');
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
  const pagePath = `/services/${stay.propertyId}/${service.id}/${stay.id}/vew/`;
  const scripts: string[] = [];
  let shown = '';
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES' });
    const page = await context.newPage();
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${origin}${pagePath}`, { waitUntil: 'networkidle' });
    shown = (await page.locator('h1').first().textContent({ timeout: 10_000 })) ?? '';
    await context.close();
  } finally {
    await browser.close();
  }
  const rows: { url: string; wire: number; identity: number }[] = [];
  try {
    for (const url of [...new Set(scripts)]) {
      rows.push({ url, wire: await wireBytes(url, 'br, gzip'), identity: await wireBytes(url, 'identity') });
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (web.temporary) rmSync(web.dir, { recursive: true, force: true });
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const wire = rows.reduce((s, r) => s + r.wire, 0);
  const identity = rows.reduce((s, r) => s + r.identity, 0);
  const ok = wire / 1024 <= BUDGET_KB && shown.includes('Traslado');
  const section = [
    '## Guest experiences store: the service page',
    '',
    `Run ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}: production build served by the API, chromium at 390 px, scripts fetched again with \`Accept-Encoding: br, gzip\`.`,
    '',
    '| figure | value | target |',
    '|---|---:|---:|',
    `| JS received by /services/{p}/{s}/{c}/vew/ | ${kb(wire)} | ≤ ${BUDGET_KB} KB ${wire / 1024 <= BUDGET_KB ? '✓' : '✗'} |`,
    `| JS uncompressed | ${kb(identity)} | |`,
    `| page heading | ${shown || '(none)'} | the service's title |`,
    '',
    ...rows.map(
      (r) => `- ${new URL(r.url).pathname}: ${kb(r.wire)} received (${kb(r.identity)} uncompressed)`,
    ),
    '',
  ].join('\n');
  writeFileSync(path.join(benchDir, 'results', 'guest-store.md'), section);
  rebuildLatest();
  console.log(section);
  process.exit(ok ? 0 : 1);
}

await main();
