import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { emailOutbox } from '../db/schema/outbox.ts';
import { type Clock, fixedClock } from '../lib/clock.ts';
import type { Jobs } from '../lib/jobs.ts';
import { createPgBossJobs } from '../lib/pg-boss-jobs.ts';

/** Which database the integration tests run on: TEST_DB=postgres uses TEST_DATABASE_URL, otherwise PGlite. */
export const testDbKind: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  database: Database;
  /** Connection string of the throwaway PostgreSQL database (postgres runs only). */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * An empty database with a random name on baseUrl's server (the tests, and the bench).
 * drop() removes it even while connections are still open.
 */
export async function createThrowawayPostgres(
  baseUrl: string,
  prefix = 'posada_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A fresh, migrated database: an in-memory PGlite, or a throwaway database on TEST_DATABASE_URL's server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const throwaway = await createThrowawayPostgres(baseUrl);
    const database = await openDatabase({ databaseUrl: throwaway.url, dataDir: 'memory://' });
    await database.migrate();
    return {
      database,
      url: throwaway.url,
      async dispose() {
        await database.close();
        await throwaway.drop();
      },
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  return { database, dispose: () => database.close() };
}

/** A random APP_SECRET per test run: no key of the tests is a value written in the source. */
const testRunSecret = randomBytes(32).toString('base64url');

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    APP_URL: 'http://localhost:5173',
    APP_SECRET: testRunSecret,
    // Suites fire thousands of requests from one address; the rate-limit test sets its own low limits.
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_PUBLIC_MAX: '1000000',
    // Police web services (issue 14): a closed local port, never the real authorities; tests that need
    // one point these at its fake.
    SES_URL: 'http://127.0.0.1:9/ses',
    ERTZAINTZA_URL: 'http://127.0.0.1:9/ertzaintza',
    // Smart-lock vendors likewise: the hostile-input suite must never reach api.nuki.io.
    NUKI_API_URL: 'http://127.0.0.1:9/nuki',
    TTLOCK_API_URL: 'http://127.0.0.1:9/ttlock',
    IGLOOHOME_API_URL: 'http://127.0.0.1:9/igloohome',
    IGLOOHOME_AUTH_URL: 'http://127.0.0.1:9/igloohome-auth',
    // Stripe (issue 16): a closed local port; tests that move money set a key and point this at the fake.
    STRIPE_API_BASE: 'http://127.0.0.1:9/stripe',
    // Channel feeds (issue 15) are served by local fakes; a short time-out keeps failure tests quick.
    ICAL_ALLOW_PRIVATE_HOSTS: 'true',
    ICAL_TIMEOUT_MS: '3000',
    ...overrides,
  });
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  clock: Clock & { advance(ms: number): void; set(d: Date): void };
  config: Config;
  /** The app's real queue (pg-boss): its workers run, so e-mails are delivered; drain(name) awaits them. */
  jobs: Jobs;
  close(): Promise<void>;
}

/** The real app on a fresh database, with a controllable clock. Call close() in afterAll. */
export async function buildTestApp(
  options: { env?: Record<string, string>; now?: Date; testDatabase?: TestDatabase } = {},
): Promise<TestApp> {
  const testDatabase = options.testDatabase ?? (await createTestDatabase());
  const clock = fixedClock(options.now ?? new Date('2026-11-20T10:00:00Z'));
  const config = testConfig(options.env);
  const jobs = createPgBossJobs({
    database: testDatabase.database,
    logger: pino({ level: 'silent' }),
    pollingIntervalSeconds: 0.5,
  });
  const app = await buildApp({ config, database: testDatabase.database, clock, jobs, logger: false });
  await app.ready();
  return {
    app,
    database: testDatabase.database,
    clock,
    config,
    jobs,
    async close() {
      await app.close();
      await testDatabase.dispose();
    },
  };
}

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Polls the e-mail outbox until a row matches (e.g. `(m) => m.to === email && m.status === 'logged'`).
 * Without SMTP_URL the worker marks rows 'logged'; with it, 'sent'.
 */
export async function waitForOutbox(
  database: Database,
  predicate: (row: OutboxRow) => boolean,
  timeoutMs = 10_000,
): Promise<OutboxRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await database.db.select().from(emailOutbox);
    const found = rows.find(predicate);
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`no matching outbox row within ${timeoutMs} ms (${rows.length} rows)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
