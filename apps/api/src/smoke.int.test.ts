import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/test-app.ts';

describe('app shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers unknown API paths with the translated error envelope', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ok: false, code: 'common.not_found', message: 'Not found.' });
  });

  it('tells a missing field from a value of the wrong type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'someone@example.com', remember: 'sí' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      password: ['Este campo es obligatorio.'],
      remember: ['El valor no es válido.'],
    });
  });
});
