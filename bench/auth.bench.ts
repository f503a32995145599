import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, loadavg } from 'node:os';
import autocannon, { type Request as BenchRequest } from 'autocannon';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Database } from '../apps/api/src/db/client.ts';
import { accounts, users } from '../apps/api/src/db/schema/accounts.ts';
import { hashPassword } from '../apps/api/src/modules/auth/password.ts';
import { type BenchRow, writeReport } from './report.ts';
import { postgresUrl, type Target, targets } from './targets.ts';

const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const loginConnections = Number(process.env.BENCH_LOGIN_CONNECTIONS ?? 8);
const readConnections = Number(process.env.BENCH_READ_CONNECTIONS ?? 16);
const userCount = Number(process.env.BENCH_USERS ?? 50);
const password = 'Bench-Password-2026';

/** Verified empresas sharing one Argon2id hash (hashing each would only slow the seeding). */
async function seedUsers(database: Database): Promise<string[]> {
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const emails: string[] = [];
  for (let i = 0; i < userCount; i++) {
    const email = `bench-${i}@example.com`;
    const [account] = await database.db
      .insert(accounts)
      .values({
        name: `Bench ${i}`,
        statusSubscription: 'demo',
        trialEndsAt: new Date(now.getTime() + 14 * 86_400_000),
      })
      .returning({ id: accounts.id });
    if (!account) throw new Error('account not inserted');
    await database.db.insert(users).values({
      accountId: account.id,
      type: 'empresa',
      name: `Bench ${i}`,
      email,
      phone: '+34612345678',
      passwordHash,
      emailVerifiedAt: now,
    });
    emails.push(email);
  }
  return emails;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function measure(
  label: string,
  options: { url: string; connections: number; requests: BenchRequest[] },
): Promise<Omit<BenchRow, 'database'>> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const run = autocannon({ ...options, duration: durationSeconds });
  run.on('response', (_client, statusCode, _bytes, ms) => {
    latencies.push(ms);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await run;
  // autocannon drops its connections at the deadline; let the handlers still running finish.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  latencies.sort((a, b) => a - b);
  const ok = statuses.get(200) ?? 0;
  return {
    scenario: label,
    connections: options.connections,
    seconds: result.duration,
    requests: latencies.length,
    okPerSecond: ok / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures: latencies.length - ok + result.errors + result.timeouts,
    statuses: Object.fromEntries(statuses),
  };
}

async function benchTarget(target: Target): Promise<BenchRow[]> {
  const { database } = target;
  await database.migrate();
  const emails = await seedUsers(database);
  const config = loadConfig({
    NODE_ENV: 'production',
    // A random secret per run: production refuses to start without one.
    APP_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: 'memory://',
    // Logins come from many client addresses (X-Forwarded-For), as behind a production proxy.
    TRUST_PROXY: 'true',
    // A load test is one address firing thousands of requests; the limits are not what it measures.
    RATE_LIMIT_MAX: '1000000000',
    RATE_LIMIT_PUBLIC_MAX: '1000000000',
  });
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const url = `http://127.0.0.1:${address.port}`;

  try {
    let n = 0;
    const nextLogin = () => {
      n++;
      return {
        email: emails[n % emails.length] ?? '',
        ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      };
    };
    const login = async () => {
      const { email, ip } = nextLogin();
      const res = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email, password }),
      });
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { token: string } }).data.token;
    };

    // One session per user for the read scenario (and a warm-up of the login path).
    const tokens: string[] = [];
    for (let i = 0; i < emails.length; i++) tokens.push(await login());

    const loginRow = await measure('POST /api/login', {
      url,
      connections: loginConnections,
      requests: [
        {
          method: 'POST',
          path: '/api/login',
          setupRequest: (request) => {
            const { email, ip } = nextLogin();
            return {
              ...request,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
              body: JSON.stringify({ email, password }),
            };
          },
        },
      ],
    });

    let t = 0;
    const userRow = await measure('GET /api/user', {
      url,
      connections: readConnections,
      requests: [
        {
          method: 'GET',
          path: '/api/user',
          setupRequest: (request) => {
            t++;
            return { ...request, headers: { authorization: `Bearer ${tokens[t % tokens.length]}` } };
          },
        },
      ],
    });
    return [loginRow, userRow].map((row) => ({ database: target.label, ...row }));
  } finally {
    await app.close();
  }
}

// The bench shares the machine with whatever else runs: the load average says how quiet it was.
const loadAtStart = loadavg()[0] ?? 0;
const rows: BenchRow[] = [];
for (const open of targets) {
  const target = await open();
  try {
    console.log(`auth bench on ${target.label}…`);
    rows.push(...(await benchTarget(target)));
  } finally {
    await target.dispose();
  }
}

const machine = `${availableParallelism()} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadAtStart.toFixed(1)} at start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
writeReport('auth', {
  title: 'Sign-in throughput',
  machine,
  notes: [
    `${durationSeconds} s per scenario after a warm-up; autocannon against the real API listening on 127.0.0.1 (same machine).`,
    `Login rotates over ${userCount} seeded verified users and distinct client addresses (X-Forwarded-For); every login verifies an Argon2id hash (19 MiB, t=2) and creates a session.`,
    `GET /api/user rotates over ${userCount} session tokens (hashed-token lookup, user and account).`,
    postgresUrl
      ? 'PostgreSQL: a throwaway database on the given server.'
      : 'PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).',
    'LOG_LEVEL=warn, NODE_ENV=production; pg-boss workers running as in production.',
  ],
  rows,
});
