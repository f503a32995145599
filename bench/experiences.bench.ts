// The experiences store of a busy account (issue 18): the operator's services list, the first page of its
// service requests and a year of reports answer quickly. Seeds one premium account (plan smart, subscribed)
// with 4 properties, 3 providers, 10 services, 2,000 completed check-ins over the last 12 months, one service
// request each (every state, at the property or free) and the funnel behind them (each stay offered every
// service of its property, three viewed), by bulk SQL; then, over real HTTP against the app as `npm start`
// runs it, reads each call one at a time as an operator would, and reports p50/p95/p99.
// Run: npm run bench experiences. Writes bench/results/experiences.md.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Database } from '../apps/api/src/db/client.ts';
import { accounts, users } from '../apps/api/src/db/schema/accounts.ts';
import { serviceProviders, services } from '../apps/api/src/db/schema/experiences.ts';
import { properties } from '../apps/api/src/db/schema/properties.ts';
import { rowsOf } from '../apps/api/src/lib/sql.ts';
import { hashPassword } from '../apps/api/src/modules/auth/password.ts';
import { type BenchRow, writeReport } from './report.ts';
import { postgresUrl, type Target, targets } from './targets.ts';

const requestCount = Number(process.env.BENCH_STORE_REQUESTS ?? 2_000);
const samples = Number(process.env.BENCH_STORE_SAMPLES ?? 40);
const budgetMs = 1000;
const password = 'Bench-Password-2026';
const notes: string[] = [];

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The account, its catalogue, and the check-ins, requests and funnel of a year (bulk SQL). */
async function seed(database: Database) {
  const { db } = database;
  const [account] = await db
    .insert(accounts)
    .values({
      name: 'Apartamentos Costa Bench',
      plan: 'smart',
      statusSubscription: 'subscribed',
      trialEndsAt: null,
      quantity: 4,
    })
    .returning({ id: accounts.id });
  const accountId = account?.id as string;
  const email = `tienda-${randomBytes(4).toString('hex')}@example.com`;
  await db.insert(users).values({
    accountId,
    type: 'empresa',
    name: 'Elena Martín',
    email,
    phone: '+34612345678',
    passwordHash: await hashPassword(password),
    emailVerifiedAt: new Date(),
  });
  const props = await db
    .insert(properties)
    .values(
      ['Casa del Río', 'Ático Centro', 'Villa Mar', 'Estudio Catedral'].map((nombre) => ({
        accountId,
        nombre,
        tipoPropiedad: 'apartamento',
        storeEnabled: true,
      })),
    )
    .returning({ id: properties.id });
  const providers = await db
    .insert(serviceProviders)
    .values(
      ['Traslados Costa', 'Catering La Alacena', 'Aventura Sur'].map((name, i) => ({
        accountId,
        name,
        country: 'ES',
        phone: `+3495278123${i}`,
        email: `proveedor${i}@example.com`,
        address: 'Calle Larios 1, 29005 Málaga',
      })),
    )
    .returning({ id: serviceProviders.id });
  const catalogue = [
    ['Entrada anticipada', 'checkin_checkout', 'unit', 2500, 'manual'],
    ['Salida tardía', 'checkin_checkout', 'hour', 1000, 'automatic'],
    ['Traslado aeropuerto', 'transfer', 'group', 5500, 'manual'],
    ['Cesta de desayuno', 'food_beverage', 'person', 1200, 'automatic'],
    ['Pack romántico', 'romantic', 'unit', 6500, 'manual'],
    ['Masaje', 'spa_health', 'hour', 7000, 'manual'],
    ['Kayak', 'activities', 'person', 3500, 'manual'],
    ['Kit bebé', 'family', 'unit', 0, 'automatic'],
    ['Visita guiada', 'art_culture', 'person', 3900, 'automatic'],
    ['Bicicletas', 'activities', 'day', 1500, 'automatic'],
  ] as const;
  const seeded = await db
    .insert(services)
    .values(
      catalogue.map(([name, category, priceType, price, confirmation], i) => ({
        accountId,
        // Every third service belongs to one property; the rest to all.
        propertyId: i % 3 === 2 ? props[i % props.length]?.id : null,
        name,
        title: { es: name, en: name, ar: name },
        description: { es: `${name}: descripción de prueba.`, en: '', ar: '' },
        category,
        providerId: i % 4 === 3 ? null : providers[i % providers.length]?.id,
        confirmation,
        priceType,
        price,
        photos: [{ file: `bench-${i}.jpg`, thumb: `bench-${i}-thumb.jpg` }],
      })),
    )
    .returning({ id: services.id });
  const acc = `'${accountId}'::uuid`;
  const propIds = `array[${props.map((p) => `'${p.id}'`).join(', ')}]::uuid[]`;
  const serviceIds = `array[${seeded.map((s) => `'${s.id}'`).join(', ')}]::uuid[]`;
  const started = performance.now();
  // One completed check-in per request, arrivals spread over the last 12 months.
  await database.db.execute(
    sql.raw(`insert into checkins (account_id, property_id, name, email, phone, start_date, end_date,
      expected_guests, status, link_token_hash, link_token_sealed, link_expires_at, completed_at, purge_after, created_at)
    select ${acc}, (${propIds})[1 + g % ${props.length}], 'Huésped ' || g, 'huesped' || g || '@example.com',
      '+346' || lpad(g::text, 8, '0'), current_date - (g * 360 / ${requestCount}) - 1,
      current_date - (g * 360 / ${requestCount}) + 2, 1 + g % 4, 'complete', 'bench-' || g, 'sealed',
      now() + interval '1 year', (current_date - (g * 360 / ${requestCount}) - 1) + time '15:00',
      current_date + 1000, now() - interval '400 days'
    from generate_series(1, ${requestCount}) g`),
  );
  await database.db.execute(
    sql.raw(`insert into service_requests (account_id, property_id, service_id, provider_id, checkin_id,
      service_name, category, client_name, phone, email, document_type, document_number, price_type, quantity,
      service_date, unit_price, total, currency, status, payment_mode, approved_at, paid_at, created_at, updated_at)
    select ${acc}, c.property_id, s.id, s.provider_id, c.id, s.name, s.category, c.name, c.phone, c.email,
      'dni', lpad(c.n::text, 8, '0') || 'T', s.price_type, q.qty, c.start_date::text, s.price,
      s.price * case when s.price_type = 'group' then 1 else q.qty end, 'EUR',
      case when s.price = 0 then 'approved' when c.n % 10 = 0 then 'pending' when c.n % 10 = 1 then 'rejected'
           when c.n % 10 < 4 then 'approved' else 'paid' end,
      case when s.price = 0 then 'free' else 'at_property' end,
      c.completed_at + interval '3 hours',
      case when s.price > 0 and c.n % 10 >= 4 then c.completed_at + interval '1 day' end,
      c.completed_at + interval '1 hour', c.completed_at + interval '1 hour'
    from (select *, substring(link_token_hash from 7)::int as n from checkins where account_id = ${acc}) c
    join services s on s.id = (${serviceIds})[1 + c.n % ${seeded.length}]
    cross join lateral (select 1 + c.n % 3 as qty) q`),
  );
  await database.db.execute(
    sql.raw(`insert into service_funnel_events (account_id, property_id, service_id, checkin_id, kind, at)
    select ${acc}, c.property_id, s.id, c.id, 'offered', c.completed_at
    from checkins c join services s on s.account_id = ${acc} and (s.property_id is null or s.property_id = c.property_id)
    where c.account_id = ${acc}`),
  );
  await database.db.execute(
    sql.raw(`insert into service_funnel_events (account_id, property_id, service_id, checkin_id, kind, at)
    select ${acc}, c.property_id, (${serviceIds})[1 + (substring(c.link_token_hash from 7)::int + k) % ${seeded.length}], c.id,
      'viewed', c.completed_at + interval '30 minutes'
    from checkins c cross join generate_series(0, 2) k where c.account_id = ${acc}
    on conflict do nothing`),
  );
  // As autovacuum would have done by the time an account has this many rows.
  for (const table of ['checkins', 'service_requests', 'service_funnel_events', 'services'])
    await database.db.execute(sql.raw(`analyze ${table}`));
  const [counts] = await rowsOf<{ requests: number; funnel: number }>(
    database.db,
    sql`select (select count(*)::int from service_requests where account_id = ${accountId}) as requests,
      (select count(*)::int from service_funnel_events where account_id = ${accountId}) as funnel`,
  );
  return {
    email,
    counts: counts as NonNullable<typeof counts>,
    seedSeconds: (performance.now() - started) / 1000,
  };
}

/** One GET as a browser makes it; answers the status, the time to the last byte and the bytes on the wire. */
function get(url: string, token: string): Promise<{ status: number; ms: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' } },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, bytes }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function benchTarget(target: Target): Promise<BenchRow[]> {
  const { database } = target;
  await database.migrate();
  console.log('  migrated; seeding…');
  const seeded = await seed(database);
  console.log(`  seeded in ${seeded.seedSeconds.toFixed(1)} s; reading…`);
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: 'memory://',
    RATE_LIMIT_MAX: '1000000000',
  });
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const base = `http://127.0.0.1:${address.port}`;
  try {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: seeded.email, password }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const today = new Date();
    const yearAgo = new Date(
      Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate() + 1),
    );
    const scenarios: [string, string][] = [
      ['GET /api/services (10 services)', '/api/services'],
      [`GET /api/upselling/requests (page 1 of ${requestCount})`, '/api/upselling/requests'],
      [
        'GET /api/upselling/reports (12 months)',
        `/api/upselling/reports?from=${day(yearAgo)}&to=${day(today)}`,
      ],
    ];
    const rows: BenchRow[] = [];
    const sizes: string[] = [];
    for (const [label, path] of scenarios) {
      for (let i = 0; i < 3; i++) await get(base + path, token); // warm-up
      const latencies: number[] = [];
      const statuses: Record<string, number> = {};
      let bytes = 0;
      const t0 = performance.now();
      for (let i = 0; i < samples; i++) {
        const answer = await get(base + path, token);
        latencies.push(answer.ms);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        bytes = answer.bytes;
      }
      const seconds = (performance.now() - t0) / 1000;
      latencies.sort((a, b) => a - b);
      const ok = statuses['200'] ?? 0;
      if (ok < samples) notes.push(`${target.label}, ${label}: answers ${JSON.stringify(statuses)}.`);
      sizes.push(`${label}: ${(bytes / 1024).toFixed(1)} KB compressed`);
      rows.push({
        database: target.label,
        scenario: label,
        connections: 1,
        seconds,
        requests: samples,
        okPerSecond: ok / seconds,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        failures: samples - ok,
        statuses,
      });
    }
    const worst = Math.max(...rows.map((r) => r.p95));
    notes.push(
      `${target.label}: seeded ${seeded.counts.requests} requests and ${seeded.counts.funnel} funnel events in ` +
        `${seeded.seedSeconds.toFixed(0)} s. Answers as received: ${sizes.join('; ')}. Slowest p95 ` +
        `${worst.toFixed(0)} ms: ${worst < budgetMs ? 'every call under' : 'NOT every call under'} ${budgetMs} ms.`,
    );
    if (!(worst < budgetMs) || rows.some((r) => r.failures > 0)) process.exitCode = 1;
    return rows;
  } finally {
    await app.close();
  }
}

const loadAtStart = loadavg()[0] ?? 0;
const rows: BenchRow[] = [];
for (const open of targets) {
  const target = await open();
  try {
    console.log(`experiences store bench on ${target.label}…`);
    rows.push(...(await benchTarget(target)));
  } finally {
    await target.dispose();
  }
}
const machine = `${availableParallelism()} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadAtStart.toFixed(1)} at start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
writeReport('experiences', {
  title: `Experiences store of an account with ${requestCount.toLocaleString('en')} service requests: the operator's reads`,
  machine,
  notes: [
    `One operator, one request at a time (${samples} after 3 warm-ups per call), over HTTP/1.1 node:http ` +
      'requests with Accept-Encoding: gzip, deflate, br; latency is request sent → last byte received. ' +
      'The requests list is its first page (25, newest first); the reports cover the last 12 months.',
    ...notes,
    postgresUrl
      ? 'PostgreSQL: a throwaway database on the given server.'
      : 'PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).',
  ],
  rows,
});
process.exit(process.exitCode ?? 0);
