import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import type { CodeWindow, LockCredentials, LockSession } from '../locks/types.ts';
import { createAdapterTracker } from '../status.ts';
import { createTtlockClient } from './ttlock.client.ts';
import { type FakeTtlock, startFakeTtlock } from './ttlock.fake.ts';

let fake: FakeTtlock;
const clock = fixedClock(new Date('2026-06-20T10:00:00Z'));
const GATEWAY_LOCK = '3081296';
const OFFLINE_LOCK = '3081297';
const DAY = 86_400_000;

beforeAll(async () => {
  fake = await startFakeTtlock();
});
afterAll(() => fake.close());

function client(timeoutMs?: number) {
  const tracker = createAdapterTracker('ttlock', true, clock);
  const ttlock = createTtlockClient({
    apiUrl: fake.env.TTLOCK_API_URL,
    clientId: fake.env.TTLOCK_CLIENT_ID,
    clientSecret: fake.env.TTLOCK_CLIENT_SECRET,
    clock,
    timeoutMs,
    tracker,
  });
  return { ttlock, tracker };
}

/** A connected session that records the credentials the adapter hands back after a refresh. */
async function connected() {
  const { credentials } = await client().ttlock.connect(fake.account);
  const changes: LockCredentials[] = [];
  const session: LockSession = {
    credentials,
    onCredentialsChanged: async (next) => {
      changes.push(next);
    },
  };
  return { session, changes };
}

const stay = (from: string, until: string): CodeWindow => ({
  name: 'Posada H7K2M9 García',
  from: new Date(from),
  until: new Date(until),
  timeZone: 'Europe/Madrid',
});
const formOf = (index = -1) => new URLSearchParams(String(fake.requests.at(index)?.body));

describe('TTLock adapter against its fake', () => {
  it('connect signs in with the md5 of the app password and keeps the tokens; a wrong password is unauthorized', async () => {
    const { ttlock, tracker } = client();
    const result = await ttlock.connect(fake.account);
    const login = fake.requests.find((r) => r.url === '/oauth2/token');
    const form = new URLSearchParams(String(login?.body));
    expect(form.get('password')).toBe(createHash('md5').update(fake.account.password).digest('hex'));
    expect(form.get('clientId')).toBe(fake.env.TTLOCK_CLIENT_ID);
    expect(result.label).toBe('TTLock posada_demo');
    expect(result.credentials).toMatchObject({
      accessToken: expect.stringMatching(/^[0-9a-f]{32}$/),
      refreshToken: expect.any(String),
      uid: 1803442,
      username: 'posada_demo',
      expiresAt: clock.now().getTime() + 7_776_000_000,
    });
    await expect(ttlock.connect({ username: 'posada_demo', password: 'wrong' })).rejects.toMatchObject({
      code: 'ttlock.unauthorized',
      message: expect.stringContaining('10007'),
    });
    expect(tracker.status().lastError?.code).toBe('ttlock.unauthorized');
  });

  it('lists the locks (GET with clientId, accessToken and date); online means a gateway', async () => {
    const { session } = await connected();
    expect(await client().ttlock.listLocks(session)).toEqual([
      { id: GATEWAY_LOCK, name: 'Apartamento 2B', online: true },
      { id: OFFLINE_LOCK, name: 'Casa rural', online: false },
    ]);
    const query = new URL(fake.requests.at(-1)?.url ?? '', 'http://x').searchParams;
    expect(query.get('accessToken')).toBe(session.credentials.accessToken);
    expect(query.get('date')).toBe(String(clock.now().getTime()));
  });

  it('with a gateway: adds a custom period passcode to the minute, moves it and deletes it', async () => {
    const { session } = await connected();
    const { ttlock } = client();
    const created = await ttlock.createCode(
      session,
      GATEWAY_LOCK,
      stay('2026-07-01T14:00:30Z', '2026-07-05T09:00:10Z'),
    );
    expect(created.code).toMatch(/^[1-9]\d{5}$/);
    expect(created.from).toEqual(new Date('2026-07-01T14:00:00Z'));
    expect(created.until).toEqual(new Date('2026-07-05T09:01:00Z'));
    expect(Object.fromEntries(formOf())).toMatchObject({
      keyboardPwdType: '3',
      addType: '2',
      lockId: GATEWAY_LOCK,
    });
    const stored = fake.state.passcodes.find((p) => String(p.keyboardPwdId) === created.remoteId);
    expect(stored).toMatchObject({
      keyboardPwd: created.code,
      startDate: created.from.getTime(),
      endDate: created.until.getTime(),
      kind: 'custom',
    });
    expect(
      await ttlock.confirmCode(
        session,
        GATEWAY_LOCK,
        created,
        stay('2026-07-01T14:00:00Z', '2026-07-05T09:00:00Z'),
      ),
    ).toBe(created.remoteId);

    const moved = await ttlock.updateCode(
      session,
      GATEWAY_LOCK,
      created.remoteId as string,
      created.code,
      stay('2026-07-02T14:00:00Z', '2026-07-06T09:00:00Z'),
    );
    expect(moved).toEqual({
      ...created,
      from: new Date('2026-07-02T14:00:00Z'),
      until: new Date('2026-07-06T09:00:00Z'),
    });
    expect(stored?.startDate).toBe(Date.parse('2026-07-02T14:00:00Z'));
    expect(formOf().get('changeType')).toBe('2');

    expect(await ttlock.deleteCode(session, GATEWAY_LOCK, created.remoteId as string)).toBe('deleted');
    expect(formOf().get('deleteType')).toBe('2');
    expect(fake.state.passcodes.some((p) => String(p.keyboardPwdId) === created.remoteId)).toBe(false);
  });

  it('without a gateway: an offline period passcode on whole hours that can only expire', async () => {
    const { session } = await connected();
    const { ttlock } = client();
    const window = stay('2026-07-01T14:30:00Z', '2026-07-05T09:15:00Z');
    const created = await ttlock.createCode(session, OFFLINE_LOCK, window);
    expect(fake.requests.at(-1)?.url).toBe('/v3/keyboardPwd/get');
    // The reported window is the one the lock applies: the start floored, the end rounded up to the hour.
    expect(created.from).toEqual(new Date('2026-07-01T14:00:00Z'));
    expect(created.until).toEqual(new Date('2026-07-05T10:00:00Z'));
    const stored = fake.state.passcodes.find((p) => String(p.keyboardPwdId) === created.remoteId);
    expect(stored).toMatchObject({
      keyboardPwd: created.code,
      startDate: created.from.getTime(),
      endDate: created.until.getTime(),
    });
    await expect(ttlock.createCode(session, OFFLINE_LOCK, window, '4321')).rejects.toMatchObject({
      code: 'ttlock.rejected',
    });

    const moved = await ttlock.updateCode(session, OFFLINE_LOCK, created.remoteId as string, created.code, {
      ...window,
      until: new Date('2026-07-07T09:00:00Z'),
    });
    expect(moved.remoteId).not.toBe(created.remoteId);
    expect(moved.until).toEqual(new Date('2026-07-07T09:00:00Z'));

    const before = fake.requests.length;
    expect(await ttlock.deleteCode(session, OFFLINE_LOCK, created.remoteId as string)).toBe('expires');
    expect(fake.requests.slice(before).some((r) => r.url === '/v3/keyboardPwd/delete')).toBe(false);
  });

  it('refreshes an expired token (errcode 10004) once, retries, and hands the new tokens over', async () => {
    const { session, changes } = await connected();
    const old = session.credentials.accessToken;
    fake.expireAccessTokens();
    expect(await client().ttlock.listLocks(session)).toHaveLength(2);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.accessToken).not.toBe(old);
    expect(session.credentials).toEqual(changes[0]);
    expect(new URLSearchParams(String(fake.requests.at(-2)?.body)).get('grant_type')).toBe('refresh_token');
  });

  it('calls that find the token expired together share one refresh', async () => {
    const { session } = await connected();
    const twin: LockSession = {
      credentials: { ...session.credentials },
      onCredentialsChanged: async () => {},
    };
    fake.expireAccessTokens();
    const before = fake.requests.length;
    const { ttlock } = client();
    const [a, b] = await Promise.all([ttlock.listLocks(session), ttlock.listLocks(twin)]);
    expect(a).toEqual(b);
    expect(fake.requests.slice(before).filter((r) => r.url === '/oauth2/token')).toHaveLength(1);
    expect(twin.credentials.accessToken).toBe(session.credentials.accessToken);
  });

  it('refreshes before calling when the stored token is about to expire; a dead refresh token is unauthorized', async () => {
    const { session, changes } = await connected();
    clock.advance(90 * DAY);
    try {
      const before = fake.requests.length;
      await client().ttlock.listLocks(session);
      expect(fake.requests.slice(before).map((r) => new URL(r.url, 'http://x').pathname)).toEqual([
        '/oauth2/token',
        '/v3/lock/list',
      ]);
      expect(changes).toHaveLength(1);
      fake.state.refreshTokens.clear();
      fake.expireAccessTokens();
      await expect(client().ttlock.listLocks(session)).rejects.toMatchObject({
        code: 'ttlock.unauthorized',
        message: expect.stringContaining('10011'),
      });
    } finally {
      clock.advance(-90 * DAY);
    }
  });

  it('errcodes in a 200 body are rejected with TTLock text: the 250 limit and a passcode already on the lock', async () => {
    const { session } = await connected();
    const { ttlock } = client();
    const window = stay('2026-08-01T14:00:00Z', '2026-08-03T09:00:00Z');
    await ttlock.createCode(session, GATEWAY_LOCK, window, '735142');
    await expect(ttlock.createCode(session, GATEWAY_LOCK, window, '735142')).rejects.toMatchObject({
      code: 'ttlock.rejected',
      message: expect.stringContaining('-3007 The same passcode already exists'),
    });
    fake.state.customLimit = fake.state.passcodes.filter((p) => p.kind === 'custom').length;
    try {
      await expect(ttlock.createCode(session, GATEWAY_LOCK, window)).rejects.toMatchObject({
        code: 'ttlock.rejected',
        message: expect.stringContaining('-3009 The number of passcodes exceeds the limit (250)'),
      });
    } finally {
      fake.state.customLimit = 250;
    }
  });

  it('a 500 is ttlock.server_error, no answer in time ttlock.timeout, nothing listening ttlock.unreachable', async () => {
    const { session } = await connected();
    const { ttlock, tracker } = client(200);
    fake.failNext({ status: 500, body: 'Internal Server Error' });
    await expect(ttlock.listLocks(session)).rejects.toMatchObject({
      code: 'ttlock.server_error',
      status: 500,
    });
    fake.hangNext();
    await expect(ttlock.listLocks(session)).rejects.toMatchObject({ code: 'ttlock.timeout' });
    expect(tracker.status().lastError?.code).toBe('ttlock.timeout');
    const nowhere = createTtlockClient({
      apiUrl: 'http://127.0.0.1:9',
      clientId: 'a',
      clientSecret: 'b',
      clock,
    });
    await expect(nowhere.connect(fake.account)).rejects.toMatchObject({ code: 'ttlock.unreachable' });
  });
});
