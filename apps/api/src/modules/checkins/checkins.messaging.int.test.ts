import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema/outbox.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Send check-in over WhatsApp and SMS: the operator's link goes through the same providers as the guest's
 * verification codes, here local HTTP servers speaking the WhatsApp Cloud API and the SMS gateway shape.
 */
describe('send check-in by WhatsApp and SMS', () => {
  let t: TestApp;
  let token: string;
  let casa: string;
  let server: Server;
  const received: { url: string; body: { to?: string; text?: { body?: string } | string } }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: JSON.parse(raw) });
        res.writeHead(200, { 'content-type': 'application/json' });
        // The Cloud API answers the accepted message's wamid (whatsapp-cloud-api.md §2); the SMS gateway {}.
        res.end(req.url?.startsWith('/wa/') ? JSON.stringify({ messages: [{ id: 'wamid.test' }] }) : '{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await buildTestApp({
      env: {
        WHATSAPP_API_URL: `${base}/wa`,
        WHATSAPP_PHONE_NUMBER_ID: '555',
        WHATSAPP_TOKEN: 'wa-token',
        SMS_API_URL: `${base}/sms`,
        SMS_API_KEY: 'sms-key',
      },
    });
    const owner = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Azul', tipoPropiedad: 'apartamento' }],
    });
    token = await loginToken(t, owner.email);
    [casa = ''] = owner.propertyIds;
  });

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const send = (channel: string, phone: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkins/send',
      headers: bearer(token),
      payload: {
        property_id: casa,
        name: 'Ana Ruiz',
        phone,
        email: 'ana@example.com',
        channel,
        start_date: '2026-12-01',
        end_date: '2026-12-03',
      },
    });

  it('sends the link as a WhatsApp message, not by e-mail', async () => {
    const res = await send('whatsapp', '+34 611 222 333');
    expect(res.statusCode, res.body).toBe(201);
    const { link, sent } = res.json().data;
    expect(sent).toBe(true);
    const message = received.find((r) => r.url === '/wa/555/messages');
    expect(message?.body.to).toBe('34611222333');
    expect(typeof message?.body.text === 'object' ? message.body.text.body : '').toContain(link.url);
    const mails = (await t.database.db.select().from(emailOutbox)).filter((m) => m.to === 'ana@example.com');
    expect(mails).toHaveLength(0);
  });

  it('sends the link by SMS through the gateway', async () => {
    const res = await send('sms', '+34 622 333 444');
    expect(res.statusCode, res.body).toBe(201);
    const sms = received.find((r) => r.url === '/sms');
    expect(JSON.stringify(sms?.body)).toContain(res.json().data.link.url);
  });
});
