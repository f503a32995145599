import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { AdapterError } from '../adapter-error.ts';
import { createAdapterTracker } from '../status.ts';
import { startWebhookReceiver, type WebhookReceiver } from './test-support.ts';
import { createTwilioGateway, parseRawDlrDoneDate, type TwilioGatewayOptions } from './twilio.client.ts';
import { type FakeTwilio, startFakeTwilio } from './twilio.fake.ts';
import { twilioSignature } from './twilio.signature.ts';
import { deliveryErrorKind, isTemporaryDeliveryError, type SmsErrorKind, SmsSendError } from './types.ts';

const SERVICE = 'MG9752274e9e519418a7406176694466fa';
const GUEST = '+34600111222';
const clock = fixedClock(new Date('2026-07-17T12:06:00Z'));
let fake: FakeTwilio;
let svc: FakeTwilio;
let app: WebhookReceiver;

beforeAll(async () => {
  app = await startWebhookReceiver();
  fake = await startFakeTwilio({ inboundUrl: `${app.base}/api/webhooks/twilio/inbound` });
  svc = await startFakeTwilio({ messagingServiceSid: SERVICE });
});
afterAll(async () => {
  await fake.close();
  await svc.close();
  await app.close();
});
beforeEach(async () => {
  await fake.idle();
  await fake.control('reset');
  app.received.length = 0;
});

function gateway(overrides: Partial<TwilioGatewayOptions> = {}, on: FakeTwilio = fake) {
  const tracker = createAdapterTracker('twilio', true, clock);
  const sms = createTwilioGateway({
    apiBase: `${on.env.TWILIO_API_BASE}/`,
    accountSid: on.env.TWILIO_ACCOUNT_SID,
    authToken: on.env.TWILIO_AUTH_TOKEN,
    from: on.env.TWILIO_FROM,
    messagingServiceSid: on.env.TWILIO_MESSAGING_SERVICE_SID,
    tracker,
    ...overrides,
  });
  return { sms, tracker };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e as SmsSendError,
  );

describe('send', () => {
  it('POSTs the form Twilio expects with Basic auth and answers the sid, queued and the segments', async () => {
    const { sms, tracker } = gateway();
    const callback = `${app.base}/api/webhooks/twilio/status?d=42`;
    const sent = await sms.send({
      to: GUEST,
      body: 'Tu código de acceso es 4821',
      statusCallbackUrl: callback,
    });
    expect(sent).toEqual({
      providerMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/),
      status: 'queued',
      segments: 1,
    });
    const req = fake.requests.at(-1);
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe(`/2010-04-01/Accounts/${fake.env.TWILIO_ACCOUNT_SID}/Messages.json`);
    expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.env.TWILIO_ACCOUNT_SID}:${fake.env.TWILIO_AUTH_TOKEN}`).toString('base64')}`,
    );
    expect([...new URLSearchParams(String(req?.body))]).toEqual([
      ['To', GUEST],
      ['From', fake.env.TWILIO_FROM],
      ['Body', 'Tu código de acceso es 4821'],
      ['StatusCallback', callback],
      ['SmartEncoded', 'true'],
    ]);
    expect(fake.sent()[0]).toMatchObject({ sid: sent.providerMessageId, status: expect.any(String) });
    expect(sms.sender).toBe(fake.env.TWILIO_FROM);
    expect(tracker.status()).toEqual({
      name: 'twilio',
      configured: true,
      lastError: null,
      lastSuccessAt: clock.now(),
    });
  });

  it('counts segments as Twilio bills them (SmartEncoded): UCS-2 for ó, GSM-7 after folding quotes', async () => {
    const { sms } = gateway();
    expect((await sms.send({ to: GUEST, body: 'ó'.repeat(71) })).segments).toBe(2);
    expect((await sms.send({ to: GUEST, body: `“${'a'.repeat(150)}”` })).segments).toBe(1);
    expect((await sms.send({ to: GUEST, body: 'a'.repeat(161) })).segments).toBe(2);
  });

  it('through a Messaging Service: only MessagingServiceSid, accepted, segments counted locally', async () => {
    const { sms } = gateway({}, svc);
    expect(sms.sender).toBe(svc.env.TWILIO_FROM);
    const sent = await sms.send({ to: GUEST, body: 'ó'.repeat(71) });
    expect(sent).toMatchObject({ status: 'accepted', segments: 2 });
    const form = new URLSearchParams(String(svc.requests.at(-1)?.body));
    expect(form.get('MessagingServiceSid')).toBe(SERVICE);
    expect(form.has('From')).toBe(false);
    const only = gateway({ from: undefined }, svc).sms;
    expect(only.sender).toBe(SERVICE);
  });

  it('an API key authenticates as SK…:secret with the AccountSid still in the path', async () => {
    const { sms } = gateway({ apiKey: fake.apiKey, authToken: 'not-used-for-basic' });
    await sms.send({ to: GUEST, body: 'Hola' });
    const req = fake.requests.at(-1);
    expect(req?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.apiKey.sid}:${fake.apiKey.secret}`).toString('base64')}`,
    );
    expect(req?.url).toContain(`/Accounts/${fake.env.TWILIO_ACCOUNT_SID}/`);
  });

  it('refuses to build without a sender', () => {
    expect(() => gateway({ from: undefined, messagingServiceSid: undefined })).toThrow(/sender/);
  });
});

describe('synchronous errors → SmsSendError', () => {
  const cases: {
    name: string;
    setup?: () => Promise<unknown>;
    to?: string;
    body?: string;
    callback?: string;
    gatewayOverrides?: Partial<TwilioGatewayOptions>;
    expected: {
      code: string;
      status: number;
      smsKind: SmsErrorKind;
      providerCode: string;
      temporary: boolean;
    };
  }[] = [
    {
      name: 'an invalid To (21211)',
      to: '+3460',
      expected: {
        code: 'twilio.rejected',
        status: 400,
        smsKind: 'invalid_recipient',
        providerCode: '21211',
        temporary: false,
      },
    },
    {
      name: 'an opted-out guest (21610)',
      setup: () => fake.control('inbound', { from: GUEST, body: 'STOP' }),
      expected: {
        code: 'twilio.rejected',
        status: 400,
        smsKind: 'opted_out',
        providerCode: '21610',
        temporary: false,
      },
    },
    {
      name: 'a landline (21614)',
      setup: () => fake.control('landlines', { numbers: [GUEST] }),
      expected: {
        code: 'twilio.rejected',
        status: 400,
        smsKind: 'not_mobile',
        providerCode: '21614',
        temporary: false,
      },
    },
    {
      name: 'a landline where Twilio does not try (21635)',
      setup: () => fake.control('landlines', { numbers: [GUEST], code: 21635 }),
      expected: {
        code: 'twilio.rejected',
        status: 400,
        smsKind: 'not_mobile',
        providerCode: '21635',
        temporary: false,
      },
    },
    {
      name: 'a disabled country (21408)',
      setup: () => fake.control('disabled-countries', { prefixes: ['+34'] }),
      expected: {
        code: 'twilio.rejected',
        status: 400,
        smsKind: 'region_blocked',
        providerCode: '21408',
        temporary: false,
      },
    },
    {
      name: 'a From the account does not own (21606)',
      gatewayOverrides: { from: '+15005550009' },
      expected: {
        code: 'twilio.rejected',
        status: 400,
        smsKind: 'config',
        providerCode: '21606',
        temporary: false,
      },
    },
    {
      name: 'a body over 1,600 characters (21617)',
      body: 'a'.repeat(1601),
      expected: {
        code: 'twilio.rejected',
        status: 400,
        smsKind: 'config',
        providerCode: '21617',
        temporary: false,
      },
    },
    {
      name: 'an empty body (21602)',
      body: '',
      expected: {
        code: 'twilio.rejected',
        status: 400,
        smsKind: 'config',
        providerCode: '21602',
        temporary: false,
      },
    },
    {
      name: 'a StatusCallback with an underscore in its host (21609)',
      callback: 'https://posada_app.example/cb',
      expected: {
        code: 'twilio.rejected',
        status: 400,
        smsKind: 'config',
        providerCode: '21609',
        temporary: false,
      },
    },
    {
      name: 'a wrong Auth Token (20003)',
      gatewayOverrides: { authToken: 'revoked' },
      expected: {
        code: 'twilio.unauthorized',
        status: 401,
        smsKind: 'auth',
        providerCode: '20003',
        temporary: false,
      },
    },
    {
      name: 'the rate limit (20429)',
      setup: () => fake.control('options', { ratePerSecond: 0 }),
      expected: {
        code: 'twilio.rejected',
        status: 429,
        smsKind: 'rate_limited',
        providerCode: '20429',
        temporary: true,
      },
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      await c.setup?.();
      const { sms, tracker } = gateway(c.gatewayOverrides);
      const error = await failure(
        sms.send({ to: c.to ?? GUEST, body: c.body ?? 'Hola', statusCallbackUrl: c.callback }),
      );
      expect(error).toBeInstanceOf(SmsSendError);
      expect(error).toBeInstanceOf(AdapterError);
      expect(error).toMatchObject({ service: 'twilio', ...c.expected });
      expect(tracker.status().lastError).toEqual({ at: clock.now(), code: c.expected.code });
      expect(fake.sent()).toEqual([]);
    });
  }

  it('21611 (too many queued) is rate_limited and temporary; a 503 is server_error and temporary', async () => {
    const { sms } = gateway();
    fake.failNext({
      status: 400,
      body: {
        code: 21611,
        message: 'This From number has exceeded the maximum number of queued messages',
        more_info: 'https://www.twilio.com/docs/errors/21611',
        status: 400,
      },
    });
    expect(await failure(sms.send({ to: GUEST, body: 'x' }))).toMatchObject({
      code: 'twilio.rejected',
      smsKind: 'rate_limited',
      providerCode: '21611',
      temporary: true,
    });
    fake.failNext({ status: 503, body: { code: 20503, message: 'Service unavailable', status: 503 } });
    expect(await failure(sms.send({ to: GUEST, body: 'x' }))).toMatchObject({
      code: 'twilio.server_error',
      status: 503,
      smsKind: 'server_error',
      providerCode: '20503',
      temporary: true,
    });
  });

  it('no answer in time is timeout; nothing listening is unreachable; both temporary', async () => {
    const { sms, tracker } = gateway({ timeoutMs: 200 });
    fake.hangNext();
    expect(await failure(sms.send({ to: GUEST, body: 'x' }))).toMatchObject({
      code: 'twilio.timeout',
      smsKind: 'timeout',
      providerCode: null,
      temporary: true,
    });
    expect(tracker.status().lastError?.code).toBe('twilio.timeout');
    const nowhere = gateway({ apiBase: 'http://127.0.0.1:9' }).sms;
    expect(await failure(nowhere.send({ to: GUEST, body: 'x' }))).toMatchObject({
      code: 'twilio.unreachable',
      smsKind: 'unreachable',
      temporary: true,
    });
  });

  it('a 2xx that is not a Message resource is invalid_response, not temporary', async () => {
    const { sms } = gateway();
    fake.failNext({ status: 201, body: { hello: 'world' } });
    expect(await failure(sms.send({ to: GUEST, body: 'x' }))).toMatchObject({
      code: 'twilio.invalid_response',
      smsKind: 'unknown',
      temporary: false,
    });
  });
});

describe('fetchMessage (reconciliation)', () => {
  it('reads the current status and the async error code', async () => {
    const { sms } = gateway();
    const { providerMessageId } = await sms.send({ to: GUEST, body: 'x' });
    await fake.idle();
    expect(await sms.fetchMessage(providerMessageId)).toEqual({
      providerMessageId,
      status: 'delivered',
      errorCode: null,
    });

    await fake.control('script', { to: GUEST, outcome: 'undelivered:30003' });
    const second = await sms.send({ to: GUEST, body: 'x' });
    await fake.idle();
    expect(await sms.fetchMessage(second.providerMessageId)).toEqual({
      providerMessageId: second.providerMessageId,
      status: 'undelivered',
      errorCode: '30003',
    });

    await fake.control('options', { dropDlr: true });
    const stuck = await sms.send({ to: '+34600999888', body: 'x' });
    await fake.idle();
    expect((await sms.fetchMessage(stuck.providerMessageId)).status).toBe('sent');
  });

  it('an unknown sid is 404 20404; a malformed one never leaves the process', async () => {
    const { sms } = gateway();
    expect(await failure(sms.fetchMessage(`SM${'0'.repeat(32)}`))).toMatchObject({
      code: 'twilio.rejected',
      status: 404,
      providerCode: '20404',
      smsKind: 'unknown',
    });
    const before = fake.requests.length;
    expect(await failure(sms.fetchMessage('../../Accounts'))).toMatchObject({ code: 'twilio.rejected' });
    expect(fake.requests.length).toBe(before);
  });
});

describe('webhooks: signature, status callbacks, inbound', () => {
  it('verifies a real status callback the fake sent and parses it', async () => {
    const { sms } = gateway();
    const url = `${app.base}/api/webhooks/twilio/status?d=42`;
    const { providerMessageId } = await sms.send({ to: GUEST, body: 'x', statusCallbackUrl: url });
    await fake.idle();
    const [sent, delivered] = app.received;
    for (const hook of [sent, delivered]) {
      const signature = hook?.headers['x-twilio-signature'] as string | undefined;
      expect(sms.verifySignature(url, hook?.params ?? new URLSearchParams(), signature)).toBe(true);
    }
    expect(sms.parseStatusCallback(sent?.params ?? new URLSearchParams())).toEqual({
      providerMessageId,
      status: 'sent',
      errorCode: null,
      carrierDoneAt: null,
    });
    const parsed = sms.parseStatusCallback(delivered?.params ?? new URLSearchParams());
    expect(parsed).toMatchObject({ providerMessageId, status: 'delivered', errorCode: null });
    expect(parsed?.carrierDoneAt).toBeInstanceOf(Date);

    const tampered = new URLSearchParams(delivered?.params);
    tampered.set('MessageStatus', 'undelivered');
    const signature = delivered?.headers['x-twilio-signature'] as string;
    expect(sms.verifySignature(url, tampered, signature)).toBe(false);
    expect(
      sms.verifySignature(
        `${app.base}/api/webhooks/twilio/status`,
        delivered?.params ?? new URLSearchParams(),
        signature,
      ),
    ).toBe(false);
    expect(sms.verifySignature(url, delivered?.params ?? new URLSearchParams(), undefined)).toBe(false);
  });

  it('a callback signed with another token fails; the previous token passes during a rotation', async () => {
    const url = `${app.base}/api/webhooks/twilio/status`;
    await fake.control('options', { badSignature: true });
    const { sms } = gateway();
    await sms.send({ to: GUEST, body: 'x', statusCallbackUrl: url });
    await fake.idle();
    const hook = app.received[0];
    expect(
      sms.verifySignature(
        url,
        hook?.params ?? new URLSearchParams(),
        hook?.headers['x-twilio-signature'] as string,
      ),
    ).toBe(false);

    const params = new URLSearchParams({ MessageSid: `SM${'1'.repeat(32)}`, MessageStatus: 'sent' });
    const rotated = gateway({ authToken: 'new-token', previousAuthTokens: ['old-token'] }).sms;
    expect(rotated.verifySignature(url, params, twilioSignature('old-token', url, params))).toBe(true);
    expect(rotated.verifySignature(url, params, twilioSignature('new-token', url, params))).toBe(true);
    expect(rotated.verifySignature(url, params, twilioSignature('older', url, params))).toBe(false);
  });

  it('parses undelivered and failed callbacks with their ErrorCode, and refuses what is not one', async () => {
    const { sms } = gateway();
    const url = `${app.base}/api/webhooks/twilio/status`;
    await fake.control('script', { to: GUEST, outcome: 'undelivered:30005' });
    await fake.control('script', { to: '+34600999888', outcome: 'failed:30001' });
    const a = await sms.send({ to: GUEST, body: 'x', statusCallbackUrl: url });
    const b = await sms.send({ to: '+34600999888', body: 'x', statusCallbackUrl: url });
    await fake.idle();
    const parsed = app.received.map((r) => sms.parseStatusCallback(r.params));
    expect(
      parsed.find((p) => p?.providerMessageId === a.providerMessageId && p.status === 'undelivered'),
    ).toMatchObject({
      errorCode: '30005',
      carrierDoneAt: expect.any(Date),
    });
    expect(parsed.find((p) => p?.providerMessageId === b.providerMessageId)).toEqual({
      providerMessageId: b.providerMessageId,
      status: 'failed',
      errorCode: '30001',
      carrierDoneAt: null,
    });
    expect(
      sms.parseStatusCallback(new URLSearchParams({ MessageSid: 'SM1', MessageStatus: 'lost' })),
    ).toBeNull();
    expect(sms.parseStatusCallback(new URLSearchParams({ MessageStatus: 'sent' }))).toBeNull();
  });

  it('parses a signed inbound STOP, BAJA, ALTA, a plain message and media; a status callback is not inbound', async () => {
    const { sms } = gateway();
    const url = `${app.base}/api/webhooks/twilio/inbound`;
    const inbound = async (body: string, extra: Record<string, unknown> = {}) => {
      const answer = (await fake.control('inbound', { from: GUEST, body, ...extra })) as { sid: string };
      const hook = app.received.at(-1);
      expect(
        sms.verifySignature(
          url,
          hook?.params ?? new URLSearchParams(),
          hook?.headers['x-twilio-signature'] as string,
        ),
      ).toBe(true);
      return { sid: answer.sid, parsed: sms.parseInbound(hook?.params ?? new URLSearchParams()), hook };
    };
    const stop = await inbound('STOP');
    expect(stop.parsed).toEqual({
      providerMessageId: stop.sid,
      from: GUEST,
      to: fake.env.TWILIO_FROM,
      body: 'STOP',
      media: [],
      keyword: 'stop',
    });
    expect(sms.parseStatusCallback(stop.hook?.params ?? new URLSearchParams())).toBeNull();
    expect((await inbound('baja')).parsed?.keyword).toBe('stop');
    expect((await inbound('Alta')).parsed?.keyword).toBe('start');
    expect((await inbound('HELP')).parsed?.keyword).toBe('help');
    expect((await inbound('Llego a las 18:00, ¿hay parking?')).parsed?.keyword).toBeNull();
    expect((await inbound('stop sending me the door code please')).parsed?.keyword).toBeNull();
    const photo = await inbound('', {
      media: [
        {
          url: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1',
          contentType: 'image/jpeg',
        },
      ],
    });
    expect(photo.parsed).toMatchObject({
      body: '',
      media: [
        {
          url: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1',
          contentType: 'image/jpeg',
        },
      ],
      keyword: null,
    });
    const status = new URLSearchParams({ MessageSid: 'SM1', MessageStatus: 'sent', From: '+1', To: '+2' });
    expect(sms.parseInbound(status)).toBeNull();
  });
});

describe('helpers', () => {
  it('isTemporaryDeliveryError follows the notes’ table', () => {
    for (const code of ['30001', '30003', '30008']) expect(isTemporaryDeliveryError(code), code).toBe(true);
    for (const code of ['30002', '30004', '30005', '30006', '30007', '30034', '99999']) {
      expect(isTemporaryDeliveryError(code), code).toBe(false);
    }
    expect(deliveryErrorKind('30005')).toBe('invalid_recipient');
    expect(deliveryErrorKind('30006')).toBe('not_mobile');
  });

  it('RawDlrDoneDate YYMMDDhhmm is read as UTC; nonsense is null', () => {
    expect(parseRawDlrDoneDate('2607171206')?.toISOString()).toBe('2026-07-17T12:06:00.000Z');
    expect(parseRawDlrDoneDate('260717120659')?.toISOString()).toBe('2026-07-17T12:06:59.000Z');
    expect(parseRawDlrDoneDate('2613171206')).toBeNull();
    expect(parseRawDlrDoneDate('26071712')).toBeNull();
    expect(parseRawDlrDoneDate(null)).toBeNull();
  });
});
