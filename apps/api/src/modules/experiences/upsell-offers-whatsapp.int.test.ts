import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../adapters/whatsapp/whatsapp.fake.ts';
import { messageDeliveries } from '../../db/schema/deliveries.ts';
import { services, upsellOffers, upsellSettings } from '../../db/schema/experiences.ts';
import { properties } from '../../db/schema/properties.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { upsellOffersJob } from './upsell.jobs.ts';

/**
 * Upselling offers over WhatsApp against the strict Cloud API fake (the platform's shared number), through the
 * delivery pipeline: free text inside the 24-hour window, the approved MARKETING template outside it (the
 * default WHATSAPP_UPSELL_TEMPLATE, the fake's `service_offer`: name, property, link), each record following
 * the fake's status webhooks. The check-ins are made without a message (QR), so WhatsApp carries only the offers.
 */
describe('upselling offers over WhatsApp', () => {
  let t: TestApp | undefined;
  let fake: FakeWhatsApp;
  let ana: string;
  let bruno: string;
  const app = () => t as TestApp;
  const sentTo = async (to: string) =>
    (
      (await fake.control('sent')) as {
        data: { to: string; type: string; text?: string; template?: unknown }[];
      }
    ).data.filter((s) => s.to === to);
  const offerOf = async (checkinId: string) =>
    (await app().database.db.select().from(upsellOffers).where(eq(upsellOffers.checkinId, checkinId)))[0];
  /** The offer's delivery records of a check-in (channel, state, template). */
  const recordsOf = async (checkinId: string) =>
    (
      await app()
        .database.db.select()
        .from(messageDeliveries)
        .where(eq(messageDeliveries.checkinId, checkinId))
    ).map((r) => ({
      kind: r.kind,
      channel: r.channel,
      status: r.status,
      template: r.content.template?.name ?? null,
    }));

  beforeAll(async () => {
    fake = await startFakeWhatsApp({ now: () => (t ? t.clock.now().getTime() : Date.now()) });
    t = await buildTestApp({
      env: {
        ...fake.env,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'upsell-wa-')),
      },
      now: new Date('2026-11-19T18:00:00Z'),
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
    // A trial account: the offers need the cross-selling gate only.
    const owner = await createEmpresa(app(), { properties: [{ nombre: 'Casa Azul' }] });
    const accountId = owner.accountId ?? '';
    const [casa = ''] = owner.propertyIds;
    const token = await loginToken(app(), owner.email);
    const { db } = app().database;
    await db
      .update(properties)
      .set({ storeEnabled: true, storeType: 'internal' })
      .where(eq(properties.id, casa));
    const [transfer] = await db
      .insert(services)
      .values({
        accountId,
        propertyId: casa,
        name: 'Traslado',
        title: { es: 'Traslado al aeropuerto' },
        description: { es: '' },
        category: 'transfer',
        confirmation: 'automatic',
        priceType: 'unit',
        price: 3000,
      })
      .returning({ id: services.id });
    await db.insert(upsellSettings).values({
      accountId,
      propertyId: casa,
      moment: 'before_arrival',
      enabled: true,
      days: 1,
      serviceIds: [transfer?.id ?? ''],
    });
    const send = async (name: string, phone: string) => {
      const res = await app().app.inject({
        method: 'POST',
        url: '/api/checkins/send',
        headers: bearer(token),
        payload: {
          property_id: casa,
          name,
          phone,
          email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
          channel: 'qr',
          start_date: '2026-11-21',
          end_date: '2026-11-23',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.checkin.id as string;
    };
    ana = await send('Ana Pérez', '+34 600 111 222');
    bruno = await send('Bruno Díaz', '+34 600 333 444');
    // Ana writes the evening before: her window is open at 10:00 on the 20th.
    await fake.control('inbound', {
      from: '34600111222',
      name: 'Ana',
      text: '¿Hay parking?',
      timestamp: Math.floor(app().clock.now().getTime() / 1000),
    });
    await app().app.eventsIdle();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends free text inside the window and the approved template outside it, once', async () => {
    app().clock.set(new Date('2026-11-20T09:30:00Z'));
    for (let run = 0; run < 2; run++) {
      await app().jobs.send(upsellOffersJob, {});
      await app().jobs.drain(upsellOffersJob);
    }
    // The fake's status webhooks (sent, delivered, read) were posted and applied.
    await fake.idle();
    await app().app.eventsIdle();
    const toAna = await sentTo('34600111222');
    expect(toAna).toHaveLength(1);
    expect(toAna[0]?.type).toBe('text');
    expect(toAna[0]?.text).toContain('Traslado al aeropuerto');
    expect(toAna[0]?.text).toContain('/checkin/customers/previe/');
    expect(await offerOf(ana)).toMatchObject({ status: 'sent', channel: 'whatsapp' });
    expect(await recordsOf(ana)).toEqual([
      { kind: 'upsell_offer', channel: 'whatsapp', status: 'read', template: null },
    ]);

    const toBruno = await sentTo('34600333444');
    expect(toBruno).toHaveLength(1);
    expect(toBruno[0]?.type).toBe('template');
    expect(toBruno[0]?.template).toMatchObject({ name: 'service_offer', language: 'es' });
    const template = toBruno[0]?.template as { params?: string[] } | undefined;
    expect(template?.params).toHaveLength(3);
    expect(template?.params?.slice(0, 2)).toEqual(['Bruno', 'Casa Azul']);
    expect(template?.params?.[2]).toContain('/checkin/customers/previe/');
    expect(await offerOf(bruno)).toMatchObject({ status: 'sent', channel: 'whatsapp' });
    expect(await recordsOf(bruno)).toEqual([
      { kind: 'upsell_offer', channel: 'whatsapp', status: 'read', template: 'service_offer' },
    ]);
  });
});
