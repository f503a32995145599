import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWhatsAppGateway } from '../../adapters/whatsapp/whatsapp.client.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../adapters/whatsapp/whatsapp.fake.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { broadcastRecipients, inboxMessages, messageTemplates } from '../../db/schema/messaging.ts';
import { createEventBus } from '../../events/bus.ts';
import { fixedClock } from '../../lib/clock.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { createPgBossJobs } from '../../lib/pg-boss-jobs.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { createEmpresa } from '../../test/auth-helpers.ts';
import { createInboxWithPipeline } from '../../test/inbox-pipeline.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../test/test-app.ts';
import { createAccountsService } from '../accounts/accounts.service.ts';
import { createUsersService } from '../auth/users.service.ts';
import { createBookingsService } from '../bookings/bookings.service.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import { createLocalStorage } from '../files/storage.ts';
import { createRatesService } from '../properties/rates.service.ts';
import { createRoomsService } from '../properties/rooms.service.ts';
import type { WhatsAppConnections } from '../whatsapp/whatsapp.types.ts';
import { registerBroadcastJobs } from './broadcasts.jobs.ts';
import {
  type BroadcastsDeps,
  type BroadcastsService,
  broadcastSendJob,
  createBroadcastsService,
} from './broadcasts.service.ts';

/**
 * Sending a broadcast (docs/messaging.md, Mass messages) on a real database (PGlite, or PostgreSQL with
 * TEST_DB=postgres): the real bookings, accounts and inbox services, the real Cloud API client against the
 * WhatsApp fake, the real job queue. The account's WhatsApp connection (sender, daily limit, approved
 * template) is the whatsapp module's interface, answered here for the fake's shared number.
 *
 * Casa Encinas has guests staying in December 2026: Ana, Bea and Carlos (phones), Dani (no phone), Eva
 * (Ana's phone again). Now: 2026-11-20 10:00 UTC.
 */
describe(`broadcast sending on ${testDbKind}`, () => {
  const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
  const logger = pino({ level: 'silent' });
  let testDb: TestDatabase;
  let fake: FakeWhatsApp;
  let jobs: Jobs;
  let service: BroadcastsService;
  let deps: BroadcastsDeps;
  let inbox: ReturnType<typeof createInboxWithPipeline>['inbox'];
  let pipeline: DeliveryService;
  let tenant: Tenant;
  let propertyId: string;
  let templateId: string;
  let dailyLimit = 1000;
  // A template approved at the fake (registered below), numbered as Meta numbers it: {{1}} the guest, {{2}} the arrival.
  const templateBody = 'Hola {{1}}, te esperamos el {{2}}. Completa tu check-in online antes de llegar.';

  const sent = async () =>
    ((await fake.control('sent')) as { data: { to: string; template: { params: string[] } | null }[] }).data;
  const filter = (extra: object = {}) => ({
    template_id: templateId,
    params: ['guest_name' as const, 'arrival' as const],
    property_ids: [propertyId],
    stay_from: '2026-12-01',
    stay_to: '2026-12-31',
    statuses: ['booked' as const],
    ...extra,
  });
  const sendAll = async () => {
    await jobs.drain(broadcastSendJob, 30_000);
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const { db } = testDb.database;
    // Statuses are sent by hand here: no automatic status webhooks.
    fake = await startFakeWhatsApp({ enforceWindow: false, settings: { auto_status: false } });
    await fake.control('templates', {
      waba_id: '*',
      name: 'stay_welcome',
      language: 'es',
      category: 'UTILITY',
      body: templateBody,
    });
    jobs = createPgBossJobs({ database: testDb.database, logger, pollingIntervalSeconds: 0.5 });
    const events = createEventBus({ db, jobs, logger });
    const empresa = await createEmpresa(
      { database: testDb.database, clock },
      { properties: [{ nombre: 'Casa Encinas' }] },
    );
    tenant = { accountId: empresa.accountId as string, userId: empresa.userId };
    propertyId = empresa.propertyIds[0] as string;
    const [template] = await db
      .insert(messageTemplates)
      .values({
        accountId: tenant.accountId,
        kind: 'whatsapp',
        name: 'stay_welcome',
        language: 'es',
        category: 'UTILITY',
        body: templateBody,
        status: 'approved',
      })
      .returning();
    templateId = template?.id as string;
    const connections: WhatsAppConnections = {
      routeOf: async () => ({ shared: true }),
      senderFor: async () => ({
        phoneNumberId: fake.env.WHATSAPP_PHONE_NUMBER_ID,
        token: fake.env.WHATSAPP_TOKEN,
        mode: 'shared',
      }),
      dailyLimit: async () => dailyLimit,
      approvedTemplate: async (_account, name, language) =>
        name === 'stay_welcome' && language === 'es'
          ? {
              id: templateId,
              name,
              language,
              body: templateBody,
              category: 'UTILITY',
              parameterFormat: 'POSITIONAL',
              components: null,
            }
          : null,
      templateStates: async () => [],
    };
    let delivery: DeliveryService;
    ({ inbox, delivery } = createInboxWithPipeline({
      db,
      clock,
      events,
      jobs,
      logger,
      storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), 'broadcasts-'))),
      gateway: createWhatsAppGateway({ apiUrl: fake.env.WHATSAPP_API_URL }),
      connections,
    }));
    pipeline = delivery;
    deps = {
      db,
      clock,
      jobs,
      accounts: createAccountsService({ db, clock, users: createUsersService({ db }) }),
      bookings: createBookingsService({
        db,
        clock,
        roomTypes: createRoomsService({ db, clock }),
        rates: createRatesService({ db, clock }),
      }),
      whatsapp: () => connections,
      inbox: () => inbox,
    };
    service = createBroadcastsService(deps);
    await jobs.start();
    await registerBroadcastJobs({ jobs, service, logger: logger as never });
    const booking = (code: string, name: string, phone: string, start: string) => ({
      accountId: tenant.accountId,
      propertyId,
      code,
      name,
      email: `${code}@example.com`,
      phone,
      startDate: start,
      endDate: '2026-12-20',
      guests: 2,
      price: 30000,
      total: 30000,
    });
    await db
      .insert(bookings)
      .values([
        booking('PS-ANA001', 'Ana Pérez', '+34600111222', '2026-12-05'),
        booking('PS-BEA001', 'Bea Ruiz', '+34600222333', '2026-12-06'),
        booking('PS-CAR001', 'Carlos Gil', '+34600333444', '2026-12-07'),
        booking('PS-DAN001', 'Dani Sin', '', '2026-12-08'),
        booking('PS-EVA001', 'Eva Pérez', '+34 600 111 222', '2026-12-09'),
      ]);
  }, 90_000);
  afterAll(async () => {
    await jobs?.stop();
    await fake?.close();
    await testDb?.dispose();
  });

  it('lists who gets it and who is skipped, and why', async () => {
    const answer = await service.recipients(tenant, filter());
    expect(answer.count).toBe(3);
    expect(answer.items.map((i) => [i.guest_name, i.skip_reason])).toEqual([
      ['Ana Pérez', null],
      ['Bea Ruiz', null],
      ['Carlos Gil', null],
      ['Dani Sin', 'no_phone'],
      ['Eva Pérez', 'duplicate_phone'],
    ]);
    const preview = await service.preview(tenant, filter());
    expect(preview.items[0]?.text).toBe(
      'Hola Ana Pérez, te esperamos el 5 dic 2026. Completa tu check-in online antes de llegar.',
    );
  });

  it('sends the template to three guests, each in their thread, and shows the statuses the webhook brings', async () => {
    const created = await service.create(tenant, filter());
    expect(created.counts).toMatchObject({ queued: 3, total: 3 });
    await sendAll();

    const messages = await sent();
    expect(messages.map((m) => m.to).sort()).toEqual(['34600111222', '34600222333', '34600333444']);
    expect(messages.find((m) => m.to === '34600111222')?.template?.params).toEqual([
      'Ana Pérez',
      '5 dic 2026',
    ]);
    const stored = await testDb.database.db
      .select()
      .from(inboxMessages)
      .where(eq(inboxMessages.type, 'template'));
    expect(stored).toHaveLength(3);
    // Each guest's thread shows the text they read, not the template's name.
    expect(stored.map((m) => m.body)).toContain(
      'Hola Ana Pérez, te esperamos el 5 dic 2026. Completa tu check-in online antes de llegar.',
    );

    let detail = await service.get(tenant, created.id);
    expect(detail.status).toBe('done');
    // Accepted by the Cloud API: no guest's phone has said anything yet.
    expect(detail.recipients.map((r) => r.status)).toEqual(['accepted', 'accepted', 'accepted']);

    // Ana's phone says delivered: the recipient's status is her message's (joined, not copied).
    const wamid = (await sent()).find((m) => m.to === '34600111222') as unknown as { wamid: string };
    await pipeline.applyStatus({
      channel: 'whatsapp',
      providerId: wamid.wamid,
      status: 'delivered',
      at: clock.now(),
    });
    detail = await service.get(tenant, created.id);
    expect(detail.recipients.find((r) => r.guest_name === 'Ana Pérez')?.status).toBe('delivered');
    expect(detail.counts).toMatchObject({ delivered: 1, accepted: 2 });

    // Another run of the finished broadcast sends nothing.
    expect(await service.sendBatch(tenant.accountId, created.id)).toBe(false);
    expect(await sent()).toHaveLength(3);
  });

  it('never writes twice to a guest when the job runs again', async () => {
    const before = (await sent()).length;
    const created = await service.create(tenant, filter());
    await Promise.all([
      service.sendBatch(tenant.accountId, created.id),
      service.sendBatch(tenant.accountId, created.id),
    ]);
    await sendAll();
    await service.sendBatch(tenant.accountId, created.id);
    expect((await sent()).length - before).toBe(3);
    const rows = await testDb.database.db
      .select()
      .from(broadcastRecipients)
      .where(eq(broadcastRecipients.broadcastId, created.id));
    expect(rows.every((r) => r.messageId)).toBe(true);
  });

  it('stops at the daily limit: the rest are skipped, not sent', async () => {
    // 6 templates went out in the last 24 hours; a limit of 7 leaves room for one.
    dailyLimit = 7;
    const before = (await sent()).length;
    const recipients = await service.recipients(tenant, filter());
    expect(recipients.remaining_today).toBe(1);
    expect(recipients.items.filter((i) => i.skip_reason === 'daily_limit')).toHaveLength(2);
    const created = await service.create(tenant, filter());
    expect(created.counts).toMatchObject({ queued: 1, skipped: 2 });
    await sendAll();
    expect((await sent()).length - before).toBe(1);
    const detail = await service.get(tenant, created.id);
    expect(detail.recipients.filter((r) => r.reason === 'daily_limit')).toHaveLength(2);

    // A day later the window has rolled: everyone fits again.
    clock.set(new Date('2026-11-21T10:30:00Z'));
    expect((await service.recipients(tenant, filter())).remaining_today).toBe(7);
    dailyLimit = 1000;
  });

  it('skips a guest who asked for no more messages', async () => {
    await inbox.recordInbound({
      accountId: tenant.accountId,
      channel: 'whatsapp',
      phone: '34600222333',
      email: null,
      guestName: 'Bea',
      externalId: 'wamid.optout1',
      type: 'text',
      body: 'BAJA',
      sentAt: clock.now(),
      raw: {},
    });
    const answer = await service.recipients(tenant, filter());
    expect(answer.items.find((i) => i.guest_name === 'Bea Ruiz')?.skip_reason).toBe('opted_out');
    const before = (await sent()).length;
    const created = await service.create(tenant, filter());
    await sendAll();
    const after = (await sent()).slice(before).map((m) => m.to);
    expect(after.sort()).toEqual(['34600111222', '34600333444']);
    const detail = await service.get(tenant, created.id);
    expect(detail.recipients.find((r) => r.guest_name === 'Bea Ruiz')).toMatchObject({
      status: 'skipped',
      reason: 'opted_out',
    });
  });

  it('cancel stops what is not sent yet', async () => {
    // The same service whose queue has not run the job yet (send queues nothing here).
    const held = createBroadcastsService({ ...deps, jobs: { ...jobs, send: async () => null } });
    const before = (await sent()).length;
    const created = await held.create(tenant, filter());
    const cancelled = await service.cancel(tenant, created.id);
    expect(cancelled.status).toBe('cancelled');
    // Bea stays skipped as opted out; the two waiting ones are cancelled.
    expect(cancelled.recipients.map((r) => [r.guest_name, r.status, r.reason])).toEqual([
      ['Ana Pérez', 'skipped', 'cancelled'],
      ['Bea Ruiz', 'skipped', 'opted_out'],
      ['Carlos Gil', 'skipped', 'cancelled'],
    ]);
    expect(await service.sendBatch(tenant.accountId, created.id)).toBe(false);
    expect((await sent()).length).toBe(before);
    await expect(service.cancel(tenant, created.id)).rejects.toMatchObject({ code: 'broadcasts.finished' });
  });
});
