import { notificationKindValues } from '@posada/contracts/notifications';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../db/schema/events.ts';
import { inboxThreads, notificationPreferences } from '../../db/schema/messaging.ts';
import { type NotificationKind, notifications, notificationTypeOf } from '../../db/schema/notifications.ts';
import { deliverEventsJob } from '../../events/bus.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp, waitForOutbox } from '../../test/test-app.ts';
import { mailSendJob } from '../mail/mail.service.ts';
import { notificationEmailJob } from './notifications.jobs.ts';

/**
 * The bell's API (spec 7 notificatios/list with filters and pages, read one, read all, the unread count),
 * each property's delivery preferences, and a new notification's e-mail to the operator (the real app:
 * a booking writes the notification, the event's handler queues the e-mail job, the outbox gets it).
 */
describe('notifications', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let owner: Awaited<ReturnType<typeof createEmpresa>>;
  let other: Awaited<ReturnType<typeof createEmpresa>>;

  const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(as), 'accept-language': 'es' } });

  const seed = async (accountId: string | null, kind: NotificationKind, title: string, read = false) => {
    t.clock.advance(1000);
    await t.database.db.insert(notifications).values({
      accountId: accountId as string,
      propertyId: null,
      kind,
      type: notificationTypeOf[kind],
      title,
      body: '',
      createdAt: t.clock.now(),
      readAt: read ? t.clock.now() : null,
    });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createEmpresa(t, { properties: [{ nombre: 'Casa Azul' }] });
    other = await createEmpresa(t, { properties: [{ nombre: 'Villa Sol' }] });
    token = await loginToken(t, owner.email);
    otherToken = await loginToken(t, other.email);
    await seed(owner.accountId as string, 'booking_new', 'Reserva 1');
    await seed(owner.accountId as string, 'message', 'Nuevo mensaje de Ana');
    await seed(owner.accountId as string, 'checkin', 'Check-in de Luis', true);
    await seed(owner.accountId as string, 'booking_cancel', 'Cancelada 2');
    await seed(other.accountId as string, 'booking_new', 'De otra cuenta');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('lists the newest first without a body (spec 7), and filters by unread and kind with pages', async () => {
    const all = (await call(token, 'POST', '/api/notificatios/list')).json().data;
    expect(all.map((n: { title: string }) => n.title)).toEqual([
      'Cancelada 2',
      'Check-in de Luis',
      'Nuevo mensaje de Ana',
      'Reserva 1',
    ]);
    const unread = (await call(token, 'POST', '/api/notificatios/list', { unread: true })).json().data;
    expect(unread.map((n: { title: string }) => n.title)).toEqual([
      'Cancelada 2',
      'Nuevo mensaje de Ana',
      'Reserva 1',
    ]);
    const messages = (await call(token, 'POST', '/api/notificatios/list', { kind: 'message' })).json().data;
    expect(messages.map((n: { kind: string }) => n.kind)).toEqual(['message']);
    const page2 = (await call(token, 'POST', '/api/notificatios/list', { page: 2, page_size: 3 })).json()
      .data;
    expect(page2.map((n: { title: string }) => n.title)).toEqual(['Reserva 1']);
  });

  it('refuses a kind it does not know with a translated error', async () => {
    const res = await call(token, 'POST', '/api/notificatios/list', { kind: 'spam' });
    expect(res.statusCode).toBe(400);
    expect(res.json().ok).toBe(false);
  });

  it('counts the unread, marks one read and then all read; another account is untouched', async () => {
    expect((await call(token, 'GET', '/api/notifications/unread-count')).json().data).toEqual({ unread: 3 });
    const [first] = (await call(token, 'POST', '/api/notificatios/list', { unread: true })).json().data;
    expect((await call(otherToken, 'POST', `/api/notifications/${first.id}/read`)).statusCode).toBe(404);
    expect((await call(token, 'POST', `/api/notifications/${first.id}/read`)).statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/notifications/unread-count')).json().data).toEqual({ unread: 2 });
    const all = await call(token, 'POST', '/api/notifications/read-all');
    expect(all.json().data.updated).toBe(2);
    expect((await call(token, 'GET', '/api/notifications/unread-count')).json().data).toEqual({ unread: 0 });
    expect((await call(otherToken, 'GET', '/api/notifications/unread-count')).json().data).toEqual({
      unread: 1,
    });
  });

  it('answers the delivery preferences with e-mail on and WhatsApp off by default, and saves them', async () => {
    const url = `/api/properties/${owner.propertyIds[0]}/notification-preferences`;
    const initial = (await call(token, 'GET', url)).json().data;
    expect(initial.preferences.find((p: { kind: string }) => p.kind === 'message')).toEqual({
      kind: 'message',
      email: true,
      whatsapp: false,
    });
    // Every kind of the bell, the failed guest messages (`delivery`, issue 26) among them.
    expect(initial.preferences).toHaveLength(12);
    expect(initial.preferences.map((p: { kind: string }) => p.kind)).toEqual([...notificationKindValues]);
    expect(initial.preferences.find((p: { kind: string }) => p.kind === 'delivery')).toEqual({
      kind: 'delivery',
      email: true,
      whatsapp: false,
    });
    // No shared number nor notification template on this server: WhatsApp says why and cannot be turned on.
    expect(initial.whatsapp).toMatchObject({ available: false, blocked_by: 'not_configured' });

    const saved = await call(token, 'PUT', url, {
      preferences: [{ kind: 'booking_new', email: false, whatsapp: false }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.preferences[0]).toEqual({ kind: 'booking_new', email: false, whatsapp: false });
    expect((await call(token, 'GET', url)).json().data.preferences[0].email).toBe(false);

    const refused = await call(token, 'PUT', url, {
      preferences: [{ kind: 'message', email: true, whatsapp: true }],
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe('notifications.whatsapp.not_configured');
    const rows = await t.database.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.propertyId, owner.propertyIds[0] as string));
    expect(rows.map((r) => [r.kind, r.email, r.whatsapp])).toEqual([['booking_new', false, false]]);

    const duplicate = await call(token, 'PUT', url, {
      preferences: [
        { kind: 'checkin', email: false, whatsapp: false },
        { kind: 'checkin', email: true, whatsapp: false },
      ],
    });
    expect(duplicate.statusCode).toBe(400);
  });

  it("answers 404 for another account's property", async () => {
    const url = `/api/properties/${other.propertyIds[0]}/notification-preferences`;
    expect((await call(token, 'GET', url)).statusCode).toBe(404);
    const res = await call(token, 'PUT', url, {
      preferences: [{ kind: 'checkin', email: false, whatsapp: false }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No se ha encontrado el alojamiento.');
  });

  it("e-mails a new booking's notification to the operator, unless the property turned e-mail off", async () => {
    const property = owner.propertyIds[0] as string;
    // booking_new was turned off above: that booking is not e-mailed; a cancellation is.
    const booking = await call(token, 'POST', '/api/create/new-booking', {
      name: 'Lucía Pérez',
      email: 'lucia@example.com',
      phone: '+34 600 123 456',
      number_of_guests: 1,
      price: 30_000,
      property_id: property,
      start_date: '2026-12-01',
      end_date: '2026-12-04',
    });
    expect(booking.statusCode, booking.body).toBe(201);
    const id = booking.json().data.id as string;
    await call(token, 'POST', '/api/booking/cancelled', { booking_id: id });

    const created = await t.database.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.type, 'notification.created'),
          eq(domainEvents.accountId, owner.accountId as string),
        ),
      );
    expect(created).toHaveLength(2);
    // What the 30-second sweep does outside tests: deliver the events the bookings' transaction recorded.
    await t.jobs.send(deliverEventsJob, { ids: created.map((e) => e.id) });
    await t.jobs.drain(deliverEventsJob);
    await t.jobs.drain(notificationEmailJob);
    await t.jobs.drain(mailSendJob);
    const mail = await waitForOutbox(t.database, (m) => m.to === owner.email);
    const [cancel] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.relationId, id), eq(notifications.kind, 'booking_cancel')));
    expect(mail.subject).toBe(cancel?.title);
    expect(mail.text).toContain('/business/notificaciones');
    const { emailOutbox } = await import('../../db/schema/outbox.ts');
    const toOwner = (await t.database.db.select().from(emailOutbox)).filter((m) => m.to === owner.email);
    expect(toOwner).toHaveLength(1);
  });

  it('rings the bell once per chat: "Nuevo mensaje de {guest}" about the thread, updated by the next message', async () => {
    const [thread] = await t.database.db
      .insert(inboxThreads)
      .values({
        accountId: owner.accountId as string,
        propertyId: owner.propertyIds[0] as string,
        guestName: 'Ana Ruiz',
        phone: '34600111222',
        lastMessagePreview: '¿A qué hora es el check-in?',
        lastInboundAt: t.clock.now(),
      })
      .returning({ id: inboxThreads.id });
    const threadId = thread?.id as string;
    // What the inbox records when a guest writes (its transaction), delivered as the sweep would.
    const inbound = async (messageId: string) => {
      const [event] = await t.database.db
        .insert(domainEvents)
        .values({
          accountId: owner.accountId as string,
          type: 'inbox.message_received',
          payload: { thread_id: threadId, message_id: messageId, channel: 'whatsapp' },
        })
        .returning({ id: domainEvents.id });
      await t.jobs.send(deliverEventsJob, { ids: [event?.id] });
      await t.jobs.drain(deliverEventsJob);
    };
    const messagesOfThread = () =>
      t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.kind, 'message'), eq(notifications.relationId, threadId)));

    await inbound('00000000-0000-4000-8000-000000000001');
    const [first, ...none] = await messagesOfThread();
    expect(none).toEqual([]);
    expect(first).toMatchObject({
      accountId: owner.accountId as string,
      title: 'Nuevo mensaje de Ana Ruiz',
      body: '¿A qué hora es el check-in?',
      readAt: null,
    });

    t.clock.advance(60_000);
    await t.database.db
      .update(inboxThreads)
      .set({ lastMessagePreview: 'Llegamos a las 22:00' })
      .where(eq(inboxThreads.id, threadId));
    await inbound('00000000-0000-4000-8000-000000000002');
    const after = await messagesOfThread();
    expect(after).toHaveLength(1);
    expect(after[0]?.body).toBe('Llegamos a las 22:00');
    // Another account sees nothing of it.
    const theirs = (await call(otherToken, 'POST', '/api/notificatios/list', { kind: 'message' })).json()
      .data;
    expect(theirs).toEqual([]);
  });
});
