import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWhatsAppGateway } from '../../adapters/whatsapp/whatsapp.client.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../adapters/whatsapp/whatsapp.fake.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { domainEvents } from '../../db/schema/events.ts';
import { inboxMessages, inboxThreads } from '../../db/schema/messaging.ts';
import { createEventBus } from '../../events/bus.ts';
import { fixedClock } from '../../lib/clock.ts';
import { createPgBossJobs } from '../../lib/pg-boss-jobs.ts';
import { createEmpresa } from '../../test/auth-helpers.ts';
import { createInboxWithPipeline } from '../../test/inbox-pipeline.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../test/test-app.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import { createLocalStorage } from '../files/storage.ts';
import type { WhatsAppConnections } from '../whatsapp/whatsapp.types.ts';
import type { InboxCoreService } from './inbox.service.ts';

/**
 * The inbox core on a real database (PGlite, or PostgreSQL with TEST_DB=postgres) and the real Cloud API
 * client against the WhatsApp fake. The account (Casa Encinas) sends through the shared number; Ana
 * (+34 600 111 222) has a booking from 2026-11-19 to 2026-11-23, Luis a past one. Now: 2026-11-20 10:00 UTC.
 */
describe(`inbox core on ${testDbKind}`, () => {
  const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
  const logger = pino({ level: 'silent' });
  let testDb: TestDatabase;
  let fake: FakeWhatsApp;
  let inbox: InboxCoreService;
  let pipeline: DeliveryService;
  let accountId: string;
  let bookingId: string;
  let wamids = 0;

  const inbound = (body: string, extra: Partial<Parameters<InboxCoreService['recordInbound']>[0]> = {}) =>
    inbox.recordInbound({
      accountId,
      channel: 'whatsapp',
      phone: '34600111222',
      email: null,
      guestName: 'Ana',
      externalId: `wamid.test${++wamids}`,
      type: 'text',
      body,
      sentAt: clock.now(),
      raw: { body },
      ...extra,
    });
  const threadRow = async (id: string) =>
    (await testDb.database.db.select().from(inboxThreads).where(eq(inboxThreads.id, id)))[0];
  const messagesOf = (threadId: string) =>
    testDb.database.db.select().from(inboxMessages).where(eq(inboxMessages.threadId, threadId));
  const sent = async () => ((await fake.control('sent')) as { data: { to: string }[] }).data;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const { db } = testDb.database;
    // Statuses are sent by hand here (the order and repeats are the test's): no automatic status webhooks.
    fake = await startFakeWhatsApp({ enforceWindow: false, settings: { auto_status: false } });
    const jobs = createPgBossJobs({ database: testDb.database, logger });
    const events = createEventBus({ db, jobs, logger });
    const connections: WhatsAppConnections = {
      routeOf: async (id) => (id === fake.env.WHATSAPP_PHONE_NUMBER_ID ? { shared: true } : null),
      senderFor: async () => ({
        phoneNumberId: fake.env.WHATSAPP_PHONE_NUMBER_ID,
        token: fake.env.WHATSAPP_TOKEN,
        mode: 'shared',
      }),
      dailyLimit: async () => 1000,
      approvedTemplate: async (_account, name, language) =>
        name === 'stay_followup'
          ? {
              id: 'tpl',
              name,
              language,
              category: 'UTILITY',
              body: 'Gracias por tu estancia, {{1}}. ¿Nos dejas tu opinión? {{2}}',
              parameterFormat: 'POSITIONAL' as const,
              components: null,
            }
          : null,
      templateStates: async () => [],
    };
    ({ inbox, delivery: pipeline } = createInboxWithPipeline({
      db,
      clock,
      events,
      jobs,
      logger,
      storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), 'inbox-'))),
      gateway: createWhatsAppGateway({ apiUrl: fake.env.WHATSAPP_API_URL }),
      connections,
    }));
    const empresa = await createEmpresa(
      { database: testDb.database, clock },
      { properties: [{ nombre: 'Casa Encinas' }] },
    );
    accountId = empresa.accountId as string;
    const booking = (code: string, name: string, phone: string, start: string, end: string) => ({
      accountId,
      propertyId: empresa.propertyIds[0] as string,
      code,
      name,
      email: `${code}@example.com`,
      phone,
      startDate: start,
      endDate: end,
      guests: 2,
      price: 30000,
      total: 30000,
    });
    const [row] = await db
      .insert(bookings)
      .values([
        booking('PS-ANA001', 'Ana Pérez', '+34600111222', '2026-11-19', '2026-11-23'),
        booking('PS-LUIS01', 'Luis Gil', '+34600999888', '2026-10-01', '2026-10-05'),
      ])
      .returning({ id: bookings.id });
    bookingId = row?.id as string;
  }, 60_000);
  afterAll(async () => {
    await fake?.close();
    await testDb?.dispose();
  });

  it('stores a guest message once, in a thread linked to their booking by phone, with its event', async () => {
    const first = await inbound('Hola, ¿a qué hora es el check-in?', { externalId: 'wamid.same' });
    expect(first.created).toBe(true);
    const again = await inbound('Hola, ¿a qué hora es el check-in?', { externalId: 'wamid.same' });
    expect(again).toEqual({ ...first, created: false });

    const thread = await threadRow(first.threadId);
    expect(thread).toMatchObject({
      accountId,
      phone: '34600111222',
      guestName: 'Ana',
      bookingId,
      unreadCount: 1,
      lastMessagePreview: 'Hola, ¿a qué hora es el check-in?',
      lastInboundAt: clock.now(),
    });
    expect(await messagesOf(first.threadId)).toHaveLength(1);
    const recorded = await testDb.database.db
      .select()
      .from(domainEvents)
      .where(
        sql`${domainEvents.type} = 'inbox.message_received' and ${domainEvents.payload}->>'message_id' = ${first.messageId}`,
      );
    expect(recorded).toHaveLength(1);
    expect((await inbox.thread(accountId, first.threadId))?.window_closes_at).toBe(
      new Date(clock.now().getTime() + 24 * 3_600_000).toISOString(),
    );
  });

  it('leaves a booking linked by hand alone, and links no stay that is long over', async () => {
    const luis = await inbound('Me dejé el cargador', { phone: '34600999888', guestName: 'Luis' });
    expect((await threadRow(luis.threadId))?.bookingId).toBeNull();

    const ana = await inbound('Otra pregunta');
    await testDb.database.db
      .update(inboxThreads)
      .set({ bookingId: null, linkedByHand: true })
      .where(eq(inboxThreads.id, ana.threadId));
    await inbound('¿Y el parking?');
    expect(await threadRow(ana.threadId)).toMatchObject({
      bookingId: null,
      linkedByHand: true,
      unreadCount: 3,
    });
    await testDb.database.db
      .update(inboxThreads)
      .set({ bookingId, linkedByHand: false })
      .where(eq(inboxThreads.id, ana.threadId));
  });

  it('answers inside the 24-hour window through WhatsApp, and refuses free text after it', async () => {
    const { threadId } = await inbound('¿Puedo llegar a las 22:00?');
    const before = (await sent()).length;
    const reply = await inbox.send({
      accountId,
      to: { threadId },
      content: { type: 'text', body: 'Sí, sin problema.' },
      authorUserId: null,
    });
    // Accepted by the Cloud API: not yet "sent" (that is WhatsApp's own status webhook).
    expect(reply).toMatchObject({
      direction: 'out',
      status: 'accepted',
      body: 'Sí, sin problema.',
      channel: 'whatsapp',
    });
    expect(await sent()).toHaveLength(before + 1);

    clock.advance(24 * 3_600_000 + 1000);
    await expect(
      inbox.send({
        accountId,
        to: { threadId },
        content: { type: 'text', body: '¿Todo bien?' },
        authorUserId: null,
      }),
    ).rejects.toMatchObject({ code: 'inbox.window_closed', status: 422 });
    expect(await sent()).toHaveLength(before + 1);
    // An approved template still goes out.
    const template = await inbox.send({
      accountId,
      to: { threadId },
      content: {
        type: 'template',
        name: 'stay_followup',
        language: 'es',
        bodyParams: ['Ana', 'https://posada.app/r/x'],
      },
      authorUserId: null,
    });
    expect(template).toMatchObject({ type: 'template', template_name: 'stay_followup', status: 'accepted' });
    clock.set(new Date('2026-11-20T10:00:00Z'));
  });

  it('moves statuses only forward: read never goes back to delivered', async () => {
    const { threadId } = await inbound('Gracias');
    const reply = await inbox.send({
      accountId,
      to: { threadId },
      content: { type: 'text', body: 'De nada' },
      authorUserId: null,
    });
    const [row] = await testDb.database.db.select().from(inboxMessages).where(eq(inboxMessages.id, reply.id));
    const wamid = row?.externalId as string;
    const status = async (s: 'delivered' | 'read' | 'sent') =>
      (await pipeline.applyStatus({ channel: 'whatsapp', providerId: wamid, status: s, at: clock.now() }))
        ?.status;
    expect(await status('read')).toBe('read');
    expect(await status('delivered')).toBe('read');
    expect(await status('sent')).toBe('read');
    expect((await inbox.message(accountId, reply.id))?.status).toBe('read');
    expect(
      await pipeline.applyStatus({
        channel: 'whatsapp',
        providerId: 'wamid.unknown',
        status: 'read',
        at: clock.now(),
      }),
    ).toBeNull();
  });

  it('stores what the provider refused as a failed message instead of throwing', async () => {
    const { threadId } = await inbound('Hola otra vez');
    fake.failNext({
      status: 400,
      body: { error: { message: '(#131047) Re-engagement message', type: 'OAuthException', code: 131047 } },
    });
    const failed = await inbox.send({
      accountId,
      to: { threadId },
      content: { type: 'text', body: 'Perdona el retraso' },
      authorUserId: null,
    });
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/131047/);
  });

  it('a guest who writes STOP or BAJA is opted out; START brings them back', async () => {
    const { threadId } = await inbound('BAJA');
    expect((await threadRow(threadId))?.optedOutAt).toEqual(clock.now());
    expect((await inbox.thread(accountId, threadId))?.opted_out).toBe(true);
    await inbound('start');
    expect((await threadRow(threadId))?.optedOutAt).toBeNull();
  });

  it('opens a thread for a new guest by phone and never pretends an e-mail went without SMTP', async () => {
    const message = await inbox.send({
      accountId,
      to: { phone: null, email: 'marta@example.com', guestName: 'Marta' },
      content: { type: 'text', body: 'Su factura' },
      authorUserId: null,
      subject: 'Factura',
    });
    expect(message).toMatchObject({
      channel: 'email',
      status: 'failed',
      error: expect.stringContaining('email_not_configured'),
    });
    const [thread] = await testDb.database.db
      .select()
      .from(inboxThreads)
      .where(and(eq(inboxThreads.accountId, accountId), eq(inboxThreads.email, 'marta@example.com')));
    expect(thread).toMatchObject({ guestName: 'Marta', phone: null });
  });

  it('finds the account of a guest on the shared number by thread or stay', async () => {
    expect(await inbox.accountsOfGuestPhone('+34 600 111 222')).toEqual([accountId]);
    expect(await inbox.accountsOfGuestPhone('34611000000')).toEqual([]);
  });
});
