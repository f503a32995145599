import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 200 with the version when the database and the job queue answer, without a token', async () => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      data: { status: 'ok', version, database: t.database.kind, jobs: 'ok' },
    });
    // Playwright's webServer and load balancers poll it: it stays quick.
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('GET /api/health when something is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.database.close().catch(() => {});
  });

  it('answers 503 in the envelope naming the job queue when it is stopped, in the caller language', async () => {
    await t.jobs.stop();
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(503);
    expect(en.json()).toEqual({
      ok: false,
      code: 'common.unavailable',
      message: 'The service is temporarily unavailable. Try again in a moment.',
      errors: { jobs: ['Not reachable.'] },
    });
    const es = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-language': 'es' },
    });
    expect(es.json().errors).toEqual({ jobs: ['No responde.'] });
    const ar = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-language': 'ar' },
    });
    expect(ar.json().message).toBe('الخدمة غير متاحة مؤقتًا. حاول مرة أخرى بعد قليل.');
  });

  it('names the database too when it does not answer select 1', async () => {
    await t.database.close();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'common.unavailable',
      errors: { database: ['Not reachable.'], jobs: ['Not reachable.'] },
    });
  });
});
