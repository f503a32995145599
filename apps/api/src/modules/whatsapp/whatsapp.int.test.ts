import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../adapters/index.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../adapters/whatsapp/whatsapp.fake.ts';
import { messageTemplates, whatsappAccounts } from '../../db/schema/messaging.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createAccountsService } from '../accounts/accounts.service.ts';
import { createWhatsAppService } from './whatsapp.service.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (t: TestApp, token: string) => (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { ...bearer(token), 'accept-language': 'es' } });
type Caller = ReturnType<typeof as>;

/**
 * The WhatsApp connection against the stateful Cloud API fake (issue 17, docs/messaging.md Connection):
 * an operator connects their own number through Embedded Signup (the dialog's code, our signed state),
 * small accounts use the shared number (at most 50 places, spec 9), disconnect, templates and quick
 * replies; another account's ids answer 404 and refused input changes nothing. PGlite; PostgreSQL with
 * TEST_DB=postgres.
 */
describe('WhatsApp connection', () => {
  let t: TestApp;
  let fake: FakeWhatsApp;
  let service: ReturnType<typeof createWhatsAppService>;

  const data = (res: { statusCode: number; body: string; json(): { data: unknown } }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown> & { [k: string]: never };
  };
  const owner = async (opts: Parameters<typeof createEmpresa>[1] = {}) => {
    const fixture = await createEmpresa(t, opts);
    if (!fixture.accountId) throw new Error('createEmpresa: no account');
    return { ...fixture, accountId: fixture.accountId, call: as(t, await loginToken(t, fixture.email)) };
  };
  const apartments = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ nombre: `Apartamento ${i + 1}`, tipoPropiedad: 'apartamento' }));
  const rowOf = async (accountId: string) =>
    (await t.database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.accountId, accountId)))[0];

  /** The operator goes through Meta's dialog: start, "Continuar" on the fake's page, back with code and state. */
  async function throughDialog(call: Caller) {
    const start = data(await call('GET', '/api/whatsapp/embedded-signup/start')) as unknown as {
      url: string;
      redirect_uri: string;
    };
    const dialog = new URL(start.url);
    expect(dialog.searchParams.get('response_type')).toBe('code');
    expect(dialog.searchParams.get('override_default_response_type')).toBe('true');
    expect(dialog.searchParams.get('redirect_uri')).toBe(
      'http://localhost:5173/business/waba_integration/embedded-signup',
    );
    const form = new URLSearchParams({ ...Object.fromEntries(dialog.searchParams), action: 'continue' });
    const answer = await fetch(`${dialog.origin}${dialog.pathname}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const back = new URL(answer.headers.get('location') ?? '');
    return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
  }

  beforeAll(async () => {
    fake = await startFakeWhatsApp();
    t = await buildTestApp({ env: { ...fake.env } });
    service = createWhatsAppService({
      db: t.database.db,
      clock: t.clock,
      secrets: createSecretBox(t.config.APP_SECRET),
      gateway: createAdapters(t.config, t.clock).whatsappGateway,
      accounts: createAccountsService({ db: t.database.db, clock: t.clock }),
      settings: {
        appUrl: t.config.APP_URL,
        oauthUrl: t.config.WHATSAPP_OAUTH_URL,
        appId: t.config.WHATSAPP_APP_ID,
        appSecret: t.config.WHATSAPP_APP_SECRET,
        configId: t.config.WHATSAPP_CONFIG_ID,
        sharedPhoneNumberId: t.config.WHATSAPP_PHONE_NUMBER_ID,
        sharedToken: t.config.WHATSAPP_TOKEN,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('a small account sends from the shared number by default; the page says what is configured', async () => {
    const { call, accountId } = await owner({ properties: apartments(3) });
    const account = data(await call('GET', '/api/whatsapp/account'));
    expect(account).toMatchObject({
      status: 'connected',
      mode: 'shared',
      shared_by_default: true,
      places: 3,
      shared_max_places: 50,
      messaging_limit: 1000,
      feature_available: true,
      embedded_signup: { configured: true, missing: [] },
      shared: { configured: true, allowed: true },
    });
    // No display number stored before the account chose the shared number (the page says "shared").
    expect(await service.connections.senderFor(accountId)).toEqual({
      phoneNumberId: fake.env.WHATSAPP_PHONE_NUMBER_ID,
      token: fake.env.WHATSAPP_TOKEN,
      mode: 'shared',
      displayPhoneNumber: null,
    });
    expect(await service.connections.routeOf(fake.env.WHATSAPP_PHONE_NUMBER_ID)).toEqual({ shared: true });
    // Its approved templates come from the shared number's WABA on first need.
    expect(await service.connections.approvedTemplate(accountId, 'checkin_reminder', 'es')).toMatchObject({
      name: 'checkin_reminder',
      body: expect.stringContaining('{{1}}'),
    });
  });

  it('connects the own number through Embedded Signup: number, quality, limit, templates; the token is sealed', async () => {
    const { call, accountId } = await owner({ properties: apartments(2) });
    const { code, state } = await throughDialog(call);
    const connected = data(
      await call('POST', '/api/whatsapp/embedded-signup', { code, state, pin: '123456' }),
    );
    expect(connected).toMatchObject({
      status: 'connected',
      mode: 'own',
      shared_by_default: false,
      verified_name: 'Casa Rural La Fuente',
      quality_rating: 'GREEN',
      messaging_limit: 1000,
    });
    expect(connected.display_phone_number).toMatch(/^\+34 6/);
    const row = await rowOf(accountId);
    const business = fake.store.phones.get(row?.phoneNumberId ?? '');
    expect(business?.registered).toBe(true);
    expect(fake.store.businesses.get(row?.wabaId ?? '')?.subscribed).toBe(true);
    const token = fake.store.businesses.get(row?.wabaId ?? '')?.token ?? 'missing';
    expect(row?.tokenSealed).not.toContain(token);
    expect(await service.connections.routeOf(row?.phoneNumberId ?? '')).toEqual({ accountId });
    expect(await service.connections.senderFor(accountId)).toEqual({
      phoneNumberId: row?.phoneNumberId,
      token,
      mode: 'own',
      displayPhoneNumber: row?.displayPhoneNumber,
    });
    const templates = data(await call('GET', '/api/whatsapp/templates')) as unknown as { name: string }[];
    expect(templates.map((x) => x.name)).toEqual([
      'checkin_link',
      'checkin_link',
      'checkin_reminder',
      'concierge_answer',
      'door_code',
      'operator_notice',
      'payment_link',
      'posada_code',
      'service_offer',
      'service_provider_request',
      'service_update',
      'stay_followup',
    ]);

    // Meta lowers the quality and raises the limit: the webhook's change reaches the row.
    await fake.control('quality', {
      phone_number_id: row?.phoneNumberId,
      quality_rating: 'YELLOW',
      messaging_limit_tier: 'TIER_10K',
    });
    await service.connections.applyWebhookChange({
      field: 'phone_number_quality_update',
      wabaId: row?.wabaId ?? null,
      value: { event: 'UPGRADE', current_limit: 'TIER_10K' },
    });
    expect(data(await call('GET', '/api/whatsapp/account'))).toMatchObject({
      quality_rating: 'YELLOW',
      messaging_limit: 10_000,
    });
    expect(await service.connections.dailyLimit(accountId)).toBe(10_000);

    // The same code again, a tampered state, or another account's state are refused.
    const again = await call('POST', '/api/whatsapp/embedded-signup', { code, state });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('whatsapp.signup_failed');
    const tampered = await call('POST', '/api/whatsapp/embedded-signup', {
      code,
      state: `${state.slice(0, 8)}${state[8] === 'A' ? 'B' : 'A'}${state.slice(9)}`,
    });
    expect(tampered.json().code).toBe('whatsapp.signup_state_invalid');
    const other = await owner();
    const theirs = await throughDialog(other.call);
    const stolen = await call('POST', '/api/whatsapp/embedded-signup', {
      code: theirs.code,
      state: theirs.state,
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().code).toBe('whatsapp.signup_state_invalid');

    // A number connected to one account cannot be connected to another.
    const reuse = 'AQfakecode-reuse';
    fake.store.codes.set(reuse, row?.wabaId ?? '');
    const fresh = await throughDialog(other.call);
    const taken = await other.call('POST', '/api/whatsapp/embedded-signup', {
      code: reuse,
      state: fresh.state,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('whatsapp.number_in_use');
    expect(await rowOf(other.accountId)).toBeUndefined();
  });

  it('an expired state (over 10 minutes) and a wrong PIN are refused with nothing stored', async () => {
    const { call, accountId } = await owner();
    const { code, state } = await throughDialog(call);
    const badPin = await call('POST', '/api/whatsapp/embedded-signup', { code, state, pin: '12ab' });
    expect(badPin.statusCode).toBe(400);
    expect(badPin.json().errors.pin).toEqual(['El PIN debe tener 6 cifras.']);
    t.clock.advance(11 * 60 * 1000);
    const late = await call('POST', '/api/whatsapp/embedded-signup', { code, state });
    expect(late.json().code).toBe('whatsapp.signup_state_invalid');
    expect(late.json().message).toContain('caducó');
    expect(await rowOf(accountId)).toBeUndefined();
  });

  it('disconnects with the app unsubscribed; a failing Meta keeps it connected and says to contact support', async () => {
    const { call, accountId } = await owner();
    const { code, state } = await throughDialog(call);
    data(await call('POST', '/api/whatsapp/embedded-signup', { code, state }));
    const row = await rowOf(accountId);

    fake.failNext({ status: 500, body: { error: { message: 'An unknown error occurred', code: 1 } } });
    const failed = await call('POST', '/api/whatsapp/disconnect');
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toMatchObject({
      code: 'whatsapp.disconnect_failed',
      message: 'No se pudo desconectar WhatsApp. Contacta con soporte.',
    });
    expect((await rowOf(accountId))?.status).toBe('connected');

    const done = data(await call('POST', '/api/whatsapp/disconnect'));
    expect(done).toMatchObject({ status: 'disconnected', mode: 'own' });
    expect(fake.store.businesses.get(row?.wabaId ?? '')?.subscribed).toBe(false);
    expect((await rowOf(accountId))?.tokenSealed).toBeNull();
    expect(await service.connections.senderFor(accountId)).toBeNull();
    expect(await service.connections.routeOf(row?.phoneNumberId ?? '')).toBeNull();
  });

  it('the shared number only up to 50 places; choosing it switches from the own number', async () => {
    const big = await owner({ properties: apartments(51) });
    expect(data(await big.call('GET', '/api/whatsapp/account'))).toMatchObject({
      status: 'disconnected',
      mode: null,
      places: 51,
      shared: { configured: true, allowed: false },
    });
    const refused = await big.call('POST', '/api/whatsapp/shared');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('whatsapp.shared_over_limit');
    expect(refused.json().message).toContain('51');
    expect(await rowOf(big.accountId)).toBeUndefined();
    expect(await service.connections.senderFor(big.accountId)).toBeNull();

    const small = await owner({ properties: apartments(50) });
    const { code, state } = await throughDialog(small.call);
    data(await small.call('POST', '/api/whatsapp/embedded-signup', { code, state }));
    const own = await rowOf(small.accountId);
    const shared = data(await small.call('POST', '/api/whatsapp/shared'));
    expect(shared).toMatchObject({
      status: 'connected',
      mode: 'shared',
      display_phone_number: '+34 910 000 000',
      verified_name: 'Posada',
    });
    expect(fake.store.businesses.get(own?.wabaId ?? '')?.subscribed).toBe(false);
    expect((await service.connections.senderFor(small.accountId))?.mode).toBe('shared');
  });

  it('quick replies: create, edit, delete; duplicates and bad input change nothing; another account gets 404', async () => {
    const a = await owner();
    const b = await owner();
    const created = data(
      await a.call('POST', '/api/whatsapp/quick-replies', {
        name: 'Horario de llegada',
        body: 'Hola {{guest_name}}, el check-in es a partir de las 15:00.',
      }),
    );
    expect(created).toMatchObject({ kind: 'quick_reply', name: 'Horario de llegada', language: 'es' });
    const duplicate = await a.call('POST', '/api/whatsapp/quick-replies', {
      name: 'Horario de llegada',
      body: 'x',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors.name).toEqual(['Ya tienes una respuesta rápida con ese título.']);
    for (const bad of [
      { name: '', body: 'x' },
      { name: 'Ok', body: '' },
      { name: 'a\u0000b', body: 'x' },
    ]) {
      expect((await a.call('POST', '/api/whatsapp/quick-replies', bad)).statusCode).toBe(400);
    }
    const id = String(created.id);
    const edited = data(
      await a.call('PUT', `/api/whatsapp/quick-replies/${id}`, { name: 'Llegada', body: 'Desde las 15:00.' }),
    );
    expect(edited).toMatchObject({ id, name: 'Llegada', body: 'Desde las 15:00.' });

    // Account B can neither change nor delete A's quick reply, nor see it.
    const theirs = await b.call('PUT', `/api/whatsapp/quick-replies/${id}`, { name: 'Mío', body: 'x' });
    expect(theirs.statusCode).toBe(404);
    expect((await b.call('DELETE', `/api/whatsapp/quick-replies/${id}`)).statusCode).toBe(404);
    expect(data(await b.call('GET', '/api/whatsapp/quick-replies'))).toEqual([]);
    const [stored] = await t.database.db.select().from(messageTemplates).where(eq(messageTemplates.id, id));
    expect(stored).toMatchObject({ name: 'Llegada', body: 'Desde las 15:00.' });

    data(await a.call('DELETE', `/api/whatsapp/quick-replies/${id}`));
    expect(data(await a.call('GET', '/api/whatsapp/quick-replies'))).toEqual([]);
    expect((await a.call('DELETE', `/api/whatsapp/quick-replies/${id}`)).statusCode).toBe(404);
  });

  it('templates sync again from the WABA; a disconnected account has none to sync', async () => {
    const { call, accountId } = await owner();
    const { code, state } = await throughDialog(call);
    data(await call('POST', '/api/whatsapp/embedded-signup', { code, state }));
    const row = await rowOf(accountId);
    await fake.control('templates', {
      waba_id: row?.wabaId,
      name: 'door_code',
      language: 'en',
      category: 'UTILITY',
      status: 'PENDING',
      body: 'Your door code is {{1}}',
    });
    await fake.control('template-status', { waba_id: row?.wabaId, name: 'service_update', status: 'PAUSED' });
    const synced = data(await call('POST', '/api/whatsapp/templates/sync')) as unknown as {
      name: string;
      language: string;
      status: string;
    }[];
    expect(
      synced.filter((x) => ['door_code', 'service_update', 'checkin_link'].includes(x.name)),
    ).toMatchObject([
      { name: 'checkin_link', language: 'en', status: 'approved' },
      { name: 'checkin_link', language: 'es', status: 'approved' },
      { name: 'door_code', language: 'en', status: 'pending' },
      { name: 'door_code', language: 'es', status: 'approved' },
      // Paused at Meta: listed as not sendable.
      { name: 'service_update', language: 'es', status: 'rejected' },
    ]);
    expect(await service.connections.approvedTemplate(accountId, 'door_code', 'en')).toBeNull();
    data(await call('POST', '/api/whatsapp/disconnect'));
    const none = await call('POST', '/api/whatsapp/templates/sync');
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('whatsapp.not_connected');
  });

  it("stores Meta's status, category, parameter format and components; approvedTemplate gives only APPROVED ones", async () => {
    const { call, accountId } = await owner();
    const { code, state } = await throughDialog(call);
    data(await call('POST', '/api/whatsapp/embedded-signup', { code, state }));
    const row = await rowOf(accountId);
    await fake.control('templates', {
      waba_id: row?.wabaId,
      name: 'arrival_named',
      language: 'en',
      category: 'UTILITY',
      parameter_format: 'NAMED',
      header: { format: 'IMAGE' },
      body: 'Hi {{guest_name}}, see you at {{property_name}}.',
      buttons: [{ type: 'URL', text: 'Check in', url: 'https://posada.app/c/{{1}}' }],
    });
    await fake.control('template-status', { waba_id: row?.wabaId, name: 'door_code', status: 'PAUSED' });
    data(await call('POST', '/api/whatsapp/templates/sync'));
    const stored = await t.database.db
      .select()
      .from(messageTemplates)
      .where(eq(messageTemplates.accountId, accountId));
    expect(stored.find((x) => x.name === 'arrival_named')).toMatchObject({
      kind: 'whatsapp',
      language: 'en',
      category: 'UTILITY',
      status: 'approved',
      parameterFormat: 'NAMED',
      components: {
        header: { format: 'IMAGE', variables: 0 },
        bodyVariables: 0,
        bodyNames: ['guest_name', 'property_name'],
        buttons: [{ type: 'URL', url: 'https://posada.app/c/{{1}}', variables: 1 }],
      },
    });
    expect(stored.find((x) => x.name === 'door_code')).toMatchObject({
      status: 'paused',
      category: 'UTILITY',
    });
    expect(stored.find((x) => x.name === 'posada_code')).toMatchObject({
      category: 'AUTHENTICATION',
      parameterFormat: 'POSITIONAL',
      components: { bodyVariables: 1, buttons: [{ type: 'OTP', variables: 1 }] },
    });

    expect(await service.connections.approvedTemplate(accountId, 'arrival_named', 'en')).toEqual({
      id: expect.any(String),
      name: 'arrival_named',
      language: 'en',
      category: 'UTILITY',
      body: 'Hi {{guest_name}}, see you at {{property_name}}.',
      parameterFormat: 'NAMED',
      components: expect.objectContaining({ bodyNames: ['guest_name', 'property_name'] }),
    });
    // Paused, or another language than approved: not sendable.
    expect(await service.connections.approvedTemplate(accountId, 'door_code', 'es')).toBeNull();
    expect(await service.connections.approvedTemplate(accountId, 'arrival_named', 'en_US')).toBeNull();

    // The settings screen sees every row of the names it asks for, any status.
    const states = await service.connections.templateStates(accountId, ['door_code', 'checkin_link', 'nope']);
    expect(states.map((s) => [s.name, s.language, s.status, s.category])).toEqual([
      ['checkin_link', 'en', 'approved', 'UTILITY'],
      ['checkin_link', 'es', 'approved', 'UTILITY'],
      ['door_code', 'es', 'paused', 'UTILITY'],
    ]);
    expect(states[0]).toMatchObject({
      parameterFormat: 'POSITIONAL',
      body: 'Hi {{1}}, please complete your online check-in for {{2}} here: {{3}}',
      components: { header: { format: 'NONE', variables: 0 }, bodyVariables: 3, bodyNames: [], buttons: [] },
    });
    expect(await service.connections.templateStates(accountId, [])).toEqual([]);
    // Another account asking for the same names sees nothing of this one's.
    const other = await owner({ properties: apartments(60) });
    expect(await service.connections.templateStates(other.accountId, ['door_code'])).toEqual([]);
  });

  it("Meta's template webhooks change status and category, for the own WABA's account and the shared number's accounts", async () => {
    const own = await owner();
    const { code, state } = await throughDialog(own.call);
    data(await own.call('POST', '/api/whatsapp/embedded-signup', { code, state }));
    const row = await rowOf(own.accountId);
    data(await own.call('POST', '/api/whatsapp/templates/sync'));
    const shared = await owner({ properties: apartments(2) });
    // On the shared number by default: its templates come on first need.
    expect(await service.connections.approvedTemplate(shared.accountId, 'door_code', 'es')).not.toBeNull();
    const statusOf = async (accountId: string, name: string) =>
      (await service.connections.templateStates(accountId, [name])).map((s) => [
        s.language,
        s.status,
        s.category,
      ]);

    await service.connections.applyWebhookChange({
      field: 'message_template_status_update',
      wabaId: row?.wabaId ?? null,
      value: {
        event: 'PAUSED',
        message_template_id: 1,
        message_template_name: 'door_code',
        message_template_language: 'es',
        reason: 'NONE',
        message_template_category: 'UTILITY',
      },
    });
    expect(await statusOf(own.accountId, 'door_code')).toEqual([['es', 'paused', 'UTILITY']]);
    expect(await service.connections.approvedTemplate(own.accountId, 'door_code', 'es')).toBeNull();
    // The shared number's accounts are another WABA: untouched.
    expect(await statusOf(shared.accountId, 'door_code')).toEqual([['es', 'approved', 'UTILITY']]);

    await service.connections.applyWebhookChange({
      field: 'template_category_update',
      wabaId: row?.wabaId ?? null,
      value: {
        message_template_id: 2,
        message_template_name: 'stay_followup',
        message_template_language: 'es',
        previous_category: 'UTILITY',
        new_category: 'MARKETING',
      },
    });
    expect(await statusOf(own.accountId, 'stay_followup')).toEqual([['es', 'approved', 'MARKETING']]);
    expect((await service.connections.approvedTemplate(own.accountId, 'stay_followup', 'es'))?.category).toBe(
      'MARKETING',
    );
    // An impending change (correct_category only) changes nothing yet.
    await service.connections.applyWebhookChange({
      field: 'template_category_update',
      wabaId: row?.wabaId ?? null,
      value: {
        message_template_name: 'concierge_answer',
        message_template_language: 'es',
        correct_category: 'MARKETING',
      },
    });
    expect(await statusOf(own.accountId, 'concierge_answer')).toEqual([['es', 'approved', 'UTILITY']]);

    // The shared WABA's webhook (found through debug_token on the shared token) reaches its accounts.
    await service.connections.applyWebhookChange({
      field: 'message_template_status_update',
      wabaId: '1000000000001',
      value: {
        event: 'REJECTED',
        message_template_name: 'service_offer',
        message_template_language: 'es',
        reason: 'PROMOTIONAL',
        message_template_category: 'MARKETING',
      },
    });
    expect(await statusOf(shared.accountId, 'service_offer')).toEqual([['es', 'rejected', 'MARKETING']]);
    expect(await statusOf(own.accountId, 'service_offer')).toEqual([['es', 'approved', 'MARKETING']]);
    // A WABA nobody has changes nothing.
    await service.connections.applyWebhookChange({
      field: 'message_template_status_update',
      wabaId: '999',
      value: { event: 'DISABLED', message_template_name: 'door_code', message_template_language: 'es' },
    });
    expect(await statusOf(shared.accountId, 'door_code')).toEqual([['es', 'approved', 'UTILITY']]);
  });

  it('without the messaging plan the page says so and nothing connects', async () => {
    const expired = await owner({
      account: { statusSubscription: 'demo', trialEndsAt: new Date('2026-11-01T00:00:00Z') },
    });
    expect(data(await expired.call('GET', '/api/whatsapp/account'))).toMatchObject({
      feature_available: false,
    });
    for (const [method, url] of [
      ['POST', '/api/whatsapp/shared'],
      ['GET', '/api/whatsapp/embedded-signup/start'],
    ] as const) {
      const res = await expired.call(method, url);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('settings.feature_unavailable');
    }
    expect(await rowOf(expired.accountId)).toBeUndefined();
  });
});

describe('WhatsApp connection without configuration', () => {
  it('says which settings are missing and refuses to start Embedded Signup or the shared number', async () => {
    const t = await buildTestApp();
    try {
      const { email } = await createEmpresa(t);
      const call = as(t, await loginToken(t, email));
      const account = (await call('GET', '/api/whatsapp/account')).json().data;
      expect(account).toMatchObject({
        status: 'disconnected',
        embedded_signup: { configured: false },
        shared: { configured: false, allowed: false },
      });
      expect(account.embedded_signup.missing).toContain('WHATSAPP_APP_ID');
      const start = await call('GET', '/api/whatsapp/embedded-signup/start');
      expect(start.statusCode).toBe(503);
      expect(start.json().code).toBe('whatsapp.not_configured');
      expect(start.json().message).toContain('WHATSAPP_CONFIG_ID');
      expect((await call('POST', '/api/whatsapp/shared')).json().code).toBe('whatsapp.not_configured');
    } finally {
      await t.close();
    }
  });
});
