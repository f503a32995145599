import { bookingPaths } from '@posada/contracts/bookings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeIgloohome, startFakeIgloohome } from '../../adapters/igloohome/igloohome.fake.ts';
import { type FakeNuki, startFakeNuki } from '../../adapters/nuki/nuki.fake.ts';
import { type SmtpCapture, startSmtpCapture } from '../../adapters/smtp/smtp.fake.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { accessCodes } from '../../db/schema/smart-locks.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { lockCodesJob } from './smart-locks.jobs.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Door codes on a hotel's rooms through the igloohome fake (hourly algoPINs: one room's lock has a
 * Bridge, so its PIN is deleted on cancellation; the other has none, so its PIN is recorded as expiring,
 * never as deleted), and a vendor that keeps failing (the Nuki fake answering 500): retried with backoff,
 * then failed with its last error and the operator's bell. Guests' e-mails go over SMTP to a local capture
 * server. PGlite; PostgreSQL with TEST_DB=postgres.
 */
describe('smart locks: hotel rooms, offline PINs and failures', () => {
  let t: TestApp;
  let igloo: FakeIgloohome;
  let nuki: FakeNuki;
  let smtp: SmtpCapture;
  let token: string;
  let email: string;
  let hotel: string;
  let roomType: string;
  let rooms: { id: string; name: string }[];
  let apartment: string;

  const call = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(token), 'accept-language': 'es' } });
  const ok = async (res: Awaited<ReturnType<typeof call>>) => {
    expect([200, 201], res.body).toContain(res.statusCode);
    return res.json().data;
  };
  const runCodes = async () => {
    await t.jobs.send(lockCodesJob, {});
    await t.jobs.drain(lockCodesJob);
  };
  const codesOf = (bookingId: string) =>
    t.database.db.select().from(accessCodes).where(eq(accessCodes.bookingId, bookingId));
  const dynamic = (id: string) =>
    call('PUT', `/api/properties/${id}/settings/smart-locks`, {
      enabled: true,
      delivery_time: '2_days_before',
      key_type: 'dynamic',
      master_code: '',
    });

  beforeAll(async () => {
    igloo = await startFakeIgloohome();
    nuki = await startFakeNuki();
    smtp = await startSmtpCapture();
    t = await buildTestApp({
      now: new Date('2026-11-20T10:00:00Z'),
      env: { ...igloo.env, ...nuki.env, SMTP_URL: smtp.url },
    });
    const owner = await createEmpresa(t, { account: { quantity: 5 } });
    email = owner.email;
    token = await loginToken(t, email);
    const place = { pais: 'ES', address: 'Calle Mayor 1', city: 'Madrid', zip_code: '28013' };
    const description = { es: 'Un hotel tranquilo.', en: '', ar: '' };
    const created = await ok(
      await call('POST', '/api/properties', {
        tipo: 'hotel',
        nombre: 'Hotel Puerta',
        ...place,
        room_type: { name: 'Doble', adults: 2 },
        rooms: [{ name: '101' }, { name: '102' }],
        guests: 4,
        price_night: 9_000,
        description,
      }),
    );
    hotel = created.id;
    const roomsData = await ok(await call('GET', `/api/properties/${hotel}/rooms`));
    roomType = roomsData.room_types[0].id;
    rooms = roomsData.rooms;
    await ok(
      await call('POST', `/api/properties/${hotel}/rates`, {
        name: 'Doble',
        occupancy: 2,
        price: 9_000,
        room_type_id: roomType,
      }),
    );
    apartment = (
      await ok(
        await call('POST', '/api/properties', {
          tipo: 'apartamento',
          nombre: 'Piso Fallo',
          ...place,
          guests: 4,
          price_night: 10_000,
          description,
        }),
      )
    ).id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await igloo?.close();
    await nuki?.close();
    await smtp?.close();
  });

  it("gives each booked room its own lock's PIN; a bridged PIN is deleted, an offline one expires", async () => {
    const account = await ok(
      await call('POST', '/api/smart-locks/accounts', {
        vendor: 'igloohome',
        client_id: igloo.state.clientId,
        client_secret: igloo.state.clientSecret,
      }),
    );
    const locks = await ok(await call('GET', `/api/smart-locks/accounts/${account.id}/locks`));
    const bridged = locks.find((l: { online: boolean }) => l.online);
    const offline = locks.find((l: { online: boolean }) => !l.online);
    expect(bridged && offline).toBeTruthy();
    const [r101, r102] = rooms as unknown as [{ id: string }, { id: string }];
    await ok(
      await call('PUT', `/api/properties/${hotel}/smart-locks/assignment`, {
        room_id: r101.id,
        lock_account_id: account.id,
        remote_lock_id: bridged.id,
      }),
    );
    const listed = await ok(
      await call('PUT', `/api/properties/${hotel}/smart-locks/assignment`, {
        room_id: r102.id,
        lock_account_id: account.id,
        remote_lock_id: offline.id,
      }),
    );
    expect(listed.assignments.map((a: { room_id: string }) => a.room_id).sort()).toEqual(
      [r101.id, r102.id].sort(),
    );
    expect((await dynamic(hotel)).statusCode).toBe(200);

    const book = async () =>
      (
        await ok(
          await call('POST', bookingPaths.create, {
            name: 'Lucía Pérez',
            email: 'lucia@example.com',
            phone: '+34 600 123 456',
            number_of_guests: 2,
            price: 18_000,
            property_id: hotel,
            room_type_id: roomType,
            start_date: '2026-11-21',
            end_date: '2026-11-23',
          }),
        )
      ).id as string;
    const first = await book();
    const second = await book();
    await runCodes();
    const byRoom = new Map<string, typeof accessCodes.$inferSelect>();
    for (const id of [first, second]) {
      const [row] = await codesOf(id);
      expect(row?.state, id).toBe('active');
      if (row) byRoom.set(row.remoteLockId, row);
    }
    // One booking per room, each on its room's lock; igloohome's window is on whole local hours.
    expect([...byRoom.keys()].sort()).toEqual([bridged.id, offline.id].sort());
    expect(byRoom.get(offline.id)?.validFrom.toISOString()).toBe('2026-11-21T14:00:00.000Z');

    for (const id of [first, second]) await ok(await call('POST', bookingPaths.cancel, { booking_id: id }));
    await runCodes();
    await runCodes();
    const states = new Map<string, string>();
    for (const id of [first, second]) {
      const [row] = await codesOf(id);
      if (row) states.set(row.remoteLockId, row.state);
    }
    expect(states.get(bridged.id)).toBe('revoked');
    expect(states.get(offline.id)).toBe('expired');
  });

  it('a released PIN that igloohome replaces when the stay moves reaches the guest again', async () => {
    const stay = (start: string, end: string, id?: string) => ({
      ...(id
        ? {
            id,
            original_start_date: '2026-11-25',
            original_end_date: '2026-11-27',
            original_property_id: hotel,
          }
        : {}),
      name: 'Nora Vidal',
      email: 'nora@example.com',
      phone: '+34 600 123 458',
      number_of_guests: 2,
      price: 18_000,
      property_id: hotel,
      room_type_id: roomType,
      start_date: start,
      end_date: end,
    });
    const booking = (await ok(await call('POST', bookingPaths.create, stay('2026-11-21', '2026-11-23')))).id;
    await t.jobs.drain(lockCodesJob);
    await runCodes();
    const [first] = await codesOf(booking);
    expect(first?.state).toBe('active');
    const checkinId = first?.checkinId as string;
    const released = await ok(
      await call('POST', `/api/checkins/${checkinId}/access-code/release`, { reason: 'Llega de madrugada' }),
    );
    expect(released.released).toBe(true);
    const oldCode = released.code as string;
    // What Nora's mail server received (the pipeline's send resolves once the SMTP server took it).
    const mails = async () => smtp.messages.filter((m) => m.to === 'nora@example.com');
    expect((await mails()).filter((m) => m.text.includes(oldCode))).toHaveLength(1);

    await ok(await call('PUT', bookingPaths.update(booking), stay('2026-11-21', '2026-11-24', booking)));
    await t.jobs.drain(lockCodesJob);
    await runCodes();
    const view = await ok(await call('GET', `/api/checkins/${checkinId}/access-code`));
    expect(view.code).not.toBe(oldCode);
    expect(view.valid_until).toBe('2026-11-24T10:00:00.000Z');
    expect((await mails()).filter((m) => m.text.includes(view.code))).toHaveLength(1);
    // Two door-code messages of the stay, each taken by the SMTP server (WhatsApp and SMS are not configured).
    const records = (await ok(await call('GET', `/api/bookings/${booking}/messages`))) as {
      kind: string;
      channel: string;
      status: string;
    }[];
    expect(
      records
        .filter((r) => r.kind === 'door_code' && r.status !== 'skipped')
        .map((r) => [r.channel, r.status]),
    ).toEqual([
      ['email', 'accepted'],
      ['email', 'accepted'],
    ]);
  });

  it('retries a failing vendor with backoff, then shows failed with its last error and rings the bell', async () => {
    const account = await ok(
      await call('POST', '/api/smart-locks/accounts', { vendor: 'nuki', token: nuki.state.token }),
    );
    await ok(
      await call('PUT', `/api/properties/${apartment}/smart-locks/assignment`, {
        lock_account_id: account.id,
        remote_lock_id: '17929383',
      }),
    );
    expect((await dynamic(apartment)).statusCode).toBe(200);
    // Nuki fails from now on (the booking's change queues a run at once, which already fails).
    nuki.failNext({ status: 500, body: { detailMessage: 'Internal error', stackTrace: null } }, 50);
    const booking = await ok(
      await call('POST', bookingPaths.create, {
        name: 'Pedro Ruiz',
        email: 'pedro@example.com',
        phone: '+34 600 123 457',
        number_of_guests: 2,
        price: 30_000,
        property_id: apartment,
        start_date: '2026-11-21',
        end_date: '2026-11-24',
      }),
    );
    await t.jobs.drain(lockCodesJob);
    await runCodes();
    let [row] = await codesOf(booking.id);
    expect(row).toMatchObject({ state: 'requested', attempts: 1 });
    expect(row?.lastError).toContain('nuki.server_error');
    // Not again before its retry time (1 minute, then 2, 4…).
    await runCodes();
    [row] = await codesOf(booking.id);
    expect(row?.attempts).toBe(1);
    for (let i = 0; i < 8 && row?.state !== 'failed'; i += 1) {
      t.clock.advance(3_600_000);
      await runCodes();
      [row] = await codesOf(booking.id);
    }
    expect(row?.state).toBe('failed');
    expect(row?.lastError).toContain('nuki.server_error');
    token = await loginToken(t, email);
    if (row?.checkinId) {
      const view = await ok(await call('GET', `/api/checkins/${row.checkinId}/access-code`));
      expect(view).toMatchObject({ state: 'failed', released: false, waiting: 'delivery_time' });
      expect(view.last_error).toContain('nuki.server_error');
    }
    const bell = (await t.database.db.select().from(notifications)).filter((n) =>
      n.title.startsWith('Código de puerta fallido'),
    );
    expect(bell).toHaveLength(1);
  });
});
