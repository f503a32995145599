import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSms, startFakeSms } from '../../adapters/sms/sms.fake.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { inboxMessages, inboxThreads } from '../../db/schema/messaging.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp, testDbKind } from '../../test/test-app.ts';

const SECRET = 'sms-inbound-secret-0123456789';

/**
 * Guests' SMS (POST /api/webhooks/sms-inbound) through the app's routes on PGlite (PostgreSQL with
 * TEST_DB=postgres): the gateway posts each SMS with the shared secret; it lands once in the thread of the
 * account whose guest has that phone (Ana, +34 600 111 222, has a booking at Casa Encinas from 2026-11-19 to
 * 2026-11-23; another account's guest Bruno has +34 611 000 111). Now: 2026-11-20 10:00 UTC.
 */
describe(`SMS from guests on ${testDbKind}`, () => {
  let t: TestApp;
  let sms: FakeSms;
  let accountId: string;
  let otherAccountId: string;
  let bookingId: string;
  let token: string;
  const deliver = (body: Record<string, unknown>, secret: string | null = SECRET) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/sms-inbound',
      payload: body,
      headers: secret ? { 'x-inbound-secret': secret } : {},
    });
  const messagesOf = (account: string) =>
    t.database.db.select().from(inboxMessages).where(eq(inboxMessages.accountId, account));

  beforeAll(async () => {
    sms = await startFakeSms();
    t = await buildTestApp({ env: { SMS_INBOUND_SECRET: SECRET, ...sms.env } });
    const empresa = await createEmpresa(t, { properties: [{ nombre: 'Casa Encinas' }] });
    const other = await createEmpresa(t, { properties: [{ nombre: 'Otra Casa' }] });
    accountId = empresa.accountId as string;
    otherAccountId = other.accountId as string;
    token = await loginToken(t, empresa.email);
    const booking = (account: string, propertyId: string, code: string, name: string, phone: string) => ({
      accountId: account,
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
    const [row] = await t.database.db
      .insert(bookings)
      .values([
        booking(accountId, empresa.propertyIds[0] as string, 'PS-ANA001', 'Ana Pérez', '+34600111222'),
        booking(otherAccountId, other.propertyIds[0] as string, 'PS-BRU001', 'Bruno Sala', '+34611000111'),
      ])
      .returning({ id: bookings.id });
    bookingId = row?.id as string;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sms?.close();
  });

  it("stores an SMS once, unread, in a thread linked to the guest's booking by phone", async () => {
    const sms1 = { from: '+34 600 111 222', text: '¿A qué hora es el check-in?', message_id: 'sms-1' };
    const first = await deliver({ ...sms1, to: '+34900000000', received_at: '2026-11-20T09:58:00Z' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ stored: true });
    const threadId = first.json().data.thread_id as string;
    expect((await deliver({ ...sms1, from: '34600111222' })).json().data).toEqual({
      stored: false,
      thread_id: threadId,
    });
    const messages = await messagesOf(accountId);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      threadId,
      channel: 'sms',
      direction: 'in',
      body: '¿A qué hora es el check-in?',
      sentAt: new Date('2026-11-20T09:58:00Z'),
    });
    const [thread] = await t.database.db.select().from(inboxThreads).where(eq(inboxThreads.id, threadId));
    expect(thread).toMatchObject({
      accountId,
      phone: '34600111222',
      bookingId,
      guestName: 'Ana Pérez',
      unreadCount: 1,
      lastChannel: 'sms',
    });
    // The operator sees it in the inbox.
    const list = await t.app.inject({ method: 'GET', url: '/api/inbox/threads', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain('¿A qué hora es el check-in?');
  });

  it('never gives a guest of one account to another account', async () => {
    const bruno = await deliver({ from: '+34611000111', text: 'Llego tarde', message_id: 'sms-2' });
    expect(bruno.json().data).toMatchObject({ stored: true });
    const [thread] = await t.database.db
      .select()
      .from(inboxThreads)
      .where(eq(inboxThreads.id, bruno.json().data.thread_id));
    expect(thread?.accountId).toBe(otherAccountId);
    expect((await messagesOf(accountId)).map((m) => m.body)).not.toContain('Llego tarde');
  });

  it('refuses a wrong or missing secret and stores nothing', async () => {
    const wrong = await deliver(
      { from: '+34600111222', text: 'Hola', message_id: 'sms-3' },
      'not-the-secret-at-all-0000',
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('sms_inbound.secret_invalid');
    const missing = await deliver({ from: '+34600111222', text: 'Hola', message_id: 'sms-4' }, null);
    expect(missing.statusCode).toBe(401);
    expect(await messagesOf(accountId)).toHaveLength(1);
  });

  it('acknowledges an SMS from a number no account knows without storing it', async () => {
    const unknown = await deliver({ from: '+447700900123', text: 'Hi', message_id: 'sms-5' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data).toEqual({ stored: false, thread_id: null });
    const stored = await t.database.db
      .select()
      .from(inboxThreads)
      .where(eq(inboxThreads.phone, '447700900123'));
    expect(stored).toHaveLength(0);
  });

  it('refuses a body that is not an SMS, with nothing stored', async () => {
    const bad = await deliver({ from: 'not a number', text: 'x', message_id: 'sms-6' });
    expect(bad.statusCode).toBe(400);
    expect((await deliver({ from: '+34600111222', text: 'x' })).statusCode).toBe(400);
    expect(await messagesOf(accountId)).toHaveLength(1);
  });

  it("sends the operator's SMS answer through the gateway, into the same thread", async () => {
    const [thread] = await t.database.db
      .select()
      .from(inboxThreads)
      .where(eq(inboxThreads.phone, '34600111222'));
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/inbox/threads/${thread?.id}/messages`,
      headers: bearer(token),
      payload: { text: 'A partir de las 15:00.', channel: 'sms' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sms.requests.map((r) => r.body)).toContainEqual({
      to: '+34600111222',
      text: 'A partir de las 15:00.',
    });
    const out = (await messagesOf(accountId)).find((m) => m.direction === 'out');
    expect(out).toMatchObject({ channel: 'sms', status: 'sent', threadId: thread?.id });
  });

  it('takes STOP as an opt-out, as on WhatsApp', async () => {
    const stop = await deliver({ from: '+34600111222', text: 'STOP', message_id: 'sms-7' });
    expect(stop.json().data).toMatchObject({ stored: true });
    const [thread] = await t.database.db
      .select()
      .from(inboxThreads)
      .where(eq(inboxThreads.phone, '34600111222'));
    expect(thread?.optedOutAt).toBeInstanceOf(Date);
  });
});

describe(`SMS from guests without SMS_INBOUND_SECRET on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 sms_inbound.not_configured', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/sms-inbound',
      payload: { from: '+34600111222', text: 'Hola', message_id: 'sms-1' },
      headers: { 'x-inbound-secret': SECRET },
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().code).toBe('sms_inbound.not_configured');
  });
});
