import { createServer } from 'node:net';
import type { MessageDelivery } from '@posada/contracts/deliveries';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type SmtpCapture, startSmtpCapture } from '../adapters/smtp/smtp.fake.ts';
import { type FakeTwilio, startFakeTwilio } from '../adapters/twilio/twilio.fake.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../adapters/whatsapp/whatsapp.fake.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

/** A free local port (the app must know its public URL, APP_URL, before it listens). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface MessagingKit {
  t: TestApp;
  whatsapp: FakeWhatsApp;
  twilio: FakeTwilio;
  smtp: SmtpCapture;
  /** The app's public URL (it listens there: the fakes call its webhooks over real HTTP). */
  base: string;
  call(
    token: string,
    method: InjectOptions['method'],
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
  /** Waits until the fakes posted every webhook and callback and the app applied them. */
  settle(): Promise<void>;
  /** The stay's delivery records, newest first, as the operator reads them. */
  messagesOf(token: string, bookingId: string, locale?: string): Promise<MessageDelivery[]>;
  /** A guest writes on WhatsApp to the shared number (opens the 24-hour window at both ends). */
  guestWrites(from: string, text: string, name?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real app listening on a local port with the three providers it talks to played by strict fakes
 * (docs/messaging.md, Delivery): the WhatsApp Cloud API (shared number, status webhooks), Twilio (status
 * callbacks to the StatusCallback URL the app gives, inbound SMS) and an SMTP server. Both databases.
 */
export async function startMessagingKit(env: Record<string, string> = {}): Promise<MessagingKit> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The fakes' clocks are the app's (the 24-hour window is judged at both ends), once the app is built.
  let now = () => Date.now();
  const whatsapp = await startFakeWhatsApp({ webhook: `${base}/api/webhooks/whatsapp`, now: () => now() });
  const twilio = await startFakeTwilio({
    inboundUrl: `${base}/api/webhooks/twilio/inbound`,
    now: () => now(),
  });
  const smtp = await startSmtpCapture();
  const t = await buildTestApp({
    env: {
      ...whatsapp.env,
      ...twilio.env,
      SMTP_URL: smtp.url,
      APP_URL: base,
      INBOUND_EMAIL_DOMAIN: 'mail.posada.test',
      INBOUND_EMAIL_SECRET: 'inbound-secret-for-tests-0001',
      ...env,
    },
  });
  now = () => t.clock.now().getTime();
  await t.app.listen({ port, host: '127.0.0.1' });

  const settle = async () => {
    for (let i = 0; i < 5; i++) {
      await whatsapp.idle();
      await twilio.idle();
      await t.app.eventsIdle();
    }
  };
  const call: MessagingKit['call'] = async (token, method, url, payload) => {
    const res = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    return res;
  };
  return {
    t,
    whatsapp,
    twilio,
    smtp,
    base,
    call,
    settle,
    async messagesOf(token, bookingId, locale = 'es') {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/bookings/${bookingId}/messages`,
        headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
      });
      if (res.statusCode !== 200) throw new Error(`messages: ${res.statusCode} ${res.body}`);
      return res.json().data as MessageDelivery[];
    },
    async guestWrites(from, text, name = 'Ana') {
      await whatsapp.control('inbound', {
        from,
        name,
        text,
        timestamp: Math.floor(t.clock.now().getTime() / 1000),
      });
      await settle();
    },
    async close() {
      await t.close();
      await whatsapp.close();
      await twilio.close();
      await smtp.close();
    },
  };
}
