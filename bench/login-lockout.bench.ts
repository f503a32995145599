// Issue 27's load check: nobody can lock an owner out. 2,000 wrong passwords from 20 addresses against one
// account, over real HTTP to the API as `npm start` runs it (behind a proxy: TRUST_PROXY, addresses from
// X-Forwarded-For), while the owner signs in from another address every second. Every owner sign-in must
// succeed; the strangers' addresses end up locked. Both databases (PostgreSQL with BENCH_DATABASE_URL or
// TEST_DATABASE_URL). Options: BENCH_LOCKOUT_WRONG (2000), BENCH_LOCKOUT_ADDRESSES (20).
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { accounts, users } from '../apps/api/src/db/schema/accounts.ts';
import { hashPassword } from '../apps/api/src/modules/auth/password.ts';
import { onEachDatabase, startApi, stopApi } from './api-process.ts';
import { type BenchRow, writeReport } from './report.ts';
import { postgresUrl } from './targets.ts';

const wrongTotal = Number(process.env.BENCH_LOCKOUT_WRONG ?? 2000);
const addressCount = Number(process.env.BENCH_LOCKOUT_ADDRESSES ?? 20);
const email = 'owner@lockout.bench';
const password = 'Owner-Password-2026';
const ownerAddress = '198.51.100.7';

async function seed(open: { databaseUrl?: string; dataDir: string }) {
  const database = await openDatabase(open);
  try {
    await database.migrate();
    const [account] = await database.db
      .insert(accounts)
      .values({
        name: 'Lockout',
        statusSubscription: 'demo',
        trialEndsAt: new Date(Date.now() + 14 * 86_400_000),
      })
      .returning({ id: accounts.id });
    if (!account) throw new Error('account not inserted');
    await database.db.insert(users).values({
      accountId: account.id,
      type: 'empresa',
      name: 'Owner',
      email,
      phone: '+34612345678',
      passwordHash: await hashPassword(password),
      emailVerifiedAt: new Date(),
    });
  } finally {
    await database.close();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) : 0;

async function login(url: string, address: string, secret: string) {
  const started = performance.now();
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password: secret }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

async function measure(
  target: 'pglite' | 'postgres',
  open: { dataDir: string; databaseUrl?: string },
): Promise<{ row: BenchRow; note: string }[]> {
  await seed(open);
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    TZ: 'UTC',
    APP_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'false',
    HOST: '127.0.0.1',
    DATA_DIR: open.dataDir,
    TRUST_PROXY: 'true',
    // The per-address request limit is not what this check is about: the sign-in throttle is.
    RATE_LIMIT_PUBLIC_MAX: '1000000000',
    RATE_LIMIT_MAX: '1000000000',
  };
  if (open.databaseUrl) env.DATABASE_URL = open.databaseUrl;
  const api = await startApi(env);
  const label = target === 'pglite' ? 'PGlite (embedded, on disk)' : 'PostgreSQL';
  try {
    const started = performance.now();
    const strangers: { status: number; ms: number }[] = [];
    const perAddress = Math.ceil(wrongTotal / addressCount);
    let attacking = true;
    const attack = Promise.all(
      Array.from({ length: addressCount }, async (_, a) => {
        const address = `203.0.113.${a + 1}`;
        for (let i = 0; i < perAddress && a * perAddress + i < wrongTotal; i++)
          strangers.push(await login(api.url, address, `guess-${a}-${i}`));
      }),
    ).finally(() => {
      attacking = false;
    });
    const owner: { status: number; ms: number }[] = [];
    const signIns = (async () => {
      while (attacking) {
        const tick = performance.now();
        owner.push(await login(api.url, ownerAddress, password));
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - tick))));
      }
    })();
    await Promise.all([attack, signIns]);
    const seconds = (performance.now() - started) / 1000;

    const count = (list: { status: number }[]) =>
      list.reduce<Record<string, number>>((acc, r) => {
        acc[r.status] = (acc[r.status] ?? 0) + 1;
        return acc;
      }, {});
    const ownerOk = owner.filter((r) => r.status === 200).length;
    const ownerMs = owner.map((r) => r.ms).sort((x, y) => x - y);
    const strangerMs = strangers.map((r) => r.ms).sort((x, y) => x - y);
    const locked = strangers.filter((r) => r.status === 429).length;
    const verdict =
      ownerOk === owner.length && owner.length > 0
        ? 'every owner sign-in succeeded'
        : 'NOT every owner sign-in succeeded';
    return [
      {
        row: {
          database: label,
          scenario: `the owner signs in every second from ${ownerAddress}`,
          connections: 1,
          seconds,
          requests: owner.length,
          okPerSecond: ownerOk / seconds,
          p50: percentile(ownerMs, 50),
          p95: percentile(ownerMs, 95),
          p99: percentile(ownerMs, 99),
          failures: owner.length - ownerOk,
          statuses: count(owner),
        },
        note: `${label}: ${owner.length} owner sign-ins during the attack, ${ownerOk} answered 200 (${verdict}); ${strangers.length} wrong passwords from ${addressCount} addresses answered ${JSON.stringify(count(strangers))} (${locked} refused as locked, p50 ${percentile(strangerMs, 50).toFixed(0)} / p95 ${percentile(strangerMs, 95).toFixed(0)} ms); ${seconds.toFixed(1)} s in all.`,
      },
      {
        row: {
          database: label,
          scenario: `wrong passwords from ${addressCount} other addresses`,
          connections: addressCount,
          seconds,
          requests: strangers.length,
          okPerSecond: 0,
          p50: percentile(strangerMs, 50),
          p95: percentile(strangerMs, 95),
          p99: percentile(strangerMs, 99),
          failures: strangers.length,
          statuses: count(strangers),
        },
        note: '',
      },
    ];
  } finally {
    await stopApi(api);
  }
}

const loadBefore = loadavg()[0]?.toFixed(1);
const results = await onEachDatabase(postgresUrl, async (target, open) => {
  console.log(`login lockout check on ${target}…`);
  return measure(target, open);
});
const allOk = results.every((r) => r.row.scenario.startsWith('wrong') || r.row.failures === 0);
writeReport('login-lockout', {
  title: `Sign-in lockout: ${wrongTotal} wrong passwords from ${addressCount} addresses while the owner signs in every second`,
  machine: `${cpus().length} × ${cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}, Node ${process.version}, load average ${loadBefore} at start and ${loadavg()[0]?.toFixed(1)} at the end`,
  notes: [
    'The API as `npm start` runs it (a child process, production config, TRUST_PROXY=true so each request names its address in X-Forwarded-For, as a reverse proxy would); the owner signs in with the right password through POST /api/login from one address once a second while 20 other addresses send wrong passwords for the same account as fast as the API answers (one at a time per address). The request rate limit is raised: the sign-in throttle is what is checked.',
    ...results.map((r) => r.note).filter(Boolean),
    !postgresUrl
      ? 'PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).'
      : 'PostgreSQL: a throwaway database on the given server.',
    allOk
      ? 'Result: every owner sign-in succeeded on every database.'
      : 'Result: NOT every owner sign-in succeeded.',
  ],
  rows: results.map((r) => r.row),
});
if (!allOk) process.exitCode = 1;
