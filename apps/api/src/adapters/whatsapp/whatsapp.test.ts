import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { AdapterError } from '../adapter-error.ts';
import { createAdapterTracker } from '../status.ts';
import sendText from './fixtures/send-text.json' with { type: 'json' };
import { createWhatsAppClient } from './whatsapp.client.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from './whatsapp.fake.ts';

let fake: FakeWhatsApp;
const clock = fixedClock(new Date('2029-11-05T10:00:00Z'));

beforeAll(async () => {
  fake = await startFakeWhatsApp();
});
afterAll(() => fake.close());

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

describe('WhatsApp Cloud API adapter against its fake', () => {
  it('POSTs {url}/{phone number id}/messages with the bearer token and a text message, as recorded', async () => {
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
    const { whatsapp } = client({ template: 'otp_code' });
    await whatsapp.send({ to: '612345678', text: 'code 654321' });
    expect(fake.requests.at(-1)?.body).toMatchObject({
      type: 'template',
      template: {
        name: 'otp_code',
        components: [{ type: 'body', parameters: [{ type: 'text', text: '654321' }] }],
      },
    });
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
