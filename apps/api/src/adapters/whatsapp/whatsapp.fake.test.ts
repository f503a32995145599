import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeWhatsApp, startFakeWhatsApp } from './whatsapp.fake.ts';
import { verifyWhatsAppSignature } from './whatsapp.signature.ts';

/**
 * The fake Cloud API's rules (issue 26) against the protocol notes (whatsapp-cloud-api.md §13 and §14), as a
 * raw HTTP client sees them: Graph calls with fetch, the `/_fake/*` controls over HTTP, and the webhooks
 * received by a small node:http server that answers Meta's GET handshake and checks every signature.
 */

const T0 = Date.parse('2026-11-20T10:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const WINDOW_DETAILS =
  'Message failed to send because more than 24 hours have passed since the customer last replied to this number.';

interface Received {
  field: string;
  // biome-ignore lint/suspicious/noExplicitAny: webhook payloads are read as Meta sends them
  value: any;
  signatureValid: boolean;
}

interface Receiver {
  url: string;
  events: Received[];
  handshakes: URLSearchParams[];
  close(): Promise<void>;
}

/** The app's side of the webhook: GET handshake with `verifyToken`, POSTs checked with `appSecret`. */
async function startReceiver(appSecret: string, verifyToken: string): Promise<Receiver> {
  const events: Received[] = [];
  const handshakes: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'GET') {
        handshakes.push(url.searchParams);
        const ok =
          url.searchParams.get('hub.mode') === 'subscribe' &&
          url.searchParams.get('hub.verify_token') === verifyToken;
        res.writeHead(ok ? 200 : 403, { 'content-type': 'text/plain' });
        return res.end(ok ? (url.searchParams.get('hub.challenge') ?? '') : 'forbidden');
      }
      const raw = Buffer.concat(chunks);
      const signatureValid = verifyWhatsAppSignature(
        appSecret,
        raw,
        req.headers['x-hub-signature-256'] as string | undefined,
      );
      const payload = JSON.parse(raw.toString('utf8'));
      const change = payload.entry?.[0]?.changes?.[0];
      events.push({ field: change?.field, value: change?.value, signatureValid });
      res.writeHead(signatureValid ? 200 : 401);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/whatsapp`,
    events,
    handshakes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let fake: FakeWhatsApp;
let receiver: Receiver;
let PNID: string;
let TOKEN: string;

// biome-ignore lint/suspicious/noExplicitAny: Graph answers are read as Meta sends them
type Answer = { status: number; body: any };

async function graph(
  method: string,
  path: string,
  body?: unknown,
  token: string | null = TOKEN,
): Promise<Answer> {
  const res = await fetch(`${fake.base}/v21.0${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

// biome-ignore lint/suspicious/noExplicitAny: control answers
async function ctl(path: string, body?: unknown, base = fake.base): Promise<any> {
  const res = await fetch(`${base}/_fake/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

const send = (body: Record<string, unknown>, pnid = PNID, token: string | null = TOKEN) =>
  graph('POST', `/${pnid}/messages`, { messaging_product: 'whatsapp', ...body }, token);
const text = (to: string, body = 'Hola', extra: Record<string, unknown> = {}) =>
  send({ recipient_type: 'individual', to, type: 'text', text: { preview_url: false, body }, ...extra });
const template = (
  to: string,
  name: string,
  params: string[] | null,
  extra: Record<string, unknown> = {},
  language = 'es',
) =>
  send({
    to,
    type: 'template',
    template: {
      name,
      language: { code: language },
      components: params
        ? [{ type: 'body', parameters: params.map((t) => ({ type: 'text', text: t })) }]
        : [],
    },
    ...extra,
  });
const writes = (from: string, input: Record<string, unknown> = { text: 'Hola' }) =>
  ctl('inbound', { from, name: 'Ana', ...input });
const advance = (ms: number) => ctl('clock', { advance_ms: ms });
const statusesOf = (wamid: string) =>
  receiver.events
    .filter((e) => e.field === 'messages' && e.value.statuses?.[0]?.id === wamid)
    .map((e) => e.value.statuses[0]);
const namesOf = (wamid: string) => statusesOf(wamid).map((s) => s.status);
const wamidOf = (a: Answer) => a.body.messages[0].id as string;
const metaError = (a: Answer) => ({
  status: a.status,
  code: a.body.error?.code,
  details: a.body.error?.error_data?.details,
});

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  receiver = await startReceiver(fake.env.WHATSAPP_APP_SECRET, fake.env.WHATSAPP_VERIFY_TOKEN);
  await ctl('webhook', { url: receiver.url });
  PNID = fake.env.WHATSAPP_PHONE_NUMBER_ID;
  TOKEN = fake.env.WHATSAPP_TOKEN;
});
afterAll(async () => {
  await fake?.close();
  await receiver?.close();
});
beforeEach(async () => {
  await fake.idle();
  await ctl('reset', {});
  await ctl('clock', { now: T0 });
  receiver.events.length = 0;
});

describe('§13.1 auth and envelope', () => {
  it('an unknown token is 401 code 190; a number of another business is 400 code 100', async () => {
    const message = { to: '34600111001', type: 'text', text: { body: 'x' } };
    expect(metaError(await send(message, PNID, 'nope'))).toMatchObject({ status: 401, code: 190 });
    expect((await send(message, PNID, null)).status).toBe(401);
    const other = await ctl('signup', {});
    expect(metaError(await send(message, other.phone_number_id))).toMatchObject({ status: 400, code: 100 });
    expect(fake.store.sent).toEqual([]);
  });

  it('missing fields are 131008, a wrong messaging_product or `to` is 100, an unknown type 131051', async () => {
    const bare = { to: '34600111001', type: 'text', text: { body: 'x' } };
    expect(metaError(await graph('POST', `/${PNID}/messages`, bare))).toMatchObject({
      status: 400,
      code: 131008,
    });
    expect(metaError(await send({ ...bare, messaging_product: 'sms' }))).toMatchObject({
      status: 400,
      code: 100,
    });
    expect(metaError(await send({ type: 'text', text: { body: 'x' } }))).toMatchObject({
      status: 400,
      code: 131008,
    });
    for (const to of ['34 600 111 001', '+34-600', 'abc', '1234567890123456'])
      expect(metaError(await send({ ...bare, to })), to).toMatchObject({ status: 400, code: 100 });
    expect(metaError(await send({ to: '34600111001', type: 'text' }))).toMatchObject({
      status: 400,
      code: 131008,
    });
    expect(metaError(await send({ to: '34600111001', type: 'text', text: {} }))).toMatchObject({
      code: 131008,
    });
    expect(metaError(await send({ to: '34600111001', type: 'image' }))).toMatchObject({ code: 131008 });
    expect(metaError(await send({ to: '34600111001', type: 'poll', poll: {} }))).toMatchObject({
      status: 400,
      code: 131051,
    });
    expect(metaError(await send({ ...bare, biz_opaque_callback_data: 'x'.repeat(513) }))).toMatchObject({
      status: 400,
      code: 100,
    });
    expect(fake.store.sent).toEqual([]);
  });

  it('text is at most 4096 characters (100 beyond); a `to` with + is taken and echoed as sent', async () => {
    await writes('34600111001');
    expect(metaError(await text('34600111001', 'x'.repeat(4097)))).toMatchObject({ status: 400, code: 100 });
    const ok = await text('+34600111001', 'x'.repeat(4096));
    expect(ok.status).toBe(200);
    expect(ok.body.contacts).toEqual([{ input: '+34600111001', wa_id: '34600111001' }]);
  });

  it('a number not registered answers 133010 until POST /register; the shared number is registered from the start', async () => {
    await writes('34600111002');
    expect((await text('34600111002')).status).toBe(200);
    const own = await ctl('signup', {});
    const business = fake.store.businesses.get(own.waba_id);
    const ownToken = business?.token ?? '';
    await writes('34600111002', { text: 'Hola', phone_number_id: own.phone_number_id });
    const refused = await send(
      { to: '34600111002', type: 'text', text: { body: 'Hola' } },
      own.phone_number_id,
      ownToken,
    );
    expect(metaError(refused)).toMatchObject({ status: 400, code: 133010 });
    const register = await graph(
      'POST',
      `/${own.phone_number_id}/register`,
      { messaging_product: 'whatsapp', pin: '123456' },
      ownToken,
    );
    expect(register.body).toEqual({ success: true });
    const sent = await send(
      { to: '34600111002', type: 'text', text: { body: 'Hola' } },
      own.phone_number_id,
      ownToken,
    );
    expect(sent.status).toBe(200);
  });
});

describe('§13.2 the send answer', () => {
  it('200 with contacts (input as sent, wa_id digits) and a unique wamid with message_status accepted', async () => {
    await writes('34600111003');
    const a = await text('34600111003');
    const b = await text('34600111003');
    expect(a).toEqual({
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: '34600111003', wa_id: '34600111003' }],
        messages: [{ id: expect.stringMatching(/^wamid\.[A-Za-z0-9_-]+$/), message_status: 'accepted' }],
      },
    });
    expect(wamidOf(a)).not.toBe(wamidOf(b));
  });

  it('a paced template answers held_for_quality_assessment', async () => {
    await ctl('templates', {
      name: 'paced_offer',
      language: 'es',
      category: 'MARKETING',
      body: 'Oferta {{1}}',
      held: true,
    });
    const held = await template('34600111004', 'paced_offer', ['x']);
    expect(held.body.messages[0].message_status).toBe('held_for_quality_assessment');
  });
});

describe('§13.3 the 24-hour window', () => {
  it('free-form to a guest who never wrote: 200 + wamid, then ONLY a signed failed 131047 status', async () => {
    const answer = await text('34600222001', 'Hola', { biz_opaque_callback_data: 'msg_01' });
    expect(answer.status).toBe(200);
    const wamid = wamidOf(answer);
    await fake.idle();
    expect(statusesOf(wamid)).toEqual([
      {
        id: wamid,
        status: 'failed',
        timestamp: String(T0 / 1000),
        recipient_id: '34600222001',
        recipient_type: 'individual',
        biz_opaque_callback_data: 'msg_01',
        errors: [
          {
            code: 131047,
            title: 'Re-engagement message',
            message: 'Re-engagement message',
            error_data: { details: WINDOW_DETAILS },
            href: expect.stringContaining('error-codes'),
          },
        ],
      },
    ]);
    expect(receiver.events.every((e) => e.signatureValid)).toBe(true);
  });

  it('an inbound message of any type opens it: at t0+23h59 sent/delivered/read, at t0+24h01 failed 131047', async () => {
    await writes('34600222002', { reaction: { message_id: 'wamid.x', emoji: '👍' } });
    await advance(23 * HOUR + 59 * MIN);
    const inside = wamidOf(await text('34600222002', 'A las 15:00'));
    await advance(2 * MIN);
    const outside = wamidOf(await text('34600222002', 'Recuerda el check-in'));
    await fake.idle();
    expect(namesOf(inside)).toEqual(['sent', 'delivered', 'read']);
    expect(namesOf(outside)).toEqual(['failed']);
    expect(statusesOf(outside)[0].errors[0].code).toBe(131047);
    // A new message from the guest opens it again.
    await writes('34600222002', { text: 'Gracias' });
    const again = wamidOf(await text('34600222002', 'De nada'));
    await fake.idle();
    expect(namesOf(again)).toEqual(['sent', 'delivered', 'read']);
  });

  it('options: `sent` before the failure; the synchronous 400 131047 variant', async () => {
    await ctl('options', { sent_before_failed: true });
    const wamid = wamidOf(await text('34600222003'));
    await fake.idle();
    expect(namesOf(wamid)).toEqual(['sent', 'failed']);
    await ctl('options', { sync_window_error: true, sent_before_failed: false });
    const sync = await text('34600222003');
    expect(sync.status).toBe(400);
    expect(sync.body.error).toMatchObject({
      message: '(#131047) Re-engagement message',
      type: 'OAuthException',
      code: 131047,
      error_data: { messaging_product: 'whatsapp', details: WINDOW_DETAILS },
      fbtrace_id: expect.any(String),
    });
  });

  it('templates go out regardless of the window; the window is per number (another number’s guest is not open)', async () => {
    const wamid = wamidOf(await template('34600222004', 'stay_followup', ['Ana', 'https://posada.app/r/1']));
    await fake.idle();
    expect(namesOf(wamid)).toEqual(['sent', 'delivered', 'read']);
    const own = await ctl('signup', {});
    const ownToken = fake.store.businesses.get(own.waba_id)?.token ?? '';
    await graph(
      'POST',
      `/${own.phone_number_id}/register`,
      { messaging_product: 'whatsapp', pin: '123456' },
      ownToken,
    );
    await writes('34600222004'); // to the shared number
    const fromOwn = wamidOf(
      await send({ to: '34600222004', type: 'text', text: { body: 'Hola' } }, own.phone_number_id, ownToken),
    );
    await fake.idle();
    expect(namesOf(fromOwn)).toEqual(['failed']);
  });

  it('enforceWindow: false turns the rule off (free-form is delivered to anyone)', async () => {
    const lax = await startFakeWhatsApp({ enforceWindow: false, webhook: receiver.url });
    try {
      const res = await fetch(`${lax.env.WHATSAPP_API_URL}/${lax.env.WHATSAPP_PHONE_NUMBER_ID}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${lax.env.WHATSAPP_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: '34600222005',
          type: 'text',
          text: { body: 'Hola' },
        }),
      });
      const wamid = ((await res.json()) as { messages: { id: string }[] }).messages[0]?.id ?? '';
      await lax.idle();
      expect(namesOf(wamid)).toEqual(['sent', 'delivered', 'read']);
    } finally {
      await lax.close();
    }
  });
});

describe('§13.4 templates must exist, be approved and fit', () => {
  it('every WABA starts with the product’s approved templates, listed with Meta’s components', async () => {
    const list = await graph('GET', '/1000000000001/message_templates');
    const byKey = Object.fromEntries(
      // biome-ignore lint/suspicious/noExplicitAny: Meta's listing
      list.body.data.map((t: any) => [`${t.name}:${t.language}`, t]),
    );
    const bodyOf = (key: string) =>
      // biome-ignore lint/suspicious/noExplicitAny: Meta's listing
      byKey[key]?.components.find((c: any) => c.type === 'BODY')?.text;
    expect(bodyOf('checkin_link:es')).toBe('Hola {{1}}, completa tu check-in online para {{2}} aquí: {{3}}');
    expect(bodyOf('checkin_link:en')).toBe(
      'Hi {{1}}, please complete your online check-in for {{2}} here: {{3}}',
    );
    expect(bodyOf('checkin_reminder:es')).toBe(
      'Hola {{1}}, recuerda completar tu check-in online para {{2}}: {{3}}',
    );
    expect(bodyOf('door_code:es')).toBe(
      'Hola {{1}}, tu código de acceso a {{2}} es {{3}}. Válido desde {{4}} hasta {{5}}.',
    );
    expect(bodyOf('payment_link:es')).toBe('Hola {{1}}, puedes pagar {{2}} ({{3}}) aquí: {{4}}');
    expect(bodyOf('posada_code:es')).toBe('{{1}} es tu código de verificación.');
    expect(bodyOf('stay_followup:es')).toBe('Gracias por tu estancia, {{1}}. ¿Nos dejas tu opinión? {{2}}');
    expect(bodyOf('service_update:es')).toBe('Hola {{1}}, tu solicitud de {{2}} está {{3}}. Detalles: {{4}}');
    expect(bodyOf('service_offer:es')).toBe(
      'Hola {{1}}, en {{2}} te ofrecemos servicios para tu estancia: {{3}}',
    );
    expect(bodyOf('service_provider_request:es')).toBe(
      'Nueva solicitud: {{1}} para {{2}} el {{3}}. Total: {{4}}',
    );
    expect(bodyOf('concierge_answer:es')).toBe('Hola {{1}}, sobre tu pregunta: {{2}}');
    expect(bodyOf('operator_notice:es')).toBe('{{1}}: {{2}}');
    expect(byKey['service_offer:es']).toMatchObject({ category: 'MARKETING', status: 'APPROVED' });
    expect(byKey['posada_code:es']).toMatchObject({
      category: 'AUTHENTICATION',
      parameter_format: 'POSITIONAL',
      components: expect.arrayContaining([
        { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copiar código' }] },
      ]),
    });
    expect(byKey['checkin_link:es'].components[0].example).toEqual({
      body_text: [['ejemplo 1', 'ejemplo 2', 'ejemplo 3']],
    });
    const control = await ctl('templates');
    expect(control.data).toHaveLength(list.body.data.length);
  });

  it('unknown name or language, or not approved (PENDING, REJECTED): 132001 with Meta’s details', async () => {
    expect(metaError(await template('34600333001', 'nope', []))).toEqual({
      status: 404,
      code: 132001,
      details: 'template name (nope) does not exist in es',
    });
    expect(
      metaError(await template('34600333001', 'checkin_link', ['a', 'b', 'c'], {}, 'es_ES')),
    ).toMatchObject({
      code: 132001,
      details: 'template name (checkin_link) does not exist in es_ES',
    });
    for (const status of ['PENDING', 'REJECTED', 'IN_APPEAL']) {
      await ctl('template-status', { name: 'concierge_answer', status });
      expect(
        metaError(await template('34600333001', 'concierge_answer', ['Ana', 'Sí'])),
        status,
      ).toMatchObject({
        code: 132001,
      });
    }
  });

  it('PAUSED is 132015 and DISABLED 132016; the control posts signed message_template_status_update webhooks', async () => {
    const paused = await ctl('template-status', { name: 'door_code', language: 'es', status: 'PAUSED' });
    expect(paused.delivered).toEqual([200]);
    expect(metaError(await template('34600333002', 'door_code', ['a', 'b', 'c', 'd', 'e']))).toMatchObject({
      status: 400,
      code: 132015,
    });
    await ctl('template-status', { name: 'door_code', status: 'DISABLED' });
    expect(metaError(await template('34600333002', 'door_code', ['a', 'b', 'c', 'd', 'e']))).toMatchObject({
      code: 132016,
    });
    await ctl('template-status', { name: 'door_code', status: 'APPROVED' });
    expect((await template('34600333002', 'door_code', ['a', 'b', 'c', 'd', 'e'])).status).toBe(200);
    const updates = receiver.events.filter((e) => e.field === 'message_template_status_update');
    expect(updates.map((u) => u.value.event)).toEqual(['PAUSED', 'DISABLED', 'APPROVED']);
    expect(updates[0]?.value).toMatchObject({
      event: 'PAUSED',
      message_template_id: expect.any(Number),
      message_template_name: 'door_code',
      message_template_language: 'es',
      reason: 'NONE',
      message_template_category: 'UTILITY',
      other_info: { title: expect.any(String), description: expect.any(String) },
    });
    expect(updates[1]?.value.disable_info).toEqual({ disable_date: T0 / 1000 });
    expect(receiver.events.every((e) => e.signatureValid)).toBe(true);
  });

  it('a category change posts template_category_update and prices the template as its new category', async () => {
    const changed = await ctl('template-status', { name: 'stay_followup', category: 'MARKETING' });
    expect(changed.data[0]).toMatchObject({ name: 'stay_followup', category: 'MARKETING' });
    const update = receiver.events.find((e) => e.field === 'template_category_update');
    expect(update?.value).toEqual({
      message_template_id: expect.any(Number),
      message_template_name: 'stay_followup',
      message_template_language: 'es',
      previous_category: 'UTILITY',
      new_category: 'MARKETING',
    });
    const wamid = wamidOf(await template('34600333003', 'stay_followup', ['Ana', 'https://posada.app/r/1']));
    await fake.idle();
    expect(statusesOf(wamid)[0].pricing).toEqual({
      billable: true,
      pricing_model: 'PMP',
      type: 'regular',
      category: 'marketing',
    });
  });

  it('body parameters ≠ the definition: 132000 "body: number of localizable_params (n) does not match … (m)"', async () => {
    expect(metaError(await template('34600333004', 'checkin_link', ['Ana', 'Casa Azul']))).toEqual({
      status: 400,
      code: 132000,
      details: 'body: number of localizable_params (2) does not match the expected number of params (3)',
    });
    expect(metaError(await template('34600333004', 'checkin_link', ['a', 'b', 'c', 'd']))).toMatchObject({
      details: 'body: number of localizable_params (4) does not match the expected number of params (3)',
    });
    expect(metaError(await template('34600333004', 'checkin_link', null))).toMatchObject({
      details: 'body: number of localizable_params (0) does not match the expected number of params (3)',
    });
    expect(
      (await template('34600333004', 'checkin_link', ['Ana', 'Casa Azul', 'https://x.example/c'])).status,
    ).toBe(200);
  });

  it('a header image and a URL button ({{1}}) as §2 sends them; header and button counts and kinds are checked', async () => {
    await ctl('templates', {
      name: 'checkin_instructions',
      language: 'es',
      category: 'UTILITY',
      header: { format: 'IMAGE' },
      body: 'Hola {{1}}, llegas a las {{2}}; tu código es {{3}}.',
      buttons: [{ type: 'URL', text: 'Ver', url: 'https://posada.app/{{1}}' }],
    });
    const header = {
      type: 'header',
      parameters: [{ type: 'image', image: { link: 'https://cdn.example/apt2b.jpg' } }],
    };
    const body = {
      type: 'body',
      parameters: ['Ana', '15:00', '4821'].map((t) => ({ type: 'text', text: t })),
    };
    const button = {
      type: 'button',
      sub_type: 'url',
      index: '0',
      parameters: [{ type: 'text', text: 'c/8f3kQ2' }],
    };
    const withComponents = (components: unknown[]) =>
      send({
        to: '34600333005',
        type: 'template',
        template: { name: 'checkin_instructions', language: { code: 'es' }, components },
      });
    const ok = await withComponents([header, body, button]);
    expect(ok.status).toBe(200);
    const [sent] = (await ctl('sent')).data;
    expect(sent).toMatchObject({
      text: 'Hola Ana, llegas a las 15:00; tu código es 4821.',
      template: {
        name: 'checkin_instructions',
        params: ['Ana', '15:00', '4821'],
        header: { type: 'image', value: 'https://cdn.example/apt2b.jpg' },
        buttons: [{ index: 0, sub_type: 'url', value: 'c/8f3kQ2' }],
      },
    });
    expect(metaError(await withComponents([header, body]))).toEqual({
      status: 400,
      code: 132000,
      details:
        'button at index 0: number of localizable_params (0) does not match the expected number of params (1)',
    });
    expect(metaError(await withComponents([body, button]))).toMatchObject({
      code: 132000,
      details: 'header: number of localizable_params (0) does not match the expected number of params (1)',
    });
    const textHeader = { type: 'header', parameters: [{ type: 'text', text: 'Casa Azul' }] };
    expect(metaError(await withComponents([textHeader, body, button]))).toEqual({
      status: 400,
      code: 132012,
      details: 'header: Format mismatch, expected IMAGE, received TEXT',
    });
    // A header on a template without one, and a text header of the wrong count.
    expect(metaError(await template('34600333005', 'operator_notice', ['a', 'b'], {})).status).toBe(200);
    const extraHeader = await send({
      to: '34600333005',
      type: 'template',
      template: {
        name: 'operator_notice',
        language: { code: 'es' },
        components: [
          textHeader,
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'a' },
              { type: 'text', text: 'b' },
            ],
          },
        ],
      },
    });
    expect(metaError(extraHeader).details).toBe(
      'header: number of localizable_params (1) does not match the expected number of params (0)',
    );
  });

  it('NAMED templates: parameter_name must be the template’s names, all of them', async () => {
    await ctl('templates', {
      name: 'welcome_named',
      language: 'es',
      category: 'UTILITY',
      parameter_format: 'NAMED',
      body: 'Hola {{guest_name}}, bienvenida a {{property_name}}.',
    });
    const named = (parameters: unknown[]) =>
      send({
        to: '34600333006',
        type: 'template',
        template: {
          name: 'welcome_named',
          language: { code: 'es' },
          components: [{ type: 'body', parameters }],
        },
      });
    const ok = await named([
      { type: 'text', parameter_name: 'property_name', text: 'Casa Azul' },
      { type: 'text', parameter_name: 'guest_name', text: 'Ana' },
    ]);
    expect(ok.status).toBe(200);
    expect((await ctl('sent')).data[0].text).toBe('Hola Ana, bienvenida a Casa Azul.');
    expect(
      metaError(
        await named([
          { type: 'text', parameter_name: 'guest_name', text: 'Ana' },
          { type: 'text', parameter_name: 'house', text: 'Casa Azul' },
        ]),
      ),
    ).toEqual({
      status: 400,
      code: 132000,
      details: 'body: parameter_name (house) is not a parameter of the template',
    });
    expect(
      metaError(await named([{ type: 'text', parameter_name: 'guest_name', text: 'Ana' }])),
    ).toMatchObject({
      code: 132000,
      details: 'body: number of localizable_params (1) does not match the expected number of params (2)',
    });
    // Positional parameters (no names) on a NAMED template are refused too.
    expect(
      metaError(
        await named([
          { type: 'text', text: 'Ana' },
          { type: 'text', text: 'Casa' },
        ]),
      ).code,
    ).toBe(132000);
  });

  it('a parameter with a new line, a tab or 5 spaces is 132000; 4 spaces pass', async () => {
    for (const bad of ['Puerta:\n1234', 'Puerta:\t1234', 'Puerta:     1234']) {
      const answer = await template('34600333007', 'concierge_answer', ['Ana', bad]);
      expect(metaError(answer), JSON.stringify(bad)).toMatchObject({ status: 400, code: 132000 });
      expect(answer.body.error.message).toContain('new-line/tab');
    }
    expect((await template('34600333007', 'concierge_answer', ['Ana', 'Puerta:    1234'])).status).toBe(200);
    expect(metaError(await template('34600333007', 'concierge_answer', ['Ana', '']))).toMatchObject({
      code: 131008,
    });
  });

  it('a hydrated body over 1024 characters is 132005; exactly 1024 passes', async () => {
    // "{{1}}: {{2}}" adds 2 characters.
    expect(
      metaError(await template('34600333008', 'operator_notice', ['x'.repeat(1000), 'y'.repeat(23)])),
    ).toMatchObject({
      status: 400,
      code: 132005,
    });
    expect(
      (await template('34600333008', 'operator_notice', ['x'.repeat(1000), 'y'.repeat(22)])).status,
    ).toBe(200);
  });

  it('the authentication template takes the code in the body and its OTP button (sub_type url)', async () => {
    const code = (sub: string, buttonParam: Record<string, unknown>) =>
      send({
        to: '34600333009',
        type: 'template',
        template: {
          name: 'posada_code',
          language: { code: 'es' },
          components: [
            { type: 'body', parameters: [{ type: 'text', text: '123456' }] },
            { type: 'button', sub_type: sub, index: '0', parameters: [buttonParam] },
          ],
        },
      });
    expect((await code('url', { type: 'text', text: '123456' })).status).toBe(200);
    expect(metaError(await code('copy_code', { type: 'coupon_code', coupon_code: '123456' })).code).toBe(
      131009,
    );
    expect(metaError(await template('34600333009', 'posada_code', ['123456']))).toMatchObject({
      code: 132000,
      details:
        'button at index 0: number of localizable_params (0) does not match the expected number of params (1)',
    });
  });
});

describe('§13.5 status webhooks after every accepted send', () => {
  it('sent → delivered → read, signed, each with biz_opaque_callback_data; §5 pricing on sent and delivered only', async () => {
    await writes('34600444001');
    const wamid = wamidOf(await text('34600444001', 'Hola', { biz_opaque_callback_data: 'msg_01J9ZC' }));
    await fake.idle();
    const statuses = statusesOf(wamid);
    expect(statuses.map((s) => [s.status, s.biz_opaque_callback_data])).toEqual([
      ['sent', 'msg_01J9ZC'],
      ['delivered', 'msg_01J9ZC'],
      ['read', 'msg_01J9ZC'],
    ]);
    const free = {
      billable: false,
      pricing_model: 'PMP',
      type: 'free_customer_service',
      category: 'service',
    };
    expect(statuses[0]).toEqual({
      id: wamid,
      status: 'sent',
      timestamp: String(T0 / 1000),
      recipient_id: '34600444001',
      recipient_type: 'individual',
      biz_opaque_callback_data: 'msg_01J9ZC',
      pricing: free,
    });
    expect(statuses[1].pricing).toEqual(free);
    expect(statuses[2]).not.toHaveProperty('pricing');
    expect(receiver.events.filter((e) => e.value.statuses).every((e) => e.signatureValid)).toBe(true);
    const [sent] = (await ctl('sent', undefined)).data;
    expect(sent).toMatchObject({
      wamid,
      status: 'read',
      statuses: ['sent', 'delivered', 'read'],
      callback_data: 'msg_01J9ZC',
    });
  });

  it('pricing: utility in the window is free, outside regular; marketing and authentication are regular', async () => {
    const priced = async (answer: Answer) => {
      const wamid = wamidOf(answer);
      await fake.idle();
      const { type, category, billable } = statusesOf(wamid)[1]?.pricing ?? {};
      return [type, category, billable];
    };
    await writes('34600444002');
    expect(await priced(await template('34600444002', 'concierge_answer', ['Ana', 'Sí']))).toEqual([
      'free_customer_service',
      'utility',
      false,
    ]);
    expect(await priced(await template('34600444003', 'concierge_answer', ['Ana', 'Sí']))).toEqual([
      'regular',
      'utility',
      true,
    ]);
    expect(
      await priced(await template('34600444002', 'service_offer', ['Ana', 'Casa Azul', 'https://x.example'])),
    ).toEqual(['regular', 'marketing', true]);
    const otp = await send({
      to: '34600444004',
      type: 'template',
      template: {
        name: 'posada_code',
        language: { code: 'es' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '123456' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '123456' }] },
        ],
      },
    });
    expect(await priced(otp)).toEqual(['regular', 'authentication', true]);
    // The reported 2026-10-01 rules: service messages and utility templates in the window are charged.
    await ctl('options', { pricing_2026_10: true });
    expect(await priced(await text('34600444002'))).toEqual(['regular', 'service', true]);
    expect(await priced(await template('34600444002', 'concierge_answer', ['Ana', 'Sí']))).toEqual([
      'regular',
      'utility',
      true,
    ]);
  });

  it('scripted outcomes per recipient: undeliverable, marketing cap / opt-out / experiment (marketing only), media', async () => {
    const offer = (to: string) => template(to, 'service_offer', ['Ana', 'Casa Azul', 'https://x.example']);
    const utility = (to: string) => template(to, 'concierge_answer', ['Ana', 'Sí']);
    const cases: [string, string, number][] = [
      ['34600444010', 'marketing_capped', 131049],
      ['34600444011', 'marketing_opt_out', 131050],
      ['34600444012', 'experiment', 130472],
    ];
    for (const [to, outcome] of cases) await ctl('outcome', { to, outcome });
    await ctl('outcome', { to: '34600444013', outcome: 'not_on_whatsapp' });
    const results: Record<string, string[]> = {};
    for (const [to, , code] of cases) {
      const failed = wamidOf(await offer(to));
      const ok = wamidOf(await utility(to));
      await fake.idle();
      expect(statusesOf(failed).map((s) => [s.status, s.errors?.[0]?.code])).toEqual([['failed', code]]);
      expect(statusesOf(failed)[0]).not.toHaveProperty('pricing');
      results[to] = namesOf(ok);
    }
    expect(Object.values(results)).toEqual([
      ['sent', 'delivered', 'read'],
      ['sent', 'delivered', 'read'],
      ['sent', 'delivered', 'read'],
    ]);
    const gone = wamidOf(await utility('34600444013'));
    await fake.idle();
    expect(statusesOf(gone).map((s) => [s.status, s.errors?.[0]?.code])).toEqual([
      ['sent', undefined],
      ['failed', 131026],
    ]);
    expect(statusesOf(gone)[1].errors[0].title).toBe('Message undeliverable');

    await writes('34600444014');
    await ctl('outcome', { to: '34600444014', outcome: 'media_unreachable' });
    const image = wamidOf(
      await send({ to: '34600444014', type: 'image', image: { link: 'https://cdn.example/x.jpg' } }),
    );
    const plain = wamidOf(await text('34600444014'));
    await fake.idle();
    expect(statusesOf(image).map((s) => [s.status, s.errors?.[0]?.code])).toEqual([['failed', 131053]]);
    expect(namesOf(plain)).toEqual(['sent', 'delivered', 'read']);

    await ctl('outcome', { to: '34600444014', outcome: 'no_read' });
    const noRead = wamidOf(await text('34600444014'));
    await ctl('outcome', { to: '34600444014', outcome: 'delivered_only' });
    const deliveredOnly = wamidOf(await text('34600444014'));
    await ctl('outcome', { to: '34600444014', outcome: null });
    const back = wamidOf(await text('34600444014'));
    await fake.idle();
    expect(namesOf(noRead)).toEqual(['sent', 'delivered']);
    expect(namesOf(deliveredOnly)).toEqual(['delivered']);
    expect(namesOf(back)).toEqual(['sent', 'delivered', 'read']);
  });

  it('options: skip delivered, duplicate, out of order (§14: read before delivered, delivered twice), off, bad signature', async () => {
    await writes('34600444020');
    await ctl('options', { skip_delivered: true });
    const readOnly = wamidOf(await text('34600444020'));
    await fake.idle();
    expect(namesOf(readOnly)).toEqual(['sent', 'read']);

    await ctl('options', { skip_delivered: false, duplicate: true, out_of_order: true });
    const messy = wamidOf(await text('34600444020'));
    await fake.idle();
    expect(namesOf(messy)).toEqual(['read', 'read', 'delivered', 'delivered', 'sent', 'sent']);

    await ctl('options', { duplicate: false, out_of_order: false, auto_status: false });
    const quiet = wamidOf(await text('34600444020'));
    const stillFails = wamidOf(await text('34600444099'));
    await fake.idle();
    expect(namesOf(quiet)).toEqual([]);
    expect(namesOf(stillFails)).toEqual(['failed']);

    await ctl('options', { auto_status: true, bad_signature: true });
    const forged = wamidOf(await text('34600444020'));
    await fake.idle();
    expect(
      receiver.events.filter((e) => e.value.statuses?.[0]?.id === forged).map((e) => e.signatureValid),
    ).toEqual([false, false, false]);
    expect((await ctl('options', { nope: true })).error.code).toBe(100);
  });

  it('webhooks come after the 200, in order; fake.idle() resolves when they are all posted', async () => {
    await writes('34600444021');
    await ctl('options', { status_delay_ms: 200 });
    const wamid = wamidOf(await text('34600444021'));
    expect(namesOf(wamid)).toEqual([]);
    await fake.idle();
    expect(namesOf(wamid)).toEqual(['sent', 'delivered', 'read']);
  });
});

describe('§13.6 rate limits', () => {
  it('throughput: the 81st send in a second is 130429; a queue that backs off delivers everything (§14)', async () => {
    await ctl('options', { auto_status: false });
    const burst = [];
    for (let i = 0; i < 100; i++)
      burst.push(await template(`3460055${String(i).padStart(4, '0')}`, 'concierge_answer', ['Ana', 'Sí']));
    expect(burst.filter((a) => a.status === 200)).toHaveLength(80);
    const refused = burst.filter((a) => a.status !== 200);
    expect(refused.map(metaError)[0]).toMatchObject({ status: 400, code: 130429 });
    await advance(1000);
    for (let i = 80; i < 100; i++)
      expect(
        (await template(`3460055${String(i).padStart(4, '0')}`, 'concierge_answer', ['Ana', 'Sí'])).status,
      ).toBe(200);
    expect(fake.store.sent).toHaveLength(100);
  });

  it('pair rate: a burst of 45 to one guest passes, the 46th is 131056, other guests are fine, one more each 6 s', async () => {
    await ctl('options', { auto_status: false });
    await writes('34600555900');
    for (let i = 0; i < 45; i++) {
      expect((await text('34600555900', `mensaje ${i}`)).status).toBe(200);
      if (i % 40 === 39) await advance(1000); // stay under 80/s
    }
    expect(metaError(await text('34600555900', 'uno más'))).toMatchObject({ status: 400, code: 131056 });
    expect((await template('34600555901', 'concierge_answer', ['Ana', 'Sí'])).status).toBe(200);
    await advance(6000);
    expect((await text('34600555900', 'tras 6 s')).status).toBe(200);
    expect(metaError(await text('34600555900', 'otra'))).toMatchObject({ code: 131056 });
    await ctl('limits', { pair_burst: 2, pair_refill_ms: 1000 });
    await advance(10_000);
    expect((await text('34600555900', 'a')).status).toBe(200);
    expect((await text('34600555900', 'b')).status).toBe(200);
    expect(metaError(await text('34600555900', 'c')).code).toBe(131056);
  });

  it('messaging limit: unique recipients of templates outside the window in 24 h above the tier fail (configurable)', async () => {
    await ctl('options', { messaging_limit: 3 });
    const send3 = async (to: string) => wamidOf(await template(to, 'concierge_answer', ['Ana', 'Sí']));
    const first = [await send3('34600556001'), await send3('34600556002'), await send3('34600556003')];
    const over = await send3('34600556004');
    const counted = await send3('34600556001'); // already counted in these 24 h
    await writes('34600556005');
    const inWindow = await send3('34600556005'); // not business-initiated
    await fake.idle();
    for (const wamid of [...first, counted, inWindow])
      expect(namesOf(wamid)).toEqual(['sent', 'delivered', 'read']);
    expect(statusesOf(over).map((s) => [s.status, s.errors?.[0]?.code])).toEqual([['failed', 130429]]);
    expect(statusesOf(over)[0].errors[0].error_data.details).toContain('messaging limit of 3');
    await ctl('options', { messaging_limit_failure: 'sync', messaging_limit_code: 131048 });
    expect(metaError(await template('34600556006', 'concierge_answer', ['Ana', 'Sí']))).toMatchObject({
      status: 400,
      code: 131048,
    });
    await advance(24 * HOUR);
    expect((await template('34600556006', 'concierge_answer', ['Ana', 'Sí'])).status).toBe(200);
  });
});

describe('§13.7 inbound injection', () => {
  const lastMessage = () => {
    const value = receiver.events.at(-1)?.value;
    return { value, message: value?.messages?.[0] };
  };

  it('every §1.2 type reaches the webhook in Meta’s shape, each from a phone with its BSUID', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ text: 'Hola' }, { type: 'text', text: { body: 'Hola' } }],
      [
        { location: { latitude: 40.4, longitude: -3.7, name: 'Casa', address: 'Calle 1' } },
        { type: 'location', location: { latitude: 40.4, longitude: -3.7, name: 'Casa', address: 'Calle 1' } },
      ],
      [
        { contacts: [{ name: { formatted_name: 'Luis' }, phones: [{ phone: '+34 600 999 888' }] }] },
        {
          type: 'contacts',
          contacts: [{ name: { formatted_name: 'Luis' }, phones: [{ phone: '+34 600 999 888' }] }],
        },
      ],
      [
        { interactive: { type: 'button_reply', id: 'yes', title: 'Sí' } },
        {
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Sí' } },
        },
      ],
      [
        { interactive: { type: 'list_reply', id: 'late', title: 'Salida tarde', description: '12:00' } },
        {
          type: 'interactive',
          interactive: {
            type: 'list_reply',
            list_reply: { id: 'late', title: 'Salida tarde', description: '12:00' },
          },
        },
      ],
      [
        { button: { text: 'Confirmar', payload: 'OK' } },
        { type: 'button', button: { text: 'Confirmar', payload: 'OK' } },
      ],
      [
        { reaction: { message_id: 'wamid.abc', emoji: '❤️' } },
        { type: 'reaction', reaction: { message_id: 'wamid.abc', emoji: '❤️' } },
      ],
      [
        { reaction: { message_id: 'wamid.abc' } },
        { type: 'reaction', reaction: { message_id: 'wamid.abc' } },
      ],
      [
        { order: { catalog_id: 'c1', product_items: [{ product_retailer_id: 'desayuno', quantity: 2 }] } },
        {
          type: 'order',
          order: { catalog_id: 'c1', product_items: [{ product_retailer_id: 'desayuno', quantity: 2 }] },
        },
      ],
      [
        { system: { type: 'user_changed_number', body: 'Ana cambió de número', wa_id: '34600777001' } },
        {
          type: 'system',
          system: { type: 'user_changed_number', body: 'Ana cambió de número', wa_id: '34600777001' },
        },
      ],
      [{ request_welcome: true }, { type: 'request_welcome' }],
      [
        { unsupported: { type: 'poll_update' } },
        {
          type: 'unsupported',
          unsupported: { type: 'poll_update' },
          errors: [
            {
              code: 131051,
              title: 'Message type unknown',
              message: 'Message type unknown',
              error_data: { details: 'Message type is currently not supported.' },
            },
          ],
        },
      ],
      [
        { text: 'Sí', context: { id: 'wamid.prev', from: '34911000000' } },
        { type: 'text', text: { body: 'Sí' }, context: { id: 'wamid.prev', from: '34911000000' } },
      ],
    ];
    for (const [input, shape] of cases) {
      const answer = await writes('34600777000', input);
      expect(answer.delivered).toBe(200);
      const { value, message } = lastMessage();
      expect(message, JSON.stringify(input)).toEqual({
        from: '34600777000',
        from_user_id: expect.stringMatching(/^ES\.\d+$/),
        id: answer.wamid,
        timestamp: String(T0 / 1000),
        ...shape,
      });
      expect(value.contacts).toEqual([
        { profile: { name: 'Ana' }, wa_id: '34600777000', user_id: message.from_user_id },
      ]);
      expect(value.metadata).toEqual({ display_phone_number: '34910000000', phone_number_id: PNID });
    }
    expect(receiver.events.every((e) => e.signatureValid)).toBe(true);
  });

  it('media: GET /{id} → a URL that needs the bearer (401 without) and expires after 5 minutes; ids are the receiving WABA’s', async () => {
    await writes('34600777002', {
      image: { caption: 'DNI', mime: 'image/jpeg', base64: Buffer.from('jpeg-bytes').toString('base64') },
    });
    const { message } = lastMessage();
    expect(message).toMatchObject({
      type: 'image',
      image: { caption: 'DNI', mime_type: 'image/jpeg', sha256: expect.any(String), id: expect.any(String) },
    });
    const meta = await graph('GET', `/${message.image.id}`);
    expect(meta.body).toMatchObject({
      messaging_product: 'whatsapp',
      mime_type: 'image/jpeg',
      file_size: 10,
      id: message.image.id,
    });
    const url = meta.body.url as string;
    expect((await fetch(url)).status).toBe(401);
    const ok = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(Buffer.from(await ok.arrayBuffer()).toString()).toBe('jpeg-bytes');
    const other = await ctl('signup', {});
    const otherToken = fake.store.businesses.get(other.waba_id)?.token ?? '';
    expect((await fetch(url, { headers: { authorization: `Bearer ${otherToken}` } })).status).toBe(401);
    expect(metaError(await graph('GET', `/${message.image.id}`, undefined, otherToken))).toMatchObject({
      code: 100,
    });
    await advance(5 * MIN + 1000);
    expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    const fresh = await graph('GET', `/${message.image.id}`);
    expect((await fetch(fresh.body.url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    await advance(7 * 24 * HOUR);
    expect(metaError(await graph('GET', `/${message.image.id}`))).toMatchObject({ status: 400, code: 100 });
    // Documents, voice notes, videos and stickers carry their own fields.
    await writes('34600777002', { document: { filename: 'contrato.pdf' } });
    expect(lastMessage().message.document).toMatchObject({
      filename: 'contrato.pdf',
      mime_type: 'application/pdf',
    });
    await writes('34600777002', { audio: {} });
    expect(lastMessage().message.audio).toMatchObject({ voice: true, mime_type: 'audio/ogg' });
    await writes('34600777002', { video: {} });
    expect(lastMessage().message.video).toMatchObject({ mime_type: 'video/mp4' });
    await writes('34600777002', { sticker: { animated: true } });
    expect(lastMessage().message.sticker).toMatchObject({ animated: true, mime_type: 'image/webp' });
  });

  it('a username user comes without `from` and `wa_id`: from_user_id and contacts[].user_id only', async () => {
    await writes('34600777003', {
      phone_withheld: true,
      user_id: 'ES.USR123',
      username: 'ana.viaja',
      text: 'Hola',
    });
    const { value, message } = lastMessage();
    expect(message).not.toHaveProperty('from');
    expect(message.from_user_id).toBe('ES.USR123');
    expect(value.contacts).toEqual([
      { profile: { name: 'Ana' }, user_id: 'ES.USR123', username: 'ana.viaja' },
    ]);
    const noPhone = await ctl('inbound', { from: null, user_id: 'ES.USR124', text: 'Hola' });
    expect(noPhone.delivered).toBe(200);
    expect(lastMessage().message).not.toHaveProperty('from');
  });

  it('user_preferences stop / resume: a signed webhook; marketing then fails 131050, utility still goes', async () => {
    const stop = await ctl('preferences', { wa_id: '34600777004', value: 'stop' });
    expect(stop.delivered).toBe(200);
    const event = receiver.events.at(-1);
    expect(event?.field).toBe('user_preferences');
    expect(event?.value.user_preferences).toEqual([
      {
        wa_id: '34600777004',
        user_id: expect.stringMatching(/^ES\./),
        detail: 'User requested to stop marketing messages',
        category: 'marketing_messages',
        value: 'stop',
        timestamp: T0 / 1000,
      },
    ]);
    const offer = wamidOf(
      await template('34600777004', 'service_offer', ['Ana', 'Casa', 'https://x.example']),
    );
    const notice = wamidOf(await template('34600777004', 'concierge_answer', ['Ana', 'Sí']));
    await fake.idle();
    expect(statusesOf(offer).map((s) => s.errors?.[0]?.code)).toEqual([131050]);
    expect(namesOf(notice)).toEqual(['sent', 'delivered', 'read']);
    await ctl('preferences', { wa_id: '34600777004', value: 'resume' });
    const again = wamidOf(
      await template('34600777004', 'service_offer', ['Ana', 'Casa', 'https://x.example']),
    );
    await fake.idle();
    expect(namesOf(again)).toEqual(['sent', 'delivered', 'read']);
  });
});

describe('§13.8 webhook verification', () => {
  it('GET hub.challenge with the verify token before the first delivery, once; a URL that fails it gets nothing', async () => {
    const own = await startReceiver('fake-whatsapp-app-secret', 'fake-verify-token');
    const wrong = await startReceiver('fake-whatsapp-app-secret', 'another-token');
    const other = await startFakeWhatsApp({ webhook: own.url });
    try {
      await ctl('inbound', { from: '34600888001', text: 'Hola' }, other.base);
      await ctl('inbound', { from: '34600888001', text: 'Otra' }, other.base);
      expect(own.handshakes).toHaveLength(1);
      expect(own.handshakes[0]?.get('hub.mode')).toBe('subscribe');
      expect(own.handshakes[0]?.get('hub.verify_token')).toBe(other.env.WHATSAPP_VERIFY_TOKEN);
      expect(own.handshakes[0]?.get('hub.challenge')).toMatch(/^\d+$/);
      expect(own.events.map((e) => e.signatureValid)).toEqual([true, true]);

      await ctl('webhook', { url: wrong.url }, other.base);
      const refused = await ctl('inbound', { from: '34600888001', text: 'Hola' }, other.base);
      expect(refused.delivered).toBe(403);
      expect(wrong.events).toEqual([]);
      expect((await ctl('deliveries', undefined, other.base)).data.at(-1)).toMatchObject({
        field: 'hub.challenge',
        status: 403,
      });
      // The app's token configured: the fake's client uses it.
      await ctl('webhook', { url: wrong.url, verify_token: 'another-token' }, other.base);
      expect((await ctl('inbound', { from: '34600888001', text: 'Hola' }, other.base)).delivered).toBe(200);
    } finally {
      await other.close();
      await own.close();
      await wrong.close();
    }
  });
});
