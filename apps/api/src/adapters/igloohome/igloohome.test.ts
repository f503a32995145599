import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import type { CodeWindow, LockCredentials, LockSession } from '../locks/types.ts';
import { createAdapterTracker } from '../status.ts';
import algopinHourly from './fixtures/algopin-hourly.json' with { type: 'json' };
import { createIgloohomeClient } from './igloohome.client.ts';
import { type FakeIgloohome, startFakeIgloohome } from './igloohome.fake.ts';

let fake: FakeIgloohome;
const clock = fixedClock(new Date('2026-06-20T10:00:00Z'));
const BRIDGED = 'IGK3212a9f0c';
const PADLOCK = 'IGP105d3a7b1';

beforeAll(async () => {
  fake = await startFakeIgloohome();
});
afterAll(() => fake.close());

function client(opts: { timeoutMs?: number; jobPolls?: number } = {}) {
  const tracker = createAdapterTracker('igloohome', true, clock);
  const igloo = createIgloohomeClient({
    apiUrl: fake.env.IGLOOHOME_API_URL,
    authUrl: fake.env.IGLOOHOME_AUTH_URL,
    clock,
    jobPollMs: 0,
    ...opts,
    tracker,
  });
  return { igloo, tracker };
}

async function connected() {
  const { credentials } = await client().igloo.connect(fake.account);
  const changes: LockCredentials[] = [];
  const session: LockSession = { credentials, onCredentialsChanged: async (next) => void changes.push(next) };
  return { session, changes };
}

const stay = (from: string, until: string, name = 'Posada H7K2M9 García'): CodeWindow => ({
  name,
  from: new Date(from),
  until: new Date(until),
  timeZone: 'Europe/Madrid',
});
const lastBody = () => fake.requests.at(-1)?.body as Record<string, unknown>;

describe('igloohome adapter against its fake', () => {
  it('connect gets a client-credentials token (Basic) and lists the devices; a wrong secret is unauthorized', async () => {
    const { igloo, tracker } = client();
    const result = await igloo.connect(fake.account);
    const tokenRequest = fake.requests.find((r) => r.url === '/oauth2/token');
    expect(tokenRequest?.headers.authorization).toBe(
      `Basic ${Buffer.from('fake-igloo-client:fake-igloo-secret').toString('base64')}`,
    );
    expect(fake.state.lastScope.split(' ')).toContain('igloohomeapi/algopin-hourly');
    expect(result).toEqual({
      label: 'igloohome',
      credentials: {
        client_id: 'fake-igloo-client',
        client_secret: 'fake-igloo-secret',
        accessToken: expect.any(String),
        expiresAt: clock.now().getTime() + 86_400_000,
      },
    });
    await expect(igloo.connect({ ...fake.account, client_secret: 'wrong' })).rejects.toMatchObject({
      code: 'igloohome.unauthorized',
      status: 401,
    });
    expect(tracker.status().lastError?.code).toBe('igloohome.unauthorized');
  });

  it('an app without the bridge scopes still connects with the algoPIN scopes', async () => {
    const all = fake.state.allowedScopes;
    fake.state.allowedScopes = all.filter((s) => !/job/.test(s));
    try {
      const { igloo } = client();
      const { credentials } = await igloo.connect(fake.account);
      expect(fake.state.lastScope).toBe(
        'igloohomeapi/algopin-hourly igloohomeapi/algopin-daily igloohomeapi/get-devices',
      );
      // Even on a lock with a bridge, such an app cannot delete a PIN: it stays valid until its end.
      const session: LockSession = { credentials, onCredentialsChanged: async () => {} };
      const created = await igloo.createCode(
        session,
        BRIDGED,
        stay('2026-11-02T13:00:00Z', '2026-11-04T09:00:00Z'),
      );
      expect(await igloo.deleteCode(session, BRIDGED, created.remoteId as string, created.code)).toBe(
        'expires',
      );
      expect(fake.state.pins.find((p) => p.pinId === created.remoteId)?.deleted).toBe(false);
    } finally {
      fake.state.allowedScopes = all;
    }
  });

  it('lists the locks, not the bridge; online means a linked bridge', async () => {
    const { session } = await connected();
    expect(await client().igloo.listLocks(session)).toEqual([
      { id: BRIDGED, name: 'Apartamento Sol', online: true },
      { id: PADLOCK, name: 'Caja de llaves', online: false },
    ]);
  });

  it('an hourly algoPIN on whole local hours with the offset of each end, across the October DST change', async () => {
    const { session } = await connected();
    // 15:20 summer time (+02:00) to 10:40 winter time (+01:00): start floored, end rounded up.
    const created = await client().igloo.createCode(
      session,
      PADLOCK,
      stay('2026-10-22T13:20:00Z', '2026-10-27T09:40:00Z'),
    );
    expect(fake.requests.at(-1)?.url).toBe(`/igloohome/devices/${PADLOCK}/algopin/hourly`);
    expect(lastBody()).toEqual({
      variance: 1,
      startDate: '2026-10-22T15:00:00+02:00',
      endDate: '2026-10-27T11:00:00+01:00',
      accessName: 'Posada H7K2M9 García',
    });
    expect(created.from).toEqual(new Date('2026-10-22T13:00:00Z'));
    expect(created.until).toEqual(new Date('2026-10-27T10:00:00Z'));
    const stored = fake.state.pins.find((p) => p.pinId === created.remoteId);
    expect(stored?.pin).toBe(created.code);
    expect(
      await client().igloo.confirmCode(
        session,
        PADLOCK,
        created,
        stay('2026-10-22T13:20:00Z', '2026-10-27T09:40:00Z'),
      ),
    ).toBe(created.remoteId);
  });

  it('the March DST change and the recorded request shape', async () => {
    const { session } = await connected();
    await client().igloo.createCode(session, BRIDGED, stay('2026-03-27T16:00:00Z', '2026-03-30T08:30:00Z'));
    expect(lastBody()).toMatchObject({
      startDate: '2026-03-27T17:00:00+01:00',
      endDate: '2026-03-30T11:00:00+02:00',
    });
    await client().igloo.createCode(session, BRIDGED, stay('2026-07-01T13:00:00Z', '2026-07-05T09:00:00Z'));
    expect(fake.requests.at(-1)?.url).toBe(algopinHourly.request.path);
    expect(lastBody()).toEqual(algopinHourly.request.body);
  });

  it('a stay over 672 hours gets a daily algoPIN from local midnight to local midnight', async () => {
    const { session } = await connected();
    const created = await client().igloo.createCode(
      session,
      PADLOCK,
      stay('2026-07-01T13:00:00Z', '2026-08-05T09:00:00Z'),
    );
    expect(fake.requests.at(-1)?.url).toBe(`/igloohome/devices/${PADLOCK}/algopin/daily`);
    expect(lastBody()).toMatchObject({
      startDate: '2026-07-01T00:00:00+02:00',
      endDate: '2026-08-06T00:00:00+02:00',
    });
    expect(created.from).toEqual(new Date('2026-06-30T22:00:00Z'));
    expect(created.until).toEqual(new Date('2026-08-05T22:00:00Z'));
  });

  it('the fake answers 400 with igloohome text to a date not on the hour or without an offset', async () => {
    const { session } = await connected();
    const post = (startDate: string) =>
      fetch(`${fake.env.IGLOOHOME_API_URL}/devices/${PADLOCK}/algopin/hourly`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${session.credentials.accessToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          variance: 1,
          startDate,
          endDate: '2026-07-05T11:00:00+02:00',
          accessName: 'x',
        }),
      });
    for (const bad of [
      '2026-07-01T15:30:00+02:00',
      '2026-07-01T15:00:00Z',
      '2026-07-01T15:00:00.000+02:00',
    ]) {
      const response = await post(bad);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: "'startDate' must be in format YYYY-MM-DDTHH:00:00+hh:mm",
      });
    }
    expect((await post('2026-07-01T15:00:00+02:00')).status).toBe(200);
  });

  it('rotates the variance when the same window already gives a PIN in use, and refuses after three', async () => {
    const { session } = await connected();
    const window = stay('2026-09-01T13:00:00Z', '2026-09-04T09:00:00Z');
    const first = await client().igloo.createCode(session, PADLOCK, window);
    const again = await client().igloo.createCode(session, PADLOCK, window);
    expect(again.code).toBe(first.code); // deterministic: same lock, window and variance
    const second = await client().igloo.createCode(session, PADLOCK, { ...window, inUse: [first.code] });
    expect(second.code).not.toBe(first.code);
    expect(lastBody().variance).toBe(2);
    const third = await client().igloo.createCode(session, PADLOCK, {
      ...window,
      inUse: [first.code, second.code],
    });
    await expect(
      client().igloo.createCode(session, PADLOCK, {
        ...window,
        inUse: [first.code, second.code, third.code],
      }),
    ).rejects.toMatchObject({ code: 'igloohome.rejected' });
  });

  it('without a bridge: an update is a new PIN and the old one can only expire', async () => {
    const { session } = await connected();
    const { igloo } = client();
    const created = await igloo.createCode(
      session,
      PADLOCK,
      stay('2026-09-10T13:00:00Z', '2026-09-12T09:00:00Z'),
    );
    const moved = await igloo.updateCode(
      session,
      PADLOCK,
      created.remoteId as string,
      created.code,
      stay('2026-09-10T13:00:00Z', '2026-09-13T09:00:00Z'),
    );
    expect(moved.remoteId).not.toBe(created.remoteId);
    expect(moved.code).not.toBe(created.code);
    expect(moved.until).toEqual(new Date('2026-09-13T09:00:00Z'));
    expect(await igloo.deleteCode(session, PADLOCK, moved.remoteId as string, moved.code)).toBe('expires');
    expect(fake.state.jobs.filter((j) => j.deviceId === PADLOCK)).toEqual([]);
    expect(fake.state.pins.find((p) => p.pinId === created.remoteId)?.deleted).toBe(false);
  });

  it('with a bridge: the old PIN is deleted by a bridge job, and deleteCode waits for the job', async () => {
    const { session } = await connected();
    const { igloo } = client();
    const created = await igloo.createCode(
      session,
      BRIDGED,
      stay('2026-09-20T13:00:00Z', '2026-09-22T09:00:00Z'),
    );
    const moved = await igloo.updateCode(
      session,
      BRIDGED,
      created.remoteId as string,
      created.code,
      stay('2026-09-20T13:00:00Z', '2026-09-21T09:00:00Z'),
    );
    expect(fake.state.jobs.at(-1)).toMatchObject({
      deviceId: BRIDGED,
      bridgeId: 'IGB4044e71d2',
      pin: created.code,
    });
    expect(fake.state.pins.find((p) => p.pinId === created.remoteId)?.deleted).toBe(true);

    expect(await igloo.deleteCode(session, BRIDGED, moved.remoteId as string, moved.code)).toBe('deleted');
    expect(fake.state.pins.find((p) => p.pinId === moved.remoteId)?.deleted).toBe(true);

    // A job the lock has not done yet is not "deleted".
    const other = await igloo.createCode(
      session,
      BRIDGED,
      stay('2026-09-25T13:00:00Z', '2026-09-27T09:00:00Z'),
    );
    fake.state.jobPolls = 5;
    try {
      await expect(
        client({ jobPolls: 2 }).igloo.deleteCode(session, BRIDGED, other.remoteId as string, other.code),
      ).rejects.toMatchObject({
        code: 'igloohome.timeout',
      });
      expect(fake.state.pins.find((p) => p.pinId === other.remoteId)?.deleted).toBe(false);
    } finally {
      fake.state.jobPolls = 1;
    }
  });

  it('renews the token when it expires (clock) or on a 401, and hands the new credentials over', async () => {
    const { session, changes } = await connected();
    fake.expireTokens();
    expect(await client().igloo.listLocks(session)).toHaveLength(2);
    expect(changes).toHaveLength(1);
    expect(session.credentials).toEqual(changes[0]);
    clock.advance(86_400_000);
    try {
      const before = fake.requests.length;
      await client().igloo.listLocks(session);
      expect(fake.requests.slice(before).map((r) => r.url)).toEqual(['/oauth2/token', '/igloohome/devices']);
      expect(changes).toHaveLength(2);
    } finally {
      clock.advance(-86_400_000);
    }
  });

  it('a 500 is igloohome.server_error, no answer in time igloohome.timeout, nothing listening igloohome.unreachable', async () => {
    const { session } = await connected();
    const { igloo, tracker } = client({ timeoutMs: 200 });
    fake.failNext({ status: 500, body: { message: 'Internal server error' } });
    await expect(igloo.listLocks(session)).rejects.toMatchObject({
      code: 'igloohome.server_error',
      status: 500,
    });
    fake.hangNext();
    await expect(igloo.listLocks(session)).rejects.toMatchObject({ code: 'igloohome.timeout' });
    expect(tracker.status().lastError?.code).toBe('igloohome.timeout');
    const nowhere = createIgloohomeClient({
      apiUrl: 'http://127.0.0.1:9',
      authUrl: 'http://127.0.0.1:9',
      clock,
    });
    await expect(nowhere.connect(fake.account)).rejects.toMatchObject({ code: 'igloohome.unreachable' });
  });
});
