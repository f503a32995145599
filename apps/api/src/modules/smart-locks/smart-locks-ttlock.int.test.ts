import { bookingPaths } from '@posada/contracts/bookings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTtlock, startFakeTtlock } from '../../adapters/ttlock/ttlock.fake.ts';
import { accessCodes } from '../../db/schema/smart-locks.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { lockCodesJob } from './smart-locks.jobs.ts';

type Method = 'GET' | 'POST' | 'PUT';

/**
 * Dynamic door codes through the TTLock fake (issue 14: each lock adapter creates, changes and deletes):
 * a lock with a gateway gets a custom period passcode for the stay, moved with the stay, deleted on
 * cancellation. PGlite; PostgreSQL with TEST_DB=postgres.
 */
describe('smart locks: TTLock passcodes follow the stay', () => {
  let t: TestApp;
  let ttlock: FakeTtlock;
  let token: string;
  let property: string;

  const call = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(token), 'accept-language': 'es' } });
  const ok = async (res: Awaited<ReturnType<typeof call>>) => {
    expect([200, 201], res.body).toContain(res.statusCode);
    return res.json().data;
  };
  const runCodes = async () => {
    await t.jobs.drain(lockCodesJob);
    await t.jobs.send(lockCodesJob, {});
    await t.jobs.drain(lockCodesJob);
  };
  const stay = (start: string, end: string, id?: string) => ({
    ...(id
      ? {
          id,
          original_start_date: '2026-11-21',
          original_end_date: '2026-11-23',
          original_property_id: property,
        }
      : {}),
    name: 'Marta Gil',
    email: 'marta@example.com',
    phone: '+34 600 123 459',
    number_of_guests: 1,
    price: 20_000,
    property_id: property,
    start_date: start,
    end_date: end,
  });

  beforeAll(async () => {
    ttlock = await startFakeTtlock();
    t = await buildTestApp({ now: new Date('2026-11-20T10:00:00Z'), env: { ...ttlock.env } });
    const owner = await createEmpresa(t, {
      properties: [{ nombre: 'Apartamento 2B', tipoPropiedad: 'apartamento' }],
    });
    token = await loginToken(t, owner.email);
    property = owner.propertyIds[0] ?? '';
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await ttlock?.close();
  });

  it('creates a passcode for the stay on the gateway lock, moves it with the stay and deletes it on cancellation', async () => {
    const wrong = await call('POST', '/api/smart-locks/accounts', {
      vendor: 'ttlock',
      username: ttlock.account.username,
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    const account = await ok(
      await call('POST', '/api/smart-locks/accounts', {
        vendor: 'ttlock',
        username: ttlock.account.username,
        password: ttlock.account.password,
      }),
    );
    const locks = await ok(await call('GET', `/api/smart-locks/accounts/${account.id}/locks`));
    const gateway = locks.find((l: { online: boolean }) => l.online);
    expect(gateway).toBeTruthy();
    await ok(
      await call('PUT', `/api/properties/${property}/smart-locks/assignment`, {
        lock_account_id: account.id,
        remote_lock_id: gateway.id,
      }),
    );
    const settings = await call('PUT', `/api/properties/${property}/settings/smart-locks`, {
      enabled: true,
      delivery_time: '2_days_before',
      key_type: 'dynamic',
      master_code: '',
    });
    expect(settings.statusCode, settings.body).toBe(200);

    const booking = (await ok(await call('POST', bookingPaths.create, stay('2026-11-21', '2026-11-23')))).id;
    await runCodes();
    const codeOf = async () =>
      (await t.database.db.select().from(accessCodes).where(eq(accessCodes.bookingId, booking)))[0];
    let row = await codeOf();
    expect(row?.state).toBe('active');
    const onLock = () => ttlock.state.passcodes.filter((p) => String(p.keyboardPwdId) === row?.remoteCodeId);
    expect(onLock()).toHaveLength(1);
    expect(onLock()[0]).toMatchObject({ kind: 'custom', lockId: Number(gateway.id) });
    // From the arrival at 15:00 to the departure at 11:00, Madrid time.
    expect(new Date(onLock()[0]?.startDate ?? 0).toISOString()).toBe('2026-11-21T14:00:00.000Z');
    expect(new Date(onLock()[0]?.endDate ?? 0).toISOString()).toBe('2026-11-23T10:00:00.000Z');

    await ok(await call('PUT', bookingPaths.update(booking), stay('2026-11-21', '2026-11-25', booking)));
    await runCodes();
    row = await codeOf();
    expect(row?.state).toBe('active');
    expect(new Date(onLock()[0]?.endDate ?? 0).toISOString()).toBe('2026-11-25T10:00:00.000Z');

    await ok(await call('POST', bookingPaths.cancel, { booking_id: booking }));
    await runCodes();
    await runCodes();
    row = await codeOf();
    expect(row?.state).toBe('revoked');
    expect(onLock()).toHaveLength(0);
  });
});
