import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createEmpresa, loginToken, uniqueIp } from '../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

// Low limits for this file only: testConfig raises them for every other suite.
const limits = { RATE_LIMIT_MAX: '5', RATE_LIMIT_PUBLIC_MAX: '3', RATE_LIMIT_WINDOW: '60' };

describe('general rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: limits });
  });
  afterAll(() => t.close());

  const health = (ip: string, lang = 'es') =>
    t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: ip,
      headers: { 'accept-language': lang },
    });
  const userData = (ip: string, token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/user', remoteAddress: ip, headers: token ? bearer(token) : {} });

  it('answers 429 in the envelope with Retry-After once an address spends the public budget', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await health(ip)).statusCode).toBe(200);

    const refused = await health(ip);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      ok: false,
      code: 'common.too_many_requests',
      message: `Demasiadas solicitudes. Inténtalo de nuevo en ${retryAfter} segundos.`,
    });
    expect((await health(ip, 'en')).json().message).toMatch(
      /^Too many requests\. Try again in \d+ seconds\.$/,
    );
    expect((await health(ip, 'ar')).json().message).toMatch(/^طلبات كثيرة جدًا/);

    // Another address is untouched.
    expect((await health(uniqueIp())).statusCode).toBe(200);
  });

  it('counts signed-in requests per session, not per address, with the larger general budget', async () => {
    const ana = await createEmpresa(t);
    const ben = await createEmpresa(t);
    const anaToken = await loginToken(t, ana.email);
    const benToken = await loginToken(t, ben.email);
    const office = uniqueIp();

    // The general budget (5) is larger than the public one (3).
    for (let i = 0; i < 5; i++) expect((await userData(office, anaToken)).statusCode).toBe(200);
    const refused = await userData(office, anaToken);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().code).toBe('common.too_many_requests');

    // Ana's session is spent even from another address; Ben, at the same office, is not.
    expect((await userData(uniqueIp(), anaToken)).statusCode).toBe(429);
    expect((await userData(office, benToken)).statusCode).toBe(200);
  });

  it('counts a protected route called without a token per address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await userData(ip)).statusCode).toBe(401);
    expect((await userData(ip)).statusCode).toBe(429);
    expect((await userData(uniqueIp())).statusCode).toBe(401);
  });

  it('counts made-up bearer tokens against the address, then refuses them before any lookup (issue 27)', async () => {
    const ip = uniqueIp();
    const madeUp = 'x'.repeat(40);
    for (let i = 0; i < 5; i++) expect((await userData(ip, madeUp)).statusCode).toBe(401);
    const refused = await userData(ip, madeUp);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().code).toBe('common.too_many_requests');
    // Any other token from that address waits too; elsewhere a made-up token is still only a 401.
    expect((await userData(ip, 'y'.repeat(40))).statusCode).toBe(429);
    expect((await userData(uniqueIp(), madeUp)).statusCode).toBe(401);
    // An owner signed in from another address is untouched.
    const owner = await createEmpresa(t);
    expect((await userData(uniqueIp(), await loginToken(t, owner.email))).statusCode).toBe(200);
  });

  it('leaves stored files (public, but loaded by every signed-in page) to the general budget', async () => {
    const ip = uniqueIp();
    const file = () =>
      t.app.inject({ method: 'GET', url: '/api/files/AAAAAAAAAAAAAAAAAAAAAA.png', remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await file()).statusCode).toBe(404);
    expect((await file()).statusCode).toBe(429);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limit shared through Redis (TEST_REDIS_URL)', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = { ...limits, REDIS_URL: redisUrl ?? '' };
    first = await buildTestApp({ env });
    second = await buildTestApp({ env });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('two API processes share one count per address', async () => {
    // A fresh address per run, so counters left in Redis by an earlier run do not matter.
    const ip = `10.200.${Number.parseInt(randomUUID().slice(0, 2), 16)}.${Number.parseInt(randomUUID().slice(0, 2), 16)}`;
    const health = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip });
    expect((await health(first)).statusCode).toBe(200);
    expect((await health(second)).statusCode).toBe(200);
    expect((await health(first)).statusCode).toBe(200);
    // Each process alone has seen at most 2 of the 3 allowed; together they have spent them.
    expect((await health(second)).statusCode).toBe(429);
    expect((await health(first)).statusCode).toBe(429);

    const redis = new Redis(redisUrl ?? '');
    try {
      expect(Number(await redis.get(`posada:rate-limit:public:${ip}`))).toBe(5);
    } finally {
      redis.disconnect();
    }
  });
});
