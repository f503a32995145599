import { randomBytes, randomUUID } from 'node:crypto';
import { count, eq, isNull, like, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signWhatsAppBody } from '../../adapters/whatsapp/whatsapp.signature.ts';
import { bookings } from '../../db/schema/bookings.ts';
import {
  inboxMessages,
  inboxThreads,
  inboxUnrouted,
  whatsappAccounts,
  whatsappWebhookEvents,
} from '../../db/schema/messaging.ts';
import { fixedClock } from '../../lib/clock.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { bearer, createAdmin, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, createTestDatabase, type TestApp, testDbKind } from '../../test/test-app.ts';
import type { FileStorage } from '../files/storage.ts';
import type { InboxModuleService } from '../inbox/inbox.module.ts';
import { WEBHOOK_MAX_BYTES } from './payload-guard.ts';
import { createWhatsAppWebhooksService } from './whatsapp-webhooks.service.ts';

const PATH = '/api/webhooks/whatsapp';
const UNROUTED = '/api/admin/inbox/unrouted';
/** The platform's shared number, and Villa Mar's own number (Embedded Signup). */
const SHARED = '100000000000001';
const SHARED_DISPLAY = '34911000000';
const OWN = '200000000000002';
const OWN_DISPLAY = '34922000000';
const APP_SECRET = randomBytes(16).toString('hex');
/** 2026-11-20T10:00:00Z, the test clock, as Meta's unix-seconds string. */
const TIMESTAMP = '1763632800';

type Obj = Record<string, unknown>;
let sequence = 0;
const wamidOf = (tag: string) => `wamid.${tag}.${++sequence}`;

/** A message object as Meta sends it (whatsapp-cloud-api.md §1.2). */
const textFrom = (from: string, body: string, extra: Obj = {}): Obj => ({
  from,
  id: wamidOf('t'),
  timestamp: TIMESTAMP,
  type: 'text',
  text: { body },
  ...extra,
});

/** A signed delivery's body: one `messages` change per receiving number. */
function deliveryOf(
  changes: { number?: string; display?: string; contacts?: Obj[]; messages: Obj[] }[],
  extra: Obj = {},
): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1000000000001',
        changes: changes.map((c) => ({
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: {
              display_phone_number: c.display ?? SHARED_DISPLAY,
              phone_number_id: c.number ?? SHARED,
            },
            contacts:
              c.contacts ??
              c.messages.map((m) => ({ profile: { name: `Huésped ${String(m.from)}` }, wa_id: m.from })),
            messages: c.messages,
          },
        })),
      },
    ],
    ...extra,
  });
}

/**
 * Issue 26, item 5: every correctly signed inbound message is kept, whoever sent it. Through the app's real
 * routes on PGlite (or PostgreSQL with TEST_DB=postgres); deliveries are built and signed here
 * (signWhatsAppBody). The WhatsApp API URL points at a closed port: nothing is downloaded.
 *
 * Casa Encinas (≤ 50 places: on the shared number by default) has Ana's current stay, Carla's, Pablo's stay
 * that ended in August (with his old thread) and Lola's that ended five days ago. Villa Mar has its own number.
 */
describe(`inbound WhatsApp messages are never lost, on ${testDbKind}`, () => {
  let t: TestApp;
  let encinas: { accountId: string; email: string; propertyId: string };
  let villaMar: { accountId: string; email: string };
  let adminToken: string;
  let otherAdminToken: string;
  let encinasToken: string;
  let pabloThread: string;
  let anaBooking: string;

  const post = (body: string, signature: string | null = signWhatsAppBody(APP_SECRET, body)) =>
    t.app.inject({
      method: 'POST',
      url: PATH,
      payload: body,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'x-hub-signature-256': signature } : {}),
      },
    });
  /** Posts a delivery, expects 200, and waits until it is applied. */
  const deliver = async (body: string) => {
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.eventsIdle();
    return res.json().data as { received: true; duplicate: boolean };
  };
  const messageOf = async (wamid: string) =>
    (await t.database.db.select().from(inboxMessages).where(eq(inboxMessages.externalId, wamid)))[0];
  const unroutedOf = async (wamid: string) =>
    (await t.database.db.select().from(inboxUnrouted).where(eq(inboxUnrouted.externalId, wamid)))[0];
  const threadOf = async (id: string) =>
    (await t.database.db.select().from(inboxThreads).where(eq(inboxThreads.id, id)))[0];
  const rowCounts = async () => ({
    deliveries: await t.database.db.$count(whatsappWebhookEvents),
    messages: await t.database.db.$count(inboxMessages),
    unrouted: await t.database.db.$count(inboxUnrouted),
  });
  const call = (token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        WHATSAPP_API_URL: 'http://127.0.0.1:9/v21.0',
        WHATSAPP_PHONE_NUMBER_ID: SHARED,
        WHATSAPP_TOKEN: 'shared-number-token',
        WHATSAPP_APP_SECRET: APP_SECRET,
        WHATSAPP_VERIFY_TOKEN: 'verify-me',
      },
    });
    const a = await createEmpresa(t, { name: 'Casa Encinas', properties: [{ nombre: 'Casa Encinas' }] });
    encinas = { accountId: a.accountId as string, email: a.email, propertyId: a.propertyIds[0] as string };
    const b = await createEmpresa(t, { name: 'Villa Mar', properties: [{ nombre: 'Villa Mar' }] });
    villaMar = { accountId: b.accountId as string, email: b.email };
    const stay = (code: string, name: string, phone: string, startDate: string, endDate: string) => ({
      accountId: encinas.accountId,
      propertyId: encinas.propertyId,
      code,
      name,
      email: `${code}@example.com`,
      phone,
      startDate,
      endDate,
      guests: 2,
      price: 30000,
      total: 30000,
    });
    const [ana, , pablo] = await t.database.db
      .insert(bookings)
      .values([
        stay('PS-ANA001', 'Ana Pérez', '+34600111222', '2026-11-19', '2026-11-23'),
        stay('PS-CAR001', 'Carla Ruiz', '+34600222333', '2026-11-18', '2026-11-25'),
        stay('PS-PAB001', 'Pablo Gil', '+34600700700', '2026-08-03', '2026-08-10'),
        stay('PS-LOL001', 'Lola Sanz', '+34600800800', '2026-11-10', '2026-11-15'),
      ])
      .returning({ id: bookings.id });
    anaBooking = ana?.id as string;
    const [thread] = await t.database.db
      .insert(inboxThreads)
      .values({
        accountId: encinas.accountId,
        phone: '34600700700',
        guestName: 'Pablo Gil',
        bookingId: pablo?.id,
        propertyId: encinas.propertyId,
        lastMessageAt: new Date('2026-08-09T12:00:00Z'),
        createdAt: new Date('2026-08-01T12:00:00Z'),
      })
      .returning({ id: inboxThreads.id });
    pabloThread = thread?.id as string;
    // Villa Mar connected its own number (Embedded Signup): that number is Villa Mar's alone.
    await t.database.db.insert(whatsappAccounts).values({
      accountId: villaMar.accountId,
      mode: 'own',
      status: 'connected',
      wabaId: 'WABA_VILLA',
      phoneNumberId: OWN,
      displayPhoneNumber: OWN_DISPLAY,
      verifiedName: 'Villa Mar',
    });
    adminToken = await loginToken(t, (await createAdmin(t)).email);
    otherAdminToken = await loginToken(t, (await createAdmin(t)).email);
    encinasToken = await loginToken(t, encinas.email);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("routes a past guest whose stay ended to their account's thread, as before", async () => {
    const pablo = textFrom('34600700700', 'Me dejé el cargador en el apartamento');
    const lola = textFrom('34600800800', 'Gracias por todo');
    await deliver(deliveryOf([{ messages: [pablo, lola] }]));
    const fromPablo = await messageOf(pablo.id as string);
    expect(fromPablo).toMatchObject({ accountId: encinas.accountId, threadId: pabloThread, direction: 'in' });
    expect(await threadOf(pabloThread)).toMatchObject({ unreadCount: 1, phone: '34600700700' });
    // Lola has no thread, but her stay ended five days ago: Casa Encinas.
    expect((await messageOf(lola.id as string))?.accountId).toBe(encinas.accountId);
    expect(await unroutedOf(pablo.id as string)).toBeUndefined();
  });

  it("keeps a stranger's message on the shared number for the admin, who assigns it to an account's inbox", async () => {
    const marta = textFrom('34699111222', 'Hola, ¿tenéis sitio en diciembre?');
    const body = deliveryOf([
      { contacts: [{ profile: { name: 'Marta' }, wa_id: '34699111222' }], messages: [marta] },
    ]);
    expect(await deliver(body)).toEqual({ received: true, duplicate: false });
    expect(await messageOf(marta.id as string)).toBeUndefined();
    expect(await unroutedOf(marta.id as string)).toMatchObject({
      channel: 'whatsapp',
      phone: '34699111222',
      senderName: 'Marta',
      recipient: SHARED_DISPLAY,
      type: 'text',
      body: 'Hola, ¿tenéis sitio en diciembre?',
      receivedAt: new Date(Number(TIMESTAMP) * 1000),
      assignedAt: null,
    });
    // Meta's retry (the same bytes) and the same message in another delivery: still one row.
    expect(await deliver(body)).toEqual({ received: true, duplicate: true });
    await deliver(deliveryOf([{ messages: [marta] }], { retried: true }));
    expect(await t.database.db.$count(inboxUnrouted, eq(inboxUnrouted.externalId, marta.id as string))).toBe(
      1,
    );

    // The admin's list: newest first, searchable by name, phone digits and text; waiting ones counted.
    const list = await call(adminToken, 'GET', UNROUTED);
    expect(list.statusCode, list.body).toBe(200);
    const item = (list.json().data.items as { id: string; phone: string }[]).find(
      (i) => i.phone === '34699111222',
    );
    expect(item).toMatchObject({
      sender_name: 'Marta',
      recipient: SHARED_DISPLAY,
      body: 'Hola, ¿tenéis sitio en diciembre?',
      assignable: true,
      assigned: null,
    });
    expect(list.json().data.waiting).toBeGreaterThanOrEqual(1);
    const idsOf = async (query: string) =>
      ((await call(adminToken, 'GET', `${UNROUTED}?${query}`)).json().data.items as { id: string }[]).map(
        (i) => i.id,
      );
    expect(await idsOf('search=marta')).toContain(item?.id);
    expect(await idsOf('search=111222')).toContain(item?.id);
    expect(await idsOf('search=diciembre')).toContain(item?.id);
    expect(await idsOf('search=enero')).not.toContain(item?.id);
    expect(await idsOf('assigned=false')).toContain(item?.id);
    expect(await idsOf('assigned=true')).not.toContain(item?.id);

    // Only admins: another admin assigns it to Casa Encinas.
    const assignUrl = `${UNROUTED}/${item?.id}/assign`;
    expect(
      (await call(otherAdminToken, 'POST', assignUrl, { account_id: randomUUID() })).json(),
    ).toMatchObject({ code: 'validation.failed', errors: { account_id: [expect.any(String)] } });
    const assigned = await call(otherAdminToken, 'POST', assignUrl, { account_id: encinas.accountId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data.assigned).toMatchObject({
      account_id: encinas.accountId,
      account_name: 'Casa Encinas',
      thread_id: expect.any(String),
    });
    const again = await call(adminToken, 'POST', assignUrl, { account_id: villaMar.accountId });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('inbox_unrouted.already_assigned');
    expect(await idsOf('assigned=true')).toContain(item?.id);

    // In Casa Encinas's inbox: a thread without a stay, unread, which the operator can link to a booking.
    const moved = await messageOf(marta.id as string);
    expect(moved).toMatchObject({
      accountId: encinas.accountId,
      direction: 'in',
      body: 'Hola, ¿tenéis sitio en diciembre?',
    });
    const threadId = moved?.threadId as string;
    expect(threadId).toBe(assigned.json().data.assigned.thread_id);
    expect(await threadOf(threadId)).toMatchObject({ guestName: 'Marta', bookingId: null, unreadCount: 1 });
    const threads = await call(encinasToken, 'GET', '/api/inbox/threads?search=Marta');
    expect(threads.statusCode, threads.body).toBe(200);
    expect(threads.json().data.items.map((th: { id: string }) => th.id)).toContain(threadId);
    const linked = await call(encinasToken, 'PUT', `/api/inbox/threads/${threadId}/booking`, {
      booking_id: anaBooking,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    // Her next message finds her thread: routed, not kept for the admin again.
    const next = textFrom('34699111222', '¿Y para tres noches?');
    await deliver(deliveryOf([{ messages: [next] }]));
    expect(await messageOf(next.id as string)).toMatchObject({ accountId: encinas.accountId, threadId });
    expect(await unroutedOf(next.id as string)).toBeUndefined();
  });

  it('keeps the admin routes from anonymous callers (401) and operators (403), and answers 404 for an unknown id', async () => {
    for (const [method, url, payload] of [
      ['GET', UNROUTED, undefined],
      ['POST', `${UNROUTED}/${randomUUID()}/assign`, { account_id: randomUUID() }],
    ] as const) {
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
      const operator = await call(encinasToken, method, url, payload);
      expect(operator.statusCode).toBe(403);
      expect(operator.json().code).toBe('auth.forbidden');
    }
    const unknown = await call(adminToken, 'POST', `${UNROUTED}/${randomUUID()}/assign`, {
      account_id: encinas.accountId,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('inbox_unrouted.not_found');
  });

  it("opens a thread without a stay in the own number's account for a sender nobody knows", async () => {
    const stranger = textFrom('34688000111', '¿Aceptáis mascotas?');
    await deliver(deliveryOf([{ number: OWN, display: OWN_DISPLAY, messages: [stranger] }]));
    const message = await messageOf(stranger.id as string);
    expect(message).toMatchObject({ accountId: villaMar.accountId, body: '¿Aceptáis mascotas?' });
    expect(await threadOf(message?.threadId as string)).toMatchObject({
      accountId: villaMar.accountId,
      phone: '34688000111',
      bookingId: null,
    });
    expect(await unroutedOf(stranger.id as string)).toBeUndefined();
  });

  it('cleans U+0000 and lone surrogates (200, never 500) and keeps every other message of the delivery', async () => {
    const ana = textFrom('34600111222', 'Hola\u0000 llego a las 18:00');
    const stranger = textFrom('34677000999', 'Roto \ud83d fin');
    const carla = textFrom('34600222333', 'Perfecto, gracias');
    const body = deliveryOf([
      {
        contacts: [
          { profile: { name: 'Ana\u0000' }, wa_id: '34600111222' },
          { profile: { name: 'Nu\u0000ria \udc00' }, wa_id: '34677000999' },
          { profile: { name: 'Carla' }, wa_id: '34600222333' },
        ],
        messages: [ana, stranger, carla],
      },
    ]);
    // The raw body carries the JSON escapes PostgreSQL's jsonb refuses.
    expect(body).toContain('\\u0000');
    expect(body).toContain('\\ud83d');
    await deliver(body);
    expect(await messageOf(ana.id as string)).toMatchObject({
      accountId: encinas.accountId,
      body: 'Hola llego a las 18:00',
    });
    expect(await unroutedOf(stranger.id as string)).toMatchObject({
      body: 'Roto \uFFFD fin',
      senderName: 'Nuria \uFFFD',
    });
    expect(await messageOf(carla.id as string)).toMatchObject({ accountId: encinas.accountId });
    const [stored] = await t.database.db
      .select()
      .from(whatsappWebhookEvents)
      .where(sql`${whatsappWebhookEvents.payload}::text like ${`%${ana.id}%`}`);
    expect(stored?.processedAt).not.toBeNull();
    expect(JSON.stringify(stored?.payload)).not.toMatch(/\\u0000|\\ud83d/);
  });

  it('refuses a signed body nested deeper than 64 levels with 400 before anything is stored or parsed', async () => {
    const before = await rowCounts();
    const nested = (levels: number) =>
      `{"object":"whatsapp_business_account","entry":[],"x":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}`;
    for (const levels of [100, 1_500, 100_000]) {
      const res = await post(nested(levels));
      expect(res.statusCode, `${levels} levels`).toBe(400);
      expect(res.json().code).toBe('whatsapp_webhooks.payload_too_deep');
    }
    expect(await rowCounts()).toEqual(before);
    // 60 levels is allowed, and the database still answers.
    await deliver(nested(60));
    const ok = textFrom('34600111222', 'Sigo aquí');
    await deliver(deliveryOf([{ messages: [ok] }]));
    expect(await messageOf(ok.id as string)).toBeDefined();
  });

  it("refuses a body over Meta's 3 MB with 413 before reading it", async () => {
    const before = await rowCounts();
    const padding = 'x'.repeat(WEBHOOK_MAX_BYTES);
    const body = deliveryOf([{ messages: [textFrom('34600111222', padding)] }]);
    const res = await post(body);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ ok: false, code: 'whatsapp_webhooks.payload_too_large' });
    expect(await rowCounts()).toEqual(before);
  });

  it('keeps every inbound type of the protocol notes, for a known guest and for a stranger', async () => {
    const typed = (from: string, type: string, part: Obj | null, extra: Obj = {}): Obj => ({
      from,
      id: wamidOf(type),
      timestamp: TIMESTAMP,
      type,
      ...(part ? { [type]: part } : {}),
      ...extra,
    });
    const kinds = (from: string): [Obj, string][] => [
      [typed(from, 'text', { body: 'Hola' }), 'text'],
      [typed(from, 'image', { id: 'MEDIA_IMG', mime_type: 'image/jpeg', caption: 'DNI' }), 'image'],
      [typed(from, 'video', { id: 'MEDIA_VID', mime_type: 'video/mp4' }), 'video'],
      [typed(from, 'audio', { id: 'MEDIA_AUD', mime_type: 'audio/ogg', voice: true }), 'audio'],
      [
        typed(from, 'document', { id: 'MEDIA_DOC', mime_type: 'application/pdf', filename: 'a.pdf' }),
        'document',
      ],
      [typed(from, 'sticker', { id: 'MEDIA_STK', mime_type: 'image/webp' }), 'sticker'],
      [typed(from, 'location', { latitude: 40.4, longitude: -3.7, name: 'Sol' }), 'location'],
      [typed(from, 'contacts', null, { contacts: [{ name: { formatted_name: 'Luis' } }] }), 'contacts'],
      [
        typed(from, 'interactive', { type: 'button_reply', button_reply: { id: 'b', title: 'Sí' } }),
        'interactive',
      ],
      [
        typed(from, 'interactive', { type: 'list_reply', list_reply: { id: 'l', title: 'Parking' } }),
        'interactive',
      ],
      [
        typed(from, 'interactive', {
          type: 'nfm_reply',
          nfm_reply: { name: 'flow', body: 'Sent', response_json: '{"llegada":"15:00"}' },
        }),
        'interactive',
      ],
      [typed(from, 'button', { text: 'Confirmar', payload: 'OK' }), 'button'],
      [typed(from, 'reaction', { message_id: 'wamid.X', emoji: '👍' }), 'reaction'],
      [
        typed(from, 'order', {
          catalog_id: 'C1',
          product_items: [{ product_retailer_id: 'p', quantity: 1 }],
        }),
        'order',
      ],
      [typed(from, 'system', { type: 'customer_changed_number', body: 'Cambió de número' }), 'system'],
      [typed(from, 'request_welcome', null), 'request_welcome'],
      [typed(from, 'unsupported', { type: 'poll_update' }, { errors: [{ code: 131051 }] }), 'unsupported'],
      [typed(from, 'hologram', { id: 'H1' }), 'unsupported'],
    ];
    const known = kinds('34600111222');
    const stranger = kinds('34677123123');
    await deliver(deliveryOf([{ messages: known.map(([m]) => m) }]));
    await deliver(deliveryOf([{ messages: stranger.map(([m]) => m) }]));
    for (const [message, type] of known) {
      const stored = await messageOf(message.id as string);
      expect(stored, `${message.type}`).toMatchObject({ accountId: encinas.accountId, type, raw: message });
    }
    for (const [message, type] of stranger) {
      expect(await unroutedOf(message.id as string), `${message.type}`).toMatchObject({ type, raw: message });
    }
    // A media that could not be downloaded is kept with the error (and retried by its job).
    expect(await messageOf(known[1]?.[0].id as string)).toMatchObject({
      body: 'DNI',
      errorCode: 'whatsapp.media_download_failed',
    });
  });

  it('keeps a username user (no phone) for the admin, on the shared and on an own number; it cannot be assigned', async () => {
    const noPhone = (text: string): Obj => ({
      from_user_id: 'ES.1349120865530274',
      id: wamidOf('username'),
      timestamp: TIMESTAMP,
      type: 'text',
      text: { body: text },
    });
    const contacts = [{ user_id: 'ES.1349120865530274', username: 'ana.viajera' }];
    const onShared = noPhone('Hola desde mi usuario');
    const onOwn = noPhone('Hola Villa Mar');
    await deliver(
      deliveryOf([
        { contacts, messages: [onShared] },
        { number: OWN, display: OWN_DISPLAY, contacts, messages: [onOwn] },
      ]),
    );
    expect(await unroutedOf(onShared.id as string)).toMatchObject({
      phone: '',
      senderName: 'ana.viajera',
      recipient: SHARED_DISPLAY,
      raw: { from_user_id: 'ES.1349120865530274' },
    });
    const own = await unroutedOf(onOwn.id as string);
    expect(own).toMatchObject({ phone: '', recipient: OWN_DISPLAY });
    const listed = (await call(adminToken, 'GET', `${UNROUTED}?search=ana.viajera`)).json().data.items;
    expect(listed.map((i: { assignable: boolean }) => i.assignable)).toEqual([false, false]);
    const refused = await call(adminToken, 'POST', `${UNROUTED}/${own?.id}/assign`, {
      account_id: villaMar.accountId,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('inbox_unrouted.no_phone');
    expect((await unroutedOf(onOwn.id as string))?.assignedAt).toBeNull();
  });

  it('stores a burst of 1,000 messages from 200 numbers once each; replays change nothing', async () => {
    const numbers = Array.from({ length: 200 }, (_, i) => `3461100${String(i).padStart(4, '0')}`);
    // 40 of them are guests of Casa Encinas (a current stay); the other 160 nobody knows.
    await t.database.db.insert(bookings).values(
      numbers.slice(0, 40).map((phone, i) => ({
        accountId: encinas.accountId,
        propertyId: encinas.propertyId,
        code: `PS-BUR${String(i).padStart(3, '0')}`,
        name: `Huésped ${i}`,
        email: `burst${i}@example.com`,
        phone: `+${phone}`,
        startDate: '2026-11-19',
        endDate: '2026-11-22',
        guests: 1,
        price: 10000,
        total: 10000,
      })),
    );
    const before = await rowCounts();
    const bodies: string[] = [];
    for (let d = 0; d < 250; d++) {
      const messages = [0, 1, 2, 3].map((k) => {
        const n = (d * 4 + k) % 200;
        return { ...textFrom(numbers[n] as string, `Mensaje ${d * 4 + k}`), id: `wamid.burst.${d * 4 + k}` };
      });
      bodies.push(deliveryOf([{ messages }]));
    }
    const postAll = async () => {
      const answers: { statusCode: number; duplicate: boolean }[] = [];
      for (let i = 0; i < bodies.length; i += 50) {
        const chunk = await Promise.all(bodies.slice(i, i + 50).map((b) => post(b)));
        answers.push(
          ...chunk.map((r) => ({ statusCode: r.statusCode, duplicate: r.json().data?.duplicate })),
        );
      }
      await t.app.eventsIdle();
      return answers;
    };
    const first = await postAll();
    expect(first.every((a) => a.statusCode === 200 && a.duplicate === false)).toBe(true);
    const routed = await t.database.db
      .select({ id: inboxMessages.externalId, accountId: inboxMessages.accountId })
      .from(inboxMessages)
      .where(like(inboxMessages.externalId, 'wamid.burst.%'));
    const kept = await t.database.db
      .select({ id: inboxUnrouted.externalId, phone: inboxUnrouted.phone })
      .from(inboxUnrouted)
      .where(like(inboxUnrouted.externalId, 'wamid.burst.%'));
    expect(routed.length + kept.length).toBe(1000);
    expect(new Set([...routed, ...kept].map((r) => r.id)).size).toBe(1000);
    // Each where it belongs: the 40 guests' 200 messages in Casa Encinas, the 160 strangers' 800 unrouted.
    expect(routed.length).toBe(200);
    expect(routed.every((r) => r.accountId === encinas.accountId)).toBe(true);
    expect(new Set(kept.map((r) => r.phone)).size).toBe(160);
    const afterFirst = await rowCounts();
    expect(afterFirst.deliveries - before.deliveries).toBe(250);
    // Meta's retries of all of them: answered as duplicates, nothing changes.
    const replays = await postAll();
    expect(replays.every((a) => a.statusCode === 200 && a.duplicate === true)).toBe(true);
    expect(await rowCounts()).toEqual(afterFirst);
    const [pending] = await t.database.db
      .select({ n: count() })
      .from(whatsappWebhookEvents)
      .where(isNull(whatsappWebhookEvents.processedAt));
    expect(pending?.n ?? 0).toBe(0);
  }, 300_000);
});

/**
 * One item that fails (whatever the reason) must not keep the others of its delivery out of the inbox: the
 * webhook service on a real database with a stand-in inbox that refuses one message.
 */
describe(`a failing item of a delivery, on ${testDbKind}`, () => {
  it('applies the other items, leaves the delivery for the sweep, and the sweep finishes it', async () => {
    const testDatabase = await createTestDatabase();
    try {
      const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
      let refuse = true;
      const recorded: string[] = [];
      const inbox = {
        hasMessage: async (_channel: string, wamid: string) => recorded.includes(wamid),
        accountsOfGuestPhone: async () => ['00000000-0000-4000-8000-000000000001'],
        recordInbound: vi.fn(async (m: { externalId: string }) => {
          if (m.externalId === 'wamid.bad' && refuse) throw new Error('the inbox refused it');
          recorded.push(m.externalId);
          return { threadId: 't', messageId: m.externalId, created: true };
        }),
        applyStatus: vi.fn(async () => null),
        unrouted: { has: async () => false, recordUnrouted: vi.fn(), onAssigned: () => {} },
      } as unknown as InboxModuleService;
      const service = createWhatsAppWebhooksService({
        db: testDatabase.database.db,
        clock,
        jobs: { send: vi.fn() } as unknown as Jobs,
        logger: pino({ level: 'silent' }),
        storage: {} as FileStorage,
        inbox,
        gateway: null,
        connections: () => null,
        appSecret: APP_SECRET,
        sharedPhoneNumberId: SHARED,
      });
      const body = deliveryOf([
        {
          messages: [
            { ...textFrom('34600111222', 'uno'), id: 'wamid.good1' },
            { ...textFrom('34600111222', 'dos'), id: 'wamid.bad' },
            { ...textFrom('34600111222', 'tres'), id: 'wamid.good2' },
          ],
        },
      ]);
      const answer = await service.receive(Buffer.from(body), signWhatsAppBody(APP_SECRET, body));
      expect(answer).toEqual({ received: true, duplicate: false });
      await service.idle();
      expect(recorded).toEqual(['wamid.good1', 'wamid.good2']);
      const [row] = await testDatabase.database.db.select().from(whatsappWebhookEvents);
      expect(row?.processedAt).toBeNull();
      // Later the inbox takes it: the sweep applies the delivery again; the two stored ones change nothing.
      refuse = false;
      clock.advance(31_000);
      expect(await service.processPending()).toBe(1);
      expect(recorded).toEqual(['wamid.good1', 'wamid.good2', 'wamid.bad']);
      const [done] = await testDatabase.database.db.select().from(whatsappWebhookEvents);
      expect(done?.processedAt).not.toBeNull();
    } finally {
      await testDatabase.dispose();
    }
  }, 60_000);
});
