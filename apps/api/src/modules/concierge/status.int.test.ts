import { conciergePaths as paths } from '@posada/contracts/concierge';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../adapters/whatsapp/whatsapp.fake.ts';
import { whatsappAccounts } from '../../db/schema/messaging.ts';
import { properties } from '../../db/schema/properties.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT';

const settings = (over: object = {}) => ({
  allowed_actions: [],
  wifi_name: '',
  wifi_password: '',
  share_wifi: false,
  access_instructions: {},
  share_access: false,
  late_checkout_until: '13:00',
  late_checkout_price: 0,
  early_checkin_from: '12:00',
  early_checkin_price: 0,
  ...over,
});

/**
 * GET /api/concierge/{propertyId}/status (issue 19 point 5, spec 5, spec 8): what keeps the bot from
 * answering (plan, bot flag, WhatsApp sender, knowledge), the bot template warning and the engine. Here on
 * the WhatsApp Cloud API fake (the platform's shared number, whose WABA has the approved `stay_followup`)
 * with an LLM endpoint configured that does not answer: the status says `llm`, the preview falls back to
 * the embedded engine.
 */
describe('concierge: status', () => {
  let t: TestApp;
  let fake: FakeWhatsApp;
  let token: string;
  let casa: string;
  let loft: string;

  const call = (method: Method, url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(as), 'accept-language': 'es' } });
  const status = async (propertyId: string, as = token) => {
    const res = await call('GET', paths.status(propertyId), undefined, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      active: boolean;
      missing: string[];
      template_missing: boolean;
      engine: string;
      answered: number;
      pending: number;
    };
  };
  const botOn = (propertyId: string) =>
    t.database.db.update(properties).set({ botGpt: true }).where(eq(properties.id, propertyId));

  beforeAll(async () => {
    fake = await startFakeWhatsApp({ now: () => (t ? t.clock.now().getTime() : Date.now()) });
    t = await buildTestApp({
      env: {
        ...fake.env,
        WHATSAPP_BOT_TEMPLATE: 'stay_followup',
        // A closed port: configured, never answering.
        LLM_BASE_URL: 'http://127.0.0.1:9/v1',
        LLM_API_KEY: 'sk-test',
      },
    });
    const owner = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Azul' }, { nombre: 'Loft Centro' }],
      account: { plan: 'smart', statusSubscription: 'subscribed' },
    });
    [casa = '', loft = ''] = owner.propertyIds;
    token = await loginToken(t, owner.email);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('says the bot flag and the knowledge are missing, then nothing once both are there', async () => {
    expect(await status(casa)).toEqual({
      active: false,
      missing: ['bot_flag', 'knowledge'],
      template_missing: false,
      engine: 'llm',
      answered: 0,
      pending: 0,
    });
    await botOn(casa);
    // A pending question is not knowledge.
    await call('POST', paths.questions(casa), { question: { es: '¿Hay parking?' }, answer: {} });
    expect((await status(casa)).missing).toEqual(['knowledge']);
    await call('POST', paths.questions(casa), {
      question: { es: '¿A qué hora es la salida?' },
      answer: { es: 'La salida es a las 11:00.' },
    });
    expect(await status(casa)).toMatchObject({ active: true, missing: [], answered: 1, pending: 1 });
  });

  it('counts a shared fact as knowledge only when it is shared and written', async () => {
    await botOn(loft);
    await call('PUT', paths.settings(loft), settings({ share_wifi: true }));
    expect((await status(loft)).missing).toEqual(['knowledge']);
    await call('PUT', paths.settings(loft), settings({ wifi_name: 'Loft', wifi_password: 'clave' }));
    expect((await status(loft)).missing).toEqual(['knowledge']);
    await call(
      'PUT',
      paths.settings(loft),
      settings({ access_instructions: { ar: 'المفتاح في الصندوق' }, share_access: true }),
    );
    expect((await status(loft)).missing).toEqual([]);
  });

  it('says the plan is missing on a trial or a standard plan (spec 5)', async () => {
    for (const account of [{}, { plan: 'standard', statusSubscription: 'subscribed' }, { plan: 'smart' }]) {
      const owner = await createEmpresa(t, { properties: [{ nombre: 'Prueba' }], account });
      const [propertyId = ''] = owner.propertyIds;
      const as = await loginToken(t, owner.email);
      expect((await status(propertyId, as)).missing, JSON.stringify(account)).toEqual([
        'plan',
        'bot_flag',
        'knowledge',
      ]);
    }
  });

  it('says WhatsApp is missing, and the template with it, when the account disconnected messaging', async () => {
    const owner = await createEmpresa(t, {
      properties: [{ nombre: 'Sin WhatsApp' }],
      account: { plan: 'smart', statusSubscription: 'subscribed' },
    });
    const [propertyId = ''] = owner.propertyIds;
    await t.database.db
      .insert(whatsappAccounts)
      .values({ accountId: owner.accountId ?? '', mode: 'shared', status: 'disconnected' });
    const as = await loginToken(t, owner.email);
    expect(await status(propertyId, as)).toMatchObject({
      missing: ['bot_flag', 'whatsapp', 'knowledge'],
      template_missing: true,
    });
  });

  it('previews with the embedded engine when the LLM endpoint does not answer', async () => {
    const res = await call('POST', paths.preview(casa), { message: '¿A qué hora es la salida?' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      outcome: 'answered',
      language: 'es',
      text: 'La salida es a las 11:00.',
      engine: 'embedded',
    });
  });
});
