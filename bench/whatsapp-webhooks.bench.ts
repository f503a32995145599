// WhatsApp webhooks (issue 17): the app as `npm start` runs it (real HTTP, the production config) with the
// WhatsApp fake as the Cloud API, receiving signed inbound-message deliveries on the platform's shared
// number at a steady rate (default 100 per second for 10 s, open loop), about 20 % of them Meta's retries of
// a delivery already sent (the same bytes). Measures the acceptance latency (request sent → 200: signature
// check and the insert; the delivery is applied after the answer), then waits for the deliveries to be
// applied and checks that every distinct message is in its guest's thread once, in the right account.
// Run: npm run bench whatsapp-webhooks. Writes bench/results/whatsapp-webhooks.md.
import { createHmac, randomBytes } from 'node:crypto';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { startFakeWhatsApp } from '../apps/api/src/adapters/whatsapp/whatsapp.fake.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { accounts } from '../apps/api/src/db/schema/accounts.ts';
import { bookings } from '../apps/api/src/db/schema/bookings.ts';
import { properties } from '../apps/api/src/db/schema/properties.ts';
import { createPgBossJobs } from '../apps/api/src/lib/pg-boss-jobs.ts';
import { rowsOf } from '../apps/api/src/lib/sql.ts';
import { type BenchRow, writeReport } from './report.ts';
import { postgresUrl, type Target, targets } from './targets.ts';

const rate = Number(process.env.BENCH_WHATSAPP_RATE ?? 100);
const seconds = Number(process.env.BENCH_DURATION ?? 10);
const retryShare = Number(process.env.BENCH_WHATSAPP_RETRIES ?? 0.2);
const accountsCount = 20;
const guestsPerAccount = 10;
const budgetP95Ms = 50;
const notes: string[] = [];

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Meta's envelope of one inbound text (whatsapp-cloud-api.md §1). */
function delivery(phoneNumberId: string, from: string, wamid: string, text: string) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1000000000001',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '34911000000', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: `Huésped ${from.slice(-4)}` }, wa_id: from }],
              messages: [
                {
                  from,
                  id: wamid,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

async function benchTarget(target: Target): Promise<BenchRow> {
  const { database } = target;
  await database.migrate();
  const fake = await startFakeWhatsApp();
  // Accounts of up to 50 places send from the shared number; each has guests staying now with a phone.
  const guests: { phone: string; accountId: string }[] = [];
  const today = new Date().toISOString().slice(0, 10);
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  for (let a = 0; a < accountsCount; a++) {
    const [account] = await database.db
      .insert(accounts)
      .values({
        name: `Bench WhatsApp ${a}`,
        statusSubscription: 'demo',
        trialEndsAt: new Date(Date.now() + 14 * 86_400_000),
      })
      .returning({ id: accounts.id });
    const accountId = account?.id as string;
    const [property] = await database.db
      .insert(properties)
      .values({ accountId, nombre: `Casa ${a}`, tipoPropiedad: 'apartamento' })
      .returning({ id: properties.id });
    const rows = Array.from({ length: guestsPerAccount }, (_, g) => {
      const phone = `346${String(a).padStart(3, '0')}${String(g).padStart(5, '0')}`;
      guests.push({ phone, accountId });
      return {
        accountId,
        propertyId: property?.id as string,
        code: `PS-B${a}G${g}`,
        name: `Huésped ${a}-${g}`,
        email: `g${a}-${g}@example.com`,
        phone: `+${phone}`,
        startDate: today,
        endDate: inAWeek,
        guests: 2,
        price: 10000,
        total: 10000,
      };
    });
    await database.db.insert(bookings).values(rows);
  }

  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: 'memory://',
    ...fake.env,
  });
  const secret = fake.env.WHATSAPP_APP_SECRET;
  const sign = (body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  const jobs = createPgBossJobs({ database, logger: pino({ level: 'warn' }) });
  const app = await buildApp({ config, database, jobs });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const url = `http://127.0.0.1:${address.port}/api/webhooks/whatsapp`;
  const shared = fake.env.WHATSAPP_PHONE_NUMBER_ID;

  const sent: { wamid: string; body: string; accountId: string }[] = [];
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const accepted = new Set<string>();
  let retriesSent = 0;
  let retriesAnsweredDuplicate = 0;
  let failedRequests = 0;
  let firstError = '';
  const send = async (wamid: string, body: string, retry: boolean) => {
    const started = performance.now();
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) },
        body,
      });
      const json = (await answer.json()) as { data?: { duplicate?: boolean } };
      latencies.push(performance.now() - started);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.status === 200) accepted.add(wamid);
      if (json.data?.duplicate && retry) retriesAnsweredDuplicate++;
    } catch (error) {
      statuses.error = (statuses.error ?? 0) + 1;
      failedRequests++;
      firstError ||= String((error as Error & { cause?: unknown }).cause ?? error);
    }
  };

  // A short warm-up (not measured, not counted).
  for (let i = 0; i < 20; i++) {
    const guest = guests[i % guests.length] as (typeof guests)[number];
    await send(`wamid.warm${i}`, delivery(shared, guest.phone, `wamid.warm${i}`, 'Hola'), false);
  }
  await app.eventsIdle();
  latencies.length = 0;
  accepted.clear();
  for (const key of Object.keys(statuses)) delete statuses[key];

  const total = Math.round(rate * seconds);
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if (sent.length > 10 && Math.random() < retryShare) {
      // Meta's retry of a recent delivery: the same bytes, often while the first is still being applied.
      const original = sent[
        sent.length - 1 - Math.floor(Math.random() * Math.min(50, sent.length))
      ] as (typeof sent)[number];
      retriesSent++;
      inFlight.push(send(original.wamid, original.body, true));
      continue;
    }
    const guest = guests[Math.floor(Math.random() * guests.length)] as (typeof guests)[number];
    const wamid = `wamid.HBgL${randomBytes(18).toString('base64url')}`;
    const body = delivery(shared, guest.phone, wamid, `Mensaje ${i}: ¿a qué hora es el check-in?`);
    sent.push({ wamid, body, accountId: guest.accountId });
    inFlight.push(send(wamid, body, false));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  const applyStarted = performance.now();
  await app.eventsIdle();
  const applySeconds = (performance.now() - applyStarted) / 1000;

  const stored = await rowsOf<{ external_id: string; account_id: string; n: number }>(
    database.db,
    sql`select external_id, account_id::text as account_id, count(*)::int as n from inbox_messages where external_id like 'wamid.HBgL%' group by 1, 2`,
  );
  const [pending] = await rowsOf<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from whatsapp_webhook_events where processed_at is null`,
  );
  const byWamid = new Map(stored.map((r) => [r.external_id, r]));
  const lost = sent.filter((s) => accepted.has(s.wamid) && !byWamid.has(s.wamid)).length;
  const doubled = stored.filter((r) => r.n > 1).length + (stored.length - byWamid.size);
  const misrouted = sent.filter((s) => {
    const row = byWamid.get(s.wamid);
    return row && row.account_id !== s.accountId;
  }).length;
  await app.close();
  await fake.close();

  const sorted = [...latencies].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const ok = statuses['200'] ?? 0;
  const good = lost === 0 && doubled === 0 && misrouted === 0 && (pending?.n ?? 0) === 0;
  notes.push(
    `${target.label}: ${total} deliveries offered at ${rate}/s, the last answered after ${elapsed.toFixed(1)} s; ` +
      `${sent.length} distinct messages, ${retriesSent} retries (${retriesAnsweredDuplicate} answered duplicate: true). ` +
      `All applied ${applySeconds.toFixed(1)} s after the last answer; stored ${byWamid.size} of ${sent.length}, lost ${lost}, doubled ${doubled}, ` +
      `in another account ${misrouted}, deliveries left unprocessed ${pending?.n ?? 0}. ` +
      (failedRequests > 0 ? `${failedRequests} requests got no answer (${firstError}). ` : '') +
      `p95 ${p95.toFixed(1)} ms: ${p95 < budgetP95Ms ? 'under' : 'NOT under'} ${budgetP95Ms} ms. ${good ? 'None lost, doubled or misrouted.' : 'FAILED the store-once check.'}`,
  );
  if (!good || !(p95 < budgetP95Ms) || failedRequests > 0) process.exitCode = 1;
  return {
    database: target.label,
    scenario: `POST /api/webhooks/whatsapp (${rate}/s, ${Math.round(retryShare * 100)} % retries)`,
    connections: 0,
    seconds: elapsed,
    requests: total,
    okPerSecond: ok / elapsed,
    p50: percentile(sorted, 50),
    p95,
    p99: percentile(sorted, 99),
    failures: total - ok,
    statuses,
  };
}

const loadAtStart = loadavg()[0] ?? 0;
const rows: BenchRow[] = [];
for (const open of targets) {
  const target = await open();
  try {
    console.log(`whatsapp webhooks bench on ${target.label}…`);
    rows.push(await benchTarget(target));
  } finally {
    await target.dispose();
  }
}
const machine = `${availableParallelism()} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadAtStart.toFixed(1)} at start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
writeReport('whatsapp-webhooks', {
  title: `WhatsApp webhooks: ${rate} signed inbound deliveries per second for ${seconds} s, ${Math.round(retryShare * 100)} % retries`,
  machine,
  notes: [
    'Open loop over keep-alive HTTP (undici): each delivery is sent at its time; latency is request sent → 200 answered, ' +
      'which is the X-Hub-Signature-256 check and the insert of the delivery (stored once by its body hash). The delivery ' +
      `is applied after the answer (routed by the shared number to the account of the guest's stay, the message stored ` +
      `once by wamid, its thread updated, inbox.message_received recorded and delivered), in the same process. ` +
      `${accountsCount} accounts on the shared number, ${guestsPerAccount} guests with a current stay each.`,
    ...notes,
    postgresUrl
      ? 'PostgreSQL: a throwaway database on the given server.'
      : 'PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).',
  ],
  rows,
});
process.exit(process.exitCode ?? 0);
