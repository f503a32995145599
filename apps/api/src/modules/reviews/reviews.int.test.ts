import { bookingPaths } from '@posada/contracts/bookings';
import { reviewPaths } from '@posada/contracts/reviews';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../adapters/smtp/smtp.fake.ts';
import { reviewRequests } from '../../db/schema/messaging.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { properties } from '../../db/schema/properties.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { reviewRequestsJob } from './reviews.jobs.ts';

type Method = 'GET' | 'POST' | 'PUT';

/**
 * Review requests through the API (PGlite; PostgreSQL with TEST_DB=postgres): the settings, the job that
 * schedules a request after a stay and sends it at the hour (by e-mail here: no WhatsApp sender), the guest's
 * public page and answer (the same review URL for every score), the report, the plan gate and tenant checks.
 * The clock starts on 2026-11-20 10:00 UTC (11:00 in Madrid).
 */
describe('review requests', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let token: string;
  let otherToken: string;
  let ownerEmail: string;
  let casa: string;
  let otherProperty: string;
  const reviewUrl = 'https://g.page/r/casa-azul/review';
  const inboundSecret = 'inbound-secret-for-the-tests';
  /** Stays at Casa Azul one after another (one unit): Lucía, a cancelled one, Pablo, Marta, Iker, Sara. */
  const stay: Record<'lucia' | 'cancelled' | 'pablo' | 'marta' | 'iker' | 'sara', string> = {
    lucia: '',
    cancelled: '',
    pablo: '',
    marta: '',
    iker: '',
    sara: '',
  };

  const call = (method: Method, url: string, payload?: object, as: string | null = token) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { ...(as ? bearer(as) : {}), 'accept-language': 'es' },
    });
  const runJob = async () => {
    await t.jobs.send(reviewRequestsJob, {});
    await t.jobs.drain(reviewRequestsJob);
  };
  const setClock = async (at: string) => {
    t.clock.set(new Date(at));
    token = await loginToken(t, ownerEmail);
  };
  const book = async (overrides: Record<string, unknown> = {}, as = token) => {
    const res = await call(
      'POST',
      bookingPaths.create,
      {
        start_date: '2026-11-20',
        end_date: '2026-11-22',
        name: 'Lucía Pérez',
        email: 'lucia@example.com',
        phone: '+34 600 123 456',
        property_id: casa,
        number_of_guests: 2,
        price: 30_000,
        ...overrides,
      },
      as,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };
  const requestOf = async (bookingId: string) =>
    (await t.database.db.select().from(reviewRequests).where(eq(reviewRequests.bookingId, bookingId)))[0];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp({
      env: {
        SMTP_URL: smtp.url,
        INBOUND_EMAIL_SECRET: inboundSecret,
        INBOUND_EMAIL_DOMAIN: 'reply.example.com',
      },
    });
    const owner = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Azul' }, { nombre: 'Loft Centro' }],
    });
    ownerEmail = owner.email;
    [casa = ''] = owner.propertyIds;
    token = await loginToken(t, owner.email);
    const other = await createEmpresa(t, { properties: [{ nombre: 'Otra Casa' }] });
    [otherProperty = ''] = other.propertyIds;
    otherToken = await loginToken(t, other.email);
    await t.database.db.update(properties).set({ guests: 6, priceNight: 10_000 });
    const on = await call('PUT', `/api/properties/${casa}/settings/guest-reviews`, {
      enabled: true,
      review_url: reviewUrl,
    });
    expect(on.statusCode, on.body).toBe(200);
    const guest = (name: string, phone: string, start_date: string, end_date: string) => ({
      name,
      email: `${name.split(' ')[0]?.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')}@example.com`,
      phone,
      start_date,
      end_date,
    });
    stay.lucia = await book(guest('Lucía Pérez', '+34 600 123 456', '2026-11-20', '2026-11-22'));
    stay.cancelled = await book(guest('Ana Gil', '+34 600 999 888', '2026-11-22', '2026-11-23'));
    const cancel = await call('POST', bookingPaths.cancel, { booking_id: stay.cancelled });
    expect(cancel.statusCode, cancel.body).toBe(200);
    stay.pablo = await book(guest('Pablo Ruiz', '+34 611 222 333', '2026-11-22', '2026-11-23'));
    stay.marta = await book(guest('Marta Soler', '+34 622 333 444', '2026-11-23', '2026-11-24'));
    stay.iker = await book(guest('Iker Sanz', '+34 633 444 555', '2026-11-24', '2026-11-25'));
    stay.sara = await book(guest('Sara Vidal', '+34 644 555 666', '2026-11-25', '2026-11-27'));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('answers the defaults and the guest-reviews switch', async () => {
    const res = await call('GET', reviewPaths.settings(casa));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      send_hour: 11,
      delay_days: 0,
      scale: 10,
      enabled: true,
      review_url: reviewUrl,
      time_zone: 'Europe/Madrid',
      feature_available: true,
    });
  });

  it('refuses an hour, delay or scale out of range and keeps the settings', async () => {
    for (const body of [
      { send_hour: 24, delay_days: 0, scale: 10 },
      { send_hour: 9, delay_days: -1, scale: 10 },
      { send_hour: 9, delay_days: 1, scale: 7 },
    ]) {
      const res = await call('PUT', reviewPaths.settings(casa), body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('validation.failed');
    }
    expect((await call('GET', reviewPaths.settings(casa))).json().data.send_hour).toBe(11);
  });

  it('another account gets 404 for the settings and the report', async () => {
    for (const [method, url] of [
      ['GET', reviewPaths.settings(casa)],
      ['GET', reviewPaths.report(casa)],
    ] as const) {
      const res = await call(method, url, undefined, otherToken);
      expect(res.statusCode).toBe(404);
    }
    const put = await call(
      'PUT',
      reviewPaths.settings(casa),
      { send_hour: 3, delay_days: 0, scale: 5 },
      otherToken,
    );
    expect(put.statusCode).toBe(404);
    expect((await call('GET', reviewPaths.settings(otherProperty), undefined, otherToken)).statusCode).toBe(
      200,
    );
  });

  it('sends the request once, at the hour after departure, with the public link', async () => {
    const saved = await call('PUT', reviewPaths.settings(casa), { send_hour: 9, delay_days: 1, scale: 10 });
    expect(saved.statusCode, saved.body).toBe(200);
    const booking = stay.lucia;
    const cancelled = stay.cancelled;

    // The stay has not ended: nothing.
    await runJob();
    expect(await requestOf(booking)).toBeUndefined();

    // Departure day (22nd): scheduled for the 23rd at 09:00 Madrid (08:00 UTC), not sent.
    await setClock('2026-11-22T12:00:00Z');
    await runJob();
    const scheduled = await requestOf(booking);
    expect(scheduled?.status).toBe('scheduled');
    expect(scheduled?.dueAt.toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(scheduled?.scale).toBe(10);

    await setClock('2026-11-23T07:59:00Z');
    await runJob();
    expect((await requestOf(booking))?.status).toBe('scheduled');
    expect(smtp.messages.filter((m) => m.to.includes('lucia@example.com'))).toHaveLength(0);

    await setClock('2026-11-23T08:00:00Z');
    await runJob();
    const sent = await requestOf(booking);
    expect(sent?.status).toBe('sent');
    expect(sent?.channel).toBe('email');
    expect(sent?.threadId).toBeTruthy();
    const mail = await smtp.waitFor((m) => m.to.includes('lucia@example.com'));
    expect(mail.subject).toBe('¿Qué tal tu estancia en Casa Azul?');
    expect(mail.text).toContain('del 1 al 10');
    expect(mail.links).toContain(`http://localhost:5173/r/${sent?.token}`);

    // Not twice: another run changes nothing.
    await runJob();
    await setClock('2026-11-23T09:00:00Z');
    await runJob();
    expect(smtp.messages.filter((m) => m.to.includes('lucia@example.com'))).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(reviewRequests)
      .where(eq(reviewRequests.bookingId, booking));
    expect(rows).toHaveLength(1);
    // The cancelled stay never gets one.
    expect(await requestOf(cancelled)).toBeUndefined();
  });

  it('the guest sees the property and the scale, and every score gets the same review URL', async () => {
    const low = stay.pablo;
    const high = stay.marta;
    await setClock('2026-11-25T08:00:00Z');
    await runJob();
    const lowToken = (await requestOf(low))?.token ?? '';
    const highToken = (await requestOf(high))?.token ?? '';
    expect((await requestOf(low))?.status).toBe('sent');

    const view = await call('GET', reviewPaths.publicRequest(lowToken), undefined, null);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data).toEqual({
      property_name: 'Casa Azul',
      guest_name: 'Pablo',
      scale: 10,
      score: null,
      review_url: null,
    });

    const one = await call('POST', reviewPaths.publicRequest(lowToken), { score: 1 }, null);
    const ten = await call('POST', reviewPaths.publicRequest(highToken), { score: 10 }, null);
    expect(one.statusCode, one.body).toBe(200);
    expect(ten.statusCode, ten.body).toBe(200);
    // No review gating: the unhappy guest is sent to the same public review page as the happy one.
    expect(one.json().data.review_url).toBe(reviewUrl);
    expect(ten.json().data.review_url).toBe(reviewUrl);
    expect(one.json().data.score).toBe(1);

    // The first answer stands.
    const again = await call('POST', reviewPaths.publicRequest(lowToken), { score: 9 }, null);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ score: 1, review_url: reviewUrl });
    expect((await requestOf(low))?.score).toBe(1);

    // The operator's bell rang for each answer.
    const bell = await t.database.db.select().from(notifications).where(eq(notifications.kind, 'review'));
    expect(bell.map((n) => n.title)).toHaveLength(2);
    expect(bell.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Nueva valoración: 1/10', 'Nueva valoración: 10/10']),
    );
  });

  it('refuses a score off the scale and stores nothing', async () => {
    const booking = stay.iker;
    await setClock('2026-11-26T08:00:00Z');
    await runJob();
    const request = await requestOf(booking);
    for (const score of [0, 11, 4.5, '7']) {
      const res = await call('POST', reviewPaths.publicRequest(request?.token ?? ''), { score }, null);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('validation.failed');
      expect(res.json().errors.score).toEqual(['Elige una puntuación de la escala.']);
    }
    expect(await requestOf(booking)).toMatchObject({ status: 'sent', score: null });
  });

  it('a reply that is a number on the scale is the score; any other reply is not', async () => {
    const request = await requestOf(stay.iker);
    expect(request?.threadId).toBeTruthy();
    const reply = (text: string, id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/email-inbound',
        headers: { 'x-inbound-secret': inboundSecret },
        payload: {
          from: 'iker@example.com',
          name: 'Iker Sanz',
          subject: 'Re: ¿Qué tal tu estancia en Casa Azul?',
          text,
          message_id: `<${id}@mail.example.com>`,
          to: `reply+${request?.threadId}@reply.example.com`,
        },
      });
    const words = await reply('Llegamos bien a casa, gracias', 'r1');
    expect(words.statusCode, words.body).toBe(200);
    await t.app.eventsIdle();
    const number = await reply('8', 'r2');
    expect(number.json().data.stored).toBe(true);
    const deadline = Date.now() + 10_000;
    while ((await requestOf(stay.iker))?.status !== 'answered' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await requestOf(stay.iker)).toMatchObject({ status: 'answered', score: 8 });
    const view = await call('GET', reviewPaths.publicRequest(request?.token ?? ''), undefined, null);
    expect(view.json().data).toMatchObject({ score: 8, review_url: reviewUrl });
  });

  it('an unknown token is 404, and so is a request not sent yet', async () => {
    const unknown = await call('GET', reviewPaths.publicRequest('AAAAAAAAAAAAAAAAAAAAAA'), undefined, null);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('reviews.not_found');
    const post = await call('POST', reviewPaths.publicRequest('nope'), { score: 5 }, null);
    expect(post.statusCode).toBe(404);
    const waiting = stay.sara;
    await setClock('2026-11-27T12:00:00Z');
    await runJob();
    const row = await requestOf(waiting);
    expect(row?.status).toBe('scheduled');
    expect((await call('GET', reviewPaths.publicRequest(row?.token ?? ''), undefined, null)).statusCode).toBe(
      404,
    );
  });

  it('reports the answers on the scale', async () => {
    const res = await call('GET', reviewPaths.report(casa));
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ scale: 10, sent: 4, answered: 3, scheduled: 1, average: 6.3 });
    expect(report.distribution).toHaveLength(10);
    expect(report.distribution[0]).toEqual({ score: 1, count: 1 });
    expect(report.distribution[7]).toEqual({ score: 8, count: 1 });
    expect(report.distribution[9]).toEqual({ score: 10, count: 1 });
    expect(report.latest.map((a: { guest_name: string }) => a.guest_name).sort()).toEqual([
      'Iker Sanz',
      'Marta Soler',
      'Pablo Ruiz',
    ]);
  });

  it('a plan without the reviews extra schedules nothing and cannot change the settings', async () => {
    const gated = await createEmpresa(t, {
      properties: [{ nombre: 'Sin Extra' }],
      account: { statusSubscription: 'subscribed', plan: 'standard', servicios: [] },
    });
    const gatedToken = await loginToken(t, gated.email);
    await t.database.db.update(properties).set({ guests: 6, priceNight: 10_000 });
    const [gatedProperty = ''] = gated.propertyIds;
    await call(
      'PUT',
      `/api/properties/${gatedProperty}/settings/guest-reviews`,
      { enabled: true, review_url: reviewUrl },
      gatedToken,
    );
    const settings = await call('GET', reviewPaths.settings(gatedProperty), undefined, gatedToken);
    expect(settings.json().data.feature_available).toBe(false);
    const put = await call(
      'PUT',
      reviewPaths.settings(gatedProperty),
      { send_hour: 9, delay_days: 0, scale: 5 },
      gatedToken,
    );
    expect(put.statusCode).toBe(403);
    const booking = await book(
      {
        property_id: gatedProperty,
        start_date: '2026-11-27',
        end_date: '2026-11-28',
        email: 'g@example.com',
      },
      gatedToken,
    );
    await setClock('2026-11-29T11:00:00Z');
    await runJob();
    expect(await requestOf(booking)).toBeUndefined();
  });
});
