import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind } from '../test/test-app.ts';
import type { JobInfo, Jobs } from './jobs.ts';
import { createPgBossJobs, jobsSchema } from './pg-boss-jobs.ts';

const silent = pino({ level: 'silent' });
const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/jobs-exit.ts');

async function jobState(t: TestDatabase, id: string | null) {
  const { rows } = await t.database.sql.query<{ state: string }>(
    `SELECT state::text AS state FROM ${jobsSchema}.job WHERE id = $1`,
    [id],
  );
  return rows[0]?.state;
}

describe(`pg-boss jobs on ${testDbKind}`, () => {
  let t: TestDatabase;
  let jobs: Jobs;

  beforeAll(async () => {
    t = await createTestDatabase();
    jobs = createPgBossJobs({
      database: t.database,
      logger: silent,
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
    });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop();
    await t.dispose();
  });

  it('runs a queued job with its data', async () => {
    const seen: { data: { n: number }; job: JobInfo }[] = [];
    await jobs.work<{ n: number }>('test.run', async (data, job) => {
      seen.push({ data, job });
    });
    const id = await jobs.send('test.run', { n: 42 });
    await jobs.drain('test.run', 5_000);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.data).toEqual({ n: 42 });
    expect(seen[0]?.job).toMatchObject({ id, name: 'test.run', attempt: 1 });
    expect(await jobState(t, id)).toBe('completed');
  });

  it('retries a failing job after its backoff delay, then it succeeds', async () => {
    const runs: { attempt: number; at: number }[] = [];
    await jobs.work('test.retry', async (_data, job) => {
      runs.push({ attempt: job.attempt, at: Date.now() });
      if (job.attempt === 1) throw new Error('temporary failure');
    });
    const id = await jobs.send('test.retry', {}, { retryLimit: 3, retryDelay: 1, retryBackoff: true });
    await jobs.drain('test.retry', 10_000);
    expect(runs.map((r) => r.attempt)).toEqual([1, 2]);
    const [first, second] = runs;
    // Backoff with a 1 s delay waits between 1 and 2 s before the first retry.
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(900);
    expect(await jobState(t, id)).toBe('completed');
  });

  it('marks a job failed once its retries are spent, telling the handler which run is the last', async () => {
    const runs: JobInfo[] = [];
    await jobs.work('test.fail', async (_data, job) => {
      runs.push(job);
      throw new Error('permanent failure');
    });
    const id = await jobs.send('test.fail', {}, { retryLimit: 1, retryDelay: 0 });
    await jobs.drain('test.fail', 10_000);
    expect(runs.map((r) => [r.attempt, r.isLastAttempt])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(await jobState(t, id)).toBe('failed');
  });

  it('does not run a job before its startAfter', async () => {
    const ranAt: number[] = [];
    await jobs.work('test.later', async () => {
      ranAt.push(Date.now());
    });
    const startAfter = new Date(Date.now() + 1_500);
    await jobs.send('test.later', {}, { startAfter });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(ranAt).toEqual([]);
    await jobs.drain('test.later', 10_000);
    expect(ranAt).toHaveLength(1);
    expect(ranAt[0]).toBeGreaterThanOrEqual(startAfter.getTime() - 50);
  });

  it('queues one job per singletonKey while it waits', async () => {
    const later = new Date(Date.now() + 60_000);
    const first = await jobs.send('test.single', { v: 1 }, { singletonKey: 'booking-1', startAfter: later });
    const duplicate = await jobs.send(
      'test.single',
      { v: 2 },
      { singletonKey: 'booking-1', startAfter: later },
    );
    const other = await jobs.send('test.single', { v: 3 }, { singletonKey: 'booking-2', startAfter: later });
    const concurrent = await Promise.all(
      [1, 2, 3].map((v) => jobs.send('test.single', { v }, { singletonKey: 'booking-3', startAfter: later })),
    );
    expect(first).toEqual(expect.any(String));
    expect(duplicate).toBeNull();
    expect(other).toEqual(expect.any(String));
    expect(concurrent.filter((id) => id !== null)).toHaveLength(1);
  });

  it('runs pg-boss maintenance on this database', async () => {
    const deadline = Date.now() + 5_000;
    let maintainedOn: unknown = null;
    while (!maintainedOn && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { rows } = await t.database.sql.query<{ maintained_on: unknown }>(
        `SELECT maintained_on FROM ${jobsSchema}.version`,
      );
      maintainedOn = rows[0]?.maintained_on;
    }
    expect(maintainedOn).toBeTruthy();
  });

  it('refuses to queue before start()', async () => {
    const idle = createPgBossJobs({ database: t.database, logger: silent });
    await expect(idle.send('test.run', {})).rejects.toThrow(/before start/);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(done: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe(`recurring jobs (jobs.every) on ${testDbKind}`, () => {
  let t: TestDatabase;
  const instances: Jobs[] = [];
  const instance = () => {
    const jobs = createPgBossJobs({ database: t.database, logger: silent, pollingIntervalSeconds: 0.5 });
    instances.push(jobs);
    return jobs;
  };
  const waiting = async (name: string) => {
    const { rows } = await t.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${jobsSchema}.job WHERE name = $1 AND state < 'active'`,
      [name],
    );
    return Number(rows[0]?.n);
  };

  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    for (const jobs of instances) await jobs.stop();
    await t.dispose();
  });

  it('keeps one chain across two API instances: a run per interval, never two, and it goes on', async () => {
    const interval = 700;
    const runs: { at: number; by: string; recurring: boolean | undefined }[] = [];
    const handler = (by: string) => async (data: { recurring?: boolean }) => {
      runs.push({ at: Date.now(), by, recurring: data.recurring });
    };
    const a = instance();
    const b = instance();
    await a.start();
    await a.every('test.every', interval, handler('a'), { recurring: true });
    await waitFor(() => runs.length >= 1, 5_000, 'the first run');
    // The second instance registers before its start (its chain begins at start()) and starts while the
    // first chain's next run waits: it must not begin a second chain.
    await b.every('test.every', interval, handler('b'), { recurring: true });
    await b.start();
    await waitFor(() => runs.length >= 6, 15_000, 'six runs');
    expect(runs.every((r) => r.recurring === true)).toBe(true);
    const gaps = runs.slice(1).map((r, i) => r.at - (runs[i]?.at ?? 0));
    // Each run queues the next `interval` after it ends: two chains would put runs closer together.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(interval - 50);
    expect(await waiting('test.every')).toBeLessThanOrEqual(1);
    // Stop between runs (the next one queued, not yet due).
    const done = runs.length;
    await waitFor(() => runs.length > done, 5_000, 'one more run');
    const deadline = Date.now() + 5_000;
    while ((await waiting('test.every')) !== 1 && Date.now() < deadline) await sleep(10);
    await Promise.all([a.stop(), b.stop()]);
    // Stopped: the run that was waiting stays queued for the next start, and nothing else runs.
    const seen = runs.length;
    await sleep(interval + 600);
    expect(runs.length).toBe(seen);
    expect(await waiting('test.every')).toBe(1);
  }, 30_000);

  it('queues the next run after a run that threw', async () => {
    const jobs = instance();
    await jobs.start();
    const runs: number[] = [];
    await jobs.every(
      'test.every.failing',
      300,
      async () => {
        runs.push(Date.now());
        throw new Error('this run fails');
      },
      { recurring: true },
    );
    // A failed run is retried once (retryLimit 1) and the chain goes on: more runs than one job's two attempts.
    await waitFor(() => runs.length >= 4, 10_000, 'four runs');
    await jobs.stop();
  }, 15_000);

  it('without `recurring` starts no chain, and a one-off send runs the handler once', async () => {
    const jobs = instance();
    await jobs.start();
    const runs: { recurring?: boolean }[] = [];
    await jobs.every<{ n?: number }>(
      'test.every.once',
      200,
      async (data) => {
        runs.push(data);
      },
      { recurring: false },
    );
    await sleep(800);
    expect(runs).toEqual([]);
    await jobs.send('test.every.once', { n: 1 });
    await jobs.drain('test.every.once', 5_000);
    await sleep(800);
    expect(runs).toEqual([{ n: 1 }]);
    expect(await waiting('test.every.once')).toBe(0);
    await expect(jobs.every('test.every.bad', 0, async () => {}, { recurring: false })).rejects.toThrow(
      /interval/,
    );
    await jobs.stop();
  }, 15_000);
});

describe(`pg-boss jobs shutdown on ${testDbKind}`, () => {
  it('lets the process exit on its own after stop()', async () => {
    const t = testDbKind === 'postgres' ? await createTestDatabase() : null;
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
        env: { ...process.env, FIXTURE_DATABASE_URL: t?.url ?? '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      const code = await new Promise<number | string>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve('still running 50 s after start');
        }, 50_000);
        child.on('exit', (exitCode) => {
          clearTimeout(timer);
          resolve(exitCode ?? -1);
        });
      });
      expect({ code, output }).toMatchObject({ code: 0, output: expect.stringContaining('ran world') });
      expect(output).toContain('stopped');
    } finally {
      await t?.dispose();
    }
    // A child that compiles with tsx and opens PGlite takes 15 s on a quiet 2-core machine, far more beside the
    // other suites: the guard above is for a process that never exits, not a timing of it.
  }, 60_000);
});

describe.runIf(testDbKind === 'postgres')('two API processes starting together on one fresh database', () => {
  it('both create their queues and run jobs (a deadlock between them is retried)', async () => {
    const t = await createTestDatabase();
    const names = Array.from({ length: 12 }, (_, i) => `test.together.${i}`);
    const instances = [0, 1].map(() =>
      createPgBossJobs({ database: t.database, logger: silent, pollingIntervalSeconds: 0.5 }),
    );
    try {
      await Promise.all(instances.map((jobs) => jobs.start()));
      await Promise.all(instances.flatMap((jobs) => names.map((name) => jobs.work(name, async () => {}))));
      const [first] = instances;
      await first?.send('test.together.0', {});
      await first?.drain('test.together.0', 5_000);
    } finally {
      await Promise.all(instances.map((jobs) => jobs.stop()));
      await t.dispose();
    }
  });
});
