import type { AddressInfo } from 'node:net';
import { bookingPaths } from '@posada/contracts/bookings';
import { calendarChangedEvent } from '@posada/contracts/calendar';
import { socketClientOptions } from '@posada/contracts/realtime';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { type Socket as ClientSocket, io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts } from '../db/schema/accounts.ts';
import { domainEventDeliveries, domainEvents } from '../db/schema/events.ts';
import type { Jobs } from '../lib/jobs.ts';
import { createPgBossJobs } from '../lib/pg-boss-jobs.ts';
import { bearer, createEmpresa, loginToken } from '../test/auth-helpers.ts';
import { buildTestApp, createTestDatabase, type TestDatabase, testDbKind } from '../test/test-app.ts';
import { createEventBus, deliverEventsJob, type EventBus } from './bus.ts';

const silent = pino({ level: 'silent' });

/** The outbox bus on its own queue (PGlite; PostgreSQL with TEST_DB=postgres), two handlers of booking.created. */
describe(`domain events on ${testDbKind}`, () => {
  let t: TestDatabase;
  let jobs: Jobs;
  let bus: EventBus;
  let accountId: string;
  let runs: { first: string[]; second: string[] };
  let failSecond = 0;

  beforeAll(async () => {
    t = await createTestDatabase();
    jobs = createPgBossJobs({ database: t.database, logger: silent, pollingIntervalSeconds: 0.5 });
    bus = createEventBus({ db: t.database.db, jobs, logger: silent });
    bus.on('booking.created', 'test.first', (e) => {
      runs.first.push(e.payload.booking_id);
    });
    bus.on('booking.created', 'test.second', (e) => {
      if (failSecond > 0) {
        failSecond--;
        throw new Error('second handler down');
      }
      runs.second.push(e.payload.booking_id);
    });
    await jobs.start();
    await bus.registerWorkers({ recurring: false });
    const [account] = await t.database.db.insert(accounts).values({ name: 'Eventos' }).returning();
    accountId = account?.id ?? '';
  });
  afterAll(async () => {
    await jobs.stop();
    await t.dispose();
  });
  beforeEach(() => {
    runs = { first: [], second: [] };
    failSecond = 0;
  });

  const runJob = async (data: object) => {
    await jobs.send(deliverEventsJob, data);
    await jobs.drain(deliverEventsJob, 10_000);
  };
  const outbox = async (id: string) =>
    (await t.database.db.select().from(domainEvents).where(eq(domainEvents.id, id)))[0];
  const eventOf = async (bookingId: string) =>
    (await t.database.db.select().from(domainEvents).where(eq(domainEvents.accountId, accountId))).find(
      (r) => r.payload.booking_id === bookingId,
    );

  it('delivers a committed event to every handler after the commit', async () => {
    const id = crypto.randomUUID();
    await bus.transaction(t.database.db, async (_tx, emit) => {
      await emit(accountId, 'booking.created', { booking_id: id, property_id: id });
    });
    expect(runs).toEqual({ first: [id], second: [id] });
    expect((await eventOf(id))?.deliveredAt).not.toBeNull();
  });

  it('never delivers an event written in a rolled-back transaction', async () => {
    const id = crypto.randomUUID();
    await expect(
      bus.transaction(t.database.db, async (_tx, emit) => {
        await emit(accountId, 'booking.created', { booking_id: id, property_id: id });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // The sweep of pending events finds nothing to deliver either.
    await runJob({});
    expect(runs).toEqual({ first: [], second: [] });
    expect(await eventOf(id)).toBeUndefined();
  });

  it('runs a handler once even when the delivery job runs twice', async () => {
    const id = crypto.randomUUID();
    const eventId = await bus.record(t.database.db, accountId, 'booking.created', {
      booking_id: id,
      property_id: id,
    });
    await runJob({ ids: [eventId] });
    await runJob({ ids: [eventId] });
    expect(runs).toEqual({ first: [id], second: [id] });
    // A crash after the handlers ran but before the event was marked delivered: the next run skips them.
    await t.database.db
      .update(domainEvents)
      .set({ deliveredAt: null, lockedUntil: null })
      .where(eq(domainEvents.id, eventId));
    await runJob({ ids: [eventId] });
    expect(runs).toEqual({ first: [id], second: [id] });
    expect((await outbox(eventId))?.deliveredAt).not.toBeNull();
    const markers = await t.database.db
      .select({ handler: domainEventDeliveries.handler })
      .from(domainEventDeliveries)
      .where(eq(domainEventDeliveries.eventId, eventId));
    expect(markers.map((m) => m.handler).sort()).toEqual(['test.first', 'test.second']);
  });

  it('retries only the handler that failed, through the queue', async () => {
    const id = crypto.randomUUID();
    failSecond = 1;
    await bus.transaction(t.database.db, async (_tx, emit) => {
      await emit(accountId, 'booking.created', { booking_id: id, property_id: id });
    });
    expect(runs).toEqual({ first: [id], second: [] });
    const pending = await eventOf(id);
    expect(pending).toMatchObject({ deliveredAt: null, attempts: 1, lastError: 'second handler down' });
    // The queue runs the retry when the event's retry time comes (10 s after the failure).
    await jobs.drain(deliverEventsJob, 30_000);
    expect(runs).toEqual({ first: [id], second: [id] });
    expect((await outbox(pending?.id ?? ''))?.deliveredAt).not.toBeNull();
  }, 40_000);
});

describe(`domain events in the app on ${testDbKind}`, () => {
  it("a booking created through the API reaches the account's sockets as calendar-changed", async () => {
    const t = await buildTestApp();
    let socket: ClientSocket | undefined;
    try {
      const empresa = await createEmpresa(t, { properties: [{ nombre: 'Casa Azul' }] });
      const token = await loginToken(t, empresa.email);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const client = connectClient(url, {
        ...socketClientOptions,
        transports: ['websocket'],
        auth: { token },
        reconnection: false,
        forceNew: true,
      });
      socket = client;
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('connect_error', reject);
      });
      const changed = new Promise((resolve) => client.once(calendarChangedEvent, resolve));
      const propertyId = empresa.propertyIds[0] ?? '';
      const res = await t.app.inject({
        method: 'POST',
        url: bookingPaths.create,
        headers: bearer(token),
        payload: {
          start_date: '2030-03-01',
          end_date: '2030-03-04',
          name: 'Lucía Pérez',
          email: 'lucia@example.com',
          phone: '+34 600 123 456',
          property_id: propertyId,
          number_of_guests: 1,
          price: 30_000,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await changed).toEqual({
        property_id: propertyId,
        kind: 'booking',
        booking_id: res.json().data.id,
      });
      // The booking's bell notification records its own event (notification.created) beside it.
      const event = (
        await t.database.db
          .select()
          .from(domainEvents)
          .where(eq(domainEvents.accountId, empresa.accountId ?? ''))
      ).find((e) => e.type === 'booking.created');
      expect(event).toMatchObject({ payload: { booking_id: res.json().data.id } });
      expect(event?.deliveredAt).not.toBeNull();
    } finally {
      socket?.disconnect();
      await t.close();
    }
    // A whole app, a sign-in and a socket: room for a loaded 2-core CI machine.
  }, 90_000);
});
