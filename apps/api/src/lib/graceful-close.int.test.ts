import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestDatabase, type TestDatabase, testConfig } from '../test/test-app.ts';
import { createPgBossJobs } from './pg-boss-jobs.ts';
import { closeServer } from './shutdown.ts';

/** A promise with its resolve, to hold a request or a job open until the test lets it go. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const waitFor = async (done: () => boolean, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

let testDb: TestDatabase | undefined;
afterAll(async () => {
  await testDb?.dispose();
});

describe('closing the server (what SIGTERM runs)', () => {
  it('finishes the request in flight and the running job, and takes no new connection meanwhile', async () => {
    testDb = await createTestDatabase();
    const jobs = createPgBossJobs({
      database: testDb.database,
      logger: pino({ level: 'silent' }),
      pollingIntervalSeconds: 0.5,
    });
    const app = await buildApp({ config: testConfig(), database: testDb.database, jobs, logger: false });

    const request = gate();
    let requestStarted = false;
    app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
      requestStarted = true;
      await request.opened;
      return { ok: true, data: 'finished' };
    });
    const job = gate();
    let jobState: 'waiting' | 'running' | 'done' = 'waiting';
    await jobs.work('test.slow', async () => {
      jobState = 'running';
      await job.opened;
      jobState = 'done';
    });

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const base = `http://127.0.0.1:${address.port}`;

    await jobs.send('test.slow', {});
    const inFlight = fetch(`${base}/api/test/slow`);
    await waitFor(() => requestStarted && jobState === 'running', 'the request and the job to start');

    let closed = false;
    // The database itself is closed by dispose() below (which also drops the PostgreSQL one).
    const closing = closeServer(app, { close: async () => {} }).then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    // The listening socket is closed: a new connection is refused.
    await expect(fetch(`${base}/api/health`, { headers: { connection: 'close' } })).rejects.toThrow();

    request.open();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, data: 'finished' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The job still runs: close waits for it.
    expect(closed).toBe(false);
    expect(jobState).toBe('running');

    job.open();
    await closing;
    expect(jobState).toBe('done');
  }, 60_000);
});
