import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { createAdapterTracker } from '../status.ts';
import send from './fixtures/send.json' with { type: 'json' };
import { createSmsClient } from './sms.client.ts';
import { type FakeSms, startFakeSms } from './sms.fake.ts';

let fake: FakeSms;
const clock = fixedClock(new Date('2029-11-05T10:00:00Z'));

beforeAll(async () => {
  fake = await startFakeSms();
});
afterAll(() => fake.close());

function client(apiKey = fake.env.SMS_API_KEY, timeoutMs?: number) {
  const tracker = createAdapterTracker('sms', true, clock);
  return { sms: createSmsClient({ apiUrl: fake.env.SMS_API_URL, apiKey, timeoutMs, tracker }), tracker };
}

describe('SMS gateway adapter against its fake', () => {
  it('POSTs JSON { to, text } with the bearer key, as recorded, and records the success', async () => {
    const { sms, tracker } = client();
    await sms.send({ to: '+34612345678', text: 'Tu código es 111222' });
    const req = fake.requests.at(-1);
    expect(req?.url).toBe(send.request.path);
    expect(req?.headers.authorization).toBe(`Bearer ${fake.env.SMS_API_KEY}`);
    expect(req?.body).toEqual(send.request.body);
    expect(tracker.status().lastSuccessAt).toEqual(clock.now());
    expect(tracker.status().lastError).toBeNull();
  });

  it('a wrong key is sms.unauthorized; a 500 is sms.server_error; both recorded', async () => {
    const { sms, tracker } = client('wrong');
    await expect(sms.send({ to: '+34612345678', text: 'x' })).rejects.toMatchObject({
      code: 'sms.unauthorized',
      status: 401,
    });
    expect(tracker.status().lastError).toEqual({ at: clock.now(), code: 'sms.unauthorized' });
    const ok = client();
    fake.failNext({ status: 500, body: { error: 'boom' } });
    await expect(ok.sms.send({ to: '+34612345678', text: 'x' })).rejects.toMatchObject({
      code: 'sms.server_error',
    });
  });

  it('no answer in time is sms.timeout; nothing listening is sms.unreachable', async () => {
    const { sms } = client(undefined, 200);
    fake.hangNext();
    await expect(sms.send({ to: '+34612345678', text: 'x' })).rejects.toMatchObject({ code: 'sms.timeout' });
    const nowhere = createSmsClient({ apiUrl: 'http://127.0.0.1:9/sms', apiKey: 'k' });
    await expect(nowhere.send({ to: '+34612345678', text: 'x' })).rejects.toMatchObject({
      code: 'sms.unreachable',
    });
  });
});
