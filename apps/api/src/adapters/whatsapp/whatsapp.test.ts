import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { AdapterError } from '../adapter-error.ts';
import { createAdapterTracker } from '../status.ts';
import sendText from './fixtures/send-text.json' with { type: 'json' };
import { isTemporaryWhatsAppError, WhatsAppError } from './types.ts';
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
  await fake.idle();
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

/** The `template` object of the last request. */
const sentTemplate = () => (fake.requests.at(-1)?.body as { template?: unknown } | undefined)?.template;

/** The status webhooks the app received for a message, in order. */
const statusesOf = (wamid: string) =>
  deliveries
    .map((d) => JSON.parse(d.body).entry[0].changes[0].value)
    .filter((v) => v.statuses?.[0]?.id === wamid)
    .map(
      (v) =>
        v.statuses[0] as {
          status: string;
          biz_opaque_callback_data?: string;
          errors?: { code: number }[];
        },
    );

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
    expect(error).toBeInstanceOf(WhatsAppError);
    expect(error).toMatchObject({
      code: 'whatsapp.unauthorized',
      status: 401,
      metaCode: 190,
      temporary: false,
    });
    expect(tracker.status().lastError).toEqual({ at: clock.now(), code: 'whatsapp.unauthorized' });
    expect(tracker.status().lastSuccessAt).toBeNull();
  });

  it('a refusal is whatsapp.rejected (permanent) and a failing server whatsapp.server_error (temporary)', async () => {
    const { whatsapp } = client();
    await expect(whatsapp.send({ to: '', text: 'x' })).rejects.toMatchObject({
      code: 'whatsapp.rejected',
      metaCode: 131008,
      temporary: false,
    });
    fake.failNext({ status: 503, body: { error: { message: 'Service temporarily unavailable', code: 2 } } });
    await expect(whatsapp.send({ to: '612345678', text: 'x' })).rejects.toMatchObject({
      code: 'whatsapp.server_error',
      metaCode: 2,
      temporary: true,
    });
    fake.failNext({ status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' });
    await expect(whatsapp.send({ to: '612345678', text: 'x' })).rejects.toMatchObject({
      code: 'whatsapp.server_error',
      metaCode: null,
      temporary: true,
    });
  });

  it('no answer in time is whatsapp.timeout; no server at all is whatsapp.unreachable', async () => {
    const { whatsapp, tracker } = client({ timeoutMs: 200 });
    fake.hangNext();
    await expect(whatsapp.send({ to: '612345678', text: 'x' })).rejects.toMatchObject({
      code: 'whatsapp.timeout',
      metaCode: null,
      temporary: true,
    });
    expect(tracker.status().lastError?.code).toBe('whatsapp.timeout');
    const nowhere = createWhatsAppClient({ apiUrl: 'http://127.0.0.1:9', phoneNumberId: '1', token: 't' });
    await expect(nowhere.send({ to: '612345678', text: 'x' })).rejects.toMatchObject({
      code: 'whatsapp.unreachable',
      temporary: true,
    });
  });
});

describe('the WhatsApp gateway against the stateful fake', () => {
  it('free-form outside the 24-hour window is accepted, then fails in a 131047 status; a guest writing opens it', async () => {
    const wa = gateway();
    const closed = await wa.send(
      shared(),
      '34600999888',
      { type: 'text', body: 'Hola' },
      { callbackData: 'msg_1' },
    );
    expect(closed).toEqual({ wamid: expect.stringMatching(/^wamid\./), messageStatus: 'accepted' });
    await fake.idle();
    const failed = statusesOf(closed.wamid);
    expect(failed.map((s) => [s.status, s.errors?.[0]?.code, s.biz_opaque_callback_data])).toEqual([
      ['failed', 131047, 'msg_1'],
    ]);
    expect(isTemporaryWhatsAppError(131047)).toBe(false);

    const inbound = await guestWrites('34600999888');
    expect(inbound.delivered).toBe(200);
    const { wamid } = await wa.send(shared(), '+34 600 999 888', { type: 'text', body: 'Hola, Ana' });
    await fake.idle();
    expect(statusesOf(wamid).map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
    const sent = (await fake.control('sent')) as { data: { wamid: string; to: string; text: string }[] };
    expect(sent.data.at(-1)).toEqual(
      expect.objectContaining({ wamid, to: '34600999888', text: 'Hola, Ana' }),
    );
  });

  it('the synchronous 131047 variant is whatsapp.window_closed with Meta’s details, permanent', async () => {
    await fake.control('options', { sync_window_error: true });
    const error = await gateway()
      .send(shared(), '34600999887', { type: 'text', body: 'Hola' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WhatsAppError);
    expect(error).toBeInstanceOf(AdapterError);
    expect(error).toMatchObject({
      code: 'whatsapp.window_closed',
      kind: 'window_closed',
      status: 400,
      metaCode: 131047,
      title: 'Re-engagement message',
      details:
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      temporary: false,
    });
  });

  it('sends a template with header, body and URL button parameters exactly as §2 shows, with the callback data', async () => {
    await fake.control('templates', {
      name: 'checkin_instructions',
      language: 'es',
      category: 'UTILITY',
      header: { format: 'IMAGE' },
      body: 'Hola {{1}}, llegas a las {{2}}; tu código es {{3}}.',
      buttons: [{ type: 'URL', text: 'Ver', url: 'https://posada.app/{{1}}' }],
    });
    const result = await gateway().send(
      shared(),
      '34600111222',
      {
        type: 'template',
        name: 'checkin_instructions',
        language: 'es',
        headerParams: [{ type: 'image', value: 'https://cdn.example/apt2b.jpg' }],
        bodyParams: ['Ana', '15:00', '4821'],
        buttonParams: [{ index: 0, subType: 'url', value: 'c/8f3kQ2' }],
      },
      { callbackData: 'msg_01J9ZC' },
    );
    expect(result.messageStatus).toBe('accepted');
    expect(fake.requests.at(-1)?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '34600111222',
      biz_opaque_callback_data: 'msg_01J9ZC',
      type: 'template',
      template: {
        name: 'checkin_instructions',
        language: { code: 'es' },
        components: [
          {
            type: 'header',
            parameters: [{ type: 'image', image: { link: 'https://cdn.example/apt2b.jpg' } }],
          },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: '15:00' },
              { type: 'text', text: '4821' },
            ],
          },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'c/8f3kQ2' }] },
        ],
      },
    });
    await fake.idle();
    expect(statusesOf(result.wamid).map((s) => [s.status, s.biz_opaque_callback_data])).toEqual([
      ['sent', 'msg_01J9ZC'],
      ['delivered', 'msg_01J9ZC'],
      ['read', 'msg_01J9ZC'],
    ]);
    const sent = (await fake.control('sent')) as { data: { text: string }[] };
    expect(sent.data.at(-1)?.text).toBe('Hola Ana, llegas a las 15:00; tu código es 4821.');
  });

  it('NAMED templates go with parameter_name; a text header too; the OTP button of posada_code with sub_type url', async () => {
    await fake.control('templates', {
      name: 'welcome_named',
      language: 'es',
      category: 'UTILITY',
      parameter_format: 'NAMED',
      header: { format: 'TEXT', text: 'Reserva {{booking_code}}' },
      body: 'Hola {{guest_name}}, bienvenida a {{property_name}}.',
    });
    const wa = gateway();
    await wa.send(shared(), '34600111223', {
      type: 'template',
      name: 'welcome_named',
      language: 'es',
      headerParams: [{ type: 'text', name: 'booking_code', value: 'PS-123' }],
      bodyParams: ['Ana', 'Casa Azul'],
      bodyNames: ['guest_name', 'property_name'],
    });
    expect(sentTemplate()).toEqual({
      name: 'welcome_named',
      language: { code: 'es' },
      components: [
        { type: 'header', parameters: [{ type: 'text', parameter_name: 'booking_code', text: 'PS-123' }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', parameter_name: 'guest_name', text: 'Ana' },
            { type: 'text', parameter_name: 'property_name', text: 'Casa Azul' },
          ],
        },
      ],
    });
    const wrong = await wa
      .send(shared(), '34600111223', {
        type: 'template',
        name: 'welcome_named',
        language: 'es',
        headerParams: [{ type: 'text', name: 'booking_code', value: 'PS-123' }],
        bodyParams: ['Ana', 'Casa Azul'],
        bodyNames: ['guest_name', 'house'],
      })
      .catch((e: unknown) => e);
    expect(wrong).toMatchObject({
      code: 'whatsapp.template_params',
      metaCode: 132000,
      details: 'body: parameter_name (house) is not a parameter of the template',
      temporary: false,
    });
    await wa.send(shared(), '34600111224', {
      type: 'template',
      name: 'posada_code',
      language: 'es',
      bodyParams: ['123456'],
      buttonParams: [{ index: 0, subType: 'url', value: '123456' }],
    });
    expect((sentTemplate() as { components: unknown[] }).components[1]).toEqual({
      type: 'button',
      sub_type: 'url',
      index: '0',
      parameters: [{ type: 'text', text: '123456' }],
    });
  });

  it('Meta’s template refusals and limits carry metaCode, details and whether to retry', async () => {
    // The fake's clock stands still: the rate limits below do not depend on how fast this machine is.
    await fake.control('clock', { now: '2029-11-05T10:00:00Z' });
    const wa = gateway();
    const attempt = (content: Parameters<ReturnType<typeof gateway>['send']>[2], to = '34600777666') =>
      wa.send(shared(), to, content).catch((e: unknown) => e);
    expect(
      await attempt({
        type: 'template',
        name: 'checkin_reminder',
        language: 'es',
        bodyParams: ['Ana', '12/03'],
      }),
    ).toMatchObject({
      code: 'whatsapp.template_params',
      metaCode: 132000,
      details: 'body: number of localizable_params (2) does not match the expected number of params (3)',
      temporary: false,
    });
    expect(await attempt({ type: 'template', name: 'nope', language: 'es', bodyParams: [] })).toMatchObject({
      code: 'whatsapp.rejected',
      status: 404,
      metaCode: 132001,
      details: 'template name (nope) does not exist in es',
      temporary: false,
    });
    await fake.control('template-status', { name: 'door_code', status: 'PAUSED' });
    expect(
      await attempt({
        type: 'template',
        name: 'door_code',
        language: 'es',
        bodyParams: ['a', 'b', 'c', 'd', 'e'],
      }),
    ).toMatchObject({ code: 'whatsapp.rejected', metaCode: 132015, temporary: false });
    const ok = await wa.send(shared(), '34600777666', {
      type: 'template',
      name: 'checkin_reminder',
      language: 'es',
      bodyParams: ['Ana', 'Casa Azul', 'https://posada.app/c/1'],
    });
    expect(ok.wamid).toMatch(/^wamid\./);

    await fake.control('options', { throughput_per_second: 1 });
    expect(await attempt({ type: 'text', body: 'x' })).toMatchObject({
      code: 'whatsapp.rejected',
      metaCode: 130429,
      temporary: true,
    });
    await fake.control('options', { throughput_per_second: 80, pair_burst: 1 });
    await fake.control('clock', { advance_ms: 1000 });
    await wa.send(shared(), '34600777666', { type: 'text', body: 'x' });
    expect(await attempt({ type: 'text', body: 'x' })).toMatchObject({ metaCode: 131056, temporary: true });
    expect(isTemporaryWhatsAppError(131056)).toBe(true);
  });

  it('isTemporaryWhatsAppError: rate limits and Meta’s outages are temporary; the rest is permanent', () => {
    for (const code of [130429, 131056, 80007, 4, 131000, 131016, 1, 2])
      expect(isTemporaryWhatsAppError(code), String(code)).toBe(true);
    for (const code of [
      131047, 131026, 131049, 131050, 130472, 132000, 132001, 132005, 132012, 132015, 132016, 100, 190,
      133010, 131051, 131053, 131008, 470,
    ])
      expect(isTemporaryWhatsAppError(code), String(code)).toBe(false);
  });

  it('templates(): every status, the category, the parameter format and the components Meta lists', async () => {
    await fake.control('templates', {
      name: 'arrival_named',
      language: 'en',
      category: 'UTILITY',
      status: 'PENDING',
      parameter_format: 'NAMED',
      header: { format: 'DOCUMENT' },
      body: 'Hi {{guest_name}}, see you at {{property_name}}.',
      buttons: [
        { type: 'URL', text: 'Check in', url: 'https://posada.app/c/{{1}}' },
        { type: 'QUICK_REPLY', text: 'Thanks' },
      ],
    });
    await fake.control('template-status', {
      name: 'service_update',
      status: 'REJECTED',
      reason: 'INVALID_FORMAT',
    });
    const list = await gateway().templates(fake.env.WHATSAPP_TOKEN, '1000000000001');
    const find = (name: string, language = 'es') =>
      list.find((t) => t.name === name && t.language === language);
    expect(find('arrival_named', 'en')).toEqual({
      name: 'arrival_named',
      language: 'en',
      category: 'UTILITY',
      status: 'PENDING',
      body: 'Hi {{guest_name}}, see you at {{property_name}}.',
      parameterFormat: 'NAMED',
      components: {
        header: { format: 'DOCUMENT', variables: 0 },
        bodyVariables: 0,
        bodyNames: ['guest_name', 'property_name'],
        buttons: [
          { type: 'URL', url: 'https://posada.app/c/{{1}}', variables: 1 },
          { type: 'QUICK_REPLY', variables: 0 },
        ],
      },
    });
    expect(find('service_update')?.status).toBe('REJECTED');
    expect(find('posada_code')).toMatchObject({
      category: 'AUTHENTICATION',
      parameterFormat: 'POSITIONAL',
      components: { bodyVariables: 1, buttons: [{ type: 'OTP', variables: 1 }] },
    });
    expect(find('checkin_link', 'en')?.components).toEqual({
      header: { format: 'NONE', variables: 0 },
      bodyVariables: 3,
      bodyNames: [],
      buttons: [],
    });
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
    expect(value.contacts[0]).toEqual({
      profile: { name: 'Ana' },
      wa_id: '34600555444',
      user_id: expect.stringMatching(/^ES\./),
    });
    expect(value.messages[0]).toMatchObject({
      id: inbound.wamid,
      from: '34600555444',
      type: 'text',
      text: { body: '¿A qué hora es el check-in?' },
    });

    await fake.control('options', { auto_status: false });
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
    // Not registered yet: Meta refuses to send from it (133010, permanent).
    await expect(
      wa.send({ phoneNumberId: signup.phone_number_id, token }, '34600777666', {
        type: 'template',
        name: 'concierge_answer',
        language: 'es',
        bodyParams: ['Ana', 'Sí'],
      }),
    ).rejects.toMatchObject({ code: 'whatsapp.rejected', metaCode: 133010, temporary: false });
    await wa.subscribeApp(token, signup.waba_id);
    await expect(wa.registerNumber(token, signup.phone_number_id, '12')).rejects.toMatchObject({
      code: 'whatsapp.rejected',
    });
    await wa.registerNumber(token, signup.phone_number_id, '123456');
    await fake.control('quality', { phone_number_id: signup.phone_number_id, quality_rating: 'YELLOW' });
    expect((await wa.phoneNumber(token, signup.phone_number_id)).qualityRating).toBe('YELLOW');
    const templates = await wa.templates(token, signup.waba_id);
    expect(templates.map((t) => `${t.name}:${t.language}:${t.status}`)).toEqual([
      'checkin_link:es:APPROVED',
      'checkin_link:en:APPROVED',
      'checkin_reminder:es:APPROVED',
      'door_code:es:APPROVED',
      'payment_link:es:APPROVED',
      'posada_code:es:APPROVED',
      'stay_followup:es:APPROVED',
      'service_update:es:APPROVED',
      'service_offer:es:APPROVED',
      'service_provider_request:es:APPROVED',
      'concierge_answer:es:APPROVED',
      'operator_notice:es:APPROVED',
    ]);
    expect(templates[0]?.body).toBe('Hola {{1}}, completa tu check-in online para {{2}} aquí: {{3}}');
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
