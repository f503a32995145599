import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../adapters/whatsapp/whatsapp.fake.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { inboxThreads, messageTemplates } from '../../db/schema/messaging.ts';
import { createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { changedTables, dbSnapshot } from '../../test/db-snapshot.ts';
import { buildTestApp, type TestApp, testDbKind } from '../../test/test-app.ts';

/**
 * What an answer's state is once WhatsApp took it: `accepted`, or already `sent` when the fake's first status
 * webhook was applied before the answer was read back (as fast as PostgreSQL does it). Never queued or failed.
 */
const takenByWhatsApp = expect.stringMatching(/^(accepted|sent|delivered|read)$/);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The inbox screen's routes through the real app (PGlite, or PostgreSQL with TEST_DB=postgres) with the
 * WhatsApp fake as the Cloud API and the shared number as sender. Casa Encinas (account A, in trial) has
 * Ana Pérez's booking (+34 600 111 222, 2026-11-21 → 24, made through the API, so it has its programmed
 * check-in); Ana writes on WhatsApp through the fake. Villa Mar (account B) has its own booking and must
 * see none of A's. Now: 2026-11-20 10:00 UTC.
 */
describe(`inbox screen routes on ${testDbKind}`, () => {
  let t: TestApp;
  let fake: FakeWhatsApp;
  let tokenA: string;
  let tokenB: string;
  let propertyA: string;
  let propertyB: string;
  let bookingA: string;
  let bookingA2: string;
  let bookingB: string;
  let threadId: string;
  let accountA: string;

  const call = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  const data = async (token: string, method: InjectOptions['method'], url: string, payload?: object) => {
    const res = await call(token, method, url, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const anaWrites = async (input: Record<string, unknown>) => {
    const out = (await fake.control('inbound', {
      from: '34600111222',
      name: 'Ana',
      timestamp: Math.floor(t.clock.now().getTime() / 1000),
      ...input,
    })) as { wamid: string };
    await t.app.eventsIdle();
    return out;
  };
  const sentTo = async (to: string) =>
    (
      (await fake.control('sent')) as {
        data: { to: string; type: string; text?: string; template?: unknown }[];
      }
    ).data.filter((s) => s.to === to);

  beforeAll(async () => {
    fake = await startFakeWhatsApp({ enforceWindow: false });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'inbox-routes-'));
    t = await buildTestApp({ env: { ...fake.env, DATA_DIR: dataDir } });
    fake.setWebhook(async ({ body, headers }) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        payload: body,
        headers,
      });
      return { status: answer.statusCode };
    });
    fake.setAfterDelivery(() => t.app.eventsIdle());
    const a = await createEmpresa(t, { name: 'Casa Encinas', properties: [{ nombre: 'Casa Encinas' }] });
    const b = await createEmpresa(t, { name: 'Villa Mar', properties: [{ nombre: 'Villa Mar' }] });
    accountA = a.accountId as string;
    [propertyA, propertyB] = [a.propertyIds[0] as string, b.propertyIds[0] as string];
    tokenA = await loginToken(t, a.email);
    tokenB = await loginToken(t, b.email);
    const book = (token: string, property: string, name: string, phone: string, start: string, end: string) =>
      data(token, 'POST', '/api/create/new-booking', {
        property_id: property,
        name,
        email: 'guest@example.com',
        phone,
        start_date: start,
        end_date: end,
        number_of_guests: 1,
        price: 30_000,
      });
    bookingA = (await book(tokenA, propertyA, 'Ana Pérez', '+34 600 111 222', '2026-11-21', '2026-11-24')).id;
    bookingA2 = (await book(tokenA, propertyA, 'Carla Ruiz', '+34 611 000 111', '2026-12-05', '2026-12-08'))
      .id;
    bookingB = (await book(tokenB, propertyB, 'Bruno Díaz', '+34 600 333 444', '2026-11-21', '2026-11-24'))
      .id;
    await anaWrites({ text: 'Hola, ¿a qué hora es el check-in?' });
    const [thread] = await t.database.db
      .select()
      .from(inboxThreads)
      .where(eq(inboxThreads.accountId, accountA));
    threadId = thread?.id as string;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('lists the guest thread with its preview, unread count, property and stay, and finds it by name, phone and text', async () => {
    const page = await data(tokenA, 'GET', '/api/inbox/threads');
    expect(page.whatsapp).toBe('shared');
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: threadId,
      guest_name: 'Ana',
      phone: '34600111222',
      property_name: 'Casa Encinas',
      booking_id: bookingA,
      arrival: '2026-11-21',
      departure: '2026-11-24',
      last_message_preview: 'Hola, ¿a qué hora es el check-in?',
      unread_count: 1,
    });
    expect(await data(tokenA, 'GET', '/api/inbox/unread-count')).toEqual({ unread: 1, threads: 1 });
    for (const search of ['ana', '600 111', 'qué hora'])
      expect(
        (await data(tokenA, 'GET', `/api/inbox/threads?search=${encodeURIComponent(search)}`)).items,
      ).toHaveLength(1);
    expect((await data(tokenA, 'GET', '/api/inbox/threads?search=bruno')).items).toHaveLength(0);
    expect((await data(tokenA, 'GET', '/api/inbox/threads?channel=email')).items).toHaveLength(0);
    expect((await data(tokenA, 'GET', '/api/inbox/threads?unread=true')).items).toHaveLength(1);
    expect((await data(tokenA, 'GET', `/api/inbox/threads?property_id=${propertyA}`)).items).toHaveLength(1);
    expect((await data(tokenA, 'GET', '/api/inbox/threads?arrival_from=2026-11-22')).items).toHaveLength(0);
    expect((await data(tokenA, 'GET', '/api/inbox/threads?arrival_to=2026-11-21')).items).toHaveLength(1);
    // Another account's property as a filter: the spec's inbox text, not an empty list.
    const foreign = await call(tokenA, 'GET', `/api/inbox/threads?property_id=${propertyB}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('No se ha encontrado la propiedad o el usuario.');
    expect((await data(tokenB, 'GET', '/api/inbox/threads')).items).toHaveLength(0);
  });

  it('opens the thread with its booking card: guest, property, dates, status and the check-in link', async () => {
    const detail = await data(tokenA, 'GET', `/api/inbox/threads/${threadId}`);
    expect(detail.booking).toMatchObject({
      booking_id: bookingA,
      guest_name: 'Ana Pérez',
      property_name: 'Casa Encinas',
      arrival: '2026-11-21',
      departure: '2026-11-24',
      status: 'booked',
      door_code_released: false,
    });
    expect(detail.booking.checkin.link).toMatch(/\/checkin\/customers\/previe\/.+\?t=/);
    const messages = await data(tokenA, 'GET', `/api/inbox/threads/${threadId}/messages`);
    expect(messages.items.map((m: { body: string; direction: string }) => [m.direction, m.body])).toEqual([
      ['in', 'Hola, ¿a qué hora es el check-in?'],
    ]);
  });

  it('answers: the text goes out through WhatsApp and is in the thread', async () => {
    const message = await data(tokenA, 'POST', `/api/inbox/threads/${threadId}/messages`, {
      text: 'Hola {{guest_name}}, desde las 15:00.',
    });
    expect(message).toMatchObject({
      direction: 'out',
      status: takenByWhatsApp,
      body: 'Hola Ana Pérez, desde las 15:00.',
    });
    expect((await sentTo('34600111222')).map((s) => s.text)).toContain('Hola Ana Pérez, desde las 15:00.');
    const list = await data(tokenA, 'GET', '/api/inbox/threads');
    expect(list.items[0].last_message_preview).toBe('Hola Ana Pérez, desde las 15:00.');
    const refused = await call(tokenA, 'POST', `/api/inbox/threads/${threadId}/messages`, { text: '   ' });
    expect(refused.statusCode).toBe(400);
  });

  it('renders a quick reply in the preview and refuses to send a door code that is not released', async () => {
    const [quick, door] = await t.database.db
      .insert(messageTemplates)
      .values([
        {
          accountId: accountA,
          kind: 'quick_reply',
          name: 'Check-in',
          body: 'Hola {{guest_name}}: {{checkin_link}}',
        },
        { accountId: accountA, kind: 'quick_reply', name: 'Código', body: 'Tu código es {{door_code}}' },
      ])
      .returning();
    const preview = await data(tokenA, 'POST', `/api/inbox/threads/${threadId}/preview`, {
      template_id: quick?.id,
    });
    expect(preview.body).toMatch(/^Hola Ana Pérez: http.+\/checkin\/customers\/previe\/.+\?t=/);
    expect(preview.missing).toEqual([]);
    const doorPreview = await data(tokenA, 'POST', `/api/inbox/threads/${threadId}/preview`, {
      template_id: door?.id,
    });
    expect(doorPreview).toMatchObject({ body: 'Tu código es {{door_code}}', missing: ['door_code'] });
    const before = (await sentTo('34600111222')).length;
    const res = await call(tokenA, 'POST', `/api/inbox/threads/${threadId}/messages`, {
      template_id: door?.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('inbox.template_incomplete');
    expect(await sentTo('34600111222')).toHaveLength(before);
  });

  it('sends an image attachment, stored for the owner only; refuses a file that is not what it says', async () => {
    const message = await data(tokenA, 'POST', `/api/inbox/threads/${threadId}/messages`, {
      text: 'El plano',
      attachment: { name: 'plano.png', mime: 'image/png', data: PNG.toString('base64') },
    });
    expect(message).toMatchObject({ type: 'image', status: takenByWhatsApp, media_mime: 'image/png' });
    expect((await sentTo('34600111222')).at(-1)).toMatchObject({ type: 'image' });
    const media = await call(tokenA, 'GET', message.media_url);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    expect(media.rawPayload.equals(PNG)).toBe(true);
    expect((await call(tokenB, 'GET', message.media_url)).statusCode).toBe(404);
    const fake = await call(tokenA, 'POST', `/api/inbox/threads/${threadId}/messages`, {
      attachment: { name: 'x.png', mime: 'image/png', data: Buffer.from('%PDF-1.4').toString('base64') },
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors.attachment).toBeDefined();
  });

  it('marks the thread read and links a booking by hand; another account gets 404 and changes nothing', async () => {
    expect((await data(tokenA, 'POST', `/api/inbox/threads/${threadId}/read`)).unread_count).toBe(0);
    expect(await data(tokenA, 'GET', '/api/inbox/unread-count')).toEqual({ unread: 0, threads: 0 });
    const options = await data(tokenA, 'GET', `/api/inbox/threads/${threadId}/booking-options`);
    expect(options[0].id).toBe(bookingA);
    expect(options.map((o: { id: string }) => o.id)).not.toContain(bookingB);
    const linked = await data(tokenA, 'PUT', `/api/inbox/threads/${threadId}/booking`, {
      booking_id: bookingA2,
    });
    expect(linked).toMatchObject({
      linked_by_hand: true,
      booking: { booking_id: bookingA2, guest_name: 'Carla Ruiz' },
    });
    const foreignBooking = await call(tokenA, 'PUT', `/api/inbox/threads/${threadId}/booking`, {
      booking_id: bookingB,
    });
    expect(foreignBooking.statusCode).toBe(400);

    // The status webhooks of the answers above have all come back before the snapshot.
    await fake.idle();
    await t.app.eventsIdle();
    const before = await dbSnapshot(t.database);
    const asB: [InjectOptions['method'], string, object?][] = [
      ['GET', `/api/inbox/threads/${threadId}`],
      ['GET', `/api/inbox/threads/${threadId}/messages`],
      ['POST', `/api/inbox/threads/${threadId}/messages`, { text: 'Hola' }],
      ['POST', `/api/inbox/threads/${threadId}/preview`, { text: 'Hola' }],
      ['POST', `/api/inbox/threads/${threadId}/read`],
      ['PUT', `/api/inbox/threads/${threadId}/booking`, { booking_id: bookingB }],
      ['GET', `/api/inbox/threads/${threadId}/booking-options`],
    ];
    for (const [method, url, payload] of asB) {
      const res = await call(tokenB, method, url, payload);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'inbox.not_found']);
    }
    expect(changedTables(before, await dbSnapshot(t.database))).toEqual([]);
    await data(tokenA, 'PUT', `/api/inbox/threads/${threadId}/booking`, { booking_id: bookingA });
  });

  it('after 24 hours refuses free text and sends an approved template with the booking values', async () => {
    const [template] = await t.database.db
      .insert(messageTemplates)
      .values({
        accountId: accountA,
        kind: 'whatsapp',
        // As Meta approved it (whatsapp module's sync): numbered values the operator fills.
        name: 'stay_followup',
        language: 'es',
        category: 'UTILITY',
        body: 'Gracias por tu estancia, {{1}}. ¿Nos dejas tu opinión? {{2}}',
        status: 'approved',
      })
      .returning();
    // Ana's last message was 25 hours ago (a later clock would also end the operator's idle session).
    await t.database.db
      .update(inboxThreads)
      .set({ lastInboundAt: new Date(t.clock.now().getTime() - 25 * 3_600_000) })
      .where(eq(inboxThreads.id, threadId));
    const detail = await data(tokenA, 'GET', `/api/inbox/threads/${threadId}`);
    expect(detail.thread.window_closes_at).toBeNull();
    const text = await call(tokenA, 'POST', `/api/inbox/threads/${threadId}/messages`, {
      text: '¿Todo bien?',
    });
    expect([text.statusCode, text.json().code]).toEqual([422, 'inbox.window_closed']);
    const preview = await data(tokenA, 'POST', `/api/inbox/threads/${threadId}/preview`, {
      template_id: template?.id,
      params: ['Ana'],
    });
    expect(preview).toMatchObject({
      placeholders: 2,
      body: expect.stringContaining('Gracias por tu estancia, Ana. ¿Nos dejas tu opinión? {{2}}'),
    });
    const missing = await call(tokenA, 'POST', `/api/inbox/threads/${threadId}/messages`, {
      template_id: template?.id,
      params: ['Ana'],
    });
    expect([missing.statusCode, missing.json().code]).toEqual([422, 'inbox.template_incomplete']);
    const sent = await data(tokenA, 'POST', `/api/inbox/threads/${threadId}/messages`, {
      template_id: template?.id,
      params: ['Ana', 'https://posada.app/r/abc'],
    });
    expect(sent).toMatchObject({ type: 'template', status: takenByWhatsApp, template_name: 'stay_followup' });
    const out = (await sentTo('34600111222')).at(-1);
    expect(out).toMatchObject({
      type: 'template',
      template: { name: 'stay_followup', params: ['Ana', 'https://posada.app/r/abc'] },
    });
  });

  it('pages the list newest first, 30 at a time', async () => {
    const base = t.clock.now().getTime();
    await t.database.db.insert(inboxThreads).values(
      Array.from({ length: 34 }, (_, i) => ({
        accountId: accountA,
        guestName: `Huésped ${i}`,
        phone: `3461000${String(i).padStart(4, '0')}`,
        lastMessageAt: new Date(base - (i + 1) * 60_000),
        lastMessagePreview: `Mensaje ${i}`,
      })),
    );
    const first = await data(tokenA, 'GET', '/api/inbox/threads');
    expect(first.items).toHaveLength(30);
    const second = await data(
      tokenA,
      'GET',
      `/api/inbox/threads?cursor=${encodeURIComponent(first.next_cursor)}`,
    );
    expect(second.items).toHaveLength(5);
    expect(second.next_cursor).toBeNull();
    const all = [...first.items, ...second.items].map((i: { last_message_at: string }) => i.last_message_at);
    expect(all).toEqual([...all].sort().reverse());
  });

  it('refuses the inbox without the messaging module, with the upgrade error; the menu count is 0', async () => {
    await t.database.db
      .update(accounts)
      .set({ statusSubscription: 'subscribed', plan: 'standard', servicios: [] })
      .where(eq(accounts.id, accountA));
    try {
      const res = await call(tokenA, 'GET', '/api/inbox/threads');
      expect([res.statusCode, res.json().code]).toEqual([403, 'settings.feature_unavailable']);
      expect(await data(tokenA, 'GET', '/api/inbox/unread-count')).toEqual({ unread: 0, threads: 0 });
    } finally {
      await t.database.db
        .update(accounts)
        .set({ statusSubscription: 'demo', plan: null })
        .where(eq(accounts.id, accountA));
    }
  });
});
