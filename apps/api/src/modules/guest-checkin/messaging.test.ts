import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsSender, createWhatsAppSender, MessagingError } from './messaging.ts';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

let server: Server;
let base: string;
const recorded: Recorded[] = [];
let status = 200;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      recorded.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(raw),
      });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messages: [{ id: 'wamid.1' }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('messaging adapters over real HTTP', () => {
  it('WhatsApp Cloud API: POST {url}/{phone number id}/messages, bearer token, text message', async () => {
    status = 200;
    const sender = createWhatsAppSender({
      apiUrl: `${base}/v21.0/`,
      phoneNumberId: '1234567890',
      token: 'wa-token',
    });
    await sender.send({ to: '+34 612 345 678', subject: 's', text: 'Tu código es 123456' });
    const req = recorded.at(-1);
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/v21.0/1234567890/messages');
    expect(req?.headers.authorization).toBe('Bearer wa-token');
    expect(req?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '34612345678',
      type: 'text',
      text: { preview_url: false, body: 'Tu código es 123456' },
    });
  });

  it('WhatsApp with a template sends the code as its body parameter', async () => {
    const sender = createWhatsAppSender({
      apiUrl: base,
      phoneNumberId: '42',
      token: 't',
      template: 'otp_code',
    });
    await sender.send({ to: '612345678', subject: 's', text: 'code 654321' });
    expect(recorded.at(-1)?.body).toMatchObject({
      type: 'template',
      template: {
        name: 'otp_code',
        components: [{ type: 'body', parameters: [{ type: 'text', text: '654321' }] }],
      },
    });
  });

  it('SMS gateway: JSON { to, text } with a bearer key; a refusal is an error', async () => {
    const sender = createSmsSender({ apiUrl: `${base}/sms`, apiKey: 'sms-key' });
    await sender.send({ to: '+34612345678', subject: 's', text: 'Tu código es 111222' });
    const req = recorded.at(-1);
    expect(req?.url).toBe('/sms');
    expect(req?.headers.authorization).toBe('Bearer sms-key');
    expect(req?.body).toEqual({ to: '+34612345678', text: 'Tu código es 111222' });
    status = 500;
    await expect(sender.send({ to: '+34612345678', subject: 's', text: 'x' })).rejects.toBeInstanceOf(
      MessagingError,
    );
  });
});
