// Stripe webhooks (issue 16): the app as `npm start` runs it (real HTTP, the production config), receiving
// signed events at a steady rate (default 200 per second for 10 s, open loop: each is sent on time whether
// or not the previous ones were answered), about 20 % of them replays of an event already sent (Stripe
// retries and duplicates). Measures the acceptance latency (request sent → 200) over keep-alive HTTP, then
// checks in the database that every distinct event is stored once and applied once (one `stripe.event`
// domain event per event id) and that no replay stored or emitted anything.
// Run: npm run bench stripe-webhooks. Writes bench/results/stripe-webhooks.md.
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { signStripePayload } from '../apps/api/src/adapters/stripe/stripe.client.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { accounts } from '../apps/api/src/db/schema/accounts.ts';
import { createPgBossJobs } from '../apps/api/src/lib/pg-boss-jobs.ts';
import { rowsOf } from '../apps/api/src/lib/sql.ts';
import { type BenchRow, writeReport } from './report.ts';
import { postgresUrl, type Target, targets } from './targets.ts';

const rate = Number(process.env.BENCH_STRIPE_RATE ?? 200);
const seconds = Number(process.env.BENCH_DURATION ?? 10);
const duplicateShare = Number(process.env.BENCH_STRIPE_DUPLICATES ?? 0.2);
const accountsCount = 20;
const budgetP95Ms = 50;
const secret = `whsec_${randomBytes(16).toString('hex')}`;
const notes: string[] = [];

/** Event types the modules subscribe to; none of them finds a payment here, so each handler only reads. */
const types = [
  'checkout.session.completed',
  'payment_intent.succeeded',
  'charge.refunded',
  'customer.updated',
];

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function benchTarget(target: Target): Promise<BenchRow> {
  const { database } = target;
  await database.migrate();
  const accountIds = (
    await database.db
      .insert(accounts)
      .values(Array.from({ length: accountsCount }, (_, i) => ({ name: `Bench Stripe ${i}` })))
      .returning({ id: accounts.id })
  ).map((r) => r.id);

  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: 'memory://',
    STRIPE_WEBHOOK_SECRET: secret,
  });
  const jobs = createPgBossJobs({ database, logger: pino({ level: 'warn' }) });
  const app = await buildApp({ config, database, jobs });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const url = `http://127.0.0.1:${address.port}/api/webhooks/stripe`;

  const sent: { id: string; body: string }[] = [];
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let duplicatesSent = 0;
  let duplicatesAnswered = 0;
  let firstsAnsweredDuplicate = 0;
  const total = Math.round(rate * seconds);

  /** Ids answered 200 at least once: Stripe counts these delivered and never resends them. */
  const accepted = new Set<string>();
  let failedRequests = 0;
  let firstError = '';
  const send = async (id: string, body: string, replay: boolean) => {
    const started = performance.now();
    try {
      const now = Math.floor(Date.now() / 1000);
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signStripePayload(body, secret, now),
        },
        body,
      });
      const json = (await answer.json()) as { data?: { duplicate?: boolean } };
      latencies.push(performance.now() - started);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.status === 200) accepted.add(id);
      if (json.data?.duplicate && replay) duplicatesAnswered++;
      if (json.data?.duplicate && !replay) firstsAnsweredDuplicate++;
    } catch (error) {
      statuses.error = (statuses.error ?? 0) + 1;
      failedRequests++;
      firstError ||= String((error as Error & { cause?: unknown }).cause ?? error);
    }
  };

  // A short warm-up (not measured): the first requests compile routes and fill caches.
  for (let i = 0; i < 20; i++) {
    const body = JSON.stringify({
      id: `evt_warm_${i}`,
      object: 'event',
      type: 'customer.updated',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: `cus_w${i}`, object: 'customer', metadata: { account_id: accountIds[0] } } },
    });
    await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripePayload(body, secret, Math.floor(Date.now() / 1000)),
      },
      body,
    });
  }
  latencies.length = 0;

  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const replay = sent.length > 10 && Math.random() < duplicateShare;
    if (replay) {
      // A replay of a recent event (Stripe retries within minutes): often while the first is still in flight.
      const original = sent[sent.length - 1 - Math.floor(Math.random() * Math.min(50, sent.length))] as {
        id: string;
        body: string;
      };
      duplicatesSent++;
      inFlight.push(send(original.id, original.body, true));
      continue;
    }
    const id = `evt_${randomBytes(12).toString('hex')}`;
    const type = types[i % types.length] as string;
    const body = JSON.stringify({
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: {
        object: {
          id: `obj_${randomBytes(8).toString('hex')}`,
          object: type.split('.')[0],
          metadata: { account_id: accountIds[i % accountsCount] },
        },
      },
    });
    sent.push({ id, body });
    inFlight.push(send(id, body, false));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;

  // Stored once, applied once: one stripe_events row and one stripe.event per distinct id.
  const ids = sent.map((s) => s.id);
  const [storedRow] = await rowsOf<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from stripe_events where id like 'evt_%' and id not like 'evt_warm_%'`,
  );
  const perEvent = await rowsOf<{ event_id: string; n: number }>(
    database.db,
    sql`select payload->>'event_id' as event_id, count(*)::int as n from domain_events where type = 'stripe.event' and payload->>'event_id' not like 'evt_warm_%' group by 1`,
  );
  const [processedRow] = await rowsOf<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from stripe_events where processed_at is not null and id not like 'evt_warm_%'`,
  );
  const emitted = new Map(perEvent.map((r) => [r.event_id, r.n]));
  // Lost: answered 200 but not stored and applied. A request that failed (no answer) is not lost: Stripe retries it.
  const lost = [...accepted].filter((id) => !emitted.has(id)).length;
  const neverAccepted = ids.filter((id) => !accepted.has(id)).length;
  const doubled = perEvent.filter((r) => r.n > 1).length;
  const stored = storedRow?.n ?? 0;
  await app.close();

  const sorted = [...latencies].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const ok = statuses['200'] ?? 0;
  const good = lost === 0 && doubled === 0 && stored === emitted.size;
  notes.push(
    `${target.label}: ${total} requests offered at ${rate}/s, the last answered after ${elapsed.toFixed(1)} s; ${ids.length} distinct events, ` +
      `${duplicatesSent} replays (${duplicatesAnswered} answered duplicate: true; ${firstsAnsweredDuplicate} first sends answered duplicate). ` +
      `Stored ${stored} of ${ids.length}; stripe.event emitted for ${emitted.size}, lost (accepted but not applied) ${lost}, doubled ${doubled}; processed_at set on ${processedRow?.n ?? 0}. ` +
      (failedRequests > 0
        ? `${failedRequests} requests got no answer (${firstError}); ${neverAccepted} events were never accepted (Stripe would retry them). `
        : '') +
      `p95 ${p95.toFixed(1)} ms: ${p95 < budgetP95Ms ? 'under' : 'NOT under'} ${budgetP95Ms} ms. ${good ? 'None lost or doubled.' : 'FAILED the store-once/apply-once check.'}`,
  );
  if (!good || !(p95 < budgetP95Ms) || failedRequests > 0) process.exitCode = 1;
  return {
    database: target.label,
    scenario: `POST /api/webhooks/stripe (${rate}/s, ${Math.round(duplicateShare * 100)} % replays)`,
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
    console.log(`stripe webhooks bench on ${target.label}…`);
    rows.push(await benchTarget(target));
  } finally {
    await target.dispose();
  }
}
const machine = `${availableParallelism()} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadAtStart.toFixed(1)} at start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
writeReport('stripe-webhooks', {
  title: `Stripe webhooks: ${rate} signed events per second for ${seconds} s, ${Math.round(duplicateShare * 100)} % replays`,
  machine,
  notes: [
    'Open loop over keep-alive HTTP (undici): each event is sent at its time; latency is request sent → 200 answered, ' +
      'which includes the signature check, the insert, the stripe.event outbox row and its in-process delivery to every ' +
      `subscribed handler (they read the stored event and find no payment) before the answer. Events name one of ${accountsCount} accounts in metadata.account_id.`,
    ...notes,
    postgresUrl
      ? 'PostgreSQL: a throwaway database on the given server.'
      : 'PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).',
  ],
  rows,
});
process.exit(process.exitCode ?? 0);
