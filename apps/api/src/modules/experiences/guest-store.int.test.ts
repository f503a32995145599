import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceFunnelEvents, serviceRequests, upsellSettings } from '../../db/schema/experiences.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { requestsTestKit } from '../../test/experiences-kit.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The guest store of a finished check-in (spec 2.2 services pages, spec 3 Experience store, spec 8 "Service
 * request failure"), without Stripe: every priced request is paid at the property.
 */
let t: TestApp;
const kit = requestsTestKit(() => ({ t }));

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-11-20T10:00:00Z') });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const requestsOf = (checkinId: string) =>
  t.database.db.select().from(serviceRequests).where(eq(serviceRequests.checkinId, checkinId));

describe('guest store: who may open it', { timeout: 120_000 }, () => {
  it('only a completed check-in of that very property answers; anything else is 404', async () => {
    const op = await kit.operator();
    const svc = await kit.addService(op);
    const pending = await kit.stay(op, { status: 'pending', completedAt: null });
    expect((await pending.store()).status).toBe(404);
    expect((await pending.service(svc)).status).toBe(404);
    expect((await pending.request(svc)).status).toBe(404);

    const done = await kit.stay(op);
    expect((await done.store()).status).toBe(200);
    const elsewhere = await kit.guest('GET', `/api/guest/store/${op.otherPropertyId}/${done.id}`);
    expect(elsewhere.status).toBe(404);
    const madeUp = await kit.guest('GET', `/api/guest/store/${op.propertyId}/${crypto.randomUUID()}`);
    expect(madeUp.status).toBe(404);
    const notAnId = await kit.guest('GET', `/api/guest/store/${op.propertyId}/nope`);
    expect(notAnId.status).toBe(404);
    // Another operator's service through this stay is not offered.
    const other = await kit.operator();
    const foreign = await kit.addService(other);
    expect((await done.service(foreign)).status).toBe(404);
    expect((await requestsOf(pending.id)).length).toBe(0);
  });

  it('shows nothing when the store is off or the plan has no cross-selling, the link when external', async () => {
    const off = await kit.operator({ store: { storeEnabled: false } });
    await kit.addService(off);
    expect((await (await kit.stay(off)).store()).body.data).toEqual({ mode: 'none' });

    const gated = await kit.operator({ account: { plan: null } });
    const gatedSvc = await kit.addService(gated);
    const gatedStay = await kit.stay(gated);
    expect((await gatedStay.store()).body.data).toEqual({ mode: 'none' });
    const refused = await gatedStay.request(gatedSvc);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('experiences.request_failed');

    const external = await kit.operator({
      store: {
        storeType: 'external',
        storeExternalMessage: 'Reserva tus extras en nuestra web',
        storeExternalUrl: 'https://extras.example.com',
      },
    });
    const extSvc = await kit.addService(external);
    const extStay = await kit.stay(external);
    expect((await extStay.store()).body.data).toEqual({
      mode: 'external',
      message: 'Reserva tus extras en nuestra web',
      url: 'https://extras.example.com',
    });
    expect((await extStay.request(extSvc)).status).toBe(422);
    expect((await requestsOf(extStay.id)).length).toBe(0);
  });
});

describe('guest store: services and requests', { timeout: 120_000 }, () => {
  it('lists the active services of the property and of all, in the guest language, with the featured ones', async () => {
    const op = await kit.operator();
    const transfer = await kit.addService(op);
    const breakfast = await kit.addService(op, {
      propertyId: null,
      name: 'Desayuno',
      title: { es: 'Desayuno', en: '', ar: 'فطور' },
      category: 'food_beverage',
      priceType: 'person',
      price: 1200,
    });
    await kit.addService(op, { name: 'Apagado', active: false });
    const loft = await kit.addService(op, { propertyId: op.otherPropertyId, name: 'Solo loft' });
    await t.database.db.insert(upsellSettings).values({
      propertyId: op.propertyId,
      accountId: op.accountId,
      moment: 'checkin_done',
      enabled: true,
      serviceIds: [breakfast, loft],
    });
    const s = await kit.stay(op);

    const en = await s.store('en');
    expect(en.status, JSON.stringify(en.body)).toBe(200);
    const data = en.body.data;
    expect(data.mode).toBe('internal');
    expect(data.pays_online).toBe(false);
    expect(data.requests).toEqual([]);
    // The done step's featured services: public offers of the property, before any check-in is complete.
    const featured = await t.app.inject({
      method: 'GET',
      url: `/api/guest/store/${op.propertyId}/featured?lang=ar`,
    });
    expect(featured.statusCode).toBe(200);
    expect(featured.json().data.services.map((x: { id: string; title: string }) => [x.id, x.title])).toEqual([
      [breakfast, 'فطور'],
    ]);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/guest/store/${crypto.randomUUID()}/featured`,
    });
    expect(elsewhere.statusCode).toBe(404);
    const titles = Object.fromEntries(
      data.services.map((x: { id: string; title: string }) => [x.id, x.title]),
    );
    // English where written, Spanish where not; inactive and the other property's services are not offered.
    expect(titles).toEqual({ [transfer]: 'Airport transfer', [breakfast]: 'Desayuno' });
    const ar = await s.store('ar');
    expect(ar.body.data.services.find((x: { id: string }) => x.id === breakfast).title).toBe('فطور');

    const offered = await t.database.db
      .select({ serviceId: serviceFunnelEvents.serviceId })
      .from(serviceFunnelEvents)
      .where(and(eq(serviceFunnelEvents.checkinId, s.id), eq(serviceFunnelEvents.kind, 'offered')));
    expect(offered.map((o) => o.serviceId).sort()).toEqual([transfer, breakfast].sort());

    const detail = await s.service(transfer);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      service: { id: transfer, title: 'Traslado al aeropuerto', price: 2500, price_type: 'unit' },
      start_date: '2026-11-20',
      end_date: '2026-11-23',
      pays_online: false,
      requests: [],
    });
    const viewed = await t.database.db
      .select()
      .from(serviceFunnelEvents)
      .where(and(eq(serviceFunnelEvents.checkinId, s.id), eq(serviceFunnelEvents.kind, 'viewed')));
    expect(viewed.map((v) => v.serviceId)).toEqual([transfer]);
    expect((await s.service(loft)).status).toBe(404);
  });

  it('stores a request with the main guest, the price snapshot and a bell for the operator', async () => {
    const op = await kit.operator();
    const transfer = await kit.addService(op, { confirmation: 'manual' });
    const s = await kit.stay(op);
    const made = await s.request(transfer, { quantity: 3 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({
      checkout_url: null,
      request: {
        service_id: transfer,
        service_name: 'Traslado aeropuerto',
        quantity: 3,
        service_date: '2026-11-21',
        service_time: '10:30',
        total: 7500,
        currency: 'EUR',
        status: 'pending',
        payment_mode: 'at_property',
        payment_status: null,
        can_pay: false,
      },
    });
    const [row] = await requestsOf(s.id);
    expect(row).toMatchObject({
      clientName: 'Lucía Martínez',
      email: s.leadEmail,
      documentType: 'dni',
      documentNumber: '****678Z',
      unitPrice: 2500,
      notes: 'Vuelo IB123',
      category: 'transfer',
    });
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, op.accountId), eq(notifications.relationId, row?.id ?? '')));
    expect(bell.map((n) => [n.kind, n.title])).toEqual([['service', 'Nueva solicitud de servicio']]);
    expect(bell[0]?.body).toBe('Traslado aeropuerto · Lucía Martínez · Casa Azul');
    // The store lists it for this stay.
    expect((await s.store()).body.data.requests.map((r: { id: string }) => r.id)).toEqual([row?.id]);
  });

  it('uses the check-in contact without a registered guest; a group is one price; free is free', async () => {
    const op = await kit.operator();
    const dinner = await kit.addService(op, { priceType: 'group', price: 9000, name: 'Cena' });
    const welcome = await kit.addService(op, { price: 0, name: 'Bienvenida' });
    const s = await kit.stay(op, { name: 'Pablo Ruiz', phone: '+34 600 111 222' }, false);
    const group = await s.request(dinner, { quantity: 6 });
    expect(group.body.data.request).toMatchObject({ quantity: 1, total: 9000, status: 'approved' });
    const free = await s.request(welcome, { quantity: 1 });
    expect(free.body.data.request).toMatchObject({ total: 0, payment_mode: 'free', status: 'approved' });
    const rows = await requestsOf(s.id);
    expect(rows.every((r) => r.clientName === 'Pablo Ruiz' && r.phone === '+34 600 111 222')).toBe(true);
  });

  it('refuses a date outside the stay (400) and an inactive service (422), storing nothing', async () => {
    const op = await kit.operator();
    const transfer = await kit.addService(op);
    const off = await kit.addService(op, { active: false });
    const s = await kit.stay(op);
    for (const date of ['2026-11-19', '2026-11-24']) {
      const res = await s.request(transfer, { service_date: date });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ service_date: ['Elige una fecha dentro de tu estancia.'] });
    }
    const last = await s.request(transfer, { service_date: '2026-11-23' });
    expect(last.status).toBe(201);
    const inactive = await s.request(off);
    expect(inactive.status).toBe(422);
    expect(inactive.body.code).toBe('experiences.request_failed');
    const madeUp = await s.request(crypto.randomUUID());
    expect(madeUp.status).toBe(422);
    const badQuantity = await s.request(transfer, { quantity: 0 });
    expect(badQuantity.status).toBe(400);
    expect((await requestsOf(s.id)).length).toBe(1);
    // Nothing to pay online without a payments account.
    const pay = await s.pay(last.body.data.request.id);
    expect(pay.status).toBe(422);
    expect(pay.body.code).toBe('experiences.cannot_pay');
    // Another stay of the same property cannot reach this stay's request.
    const neighbour = await kit.stay(op);
    const foreign = await neighbour.pay(last.body.data.request.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('experiences.request_not_found');
  });
});
