import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type InboxMessageEventPayload, inboxMessageEvent } from '@posada/contracts/inbox';
import { socketClientOptions } from '@posada/contracts/realtime';
import { eq } from 'drizzle-orm';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../adapters/whatsapp/whatsapp.fake.ts';
import { bookings } from '../../db/schema/bookings.ts';
import {
  inboxMessages,
  inboxThreads,
  inboxUnrouted,
  whatsappAccounts,
  whatsappWebhookEvents,
} from '../../db/schema/messaging.ts';
import { createAdmin, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp, testDbKind } from '../../test/test-app.ts';
import { createLocalStorage } from '../files/storage.ts';

const PATH = '/api/webhooks/whatsapp';
/** The fake's 1×1 PNG (inbound images without their own bytes). */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Meta's webhook through the app's real routes (PGlite, or PostgreSQL with TEST_DB=postgres), fed by the
 * WhatsApp fake: it signs each delivery with the app secret and posts it with app.inject, then waits for
 * app.eventsIdle (the delivery is applied after the answer). Casa Encinas (≤ 50 places, so on the shared
 * number) has Ana's booking (+34 600 111 222, 2026-11-19 → 23); Villa Mar has Bruno's (+34 600 333 444).
 */
describe(`WhatsApp webhook on ${testDbKind}`, () => {
  let t: TestApp;
  let fake: FakeWhatsApp;
  let encinas: { accountId: string; email: string };
  let villaMar: { accountId: string; email: string };
  let anaBooking: string;
  let dataDir: string;

  const sign = (body: string, secret = fake.env.WHATSAPP_APP_SECRET) =>
    `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  const post = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: PATH,
      payload: body,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'x-hub-signature-256': signature } : {}),
      },
    });
  const guestWrites = async (input: Record<string, unknown>) =>
    (await fake.control('inbound', input)) as { wamid: string; delivered: number; payload: unknown };
  const messageOf = async (wamid: string) =>
    (await t.database.db.select().from(inboxMessages).where(eq(inboxMessages.externalId, wamid)))[0];
  const threadOf = async (id: string) =>
    (await t.database.db.select().from(inboxThreads).where(eq(inboxThreads.id, id)))[0];

  beforeAll(async () => {
    fake = await startFakeWhatsApp();
    dataDir = mkdtempSync(path.join(tmpdir(), 'wa-webhooks-'));
    t = await buildTestApp({ env: { ...fake.env, DATA_DIR: dataDir } });
    fake.setWebhook(async ({ body, headers }) => {
      const answer = await t.app.inject({ method: 'POST', url: PATH, payload: body, headers });
      return { status: answer.statusCode };
    });
    fake.setAfterDelivery(() => t.app.eventsIdle());
    const a = await createEmpresa(t, { properties: [{ nombre: 'Casa Encinas' }] });
    encinas = { accountId: a.accountId as string, email: a.email };
    const b = await createEmpresa(t, { properties: [{ nombre: 'Villa Mar' }] });
    villaMar = { accountId: b.accountId as string, email: b.email };
    const booking = (accountId: string, propertyId: string, code: string, name: string, phone: string) => ({
      accountId,
      propertyId,
      code,
      name,
      email: `${code}@example.com`,
      phone,
      startDate: '2026-11-19',
      endDate: '2026-11-23',
      guests: 2,
      price: 30000,
      total: 30000,
    });
    const [ana] = await t.database.db
      .insert(bookings)
      .values([
        booking(encinas.accountId, a.propertyIds[0] as string, 'PS-ANA001', 'Ana Pérez', '+34600111222'),
        booking(b.accountId as string, b.propertyIds[0] as string, 'PS-BRU001', 'Bruno Díaz', '+34600333444'),
      ])
      .returning({ id: bookings.id });
    anaBooking = ana?.id as string;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  describe('the GET handshake', () => {
    const handshake = (token: string, mode = 'subscribe') =>
      t.app.inject({
        method: 'GET',
        url: `${PATH}?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`,
      });

    it('answers the raw challenge as text for the verify token', async () => {
      const res = await handshake(fake.env.WHATSAPP_VERIFY_TOKEN);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('1158201444');
    });

    it('refuses another token or mode with 403', async () => {
      expect((await handshake('guess')).statusCode).toBe(403);
      expect((await handshake(`${fake.env.WHATSAPP_VERIFY_TOKEN}x`)).statusCode).toBe(403);
      const wrongMode = await handshake(fake.env.WHATSAPP_VERIFY_TOKEN, 'unsubscribe');
      expect(wrongMode.statusCode).toBe(403);
      expect(wrongMode.json().code).toBe('whatsapp_webhooks.verify_token_invalid');
    });
  });

  describe('the POST signature', () => {
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });

    it('accepts the body signed with the app secret', async () => {
      const res = await post(body, sign(body));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ received: true });
    });

    it('refuses a tampered body, another key and a missing header, storing nothing', async () => {
      const tampered = await post(body.replace('[]', '[{}]'), sign(body));
      expect(tampered.statusCode).toBe(401);
      expect(tampered.json().code).toBe('whatsapp_webhooks.signature_invalid');
      const otherKey = await post(`${body} `, sign(`${body} `, 'another-secret'));
      expect(otherKey.json().code).toBe('whatsapp_webhooks.signature_invalid');
      const missing = await post(`${body}  `);
      expect(missing.statusCode).toBe(401);
      expect(missing.json().code).toBe('whatsapp_webhooks.signature_missing');
      const stored = await t.database.db.select().from(whatsappWebhookEvents);
      expect(stored).toHaveLength(1);
    });

    it('refuses a signed body that is not JSON', async () => {
      const res = await post('not json', sign('not json'));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('whatsapp_webhooks.payload_invalid');
    });
  });

  it("puts a guest's message on the shared number in the thread of the account of their stay", async () => {
    const { wamid, delivered } = await guestWrites({
      from: '34600111222',
      name: 'Ana',
      text: '¿A qué hora es el check-in?',
    });
    expect(delivered).toBe(200);
    const message = await messageOf(wamid);
    expect(message).toMatchObject({
      accountId: encinas.accountId,
      direction: 'in',
      type: 'text',
      body: '¿A qué hora es el check-in?',
      status: 'received',
    });
    expect(await threadOf(message?.threadId as string)).toMatchObject({
      guestName: 'Ana',
      phone: '34600111222',
      bookingId: anaBooking,
      unreadCount: 1,
    });
  });

  it('stores a repeated delivery and a repeated wamid once', async () => {
    const { wamid, payload } = await guestWrites({ from: '34600111222', text: 'Llegamos a las 18:00' });
    const body = JSON.stringify(payload);
    const replay = await post(body, sign(body));
    expect(replay.json().data).toEqual({ received: true, duplicate: true });
    // The same message in another delivery (other bytes): a new delivery, the same one message.
    const other = JSON.stringify({ ...(payload as object), retried: true });
    expect((await post(other, sign(other))).json().data).toEqual({ received: true, duplicate: false });
    await t.app.eventsIdle();
    const stored = await t.database.db
      .select()
      .from(inboxMessages)
      .where(eq(inboxMessages.externalId, wamid));
    expect(stored).toHaveLength(1);
    const deliveries = await t.database.db.select().from(whatsappWebhookEvents);
    expect(deliveries.every((d) => d.processedAt !== null)).toBe(true);
  });

  it('applies with the sweep job a delivery that a crash left stored but not applied', async () => {
    const payload = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1000000000001',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: '34911000000',
                  phone_number_id: fake.env.WHATSAPP_PHONE_NUMBER_ID,
                },
                contacts: [{ profile: { name: 'Ana' }, wa_id: '34600111222' }],
                messages: [
                  {
                    from: '34600111222',
                    id: 'wamid.crash1',
                    timestamp: '1763632800',
                    type: 'text',
                    text: { body: '¿Hay toallas?' },
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    await t.database.db.insert(whatsappWebhookEvents).values({
      id: 'crash-left-this',
      payload,
      receivedAt: new Date(t.clock.now().getTime() - 60_000),
    });
    await t.jobs.send('whatsapp-webhooks.sweep', {});
    await t.jobs.drain('whatsapp-webhooks.sweep', 30_000);
    expect(await messageOf('wamid.crash1')).toMatchObject({
      accountId: encinas.accountId,
      body: '¿Hay toallas?',
    });
    const [row] = await t.database.db
      .select()
      .from(whatsappWebhookEvents)
      .where(eq(whatsappWebhookEvents.id, 'crash-left-this'));
    expect(row?.processedAt).not.toBeNull();
  });

  it('keeps an order under its own type, its items as words and its raw object', async () => {
    const { wamid } = await guestWrites({
      from: '34600111222',
      type: 'order',
      payload: { catalog_id: 'CAT1', product_items: [{ product_retailer_id: 'desayuno', quantity: 2 }] },
    });
    const message = await messageOf(wamid);
    expect(message).toMatchObject({ type: 'order', body: 'desayuno × 2' });
    expect(message?.raw).toMatchObject({ type: 'order', order: { catalog_id: 'CAT1' } });
  });

  it('downloads an image into storage with the sender token', async () => {
    const { wamid } = await guestWrites({ from: '34600111222', image: { caption: 'Mi DNI' } });
    const message = await messageOf(wamid);
    expect(message).toMatchObject({ type: 'image', body: 'Mi DNI', mediaMime: 'image/png', errorCode: null });
    const stored = await createLocalStorage(dataDir).get(message?.mediaFile as string);
    expect(stored?.equals(PIXEL)).toBe(true);
    // Served inline to the thread's account only.
    const media = (email: string) =>
      loginToken(t, email).then((token) =>
        t.app.inject({
          method: 'GET',
          url: `/api/inbox/media/${message?.id}`,
          headers: { authorization: `Bearer ${token}` },
        }),
      );
    const mine = await media(encinas.email);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toMatch(/^image\/png/);
    expect(mine.rawPayload.equals(PIXEL)).toBe(true);
    expect((await media(villaMar.email)).statusCode).toBe(404);
  });

  it('keeps a message whose media failed to download, with the error, and fetches it again later', {
    timeout: 90_000,
  }, async () => {
    fake.failNext({ status: 500, body: { error: { message: 'Service temporarily unavailable', code: 2 } } });
    const { wamid } = await guestWrites({ from: '34600111222', image: {} });
    const kept = await messageOf(wamid);
    expect(kept).toMatchObject({
      type: 'image',
      mediaFile: null,
      errorCode: 'whatsapp.media_download_failed',
    });
    await t.jobs.drain('whatsapp-webhooks.media', 60_000);
    const fetched = await messageOf(wamid);
    expect(fetched).toMatchObject({ mediaMime: 'image/png', errorCode: null });
    expect(fetched?.mediaFile).toBeTruthy();
  });

  it("fetches an unrouted image's media once an admin assigns it to an account", {
    timeout: 90_000,
  }, async () => {
    const { wamid } = await guestWrites({
      from: '34699555666',
      name: 'Irene',
      image: { caption: 'Mi reserva' },
    });
    const [kept] = await t.database.db
      .select()
      .from(inboxUnrouted)
      .where(eq(inboxUnrouted.externalId, wamid));
    expect(kept).toMatchObject({ type: 'image', body: 'Mi reserva', senderName: 'Irene' });
    const admin = await loginToken(t, (await createAdmin(t)).email);
    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/admin/inbox/unrouted/${kept?.id}/assign`,
      payload: { account_id: encinas.accountId },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await t.jobs.drain('whatsapp-webhooks.media', 60_000);
    const message = await messageOf(wamid);
    expect(message).toMatchObject({ accountId: encinas.accountId, type: 'image', mediaMime: 'image/png' });
    const stored = await createLocalStorage(dataDir).get(message?.mediaFile as string);
    expect(stored?.equals(PIXEL)).toBe(true);
  });

  it("never routes a guest to an account that is not theirs: Bruno's stay is elsewhere", async () => {
    const { wamid } = await guestWrites({ from: '34600333444', name: 'Bruno', text: 'Hola' });
    const message = await messageOf(wamid);
    expect(message?.accountId).not.toBe(encinas.accountId);
    // A stranger with no stay and no thread anywhere: in nobody's inbox, kept for the admin (unrouted).
    const stranger = await guestWrites({ from: '34699000000', text: 'Hola' });
    expect(await messageOf(stranger.wamid)).toBeUndefined();
    const [kept] = await t.database.db
      .select()
      .from(inboxUnrouted)
      .where(eq(inboxUnrouted.externalId, stranger.wamid));
    expect(kept).toMatchObject({ phone: '34699000000', body: 'Hola', assignedAt: null });
  });

  it("routes an own number's messages to its account only, and takes that account off the shared number", async () => {
    // Villa Mar connects its own number through Embedded Signup (the fake's dialog, "Continuar").
    const token = await loginToken(t, villaMar.email);
    const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    const start = (await call('GET', '/api/whatsapp/embedded-signup/start')).json().data as { url: string };
    const dialog = new URL(start.url);
    const answer = await fetch(`${dialog.origin}${dialog.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(dialog.searchParams), action: 'continue' }),
      redirect: 'manual',
    });
    const back = new URL(answer.headers.get('location') ?? '');
    const connected = await call('POST', '/api/whatsapp/embedded-signup', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const [own] = (await t.database.db.select().from(whatsappAccounts)).filter(
      (a) => a.accountId === villaMar.accountId,
    );
    const ownNumber = own?.phoneNumberId as string;

    // Ana's stay is at Casa Encinas, but she writes to Villa Mar's number: it is Villa Mar's conversation.
    const toVilla = await guestWrites({
      from: '34600111222',
      text: '¿Tenéis sitio en enero?',
      phone_number_id: ownNumber,
    });
    expect((await messageOf(toVilla.wamid))?.accountId).toBe(villaMar.accountId);
    // Bruno (Villa Mar's guest) on the shared number: Villa Mar no longer sends from it, Casa Encinas does not know him.
    const shared = await guestWrites({ from: '34600333444', text: 'Hola de nuevo' });
    expect(await messageOf(shared.wamid)).toBeUndefined();
    // Meta flags the number: the quality update reaches the whatsapp module, and the profile shows it.
    await fake.control('quality', { phone_number_id: ownNumber, quality_rating: 'YELLOW' });
    const flagged = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: own?.wabaId,
          changes: [
            {
              field: 'phone_number_quality_update',
              value: {
                display_phone_number: own?.displayPhoneNumber,
                event: 'FLAGGED',
                current_limit: 'TIER_1K',
              },
            },
          ],
        },
      ],
    });
    expect((await post(flagged, sign(flagged))).statusCode).toBe(200);
    await t.app.eventsIdle();
    const account = (await call('GET', '/api/whatsapp/account')).json().data as { quality_rating: string };
    expect(account.quality_rating).toBe('YELLOW');
    // Ana on the shared number still reaches Casa Encinas.
    const toEncinas = await guestWrites({ from: '34600111222', text: 'Y otra cosa' });
    expect((await messageOf(toEncinas.wamid))?.accountId).toBe(encinas.accountId);
  });

  it('emits inbox.message to the account room for a new message, and for each status of an answer', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const token = await loginToken(t, encinas.email);
    const socket: Socket = connectClient(url, {
      ...socketClientOptions,
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const received = new Promise<InboxMessageEventPayload>((resolve) =>
        socket.on(inboxMessageEvent, (payload: InboxMessageEventPayload) => {
          if (payload.message.body === 'Ya estamos en la puerta') resolve(payload);
        }),
      );
      await guestWrites({ from: '34600111222', text: 'Ya estamos en la puerta' });
      const payload = await received;
      expect(payload.thread).toMatchObject({
        guest_name: 'Ana',
        booking_id: anaBooking,
        property_name: 'Casa Encinas',
        last_message_preview: 'Ya estamos en la puerta',
      });
      expect(payload.message).toMatchObject({ direction: 'in', status: 'received', media_url: null });

      // The operator answers: each status WhatsApp posts back reaches the open inbox as the message's tick.
      const ticks: string[] = [];
      const read = new Promise<void>((resolve) =>
        socket.on(inboxMessageEvent, (p: InboxMessageEventPayload) => {
          if (p.message.body !== 'Os abrimos ahora') return;
          ticks.push(p.message.status);
          if (p.message.status === 'read') resolve();
        }),
      );
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/inbox/threads/${payload.thread.id}/messages`,
        headers: { authorization: `Bearer ${token}` },
        payload: { text: 'Os abrimos ahora' },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      await read;
      expect(ticks).toContain('delivered');
      expect(ticks.indexOf('delivered')).toBeLessThan(ticks.indexOf('read'));
    } finally {
      socket.disconnect();
    }
  });
});

describe(`WhatsApp webhook without configuration on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('answers 503 not_configured to the handshake and to deliveries', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: `${PATH}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`,
    });
    expect(get.statusCode).toBe(503);
    expect(get.json().code).toBe('whatsapp_webhooks.not_configured');
    const post = await t.app.inject({
      method: 'POST',
      url: PATH,
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(post.statusCode).toBe(503);
    expect(post.json().code).toBe('whatsapp_webhooks.not_configured');
  });
});
