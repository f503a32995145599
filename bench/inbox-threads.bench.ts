// Inbox of a large account (issue 17, "Tests and measures"): the inbox of an account with 10,000 threads opens
// in under 1 s. Seeds one account with 10,000 guest threads (Spanish and foreign names, phones, e-mails for
// some, previews, 2–6 messages each and 80 on the 20 newest, a third linked to bookings of its 6 properties,
// about one in nine unread) by bulk SQL, then, over real HTTP against the app as `npm start` runs it, reads
// the screen's calls one at a time as an operator opening the inbox would: the first page of threads, a search
// by surname, a search that matches no name (so every message body is searched), the unread and property
// filters, and a thread's newest messages. Bytes are counted as the browser receives them (Accept-Encoding:
// gzip, deflate, br; the compressed body).
// Run: npm run bench inbox-threads. Writes bench/results/inbox-threads.md.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Database } from '../apps/api/src/db/client.ts';
import { accounts, users } from '../apps/api/src/db/schema/accounts.ts';
import { properties } from '../apps/api/src/db/schema/properties.ts';
import { rowsOf } from '../apps/api/src/lib/sql.ts';
import { hashPassword } from '../apps/api/src/modules/auth/password.ts';
import { type BenchRow, writeReport } from './report.ts';
import { postgresUrl, type Target, targets } from './targets.ts';

const threadCount = Number(process.env.BENCH_INBOX_THREADS ?? 10_000);
const samples = Number(process.env.BENCH_INBOX_SAMPLES ?? 40);
const bookingShare = 3; // one thread in three is linked to a booking
const budgetMs = 1000;
const password = 'Bench-Password-2026';
const notes: string[] = [];

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const firstNames = [
  'Lucía',
  'Javier',
  'María',
  'Carlos',
  'Ana',
  'Pablo',
  'Elena',
  'Sergio',
  'Laura',
  'David',
  'Carmen',
  'Miguel',
  'Sofía',
  'Jorge',
  'Marta',
  'Hugo',
  'Paula',
  'Daniel',
  'Irene',
  'Álvaro',
  'Fátima',
  'Omar',
  'Emma',
  'Lukas',
  'Chloé',
  'John',
];
const lastNames = [
  'García',
  'Fernández',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Martín',
  'Jiménez',
  'Ruiz',
  'Hernández',
  'Díaz',
  'Moreno',
  'Álvarez',
  'Romero',
  'Navarro',
  'Torres',
  'Ferrer',
  'Ortega',
  'Castro',
  'Müller',
  'Smith',
  'Dubois',
  'Haddad',
];
const texts = [
  'Hola, ¿a qué hora es el check-in?',
  'Llegamos sobre las 18:00, gracias',
  '¡Hola! Le esperamos. El check-in es a partir de las 15:00 y puede hacerlo online con el enlace.',
  '¿Hay aparcamiento cerca del apartamento?',
  'Sí, hay un parking público a 200 m en la calle Mayor.',
  '¿Se admiten mascotas? Viajamos con un perro pequeño',
  'Perfecto, muchas gracias por todo',
  'The door code is not working, can you help?',
  'Su código de acceso es 4821#. Cualquier cosa, aquí estamos.',
  '¿Podríamos dejar las maletas antes de la hora de entrada?',
  'Wir kommen etwas später an, gegen 22 Uhr.',
  'Todo perfecto, la casa es preciosa 😊',
];
const sqlArray = (values: string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/** The account, its operator, 6 properties, bookings and the threads with their messages (bulk SQL). */
async function seed(database: Database) {
  const [account] = await database.db
    .insert(accounts)
    .values({
      name: 'Apartamentos Costa Bench',
      statusSubscription: 'demo',
      trialEndsAt: new Date(Date.now() + 14 * 86_400_000),
    })
    .returning({ id: accounts.id });
  const accountId = account?.id as string;
  const email = `recepcion-${randomBytes(4).toString('hex')}@example.com`;
  await database.db.insert(users).values({
    accountId,
    type: 'empresa',
    name: 'Elena Martín',
    email,
    phone: '+34612345678',
    passwordHash: await hashPassword(password),
    emailVerifiedAt: new Date(),
  });
  const props = await database.db
    .insert(properties)
    .values(
      ['Casa del Río', 'Ático Centro', 'Villa Mar', 'Estudio Catedral', 'Loft Puerto', 'Cortijo Sierra'].map(
        (nombre) => ({ accountId, nombre, tipoPropiedad: 'apartamento' }),
      ),
    )
    .returning({ id: properties.id });
  const propIds = `array[${props.map((p) => `'${p.id}'`).join(', ')}]::uuid[]`;
  const first = sqlArray(firstNames);
  const last = sqlArray(lastNames);
  const bodies = sqlArray(texts);
  const name = `(${first})[1 + g % ${firstNames.length}] || ' ' || (${last})[1 + (g / ${firstNames.length}) % ${lastNames.length}]`;
  const acc = `'${accountId}'::uuid`;
  const started = performance.now();
  await database.db.execute(
    sql.raw(`insert into bookings (account_id, property_id, code, name, email, phone, start_date, end_date,
      guests, price, total, created_at)
    select ${acc}, (${propIds})[1 + g % ${props.length}], 'PS-' || lpad(g::text, 6, '0'), ${name},
      'huesped' || g || '@example.com', '+346' || lpad(g::text, 8, '0'),
      current_date + (g % 240) - 120, current_date + (g % 240) - 120 + 1 + g % 6, 1 + g % 4,
      9000 + (g % 40) * 250, 9000 + (g % 40) * 250, now() - (g * interval '17 minutes') - interval '3 days'
    from generate_series(1, ${threadCount}) g where g % ${bookingShare} = 0`),
  );
  await database.db.execute(
    sql.raw(`insert into inbox_threads (account_id, property_id, booking_id, guest_name, phone, email,
      last_channel, last_inbound_at, last_message_at, last_message_preview, unread_count, created_at)
    select ${acc}, coalesce(b.property_id, case when g % 2 = 0 then (${propIds})[1 + g % ${props.length}] end),
      b.id, ${name}, '346' || lpad(g::text, 8, '0'),
      case when g % 4 = 0 then 'huesped' || g || '@example.com' end,
      case when g % 25 = 0 then 'email' else 'whatsapp' end,
      now() - (g * interval '17 minutes') - interval '7 minutes',
      now() - (g * interval '17 minutes'),
      left((${bodies})[1 + (g + (case when g <= 20 then 80 else 2 + g % 5 end)) % ${texts.length}], 85),
      case when g % 9 = 0 then 1 + g % 3 else 0 end,
      now() - (g * interval '17 minutes') - interval '2 days'
    from generate_series(1, ${threadCount}) g
    left join bookings b on b.account_id = ${acc} and b.code = 'PS-' || lpad(g::text, 6, '0')`),
  );
  await database.db.execute(
    sql.raw(`insert into inbox_messages (account_id, thread_id, channel, direction, type, body, status,
      sent_at, status_at, created_at)
    select ${acc}, t.id, t.last_channel, case when m % 2 = 1 or m = n then 'in' else 'out' end, 'text',
      (${bodies})[1 + (g + m) % ${texts.length}],
      case when m % 2 = 1 or m = n then 'received' when m % 4 = 0 then 'read' else 'delivered' end,
      t.last_message_at - (n - m) * interval '7 minutes', t.last_message_at - (n - m) * interval '7 minutes',
      t.last_message_at - (n - m) * interval '7 minutes'
    from inbox_threads t
    cross join lateral (select substring(t.phone from 4)::int as g) gg
    cross join lateral (select case when gg.g <= 20 then 80 else 2 + gg.g % 5 end as n) nn
    cross join lateral generate_series(1, nn.n) m
    where t.account_id = ${acc}`),
  );
  // As autovacuum would have done by the time an account has this many threads.
  for (const table of ['inbox_threads', 'inbox_messages', 'bookings'])
    await database.db.execute(sql.raw(`analyze ${table}`));
  const [counts] = await rowsOf<{ threads: number; messages: number; linked: number; unread: number }>(
    database.db,
    sql`select (select count(*)::int from inbox_threads where account_id = ${accountId}) as threads,
      (select count(*)::int from inbox_messages where account_id = ${accountId}) as messages,
      (select count(*)::int from inbox_threads where account_id = ${accountId} and booking_id is not null) as linked,
      (select count(*)::int from inbox_threads where account_id = ${accountId} and unread_count > 0) as unread`,
  );
  return {
    accountId,
    email,
    propertyId: props[0]?.id as string,
    counts: counts as NonNullable<typeof counts>,
    seedSeconds: (performance.now() - started) / 1000,
  };
}

/** One GET as a browser makes it; answers the status, the time to the last byte and the bytes on the wire. */
function get(
  url: string,
  token: string,
): Promise<{ status: number; ms: number; bytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, bytes: body.length, body });
        });
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
  const seeded = await seed(database);
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
    const [newest] = await rowsOf<{ id: string }>(
      database.db,
      sql`select id::text as id from inbox_threads order by last_message_at desc limit 1`,
    );
    const scenarios: [string, string][] = [
      ['GET /api/inbox/threads (first page)', '/api/inbox/threads'],
      ['… ?search=Ferrer (a surname)', `/api/inbox/threads?search=${encodeURIComponent('Ferrer')}`],
      ['… ?search=piscina (no name: every message body)', '/api/inbox/threads?search=piscina'],
      ['… ?search=611 (phone digits)', '/api/inbox/threads?search=611'],
      ['… ?unread=true', '/api/inbox/threads?unread=true'],
      ['… ?property_id=<one of 6>', `/api/inbox/threads?property_id=${seeded.propertyId}`],
      [
        'GET /api/inbox/threads/{id}/messages (80 messages)',
        `/api/inbox/threads/${newest?.id as string}/messages`,
      ],
    ];
    const rows: BenchRow[] = [];
    const sizes: string[] = [];
    for (const [label, path] of scenarios) {
      for (let i = 0; i < 3; i++) await get(base + path, token); // warm-up
      const latencies: number[] = [];
      const statuses: Record<string, number> = {};
      let bytes = 0;
      let items = 0;
      const t0 = performance.now();
      for (let i = 0; i < samples; i++) {
        const answer = await get(base + path, token);
        latencies.push(answer.ms);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        bytes = answer.bytes;
        if (i === 0 && answer.status === 200) {
          const plain = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
          items = ((await plain.json()) as { data: { items: unknown[] } }).data.items.length;
        }
      }
      const seconds = (performance.now() - t0) / 1000;
      latencies.sort((a, b) => a - b);
      const ok = statuses['200'] ?? 0;
      sizes.push(`${label}: ${items} items, ${(bytes / 1024).toFixed(1)} KB compressed`);
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
    // Why the body search is the slowest call: its plan on this database.
    const plan = await rowsOf<Record<string, string>>(
      database.db,
      sql`explain (analyze, costs off) select t.id from inbox_threads t
        where t.account_id = ${seeded.accountId} and (t.guest_name ilike '%piscina%' or t.email ilike '%piscina%'
          or exists (select 1 from inbox_messages m where m.thread_id = t.id and m.account_id = ${seeded.accountId}
            and m.body ilike '%piscina%'))
        order by t.last_message_at desc, t.id desc limit 31`,
    );
    const planLines = plan.map((r) => Object.values(r)[0] as string);
    const scans = planLines
      .filter((l) => /Scan|Execution Time/.test(l))
      .map((l) =>
        l
          .replace(/->/, '')
          .replace(/\(actual.*$/, '')
          .trim(),
      );
    notes.push(`${target.label}, plan of the message-text search: ${scans.join('; ')}.`);
    const worst = Math.max(...rows.map((r) => r.p95));
    notes.push(
      `${target.label}: seeded ${seeded.counts.threads} threads (${seeded.counts.linked} linked to bookings, ` +
        `${seeded.counts.unread} unread) and ${seeded.counts.messages} messages in ${seeded.seedSeconds.toFixed(0)} s. ` +
        `Answers as received: ${sizes.join('; ')}. Slowest p95 ${worst.toFixed(0)} ms: ` +
        `${worst < budgetMs ? 'every call under' : 'NOT every call under'} ${budgetMs} ms.`,
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
    console.log(`inbox threads bench on ${target.label}…`);
    rows.push(...(await benchTarget(target)));
  } finally {
    await target.dispose();
  }
}
const machine = `${availableParallelism()} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadAtStart.toFixed(1)} at start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
writeReport('inbox-threads', {
  title: `Inbox of an account with ${threadCount.toLocaleString('en')} threads: the screen's reads`,
  machine,
  notes: [
    `One operator, one request at a time (${samples} after 3 warm-ups per call), over HTTP/1.1 ` +
      'node:http requests with Accept-Encoding: gzip, deflate, br, as a browser opening the inbox; latency is request ' +
      'sent → last byte received. Pages are 30 threads and 50 messages (keyset paging, newest first).',
    ...notes,
    postgresUrl
      ? 'PostgreSQL: a throwaway database on the given server.'
      : 'PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).',
  ],
  rows,
});
process.exit(process.exitCode ?? 0);
