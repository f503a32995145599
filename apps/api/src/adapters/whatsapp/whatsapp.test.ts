import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { AdapterError } from '../adapter-error.ts';
import { createAdapterTracker } from '../status.ts';
import sendText from './fixtures/send-text.json' with { type: 'json' };
import { createWhatsAppClient, createWhatsAppGateway } from './whatsapp.client.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from './whatsapp.fake.ts';
import { signWhatsAppBody, verifyWhatsAppSignature } from './whatsapp.signature.ts';

let fake: FakeWhatsApp;
const clock = fixedClock(new Date('2029-11-05T10:00:00Z'));
const deliveries: { body: string; headers: Record<string, string> }[] = [];

beforeAll(async () => {
  fake = await startFakeWhatsApp({
    webhook: async (delivery) => {
      deliveries.push(delivery);
      return { status: 200 };
    },
  });
});
afterAll(() => fake.close());
beforeEach(async () => {
  deliveries.length = 0;
  await fake.control('reset');
});

function client(overrides: { token?: string; template?: string; timeoutMs?: number } = {}) {
  const tracker = createAdapterTracker('whatsapp', true, clock);
  const whatsapp = createWhatsAppClient({
    apiUrl: `${fake.env.WHATSAPP_API_URL}/`,
    phoneNumberId: fake.env.WHATSAPP_PHONE_NUMBER_ID,
    token: overrides.token ?? fake.env.WHATSAPP_TOKEN,
    template: overrides.template,
    timeoutMs: overrides.timeoutMs,
    tracker,
  });
  return { whatsapp, tracker };
}

const gateway = () =>
  createWhatsAppGateway({
    apiUrl: fake.env.WHATSAPP_API_URL,
    appId: fake.env.WHATSAPP_APP_ID,
    appSecret: fake.env.WHATSAPP_APP_SECRET,
  });
const shared = () => ({ phoneNumberId: fake.env.WHATSAPP_PHONE_NUMBER_ID, token: fake.env.WHATSAPP_TOKEN });

/** A guest writes to the shared number (opens the 24-hour window), through the fake's control. */
const guestWrites = (from: string, input: Record<string, unknown> = { text: 'Hola' }) =>
  fake.control('inbound', { from, name: 'Ana', ...input }) as Promise<{ wamid: string; delivered: number }>;

describe('webhook signature (X-Hub-Signature-256)', () => {
  it('matches the hexdocs vector and refuses a tampered body or a missing header', () => {
    expect(signWhatsAppBody('secret', 'test')).toBe(
      'sha256=0329a06b62cd16b33eb6792be8c60b158d89a2ee3a876fce9a881ebb488c0914',
    );
    const header = signWhatsAppBody('secret', '{"a":1}');
    expect(verifyWhatsAppSignature('secret', '{"a":1}', header)).toBe(true);
    expect(verifyWhatsAppSignature('secret', '{"a":2}', header)).toBe(false);
    expect(verifyWhatsAppSignature('other', '{"a":1}', header)).toBe(false);
    expect(verifyWhatsAppSignature('secret', '{"a":1}', undefined)).toBe(false);
    expect(verifyWhatsAppSignature('secret', '{"a":1}', 'sha256=00')).toBe(false);
  });
});

describe('WhatsApp Cloud API adapter against its fake', () => {
  it('POSTs {url}/{phone number id}/messages with the bearer token and a text message, as recorded', async () => {
    await guestWrites('34612345678');
    const { whatsapp, tracker } = client();
    await whatsapp.send({ to: '+34 612 345 678', text: 'Tu código es 123456' });
    const req = fake.requests.at(-1);
    expect(req?.method).toBe(sendText.request.method);
    expect(req?.url).toBe(sendText.request.path);
    expect(req?.headers.authorization).toBe(`Bearer ${fake.env.WHATSAPP_TOKEN}`);
    expect(req?.body).toEqual(sendText.request.body);
    expect(tracker.status()).toEqual({
      name: 'whatsapp',
      configured: true,
      lastError: null,
      lastSuccessAt: clock.now(),
    });
  });

  it('with a template, sends the code as its body parameter', async () => {
    const { whatsapp } = client({ template: 'verification_code' });
    fake.store.businesses.get('1000000000001')?.templates.push({
      id: 'tpl_code',
      name: 'verification_code',
      language: 'es',
      category: 'AUTHENTICATION',
      status: 'APPROVED',
      body: 'Tu código es {{1}}',
    });
    await whatsapp.send({ to: '612345678', text: 'code 654321' });
    expect(fake.requests.at(-1)?.body).toMatchObject({
      type: 'template',
      template: {
        name: 'verification_code',
        components: [{ type: 'body', parameters: [{ type: 'text', text: '654321' }] }],
      },
    });
    const sent = (await fake.control('sent')) as { data: { text: string }[] };
    expect(sent.data.at(-1)?.text).toBe('Tu código es 654321');
  });

  it('a revoked token is whatsapp.unauthorized, and the status keeps the code and its time', async () => {
    const { whatsapp, tracker } = client({ token: 'expired' });
    const error = await whatsapp.send({ to: '612345678', text: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdapterError);
    expect(error).toMatchObject({ code: 'whatsapp.unauthorized', status: 401 });
    expect(tracker.status().lastError).toEqual({ at: clock.now(), code: 'whatsapp.unauthorized' });
    expect(tracker.status().lastSuccessAt).toBeNull();
  });

  it('a refusal is whatsapp.rejected and a failing server whatsapp.server_error', async () => {
    const { whatsapp } = client();
    await expect(whatsapp.send({ to: '', text: 'x' })).rejects.toMatchObject({ code: 'whatsapp.rejected' });
    fake.failNext({ status: 503, body: { error: { message: 'Service temporarily unavailable' } } });
    await expect(whatsapp.send({ to: '612345678', text: 'x' })).rejects.toMatchObject({
      code: 'whatsapp.server_error',
    });
  });

  it('no answer in time is whatsapp.timeout; no server at all is whatsapp.unreachable', async () => {
    const { whatsapp, tracker } = client({ timeoutMs: 200 });
    fake.hangNext();
    await expect(whatsapp.send({ to: '612345678', text: 'x' })).rejects.toMatchObject({
      code: 'whatsapp.timeout',
    });
    expect(tracker.status().lastError?.code).toBe('whatsapp.timeout');
    const nowhere = createWhatsAppClient({ apiUrl: 'http://127.0.0.1:9', phoneNumberId: '1', token: 't' });
    await expect(nowhere.send({ to: '612345678', text: 'x' })).rejects.toMatchObject({
      code: 'whatsapp.unreachable',
    });
  });
});

describe('the WhatsApp gateway against the stateful fake', () => {
  it('free-form outside the 24-hour window is whatsapp.window_closed; a guest writing opens it', async () => {
    const wa = gateway();
    await expect(wa.send(shared(), '34600999888', { type: 'text', body: 'Hola' })).rejects.toMatchObject({
      code: 'whatsapp.window_closed',
    });
    const inbound = await guestWrites('34600999888');
    expect(inbound.delivered).toBe(200);
    const { wamid } = await wa.send(shared(), '+34 600 999 888', { type: 'text', body: 'Hola, Ana' });
    expect(wamid).toMatch(/^wamid\./);
    const sent = (await fake.control('sent')) as { data: { wamid: string; to: string; text: string }[] };
    expect(sent.data).toEqual([expect.objectContaining({ wamid, to: '34600999888', text: 'Hola, Ana' })]);
  });

  it('an approved template goes out without a window; a wrong parameter count is whatsapp.template_params', async () => {
    const wa = gateway();
    await wa.send(shared(), '34600777666', {
      type: 'template',
      name: 'checkin_reminder',
      language: 'es',
      bodyParams: ['Ana', '12/03'],
    });
    const sent = (await fake.control('sent')) as { data: { text: string }[] };
    expect(sent.data.at(-1)?.text).toBe(
      'Hola Ana, te esperamos el 12/03. Completa tu check-in online antes de llegar.',
    );
    await expect(
      wa.send(shared(), '34600777666', {
        type: 'template',
        name: 'checkin_reminder',
        language: 'es',
        bodyParams: ['Ana'],
      }),
    ).rejects.toMatchObject({ code: 'whatsapp.template_params' });
    await expect(
      wa.send(shared(), '34600777666', { type: 'template', name: 'nope', language: 'es', bodyParams: [] }),
    ).rejects.toMatchObject({ code: 'whatsapp.rejected' });
  });

  it('a guest’s signed webhook carries Meta’s envelope; a status webhook follows a sent message', async () => {
    const inbound = await guestWrites('34600555444', { text: '¿A qué hora es el check-in?' });
    const delivery = deliveries.at(-1);
    expect(
      delivery &&
        verifyWhatsAppSignature(
          fake.env.WHATSAPP_APP_SECRET,
          delivery.body,
          delivery.headers['x-hub-signature-256'],
        ),
    ).toBe(true);
    const payload = JSON.parse(delivery?.body ?? '{}');
    expect(payload.object).toBe('whatsapp_business_account');
    const value = payload.entry[0].changes[0].value;
    expect(value.metadata.phone_number_id).toBe(fake.env.WHATSAPP_PHONE_NUMBER_ID);
    expect(value.contacts[0]).toEqual({ profile: { name: 'Ana' }, wa_id: '34600555444' });
    expect(value.messages[0]).toMatchObject({
      id: inbound.wamid,
      from: '34600555444',
      type: 'text',
      text: { body: '¿A qué hora es el check-in?' },
    });

    const { wamid } = await gateway().send(shared(), '34600555444', { type: 'text', body: 'A las 15:00' });
    await fake.control('status', { wamid, status: 'delivered' });
    const status = JSON.parse(deliveries.at(-1)?.body ?? '{}').entry[0].changes[0].value.statuses[0];
    expect(status).toMatchObject({ id: wamid, status: 'delivered', recipient_id: '34600555444' });
    await fake.control('status', {
      wamid,
      status: 'failed',
      error: { code: 131026, title: 'Undeliverable' },
    });
    const failed = JSON.parse(deliveries.at(-1)?.body ?? '{}').entry[0].changes[0].value.statuses[0];
    expect(failed.errors[0]).toMatchObject({ code: 131026, title: 'Undeliverable' });
  });

  it('uploads media and sends it; downloads an inbound image with the bearer', async () => {
    const wa = gateway();
    await guestWrites('34600333222', {
      image: { caption: 'DNI', mime: 'image/jpeg', base64: Buffer.from('jpeg-bytes').toString('base64') },
    });
    const image = JSON.parse(deliveries.at(-1)?.body ?? '{}').entry[0].changes[0].value.messages[0];
    expect(image).toMatchObject({ type: 'image', image: { caption: 'DNI', mime_type: 'image/jpeg' } });
    const downloaded = await wa.downloadMedia(fake.env.WHATSAPP_TOKEN, image.image.id);
    expect(Buffer.from(downloaded.bytes).toString()).toBe('jpeg-bytes');
    expect(downloaded.mime).toBe('image/jpeg');
    await expect(wa.downloadMedia('wrong-token', image.image.id)).rejects.toMatchObject({
      code: 'whatsapp.unauthorized',
    });

    const mediaId = await wa.uploadMedia(shared(), {
      bytes: new TextEncoder().encode('%PDF-1.4'),
      mime: 'application/pdf',
      name: 'factura.pdf',
    });
    await wa.send(shared(), '34600333222', {
      type: 'document',
      mediaId,
      caption: 'Tu factura',
      fileName: 'factura.pdf',
    });
    const sent = (await fake.control('sent')) as { data: { type: string; media_id: string; text: string }[] };
    expect(sent.data.at(-1)).toMatchObject({ type: 'document', media_id: mediaId, text: 'Tu factura' });
  });

  it('Embedded Signup: code → token → WABA → number → subscribe → register → templates', async () => {
    const wa = gateway();
    const signup = (await fake.control('signup', { verified_name: 'Hostal Sol' })) as {
      code: string;
      waba_id: string;
      phone_number_id: string;
    };
    const { token } = await wa.exchangeCode(
      signup.code,
      'https://posada.example/waba_integration/embedded-signup',
    );
    await expect(wa.exchangeCode(signup.code, 'https://x.example/')).rejects.toMatchObject({
      code: 'whatsapp.rejected',
    });
    expect(await wa.grantedWabaIds(token)).toEqual([signup.waba_id]);
    const [phone] = await wa.phoneNumbers(token, signup.waba_id);
    expect(phone).toMatchObject({
      id: signup.phone_number_id,
      verifiedName: 'Hostal Sol',
      qualityRating: 'GREEN',
      messagingLimitTier: 'TIER_1K',
    });
    await wa.subscribeApp(token, signup.waba_id);
    await expect(wa.registerNumber(token, signup.phone_number_id, '12')).rejects.toMatchObject({
      code: 'whatsapp.rejected',
    });
    await wa.registerNumber(token, signup.phone_number_id, '123456');
    await fake.control('quality', { phone_number_id: signup.phone_number_id, quality_rating: 'YELLOW' });
    expect((await wa.phoneNumber(token, signup.phone_number_id)).qualityRating).toBe('YELLOW');
    const templates = await wa.templates(token, signup.waba_id);
    expect(templates.map((t) => [t.name, t.language, t.status])).toEqual([
      ['checkin_reminder', 'es', 'APPROVED'],
      ['stay_followup', 'es', 'APPROVED'],
    ]);
    expect(templates[0]?.body).toContain('{{1}}');
    // Another business's token cannot read this WABA.
    await expect(wa.phoneNumbers(fake.env.WHATSAPP_TOKEN, signup.waba_id)).rejects.toMatchObject({
      code: 'whatsapp.rejected',
    });
    await wa.unsubscribeApp(token, signup.waba_id);
    const businesses = (await fake.control('businesses')) as {
      data: { waba_id: string; subscribed: boolean; registered: boolean }[];
    };
    expect(businesses.data.find((b) => b.waba_id === signup.waba_id)).toMatchObject({
      subscribed: false,
      registered: true,
    });
  });

  it('the OAuth dialog redirects to redirect_uri with a code and the state', async () => {
    const query = new URLSearchParams({
      client_id: fake.env.WHATSAPP_APP_ID,
      config_id: fake.env.WHATSAPP_CONFIG_ID,
      redirect_uri: 'https://posada.example/waba_integration/embedded-signup',
      state: 'st4te',
      response_type: 'code',
    });
    const page = await fetch(`${fake.env.WHATSAPP_OAUTH_URL}?${query}`);
    expect(await page.text()).toContain('Continuar');
    const form = new URLSearchParams({ ...Object.fromEntries(query), action: 'continue' });
    const answer = await fetch(`${fake.env.WHATSAPP_OAUTH_URL}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location') ?? '');
    expect(back.pathname).toBe('/waba_integration/embedded-signup');
    expect(back.searchParams.get('state')).toBe('st4te');
    const { token } = await gateway().exchangeCode(
      back.searchParams.get('code') ?? '',
      back.origin + back.pathname,
    );
    expect(token).toMatch(/^EAA/);
    const wrong = await fetch(
      `${fake.env.WHATSAPP_OAUTH_URL}?${new URLSearchParams({ ...Object.fromEntries(query), client_id: 'x' })}`,
    );
    expect(wrong.status).toBe(400);
  });
});
