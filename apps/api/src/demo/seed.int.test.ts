import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, advisors, users } from '../db/schema/accounts.ts';
import { properties } from '../db/schema/properties.ts';
import { bearer, registration, uniqueIp } from '../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_ADVISOR_CODE, DEMO_PASSWORD, demoEmails, seedDemo } from './seed.ts';

describe('demo data (npm run demo)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemo(t.database.db, t.clock);
  });
  afterAll(async () => {
    await t.close();
  });

  const login = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: uniqueIp(),
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, `${email} logs in`).toBe(200);
    return res.json().data as { token: string; user: Record<string, unknown> };
  };

  it('lets the subscribed empresa log in and see its apartment and villa in Spain', async () => {
    const { user } = await login(demoEmails.empresa);
    expect(user).toMatchObject({
      type: 'empresa',
      plan: 'smart',
      status_subscription: 'subscribed',
      quantity: 5,
    });
    expect(user.properties).toHaveLength(2);
    expect(user.properties).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ nombre: 'Apartamento Sol de Triana', tipo_propiedad: 'apartamento' }),
        expect.objectContaining({ nombre: 'Villa Mar Azul', tipo_propiedad: 'villa' }),
      ]),
    );
  });

  it('lets the hotel empresa log in during its 14-day free trial', async () => {
    const { user } = await login(demoEmails.hotel);
    expect(user).toMatchObject({
      status_subscription: 'demo',
      restaday: 14,
      plan: null,
      tipo_hospedaje: 'hotel',
      active_property_id: expect.any(String),
    });
    expect(user.properties).toEqual([expect.objectContaining({ nombre: 'Hotel Alameda Centro' })]);
  });

  it('lets the admin log in to the back office', async () => {
    const { token, user } = await login(demoEmails.admin);
    expect(user).toMatchObject({ type: 'admin', application: 'posada' });
    const summary = await t.app.inject({ method: 'GET', url: '/api/admin/summary', headers: bearer(token) });
    expect(summary.json().data).toMatchObject({ properties_total: 3, advisors_active: 1 });
  });

  it('offers a working advisor code for registration', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: uniqueIp(),
      payload: registration({ advisor_code: DEMO_ADVISOR_CODE.toLowerCase() }),
    });
    expect(res.statusCode).toBe(201);
  });

  it('changes nothing when run again', async () => {
    const tally = async () => ({
      accounts: (await t.database.db.select({ n: count() }).from(accounts))[0]?.n,
      users: (await t.database.db.select({ n: count() }).from(users))[0]?.n,
      properties: (await t.database.db.select({ n: count() }).from(properties))[0]?.n,
      advisors: (await t.database.db.select({ n: count() }).from(advisors))[0]?.n,
    });
    const before = await tally();
    t.clock.advance(24 * 60 * 60_000);
    const report = await seedDemo(t.database.db, t.clock);
    expect(report.created).toBe(0);
    expect(await tally()).toEqual(before);
    // The trial end did not move: the hotel still has 13 days left a day later.
    const { user } = await login(demoEmails.hotel);
    expect(user.restaday).toBe(13);
  });
});
