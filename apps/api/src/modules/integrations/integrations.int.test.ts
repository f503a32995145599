import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../adapters/llm/llm.fake.ts';
import { bearer, createAdmin, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

describe('GET /api/integrations (spec 2.2 profile › integrations)', () => {
  let llm: FakeLlm;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    llm = await startFakeLlm();
    // The LLM points at its fake; WhatsApp, SMS, SMTP and Google are left unset.
    t = await buildTestApp({ env: { ...llm.env } });
    token = await loginToken(t, (await createEmpresa(t)).email);
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  const list = () => t.app.inject({ method: 'GET', url: '/api/integrations', headers: bearer(token) });
  const generate = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/properties/description/generate',
      headers: bearer(token),
      payload: { tipo: 'villa', nombre: 'Villa Mar Azul' },
    });
  const item = async (name: string) =>
    ((await list()).json().data.items as { name: string }[]).find((i) => i.name === name);

  it('lists every outside service, what configures it, and nothing secret', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items;
    expect(items.map((i: { name: string }) => i.name)).toEqual([
      'smtp',
      'whatsapp',
      'sms',
      'llm',
      'google',
      'ertzaintza',
      'ses-hospedajes',
      'nuki',
      'ttlock',
      'igloohome',
      'ical',
      'stripe',
    ]);
    // Channel calendars need no setting: each connection brings its feed URL.
    expect(items.find((i: { name: string }) => i.name === 'ical')).toMatchObject({
      configured: true,
      settings: [],
    });
    // TTLock needs the platform's developer app; Nuki and igloohome only the operator's own account.
    expect(items.find((i: { name: string }) => i.name === 'ttlock')).toMatchObject({
      configured: false,
      settings: ['TTLOCK_API_URL', 'TTLOCK_CLIENT_ID', 'TTLOCK_CLIENT_SECRET'],
    });
    expect(items.find((i: { name: string }) => i.name === 'nuki')).toMatchObject({ configured: true });
    expect(items.find((i: { name: string }) => i.name === 'whatsapp')).toEqual({
      name: 'whatsapp',
      configured: false,
      settings: [
        'WHATSAPP_API_URL',
        'WHATSAPP_PHONE_NUMBER_ID',
        'WHATSAPP_TOKEN',
        'WHATSAPP_APP_SECRET',
        'WHATSAPP_VERIFY_TOKEN',
      ],
      last_error: null,
      last_success_at: null,
    });
    expect(items.find((i: { name: string }) => i.name === 'llm')).toMatchObject({ configured: true });
    // Neither the key nor the URL of the configured service appears.
    expect(res.body).not.toContain(llm.env.LLM_API_KEY);
    expect(res.body).not.toContain(llm.base);
  });

  it('records a success, then a refused key, with the app clock and the adapter code', async () => {
    expect((await generate()).statusCode).toBe(200);
    expect(await item('llm')).toMatchObject({
      last_error: null,
      last_success_at: t.clock.now().toISOString(),
    });

    t.clock.advance(60_000);
    llm.failNext({ status: 401, body: { error: { message: 'Incorrect API key provided' } } });
    const refused = await generate();
    expect(refused.statusCode).toBe(502);
    expect(refused.json().code).toBe('ai.provider_error');
    expect(await item('llm')).toMatchObject({
      last_error: { at: t.clock.now().toISOString(), code: 'llm.unauthorized' },
      last_success_at: new Date(t.clock.now().getTime() - 60_000).toISOString(),
    });
  });

  it('is for business accounts: no token 401, an admin 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/integrations' })).statusCode).toBe(401);
    const admin = await loginToken(t, (await createAdmin(t)).email);
    const res = await t.app.inject({ method: 'GET', url: '/api/integrations', headers: bearer(admin) });
    expect(res.statusCode).toBe(403);
  });
});
