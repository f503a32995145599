import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../adapters/whatsapp/whatsapp.fake.ts';
import { messageDeliveries } from '../../db/schema/deliveries.ts';
import { domainEvents } from '../../db/schema/events.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { deliverEventsJob } from '../../events/bus.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { notificationWhatsAppJob } from './notifications.jobs.ts';

interface Sent {
  to: string;
  type: string;
  template: { name: string; language: string; params: string[] } | null;
}

/**
 * WhatsApp notices to the operator's own phone (docs/messaging.md, Notifications): from the platform's
 * shared number through the delivery pipeline and the strict Cloud API fake, as the configured approved
 * template (the fake's `operator_notice`: the title and the body), only where the property's preference asks
 * for it and the plan has messaging. The fake's status webhooks come back through app.inject.
 */
describe('notifications by WhatsApp to the operator', () => {
  let fake: FakeWhatsApp;
  let t: TestApp;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(token), 'accept-language': 'es' } });
  const sent = async () => ((await fake.control('sent')) as { data: Sent[] }).data;

  /** Books a stay (its booking_new notification), then delivers the events as the sweep does outside tests. */
  async function bookAndDeliver(
    token: string,
    accountId: string,
    propertyId: string,
    start: string,
    end: string,
  ) {
    const res = await call(token, 'POST', '/api/create/new-booking', {
      name: 'Lucía Pérez',
      email: 'lucia@example.com',
      phone: '+34 600 123 456',
      number_of_guests: 1,
      price: 30_000,
      property_id: propertyId,
      start_date: start,
      end_date: end,
    });
    expect(res.statusCode, res.body).toBe(201);
    const events = await t.database.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'notification.created'), eq(domainEvents.accountId, accountId)));
    await t.jobs.send(deliverEventsJob, { ids: events.map((e) => e.id) });
    await t.jobs.drain(deliverEventsJob);
    await t.jobs.drain(notificationWhatsAppJob);
    // The fake's status webhooks (sent, delivered, read) were posted and applied.
    await fake.idle();
    await t.app.eventsIdle();
    return res.json().data.id as string;
  }

  beforeAll(async () => {
    fake = await startFakeWhatsApp({ now: () => (t ? t.clock.now().getTime() : Date.now()) });
    // The fake's shared number has operator_notice approved with two body parameters: the notice's title and body.
    t = await buildTestApp({ env: { ...fake.env, WHATSAPP_NOTIFICATION_TEMPLATE: 'operator_notice' } });
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
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends a new booking to the operator’s phone once WhatsApp is on for that kind, and not before', async () => {
    const owner = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Azul' }],
      user: { phone: '+34 611 222 333' },
    });
    const accountId = owner.accountId as string;
    const propertyId = owner.propertyIds[0] as string;
    const token = await loginToken(t, owner.email);
    const url = `/api/properties/${propertyId}/notification-preferences`;
    const before = (await call(token, 'GET', url)).json().data;
    // A trial account has messaging; the server has the shared number and the template: WhatsApp can be used.
    expect(before.whatsapp).toEqual({ available: true, blocked_by: null, phone: '•••• 2333' });

    await bookAndDeliver(token, accountId, propertyId, '2026-12-01', '2026-12-03');
    expect((await sent()).filter((m) => m.to === '34611222333')).toEqual([]);
    const notices = () =>
      t.database.db
        .select({
          channel: messageDeliveries.channel,
          recipient: messageDeliveries.recipient,
          status: messageDeliveries.status,
          error: messageDeliveries.errorCode,
        })
        .from(messageDeliveries)
        .where(
          and(eq(messageDeliveries.accountId, accountId), eq(messageDeliveries.kind, 'operator_notice')),
        );
    expect(await notices()).toEqual([]);

    const saved = await call(token, 'PUT', url, {
      preferences: [{ kind: 'booking_new', email: true, whatsapp: true }],
    });
    expect(saved.statusCode).toBe(200);
    const bookingId = await bookAndDeliver(token, accountId, propertyId, '2026-12-10', '2026-12-12');
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.relationId, bookingId), eq(notifications.kind, 'booking_new')));
    const toOwner = (await sent()).filter((m) => m.to === '34611222333');
    expect(toOwner).toEqual([
      expect.objectContaining({
        type: 'template',
        template: expect.objectContaining({
          name: 'operator_notice',
          language: 'es',
          params: [note?.title, note?.body],
        }),
      }),
    ]);
    // Its record follows WhatsApp's word: the operator read it.
    expect(await notices()).toEqual([
      { channel: 'whatsapp', recipient: '+34611222333', status: 'read', error: null },
    ]);
  });

  it('refuses WhatsApp on a plan without messaging, and for an operator without a phone', async () => {
    const subscribed = await createEmpresa(t, {
      properties: [{ nombre: 'Villa Sol' }],
      account: { statusSubscription: 'subscribed', plan: 'smart', servicios: [], trialEndsAt: null },
    });
    const token = await loginToken(t, subscribed.email);
    const url = `/api/properties/${subscribed.propertyIds[0]}/notification-preferences`;
    expect((await call(token, 'GET', url)).json().data.whatsapp).toMatchObject({
      available: false,
      blocked_by: 'plan',
    });
    const refused = await call(token, 'PUT', url, {
      preferences: [{ kind: 'message', email: true, whatsapp: true }],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('settings.feature_unavailable');

    const noPhone = await createEmpresa(t, { properties: [{ nombre: 'Finca' }], user: { phone: null } });
    const noPhoneToken = await loginToken(t, noPhone.email);
    const noPhoneUrl = `/api/properties/${noPhone.propertyIds[0]}/notification-preferences`;
    expect((await call(noPhoneToken, 'GET', noPhoneUrl)).json().data.whatsapp.blocked_by).toBe('no_phone');
    const res = await call(noPhoneToken, 'PUT', noPhoneUrl, {
      preferences: [{ kind: 'message', email: true, whatsapp: true }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Añade tu teléfono en tu perfil para recibir avisos por WhatsApp.');
  });
});
