import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bookingPaths } from '@posada/contracts/bookings';
import { reviewPaths } from '@posada/contracts/reviews';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../adapters/whatsapp/whatsapp.fake.ts';
import { reviewRequests } from '../../db/schema/messaging.ts';
import { properties } from '../../db/schema/properties.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { reviewRequestsJob } from './reviews.jobs.ts';

/**
 * Review requests over WhatsApp against the Cloud API fake (the platform's shared number): free text inside
 * the 24-hour window, the approved `stay_followup` template outside it (the link as its last parameter), and
 * a reply of just a number recorded as the score, answered with the review URL in the thread.
 */
describe('review requests over WhatsApp', () => {
  let t: TestApp | undefined;
  let fake: FakeWhatsApp;
  let token: string;
  let ownerEmail: string;
  let casa: string;
  let loft: string;
  let ana: string;
  let bruno: string;
  const reviewUrl = 'https://g.page/r/casa-azul/review';

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t?.app.inject({ method, url, payload, headers: { ...bearer(token), 'accept-language': 'es' } });
  const app = () => t as TestApp;
  const runJob = async () => {
    await app().jobs.send(reviewRequestsJob, {});
    await app().jobs.drain(reviewRequestsJob);
  };
  const setClock = async (at: string) => {
    app().clock.set(new Date(at));
    token = await loginToken(app(), ownerEmail);
  };
  const writes = async (from: string, name: string, text: string) => {
    await fake.control('inbound', {
      from,
      name,
      text,
      timestamp: Math.floor(app().clock.now().getTime() / 1000),
    });
    await app().app.eventsIdle();
  };
  const sentTo = async (to: string) =>
    (
      (await fake.control('sent')) as {
        data: { to: string; type: string; text?: string; template?: unknown }[];
      }
    ).data.filter((s) => s.to === to);
  const requestOf = async (bookingId: string) =>
    (await app().database.db.select().from(reviewRequests).where(eq(reviewRequests.bookingId, bookingId)))[0];

  beforeAll(async () => {
    fake = await startFakeWhatsApp({ now: () => (t ? t.clock.now().getTime() : Date.now()) });
    t = await buildTestApp({
      env: { ...fake.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'reviews-wa-')) },
    });
    fake.setWebhook(async ({ body, headers }) => {
      const answer = await app().app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        payload: body,
        headers,
      });
      return { status: answer.statusCode };
    });
    fake.setAfterDelivery(() => app().app.eventsIdle());
    const owner = await createEmpresa(app(), {
      properties: [{ nombre: 'Casa Azul' }, { nombre: 'Loft Centro' }],
    });
    ownerEmail = owner.email;
    [casa = '', loft = ''] = owner.propertyIds;
    token = await loginToken(app(), owner.email);
    await app().database.db.update(properties).set({ guests: 6, priceNight: 10_000 });
    for (const id of [casa, loft]) {
      const on = await call('PUT', `/api/properties/${id}/settings/guest-reviews`, {
        enabled: true,
        review_url: reviewUrl,
      });
      expect(on?.statusCode, on?.body).toBe(200);
      const timing = await call('PUT', reviewPaths.settings(id), { send_hour: 11, delay_days: 0, scale: 5 });
      expect(timing?.statusCode, timing?.body).toBe(200);
    }
    const book = async (property: string, name: string, phone: string) => {
      const res = await call('POST', bookingPaths.create, {
        property_id: property,
        name,
        email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
        phone,
        start_date: '2026-11-20',
        end_date: '2026-11-22',
        number_of_guests: 2,
        price: 20_000,
      });
      expect(res?.statusCode, res?.body).toBe(201);
      return res?.json().data.id as string;
    };
    ana = await book(casa, 'Ana Pérez', '+34 600 111 222');
    bruno = await book(loft, 'Bruno Díaz', '+34 600 333 444');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('inside the window the question goes as text; outside it the approved template carries the link', async () => {
    // Ana wrote the evening before departure: her window is open at 11:00 on the 22nd (10:00 UTC).
    await setClock('2026-11-21T18:00:00Z');
    await writes('34600111222', 'Ana', '¿Podemos dejar las maletas hasta las 13:00?');
    await setClock('2026-11-22T10:00:00Z');
    await runJob();

    const toAna = await sentTo('34600111222');
    expect(toAna).toHaveLength(1);
    expect(toAna[0]?.type).toBe('text');
    expect(toAna[0]?.text).toContain('del 1 al 5');
    const anaRequest = await requestOf(ana);
    expect(anaRequest).toMatchObject({ status: 'sent', channel: 'whatsapp' });
    expect(toAna[0]?.text).toContain(`http://localhost:5173/r/${anaRequest?.token}`);

    // Bruno never wrote: only a template may go.
    const toBruno = await sentTo('34600333444');
    expect(toBruno).toHaveLength(1);
    expect(toBruno[0]?.type).toBe('template');
    const brunoRequest = await requestOf(bruno);
    expect(toBruno[0]?.template).toMatchObject({
      name: 'stay_followup',
      params: ['Bruno', `http://localhost:5173/r/${brunoRequest?.token}`],
    });
  });

  it('a reply of just a number is the score, and the guest gets the review URL in the thread', async () => {
    await setClock('2026-11-22T10:05:00Z');
    await writes('34600111222', 'Ana', 'Muy bien todo, gracias');
    expect((await requestOf(ana))?.status).toBe('sent');
    await writes('34600111222', 'Ana', '4');
    expect(await requestOf(ana)).toMatchObject({ status: 'answered', score: 4 });
    const toAna = await sentTo('34600111222');
    expect(toAna.at(-1)?.text).toContain(reviewUrl);
    // A number off the scale is just a message.
    await writes('34600333444', 'Bruno', '9');
    expect(await requestOf(bruno)).toMatchObject({ status: 'sent', score: null });
  });
});
