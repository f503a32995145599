import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loggerOptions, redactUrl } from './lib/logger.ts';
import { buildTestApp, createTestDatabase, type TestApp, testConfig, testDbKind } from './test/test-app.ts';

describe(`security baseline on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the Helmet headers on API answers, errors included', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('allows cross-origin calls from APP_URL only', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/login',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,authorization',
        },
      });
    const fromApp = await preflight(t.config.APP_URL);
    expect(fromApp.statusCode).toBe(204);
    expect(fromApp.headers['access-control-allow-origin']).toBe(t.config.APP_URL);
    expect(String(fromApp.headers['access-control-allow-methods'])).toContain('POST');

    const fromElsewhere = await preflight('https://evil.example');
    expect(fromElsewhere.headers['access-control-allow-origin']).toBeUndefined();

    const simple = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a body over the limit with 413 and the error envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      ok: false,
      code: 'common.payload_too_large',
      message: expect.any(String),
    });
  });
  it('does not let a client choose its own address with X-Forwarded-For (no proxy trusted by default)', async () => {
    // Failed logins for many different e-mails from one address, each claiming another origin:
    // the per-address throttle must still count them all as one client.
    let status = 0;
    for (let i = 0; i < 25 && status !== 429; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '198.51.100.77',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { email: `nobody-${i}@example.com`, password: 'wrong-password' },
      });
      status = res.statusCode;
    }
    expect(status).toBe(429);
  });
});

describe('start-up checks', () => {
  it('refuses to start when an API route does not declare its access', async () => {
    const db = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database: db.database, logger: false });
    try {
      const startUp = async () => {
        await app.register(async (api) => {
          api.get('/api/forgot-to-declare', async () => ({ ok: true }));
        });
        await app.ready();
      };
      await expect(startUp()).rejects.toThrow('Route GET /api/forgot-to-declare does not declare its access');
    } finally {
      await app.close().catch(() => {});
      await db.dispose();
    }
  });
});

describe('logs', () => {
  function captureLogs() {
    const lines: string[] = [];
    const options = loggerOptions(testConfig({ LOG_LEVEL: 'info' })) as object;
    const logger = pino(options, { write: (line: string) => lines.push(line) });
    return { logger, options, lines };
  }

  it('never write passwords, tokens, secrets or document numbers', () => {
    const { logger, lines } = captureLogs();
    logger.info({ password: 'Top-Secret-1', token: 'tok_abcdef' }, 'top level');
    logger.info({
      body: { email: 'ana@example.com', password: 'Top-Secret-2', password_confirmation: 'Top-Secret-2' },
    });
    logger.info({ guest: { documento: { numero_documento: '12345678Z' }, dni: '87654321X' } });
    logger.info({ oauth: { code_verifier: 'verifier-123', client_secret: 'client-secret-456' } });
    logger.info({ req: { headers: { authorization: 'Bearer abc.def', cookie: 'sid=zzz' } } });
    logger.info({ headers: { authorization: 'Bearer ghi.jkl', 'x-api-key': 'key-789' } });
    const output = lines.join('\n');
    for (const secret of [
      'Top-Secret-1',
      'tok_abcdef',
      'Top-Secret-2',
      '12345678Z',
      '87654321X',
      'verifier-123',
      'client-secret-456',
      'abc.def',
      'sid=zzz',
      'ghi.jkl',
      'key-789',
    ]) {
      expect(output).not.toContain(secret);
    }
    expect(output).toContain('ana@example.com');
    expect(output).toContain('[redacted]');
  });

  it('log request paths without query strings or link tokens', async () => {
    const { options, lines } = captureLogs();
    const db = await createTestDatabase();
    const app = await buildApp({
      config: testConfig(),
      database: db.database,
      logger: { ...options, stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      await app.ready();
      const linkToken = 'Zk3J9xQ2vB7mN4pL8sT1wR6yU0aC5dE';
      await app.inject({
        method: 'GET',
        url: `/api/verific/token/account/${linkToken}?code=oauth-code-123`,
        headers: { authorization: 'Bearer session-token-xyz' },
      });
      const output = lines.join('\n');
      expect(output).toContain('/api/verific/token/account/[redacted]');
      expect(output).not.toContain(linkToken);
      expect(output).not.toContain('oauth-code-123');
      expect(output).not.toContain('session-token-xyz');
    } finally {
      await app.close();
      await db.dispose();
    }
  });

  it('keep ids readable in paths', () => {
    expect(redactUrl('/api/properties/0b6f6c1e-8a57-4a8e-9a55-3f0c1d2e4b6a/rooms?page=2')).toBe(
      '/api/properties/0b6f6c1e-8a57-4a8e-9a55-3f0c1d2e4b6a/rooms',
    );
    expect(redactUrl('/recuperar/abcdefghijklmnopqrstuvwxyz012345')).toBe('/recuperar/[redacted]');
  });
});
