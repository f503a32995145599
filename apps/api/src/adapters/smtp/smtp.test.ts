import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { createAdapterTracker } from '../status.ts';
import { createSmtpTransport } from './smtp.client.ts';
import { type SmtpCapture, startSmtpCapture } from './smtp.fake.ts';

let smtp: SmtpCapture;
const clock = fixedClock(new Date('2029-11-05T10:00:00Z'));
const message = {
  from: 'Posada <no-reply@posada.test>',
  to: 'ana@example.com',
  subject: 'Hola',
  text: 'Hola Ana',
};
const short = { connection: 500, greeting: 300, socket: 500 };

beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(() => smtp.close());

describe('SMTP adapter against its fake server', () => {
  it('delivers a message and records the success', async () => {
    const tracker = createAdapterTracker('smtp', true, clock);
    await createSmtpTransport(smtp.url, { tracker }).send(message);
    const received = await smtp.waitFor((m) => m.subject === 'Hola');
    expect(received).toMatchObject({ to: 'ana@example.com', text: expect.stringContaining('Hola Ana') });
    expect(tracker.status()).toMatchObject({ lastError: null, lastSuccessAt: clock.now() });
  });

  it('wrong credentials are smtp.unauthorized, recorded with their time', async () => {
    const tracker = createAdapterTracker('smtp', true, clock);
    const wrong = smtp.url.replace(/:[^:@/]+@/, ':wrong-password@');
    await expect(createSmtpTransport(wrong, { tracker }).send(message)).rejects.toMatchObject({
      code: 'smtp.unauthorized',
    });
    expect(tracker.status().lastError).toEqual({ at: clock.now(), code: 'smtp.unauthorized' });
  });

  it('"451 try again later" is smtp.server_error and keeps the reply in the message', async () => {
    smtp.refuseNext(1);
    const error = await createSmtpTransport(smtp.url)
      .send(message)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'smtp.server_error', status: 451 });
    expect(String((error as Error).message)).toMatch(/451/);
  });

  it('a server that never greets is smtp.timeout; nothing listening is smtp.unreachable', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      await expect(
        createSmtpTransport(`smtp://u:p@127.0.0.1:${port}`, { timeoutsMs: short }).send(message),
      ).rejects.toMatchObject({ code: 'smtp.timeout' });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
    await expect(
      createSmtpTransport('smtp://u:p@127.0.0.1:9', { timeoutsMs: short }).send(message),
    ).rejects.toMatchObject({ code: 'smtp.unreachable' });
  });
});
