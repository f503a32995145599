import { experiencesPaths } from '@posada/contracts/experiences';
import type { ServiceRequestStatus } from '@posada/domain/experiences';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkins } from '../../db/schema/checkins.ts';
import {
  serviceFunnelEvents,
  serviceProviders,
  serviceRequests,
  services,
} from '../../db/schema/experiences.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The store's reports on rows seeded straight into the database (both databases): requests per status, the
 * funnel, revenue of paid requests in the account's main currency by service, provider, property and month
 * (request dates in the property's calendar, Madrid here), the CSV in Spanish and English, the property
 * filter, refusals, tenants and the premium gate.
 */
describe('upselling reports', () => {
  let t: TestApp;
  let token: string;
  let demoToken: string;
  let casa: string;
  let loft: string;
  let otherProperty: string;
  const period = { from: '2026-01-01', to: '2026-03-31' };

  const get = (url: string, query: Record<string, string>, as = token, language = 'es') =>
    t.app.inject({
      method: 'GET',
      url: `${url}?${new URLSearchParams(query)}`,
      headers: { ...bearer(as), 'accept-language': language },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    const { db } = t.database;
    const premium = { plan: 'smart', statusSubscription: 'subscribed' } as const;
    const owner = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Azul' }, { nombre: 'Loft Centro' }],
      account: premium,
    });
    const accountId = owner.accountId ?? '';
    [casa = '', loft = ''] = owner.propertyIds;
    token = await loginToken(t, owner.email);
    const other = await createEmpresa(t, { properties: [{ nombre: 'Otra Casa' }], account: premium });
    [otherProperty = ''] = other.propertyIds;
    demoToken = await loginToken(t, (await createEmpresa(t)).email);

    const [taxi, guides] = await db
      .insert(serviceProviders)
      .values([
        { accountId, name: 'Taxi Sol', country: 'ES' },
        { accountId, name: 'Guías del Sur', country: 'ES' },
      ])
      .returning({ id: serviceProviders.id });
    const service = async (
      account: string,
      propertyId: string | null,
      name: string,
      providerId: string | null,
      currency = 'EUR',
    ) => {
      const [row] = await db
        .insert(services)
        .values({
          accountId: account,
          propertyId,
          name,
          title: { es: name },
          description: { es: '' },
          category: 'others',
          providerId,
          confirmation: 'manual',
          priceType: 'unit',
          price: 1000,
          currency,
        })
        .returning({ id: services.id });
      return row?.id ?? '';
    };
    const transfer = await service(accountId, casa, 'Traslado', taxi?.id ?? null);
    const breakfast = await service(accountId, casa, 'Desayuno', null);
    const tour = await service(accountId, null, 'Tour', guides?.id ?? null);
    await service(accountId, null, 'Yoga', null, 'USD');
    const foreign = await service(other.accountId ?? '', otherProperty, 'Ajeno', null);

    const checkin = async (account: string, propertyId: string, n: number) => {
      const [row] = await db
        .insert(checkins)
        .values({
          accountId: account,
          propertyId,
          name: `Huésped ${n}`,
          startDate: '2026-01-10',
          endDate: '2026-01-12',
          linkTokenHash: `report-test-${n}`,
          linkTokenSealed: 'unused',
          linkExpiresAt: new Date('2026-01-13T00:00:00Z'),
          purgeAfter: '2029-01-12',
        })
        .returning({ id: checkins.id });
      return row?.id ?? '';
    };
    const c1 = await checkin(accountId, casa, 1);
    const c2 = await checkin(accountId, casa, 2);
    const c3 = await checkin(accountId, loft, 3);
    const c4 = await checkin(other.accountId ?? '', otherProperty, 4);

    const request = (
      propertyId: string,
      serviceId: string,
      name: string,
      providerId: string | null,
      checkinId: string,
      status: ServiceRequestStatus,
      total: number,
      createdAt: string,
      currency = 'EUR',
      account = accountId,
    ) => ({
      accountId: account,
      propertyId,
      serviceId,
      providerId,
      checkinId,
      serviceName: name,
      category: 'others' as const,
      clientName: 'Cliente',
      priceType: 'unit' as const,
      unitPrice: total,
      total,
      currency,
      status,
      paymentMode: 'at_property' as const,
      createdAt: new Date(createdAt),
    });
    await db.insert(serviceRequests).values([
      request(casa, transfer, 'Traslado', taxi?.id ?? null, c1, 'paid', 5000, '2026-01-10T12:00:00Z'),
      request(casa, transfer, 'Traslado', taxi?.id ?? null, c1, 'pending', 5000, '2026-01-11T12:00:00Z'),
      request(casa, breakfast, 'Desayuno', null, c2, 'paid', 1200, '2026-03-05T12:00:00Z'),
      // 00:30 on 1 January in Madrid: in the period although still 2025 in UTC.
      request(casa, breakfast, 'Desayuno', null, c2, 'approved', 1000, '2025-12-31T23:30:00Z'),
      request(loft, tour, 'Tour', guides?.id ?? null, c3, 'rejected', 8000, '2026-03-20T12:00:00Z'),
      // Paid in another currency: counted, but not in the EUR revenue.
      request(loft, tour, 'Tour', guides?.id ?? null, c3, 'paid', 3000, '2026-03-21T12:00:00Z', 'USD'),
      // Outside the period in Madrid: 23:30 on 31 December, and 00:30 on 1 April.
      request(casa, transfer, 'Traslado', taxi?.id ?? null, c1, 'paid', 9900, '2025-12-31T22:30:00Z'),
      request(casa, transfer, 'Traslado', taxi?.id ?? null, c1, 'paid', 9900, '2026-03-31T22:30:00Z'),
      // Another account's request.
      request(
        otherProperty,
        foreign,
        'Ajeno',
        null,
        c4,
        'paid',
        7000,
        '2026-02-01T12:00:00Z',
        'EUR',
        other.accountId ?? '',
      ),
    ]);
    const event = (
      kind: 'offered' | 'viewed',
      propertyId: string,
      serviceId: string,
      checkinId: string,
      at: string,
      account = accountId,
    ) => ({ accountId: account, propertyId, serviceId, checkinId, kind, at: new Date(at) });
    await db
      .insert(serviceFunnelEvents)
      .values([
        event('offered', casa, transfer, c1, '2026-01-09T10:00:00Z'),
        event('offered', casa, breakfast, c1, '2026-01-09T10:00:00Z'),
        event('offered', casa, breakfast, c2, '2026-03-01T10:00:00Z'),
        event('offered', loft, tour, c3, '2026-03-19T10:00:00Z'),
        event('offered', casa, transfer, c2, '2026-04-02T10:00:00Z'),
        event('viewed', casa, transfer, c1, '2026-01-09T11:00:00Z'),
        event('viewed', casa, breakfast, c2, '2026-03-04T11:00:00Z'),
        event('offered', otherProperty, foreign, c4, '2026-02-01T10:00:00Z', other.accountId ?? ''),
      ]);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('counts requests, the funnel and the EUR revenue by service, provider, property and month', async () => {
    const res = await get(experiencesPaths.reports, period);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ from: period.from, to: period.to, currency: 'EUR', revenue: 6200 });
    expect(data.requests).toEqual({ total: 6, pending: 1, approved: 1, rejected: 1, paid: 3 });
    expect(data.conversion).toEqual({ offered: 4, viewed: 2, requested: 3, paid: 3 });
    const rows = (list: { label: string; requests: number; paid: number; revenue: number }[]) =>
      list.map((r) => [r.label, r.requests, r.paid, r.revenue]);
    expect(rows(data.by_service)).toEqual([
      ['Traslado', 2, 1, 5000],
      ['Desayuno', 2, 1, 1200],
      ['Tour', 2, 1, 0],
    ]);
    expect(rows(data.by_provider)).toEqual([
      ['Taxi Sol', 2, 1, 5000],
      ['Servicio interno', 2, 1, 1200],
      ['Guías del Sur', 2, 1, 0],
    ]);
    expect(data.by_provider[1].key).toBe('internal');
    expect(rows(data.by_property)).toEqual([
      ['Casa Azul', 4, 2, 6200],
      ['Loft Centro', 2, 1, 0],
    ]);
    expect(rows(data.by_month)).toEqual([
      ['2026-01', 3, 1, 5000],
      ['2026-02', 0, 0, 0],
      ['2026-03', 3, 2, 1200],
    ]);
  });

  it('narrows to one property, every month still listed', async () => {
    const res = await get(experiencesPaths.reports, { ...period, property_id: loft });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.requests.total).toBe(2);
    expect(data.revenue).toBe(0);
    expect(data.conversion).toEqual({ offered: 1, viewed: 0, requested: 1, paid: 1 });
    expect(data.by_month.map((m: { key: string; requests: number }) => [m.key, m.requests])).toEqual([
      ['2026-01', 0],
      ['2026-02', 0],
      ['2026-03', 2],
    ]);
  });

  it('names the internal provider in the caller’s language', async () => {
    const res = await get(experiencesPaths.reports, period, token, 'en');
    expect(res.json().data.by_provider.map((r: { label: string }) => r.label)).toContain('Internal service');
  });

  it('exports the same rows as CSV: semicolons and decimal commas in Spanish, commas in English', async () => {
    const es = await get(experiencesPaths.reportsCsv, period);
    expect(es.statusCode, es.body).toBe(200);
    expect(es.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(es.headers['content-disposition']).toBe(
      'attachment; filename="upselling-report-2026-01-01-2026-03-31.csv"',
    );
    const lines = es.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Grupo;Nombre;Solicitudes;Pagadas;Ingresos;Moneda');
    expect(lines).toContain('Servicio;Traslado;2;1;50,00;EUR');
    expect(lines).toContain('Proveedor;Servicio interno;2;1;12,00;EUR');
    expect(lines).toContain('Alojamiento;Casa Azul;4;2;62,00;EUR');
    expect(lines).toContain('Mes;2026-02;0;0;0,00;EUR');
    // 3 services, 3 providers, 2 properties, 3 months and the header.
    expect(lines).toHaveLength(12);

    const en = await get(experiencesPaths.reportsCsv, period, token, 'en');
    const enLines = en.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(enLines[0]).toBe('Group,Name,Requests,Paid,Revenue,Currency');
    expect(enLines).toContain('Service,Traslado,2,1,50.00,EUR');
  });

  it('refuses a reversed or too long period, and answers 404 for another account’s property', async () => {
    const reversed = await get(experiencesPaths.reports, { from: '2026-03-01', to: '2026-02-01' });
    expect(reversed.statusCode).toBe(400);
    expect(Object.keys(reversed.json().errors)).toEqual(['to']);
    const long = await get(experiencesPaths.reports, { from: '2024-01-01', to: '2026-01-31' });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.to[0]).toContain('24');
    const twoYears = await get(experiencesPaths.reports, { from: '2024-02-01', to: '2026-01-31' });
    expect(twoYears.statusCode).toBe(200);
    expect(twoYears.json().data.by_month).toHaveLength(24);
    const bad = await get(experiencesPaths.reports, { from: '2026-02-30', to: '2026-03-01' });
    expect(bad.statusCode).toBe(400);
    for (const property_id of [otherProperty, '00000000-0000-4000-8000-000000000000']) {
      expect((await get(experiencesPaths.reports, { ...period, property_id })).statusCode).toBe(404);
      expect((await get(experiencesPaths.reportsCsv, { ...period, property_id })).statusCode).toBe(404);
    }
  });

  it('is premium only', async () => {
    for (const url of [experiencesPaths.reports, experiencesPaths.reportsCsv]) {
      const res = await get(url, period, demoToken);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('settings.feature_unavailable');
    }
  });
});
