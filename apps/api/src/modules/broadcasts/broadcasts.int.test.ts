import { broadcastPaths } from '@posada/contracts/broadcasts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../adapters/whatsapp/whatsapp.fake.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { changedTables, dbSnapshot } from '../../test/db-snapshot.ts';
import { buildTestApp, type TestApp, testDbKind } from '../../test/test-app.ts';
import { broadcastSendJob } from './broadcasts.service.ts';

type Method = 'GET' | 'POST';

/**
 * Mass messages through the HTTP API (PGlite; PostgreSQL with TEST_DB=postgres), the whole app against the
 * WhatsApp Cloud API fake: the account writes through the platform's shared number (one property) and its
 * approved templates (stay_welcome, registered at the fake: "Hola {{1}}, te esperamos el {{2}}…"). Casa Azul has
 * three guests arriving in December 2026 (Ana, Bea, Carlos). Another account (Villa Sol) must get 404 for
 * everything of Casa Azul; an account whose trial ended is refused by the plan gate; bad input changes
 * nothing. Now: 2026-11-20 10:00 UTC.
 */
describe(`broadcasts API on ${testDbKind}`, () => {
  let t: TestApp;
  let fake: FakeWhatsApp;
  let token: string;
  let otherToken: string;
  let expiredToken: string;
  let casa: string;
  let templateId: string;

  const call = (method: Method, url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(as), 'accept-language': 'es' } });
  const filter = (extra: object = {}) => ({
    property_ids: [casa],
    stay_from: '2026-12-01',
    stay_to: '2026-12-31',
    statuses: ['booked'],
    ...extra,
  });
  const sent = async () => ((await fake.control('sent')) as { data: { to: string }[] }).data;

  beforeAll(async () => {
    fake = await startFakeWhatsApp({ enforceWindow: false });
    await fake.control('templates', {
      waba_id: '*',
      name: 'stay_welcome',
      language: 'es',
      category: 'UTILITY',
      body: 'Hola {{1}}, te esperamos el {{2}}. Completa tu check-in online antes de llegar.',
    });
    t = await buildTestApp({ env: fake.env });
    // The fake's status webhooks come back into this app.
    fake.setWebhook(async ({ body, headers }) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        headers,
        payload: body,
      });
      return { status: answer.statusCode };
    });
    const owner = await createEmpresa(t, { properties: [{ nombre: 'Casa Azul' }] });
    casa = owner.propertyIds[0] as string;
    token = await loginToken(t, owner.email);
    const other = await createEmpresa(t, { properties: [{ nombre: 'Villa Sol' }] });
    otherToken = await loginToken(t, other.email);
    const expired = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Cerrada' }],
      account: { statusSubscription: 'demo_expired' },
    });
    expiredToken = await loginToken(t, expired.email);
    const guest = (code: string, name: string, phone: string, start: string) => ({
      accountId: owner.accountId as string,
      propertyId: casa,
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
    await t.database.db
      .insert(bookings)
      .values([
        guest('PS-ANA002', 'Ana Pérez', '+34600111222', '2026-12-05'),
        guest('PS-BEA002', 'Bea Ruiz', '+34600222333', '2026-12-06'),
        guest('PS-CAR002', 'Carlos Gil', '+34600333444', '2026-12-07'),
      ]);
    const synced = await call('POST', '/api/whatsapp/templates/sync');
    expect(synced.statusCode, synced.body).toBe(200);
    templateId = (synced.json().data as { id: string; name: string }[]).find(
      (tpl) => tpl.name === 'stay_welcome',
    )?.id as string;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('says what the screen needs: the plan, the shared number, the limit and the approved templates', async () => {
    const res = await call('GET', broadcastPaths.setup);
    expect(res.statusCode, res.body).toBe(200);
    const setup = res.json().data;
    expect(setup).toMatchObject({ available: true, sender: 'shared', daily_limit: 1000, sent_last_24h: 0 });
    expect(setup.templates.find((tpl: { id: string }) => tpl.id === templateId)).toMatchObject({
      name: 'stay_welcome',
      placeholders: 2,
      usable: true,
    });
  });

  it('refuses bad input with a translated message and changes nothing', async () => {
    const before = await dbSnapshot(t.database);
    const cases: [string, object][] = [
      [broadcastPaths.recipients, filter({ stay_to: '2026-11-01' })],
      [broadcastPaths.recipients, filter({ statuses: [] })],
      [broadcastPaths.recipients, filter({ stay_from: '2026-02-30' })],
      [broadcastPaths.list, { ...filter(), template_id: 'no-es-un-id', params: [] }],
      [broadcastPaths.list, { ...filter(), template_id: templateId, params: ['door_code', 'arrival'] }],
      [broadcastPaths.list, { ...filter(), template_id: templateId, params: ['guest_name'] }],
    ];
    for (const [url, payload] of cases) {
      const res = await call('POST', url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const missing = await call('POST', broadcastPaths.list, {
      ...filter(),
      template_id: templateId,
      params: ['guest_name'],
    });
    expect(missing.json().errors.params).toEqual(['Elige qué dato va en cada variable de la plantilla.']);
    expect(changedTables(before, await dbSnapshot(t.database))).toEqual([]);
    expect(await sent()).toHaveLength(0);
  });

  it('sends a broadcast to the three guests and lists it with its counts', async () => {
    const recipients = await call('POST', broadcastPaths.recipients, filter());
    expect(recipients.json().data).toMatchObject({ count: 3, skipped: 0, remaining_today: 1000 });

    const preview = await call('POST', broadcastPaths.preview, {
      ...filter(),
      template_id: templateId,
      params: ['guest_name', 'arrival'],
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.items[1].text).toBe(
      'Hola Bea Ruiz, te esperamos el 6 dic 2026. Completa tu check-in online antes de llegar.',
    );

    const created = await call('POST', broadcastPaths.list, {
      ...filter(),
      template_id: templateId,
      params: ['guest_name', 'arrival'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    await t.jobs.drain(broadcastSendJob, 30_000);
    // The guests' phones answer through the fake's status webhooks (sent, delivered, read).
    await fake.idle();
    await t.app.eventsIdle();

    expect((await sent()).map((m) => m.to).sort()).toEqual(['34600111222', '34600222333', '34600333444']);
    const list = (await call('GET', broadcastPaths.list)).json().data;
    expect(list[0]).toMatchObject({ id, status: 'done', template_name: 'stay_welcome' });
    expect(list[0].counts).toMatchObject({ total: 3, read: 3, accepted: 0, failed: 0, skipped: 0 });
    const detail = (await call('GET', broadcastPaths.one(id))).json().data;
    expect(detail.recipients.map((r: { status: string }) => r.status)).toEqual(['read', 'read', 'read']);
    expect((await call('GET', broadcastPaths.setup)).json().data.sent_last_24h).toBe(3);

    // Finished: nothing left to cancel.
    const cancel = await call('POST', broadcastPaths.cancel(id));
    expect(cancel.statusCode).toBe(409);
  });

  it('answers 404 to another account for everything of this one, and shows it none of it', async () => {
    const [mine] = (await call('GET', broadcastPaths.list)).json().data as { id: string }[];
    const id = mine?.id as string;
    const before = await dbSnapshot(t.database);
    expect((await call('GET', broadcastPaths.one(id), undefined, otherToken)).statusCode).toBe(404);
    expect((await call('POST', broadcastPaths.cancel(id), undefined, otherToken)).statusCode).toBe(404);
    expect((await call('POST', broadcastPaths.recipients, filter(), otherToken)).statusCode).toBe(404);
    expect(
      (
        await call(
          'POST',
          broadcastPaths.list,
          { ...filter(), template_id: templateId, params: ['guest_name', 'arrival'] },
          otherToken,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', broadcastPaths.list, undefined, otherToken)).json().data).toEqual([]);
    expect((await call('GET', broadcastPaths.one('not-an-id'))).statusCode).toBe(404);
    expect(changedTables(before, await dbSnapshot(t.database))).toEqual([]);
  });

  it('refuses an account whose plan does not include messaging', async () => {
    const setup = (await call('GET', broadcastPaths.setup, undefined, expiredToken)).json().data;
    expect(setup.available).toBe(false);
    const res = await call(
      'POST',
      broadcastPaths.recipients,
      { ...filter(), property_ids: [] },
      expiredToken,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('settings.feature_unavailable');
  });
});
