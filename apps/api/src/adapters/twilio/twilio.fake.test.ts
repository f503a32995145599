/**
 * The fake Twilio's own rules (sms-twilio.md §9), seen as a raw HTTP client sees them: every answer here is
 * one the real service gives, so the client tests (twilio.test.ts) cannot pass against a laxer fake.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from './test-support.ts';
import { type FakeTwilio, startFakeTwilio } from './twilio.fake.ts';
import { verifyTwilioSignature } from './twilio.signature.ts';

const SERVICE = 'MG9752274e9e519418a7406176694466fa';
const GUEST = '+34600111222';
let t = Date.parse('2026-07-17T12:06:00Z');
let fake: FakeTwilio;
let svc: FakeTwilio;
let app: WebhookReceiver;

beforeAll(async () => {
  app = await startWebhookReceiver();
  fake = await startFakeTwilio({ inboundUrl: `${app.base}/sms/inbound`, now: () => t });
  svc = await startFakeTwilio({ messagingServiceSid: SERVICE, inboundUrl: `${app.base}/sms/inbound` });
});
afterAll(async () => {
  await fake.close();
  await svc.close();
  await app.close();
});
beforeEach(async () => {
  await fake.idle();
  await svc.idle();
  await fake.control('reset');
  await svc.control('reset');
  app.received.length = 0;
  app.answer(200);
});

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

interface Call {
  auth?: string | null;
  account?: string;
  contentType?: string;
  on?: FakeTwilio;
}

/** A raw POST …/Messages.json, as curl would send it. */
async function send(form: Record<string, string> | URLSearchParams | string, call: Call = {}) {
  const on = call.on ?? fake;
  const account = call.account ?? on.env.TWILIO_ACCOUNT_SID;
  const headers: Record<string, string> = {
    'content-type': call.contentType ?? 'application/x-www-form-urlencoded',
  };
  const auth =
    call.auth === undefined ? basic(on.env.TWILIO_ACCOUNT_SID, on.env.TWILIO_AUTH_TOKEN) : call.auth;
  if (auth) headers.authorization = auth;
  const body = typeof form === 'string' ? form : new URLSearchParams(form).toString();
  const res = await fetch(`${on.base}/2010-04-01/Accounts/${account}/Messages.json`, {
    method: 'POST',
    headers,
    body,
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
}

async function getMessage(sid: string, on: FakeTwilio = fake, account = on.env.TWILIO_ACCOUNT_SID) {
  const res = await fetch(`${on.base}/2010-04-01/Accounts/${account}/Messages/${sid}.json`, {
    headers: { authorization: basic(on.env.TWILIO_ACCOUNT_SID, on.env.TWILIO_AUTH_TOKEN) },
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const twilioError = (code: number, message: string, status = 400) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

const sms = (extra: Record<string, string> = {}) => ({
  To: GUEST,
  From: fake.env.TWILIO_FROM,
  Body: 'Tu código de acceso es 4821',
  ...extra,
});

describe('§9.1 Basic auth and the path AccountSid', () => {
  it('no credentials, a wrong token, or another account in the path: 401 20003', async () => {
    const none = await send(sms(), { auth: null });
    expect(none.status).toBe(401);
    expect(none.json).toEqual(twilioError(20003, 'Authenticate', 401));
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect((await send(sms(), { auth: basic(fake.env.TWILIO_ACCOUNT_SID, 'wrong') })).json.code).toBe(20003);
    expect((await send(sms(), { auth: `Bearer ${fake.env.TWILIO_AUTH_TOKEN}` })).status).toBe(401);
    const otherAccount = await send(sms(), { account: 'AC00000000000000000000000000000000' });
    expect(otherAccount.status).toBe(401);
    expect(otherAccount.json.code).toBe(20003);
    expect(fake.sent()).toEqual([]);
  });

  it('AccountSid:AuthToken and an API key (SK…:secret, AccountSid in the path) both send', async () => {
    expect((await send(sms())).status).toBe(201);
    const key = await send(sms(), { auth: basic(fake.apiKey.sid, fake.apiKey.secret) });
    expect(key.status).toBe(201);
    expect((await send(sms(), { auth: basic(fake.apiKey.sid, fake.env.TWILIO_AUTH_TOKEN) })).status).toBe(
      401,
    );
  });
});

describe('§9.2 a form body, one sender, one content, 1,600 characters', () => {
  it('a JSON body is not read: the To is missing (21604)', async () => {
    const json = await send(JSON.stringify(sms()), { contentType: 'application/json' });
    expect(json.status).toBe(400);
    expect(json.json).toEqual(twilioError(21604, "A 'To' phone number is required."));
    expect((await send({ From: fake.env.TWILIO_FROM, Body: 'x' })).json.code).toBe(21604);
  });

  it('no sender is 21603, and both From and MessagingServiceSid are refused unless allowed', async () => {
    expect((await send({ To: GUEST, Body: 'x' })).json).toEqual(
      twilioError(21603, "A 'From' phone number is required."),
    );
    const both = { To: GUEST, Body: 'x', From: svc.env.TWILIO_FROM, MessagingServiceSid: SERVICE };
    expect((await send(both, { on: svc })).json.code).toBe(21603);
    await svc.control('options', { fromWithService: true });
    expect((await send(both, { on: svc })).status).toBe(201);
  });

  it('a sender the account does not own: 21606 for From, 21705/21701 for a Messaging Service', async () => {
    expect((await send(sms({ From: '+15005550001' }))).json.code).toBe(21606);
    expect((await send({ To: GUEST, Body: 'x', MessagingServiceSid: 'MG123' }, { on: svc })).json.code).toBe(
      21705,
    );
    const unknown = await send(
      { To: GUEST, Body: 'x', MessagingServiceSid: `MG${'0'.repeat(32)}` },
      { on: svc },
    );
    expect(unknown.json).toEqual(twilioError(21701, 'The Messaging Service does not exist'));
  });

  it('no content is 21602 (21619 through a Messaging Service); a Body over 1,600 is 21617', async () => {
    expect((await send(sms({ Body: '' }))).json).toEqual(twilioError(21602, 'Message body is required.'));
    expect((await send({ To: GUEST, MessagingServiceSid: SERVICE }, { on: svc })).json.code).toBe(21619);
    const long = await send(sms({ Body: 'a'.repeat(1601) }));
    expect(long.json).toEqual(
      twilioError(21617, 'The concatenated message body exceeds the 1600 character limit.'),
    );
    const max = await send(sms({ Body: 'a'.repeat(1600) }));
    expect(max.status).toBe(201);
    expect(max.json.num_segments).toBe('11');
  });
});

describe('§9.3 E.164, landlines and disabled countries', () => {
  it('a To that is not E.164 is 21211 with Twilio’s exact message', async () => {
    const res = await send(sms({ To: '+3460' }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual(twilioError(21211, "The 'To' number +3460 is not a valid phone number."));
    for (const to of ['34600111222', '+34 600 111 222', '600111222', '+3460011122', '+346001112223']) {
      expect((await send(sms({ To: to }))).json.code, to).toBe(21211);
    }
  });

  it('a configured landline is 21614 (or 21635); a disabled country is 21408', async () => {
    await fake.control('landlines', { numbers: ['+34912345678'] });
    expect((await send(sms({ To: '+34912345678' }))).json).toEqual(
      twilioError(21614, "'To' number is not a valid mobile number"),
    );
    await fake.control('landlines', { numbers: ['+34912345678'], code: 21635 });
    expect((await send(sms({ To: '+34912345678' }))).json).toEqual(
      twilioError(21635, "'To' number cannot be a landline."),
    );
    await fake.control('disabled-countries', { prefixes: ['+7'] });
    expect((await send(sms({ To: '+79161234567' }))).json).toEqual(
      twilioError(
        21408,
        "Permission to send an SMS has not been enabled for the region indicated by the 'To' number: +79161234567.",
      ),
    );
    expect((await send(sms())).status).toBe(201);
  });

  it('an alphanumeric sender cannot reach +1 (21612)', async () => {
    const alpha = await startFakeTwilio({ from: 'POSADA' });
    try {
      const us = await send({ To: '+14155550123', From: 'POSADA', Body: 'x' }, { on: alpha });
      expect(us.json.code).toBe(21612);
      expect((await send({ To: GUEST, From: 'POSADA', Body: 'x' }, { on: alpha })).status).toBe(201);
    } finally {
      await alpha.close();
    }
  });
});

describe('§9.4 the opt-out list per (sender, recipient)', () => {
  it('an inbound STOP (signed webhook) blocks that pair with 21610 until START', async () => {
    const stop = (await fake.control('inbound', { from: GUEST, body: 'STOP' })) as {
      sid: string;
      status: number;
    };
    expect(stop).toMatchObject({ sid: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 200 });
    const hook = app.to('/sms/inbound')[0];
    expect(hook?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(hook?.params.get('Body')).toBe('STOP');
    expect(hook?.params.get('From')).toBe(GUEST);
    expect(hook?.params.get('To')).toBe(fake.env.TWILIO_FROM);
    expect(hook?.params.get('SmsStatus')).toBe('received');
    expect(
      verifyTwilioSignature(
        fake.env.TWILIO_AUTH_TOKEN,
        `${app.base}/sms/inbound`,
        hook?.params ?? new URLSearchParams(),
        String(hook?.headers['x-twilio-signature']),
      ),
    ).toBe(true);

    expect((await send(sms())).json).toEqual(twilioError(21610, 'Attempt to send to unsubscribed recipient'));
    expect((await send(sms({ To: '+34600999888' }))).status).toBe(201);
    expect(await fake.control('opt-outs')).toEqual({
      data: [{ sender: fake.env.TWILIO_FROM, recipient: GUEST }],
    });
    await fake.control('inbound', { from: GUEST, body: 'start' });
    expect((await send(sms())).status).toBe(201);
    expect(await fake.control('opt-outs')).toEqual({ data: [] });
  });

  it('BAJA opts out, ALTA back in; "STOP please" is a message, not a keyword', async () => {
    await fake.control('inbound', { from: GUEST, body: 'stop please' });
    expect((await send(sms())).status).toBe(201);
    await fake.control('inbound', { from: GUEST, body: ' Baja. ' });
    expect((await send(sms())).json.code).toBe(21610);
    await fake.control('inbound', { from: GUEST, body: 'ALTA' });
    expect((await send(sms())).status).toBe(201);
  });

  it('a STOP to the service’s number blocks the Messaging Service too, and says OptOutType', async () => {
    await svc.control('inbound', { from: GUEST, body: 'UNSUBSCRIBE' });
    expect(app.received.at(-1)?.params.get('OptOutType')).toBe('STOP');
    expect(app.received.at(-1)?.params.get('MessagingServiceSid')).toBe(SERVICE);
    expect((await send({ To: GUEST, MessagingServiceSid: SERVICE, Body: 'x' }, { on: svc })).json.code).toBe(
      21610,
    );
  });
});

describe('§9.5 201 with the Message resource', () => {
  it('answers §1’s JSON: SM + 32 hex, queued, num_segments counted', async () => {
    const res = await send(sms({ StatusCallback: `${app.base}/sms/status` }));
    expect(res.status).toBe(201);
    const sid = String(res.json.sid);
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    const ac = fake.env.TWILIO_ACCOUNT_SID;
    expect(res.json).toEqual({
      account_sid: ac,
      api_version: '2010-04-01',
      body: 'Tu código de acceso es 4821',
      date_created: 'Fri, 17 Jul 2026 12:06:00 +0000',
      date_sent: null,
      date_updated: 'Fri, 17 Jul 2026 12:06:00 +0000',
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: fake.env.TWILIO_FROM,
      messaging_service_sid: null,
      num_media: '0',
      num_segments: '1',
      price: null,
      price_unit: null,
      sid,
      status: 'queued',
      subresource_uris: { media: `/2010-04-01/Accounts/${ac}/Messages/${sid}/Media.json` },
      to: GUEST,
      uri: `/2010-04-01/Accounts/${ac}/Messages/${sid}.json`,
    });
  });

  it('num_segments: 161 GSM-7 characters are 2, 71 UCS-2 are 2; SmartEncoded=true folds look-alikes', async () => {
    const segments = async (Body: string, extra: Record<string, string> = {}) =>
      (await send(sms({ Body, ...extra }))).json.num_segments;
    expect(await segments('a'.repeat(160))).toBe('1');
    expect(await segments('a'.repeat(161))).toBe('2');
    expect(await segments('Llegó tu código')).toBe('1');
    expect(await segments('ó'.repeat(70))).toBe('1');
    expect(await segments('ó'.repeat(71))).toBe('2');
    const quoted = `“${'a'.repeat(140)}”`;
    expect(await segments(quoted)).toBe('3');
    expect(await segments(quoted, { SmartEncoded: 'true' })).toBe('1');
  });

  it('through a Messaging Service: accepted, no From yet, num_segments "0"', async () => {
    const res = await send({ To: GUEST, MessagingServiceSid: SERVICE, Body: 'Hola' }, { on: svc });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      status: 'accepted',
      from: null,
      num_segments: '0',
      messaging_service_sid: SERVICE,
    });
    await svc.idle();
    expect((await getMessage(String(res.json.sid), svc)).json).toMatchObject({
      status: 'delivered',
      from: svc.env.TWILIO_FROM,
      num_segments: '1',
    });
  });
});

describe('§9.6 signed status callbacks', () => {
  const statuses = (path = '/sms/status') => app.to(path).map((r) => r.params.get('MessageStatus'));

  it('sent then delivered (RawDlrDoneDate), form-encoded, signed over the exact URL; none for queued', async () => {
    const callback = `${app.base}/sms/status?delivery=d-42&x=%C3%B1`;
    const { json } = await send(sms({ StatusCallback: callback }));
    await fake.idle();
    expect(statuses()).toEqual(['sent', 'delivered']);
    const [sent, delivered] = app.to('/sms/status');
    expect(sent?.path).toBe('/sms/status?delivery=d-42&x=%C3%B1');
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(sent?.params ?? [])).toEqual({
      SmsSid: json.sid,
      SmsStatus: 'sent',
      MessageStatus: 'sent',
      To: GUEST,
      MessageSid: json.sid,
      AccountSid: fake.env.TWILIO_ACCOUNT_SID,
      From: fake.env.TWILIO_FROM,
      ApiVersion: '2010-04-01',
    });
    expect(delivered?.params.get('RawDlrDoneDate')).toBe('2607171206');
    expect(delivered?.params.has('ErrorCode')).toBe(false);
    for (const hook of [sent, delivered]) {
      const signature = String(hook?.headers['x-twilio-signature']);
      expect(
        verifyTwilioSignature(
          fake.env.TWILIO_AUTH_TOKEN,
          callback,
          hook?.params ?? new URLSearchParams(),
          signature,
        ),
      ).toBe(true);
      expect(
        verifyTwilioSignature(
          fake.env.TWILIO_AUTH_TOKEN,
          `${app.base}/sms/status`,
          hook?.params ?? new URLSearchParams(),
          signature,
        ),
      ).toBe(false);
    }
  });

  it('through a Messaging Service: queued, sent, delivered, with MessagingServiceSid', async () => {
    await send(
      { To: GUEST, MessagingServiceSid: SERVICE, Body: 'x', StatusCallback: `${app.base}/sms/status` },
      { on: svc },
    );
    await svc.idle();
    expect(statuses()).toEqual(['queued', 'sent', 'delivered']);
    expect(app.received.every((r) => r.params.get('MessagingServiceSid') === SERVICE)).toBe(true);
  });

  it('a StatusCallback without a valid hostname is refused with 21609', async () => {
    for (const url of ['http://my_host.example/cb', 'ftp://posada.example/cb', 'not a url', 'http:///cb']) {
      const res = await send(sms({ StatusCallback: url }));
      expect(res.json, url).toEqual(twilioError(21609, `The StatusCallback URL ${url} is not a valid URL.`));
    }
    expect((await send(sms({ StatusCallback: `https://a.example/${'x'.repeat(4000)}` }))).json.code).toBe(
      21609,
    );
    expect(fake.sent()).toEqual([]);
  });

  it('scripted per recipient: undelivered 30003/30005/30006/30007, failed 30001/30008, sent only', async () => {
    const cases: [string, (string | null)[], string | null][] = [
      ['undelivered:30003', ['sent', 'undelivered'], '30003'],
      ['undelivered:30005', ['sent', 'undelivered'], '30005'],
      ['undelivered:30006', ['sent', 'undelivered'], '30006'],
      ['undelivered:30007', ['sent', 'undelivered'], '30007'],
      ['failed:30001', ['failed'], '30001'],
      ['failed:30008', ['failed'], '30008'],
      ['sent_only', ['sent'], null],
    ];
    for (const [outcome, expected, code] of cases) {
      app.received.length = 0;
      await fake.control('script', { to: GUEST, outcome });
      await send(sms({ StatusCallback: `${app.base}/sms/status` }));
      await fake.idle();
      expect(statuses(), outcome).toEqual(expected);
      const last = app.received.at(-1);
      expect(last?.params.get('ErrorCode') ?? null, outcome).toBe(code);
      expect(last?.params.has('RawDlrDoneDate'), outcome).toBe(expected.at(-1) === 'undelivered');
    }
    await expect(fake.control('script', { to: GUEST, outcome: 'undelivered:21211' })).rejects.toThrow(
      /outcome/,
    );
  });

  it('options: out of order, duplicates, a dropped DLR, a bad signature, a delay', async () => {
    const cb = `${app.base}/sms/status`;
    await fake.control('options', { outOfOrder: true });
    const a = await send(sms({ StatusCallback: cb }));
    await fake.idle();
    expect(statuses()).toEqual(['delivered', 'sent']);
    expect((await getMessage(String(a.json.sid))).json.status).toBe('delivered');

    await fake.control('options', { outOfOrder: false, duplicate: true });
    app.received.length = 0;
    await send(sms({ StatusCallback: cb }));
    await fake.idle();
    expect(statuses()).toEqual(['sent', 'sent', 'delivered', 'delivered']);
    expect(app.received[0]?.raw).toBe(app.received[1]?.raw);

    await fake.control('options', { duplicate: false, dropDlr: true });
    app.received.length = 0;
    const dropped = await send(sms({ StatusCallback: cb }));
    await fake.idle();
    expect(statuses()).toEqual(['sent']);
    expect((await getMessage(String(dropped.json.sid))).json.status).toBe('sent');

    await fake.control('options', { dropDlr: false, badSignature: true });
    app.received.length = 0;
    await send(sms({ StatusCallback: cb }));
    await fake.idle();
    for (const hook of app.received) {
      const signature = String(hook.headers['x-twilio-signature']);
      expect(verifyTwilioSignature(fake.env.TWILIO_AUTH_TOKEN, cb, hook.params, signature)).toBe(false);
    }

    await fake.control('options', { badSignature: false, delayMs: 60 });
    app.received.length = 0;
    const started = Date.now();
    await send(sms({ StatusCallback: cb }));
    expect(app.received).toEqual([]);
    await fake.idle();
    expect(statuses()).toEqual(['sent', 'delivered']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('records the app’s answer to each callback', async () => {
    app.answer(500);
    await send(sms({ StatusCallback: `${app.base}/sms/status` }));
    await fake.idle();
    expect(fake.callbacks().map((c) => [c.kind, c.params.MessageStatus, c.status])).toEqual([
      ['status', 'sent', 500],
      ['status', 'delivered', 500],
    ]);
  });
});

describe('§9.7 GET Messages/{Sid}.json', () => {
  it('answers the current state: queued, then delivered; undelivered with its error_code', async () => {
    await fake.control('options', { delayMs: 50 });
    const { json } = await send(sms());
    const sid = String(json.sid);
    expect((await getMessage(sid)).json).toMatchObject({ sid, status: 'queued', date_sent: null });
    await fake.idle();
    expect((await getMessage(sid)).json).toMatchObject({
      status: 'delivered',
      error_code: null,
      date_sent: 'Fri, 17 Jul 2026 12:06:00 +0000',
    });

    await fake.control('script', { to: GUEST, outcome: 'undelivered:30003' });
    const failed = await send(sms());
    await fake.idle();
    expect((await getMessage(String(failed.json.sid))).json).toMatchObject({
      status: 'undelivered',
      error_code: 30003,
    });
  });

  it('an unknown sid is 404 20404; another account is 401', async () => {
    const missing = await getMessage(`SM${'0'.repeat(32)}`);
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe(20404);
    const { json } = await send(sms());
    expect((await getMessage(String(json.sid), fake, 'AC00000000000000000000000000000000')).status).toBe(401);
  });
});

describe('§9.8 the rate limit', () => {
  it('over ratePerSecond answers 429 20429, and the next second passes again', async () => {
    await fake.control('options', { ratePerSecond: 2 });
    expect((await send(sms())).status).toBe(201);
    expect((await send(sms())).status).toBe(201);
    const limited = await send(sms());
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual(twilioError(20429, 'Too Many Requests', 429));
    t += 1000;
    try {
      expect((await send(sms())).status).toBe(201);
    } finally {
      t -= 1000;
    }
    expect(fake.sent()).toHaveLength(3);
  });
});

describe('control endpoints over HTTP (the e2e proxy’s /twilio/<path>)', () => {
  it('are plain JSON POST/GET under /_fake/', async () => {
    const post = (path: string, body: object) =>
      fetch(`${fake.base}/_fake/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('script', { to: GUEST, outcome: 'failed:30001' })).status).toBe(200);
    expect((await post('script', { to: GUEST, outcome: 'nope' })).status).toBe(400);
    await send(sms());
    expect(await (await post('idle', {})).json()).toEqual({ ok: true });
    const sent = (await (await fetch(`${fake.base}/_fake/sent`)).json()) as { data: { status: string }[] };
    expect(sent.data.map((m) => m.status)).toEqual(['failed']);
    const inbound = await post('inbound', { from: GUEST, body: 'Hola, llego a las 18:00' });
    expect(await inbound.json()).toMatchObject({ status: 200 });
    expect((await fetch(`${fake.base}/_fake/nothing`)).status).toBe(404);
  });
});
