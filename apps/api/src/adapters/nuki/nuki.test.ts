import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import type { CodeWindow, LockSession } from '../locks/types.ts';
import { createAdapterTracker } from '../status.ts';
import createAuth from './fixtures/create-auth.json' with { type: 'json' };
import { createNukiClient, generateNukiCode, isValidNukiCode } from './nuki.client.ts';
import { type FakeNuki, startFakeNuki } from './nuki.fake.ts';

let fake: FakeNuki;
const clock = fixedClock(new Date('2026-06-20T10:00:00Z'));
const LOCK = '17929383';

beforeAll(async () => {
  fake = await startFakeNuki({ confirmAfterPolls: 2 });
});
afterAll(() => fake.close());

function client(timeoutMs?: number) {
  const tracker = createAdapterTracker('nuki', true, clock);
  return { nuki: createNukiClient({ apiUrl: fake.env.NUKI_API_URL, timeoutMs, tracker }), tracker };
}
const session = (token = fake.state.token): LockSession => ({
  credentials: { token },
  onCredentialsChanged: async () => {},
});
const stay = (
  name: string,
  from = '2026-07-01T14:00:00.000Z',
  until = '2026-07-05T09:00:00.000Z',
): CodeWindow => ({
  name,
  from: new Date(from),
  until: new Date(until),
  timeZone: 'Europe/Madrid',
});

describe('Nuki Web adapter against its fake', () => {
  it('connect checks the token by listing the locks; online means a paired keypad', async () => {
    const { nuki, tracker } = client();
    const connected = await nuki.connect({ token: ` ${fake.state.token} ` });
    expect(connected).toEqual({ credentials: { token: fake.state.token }, label: 'Nuki Web' });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${fake.state.token}`);
    expect(await nuki.listLocks(session())).toEqual([
      { id: LOCK, name: 'Casa Azul entrada', online: true },
      { id: '17929384', name: 'Trastero', online: false },
    ]);
    expect(tracker.status().lastSuccessAt).toEqual(clock.now());
  });

  it('a wrong token is nuki.unauthorized (401) and recorded', async () => {
    const { nuki, tracker } = client();
    await expect(nuki.connect({ token: 'revoked' })).rejects.toMatchObject({
      code: 'nuki.unauthorized',
      status: 401,
    });
    await expect(nuki.listLocks(session('revoked'))).rejects.toMatchObject({ code: 'nuki.unauthorized' });
    expect(tracker.status().lastError).toEqual({ at: clock.now(), code: 'nuki.unauthorized' });
  });

  it('creates a keypad auth (204, no id), then confirms it once the lock lists it', async () => {
    const { nuki } = client();
    const window = stay('Posada H7K2M9 García Fernández');
    const created = await nuki.createCode(session(), LOCK, window);
    expect(created.remoteId).toBeNull();
    expect(isValidNukiCode(created.code)).toBe(true);
    expect(created.code).not.toBe('583746'); // the owner's code already on the lock
    const put = fake.requests.at(-1);
    expect(put?.method).toBe('PUT');
    expect(put?.url).toBe(createAuth.request.path);
    expect(put?.body).toEqual({ ...createAuth.request.body, code: Number(created.code) });

    // Asynchronous: not on the lock at the first poll, listed at the second.
    expect(await nuki.confirmCode(session(), LOCK, created, window)).toBeNull();
    const id = await nuki.confirmCode(session(), LOCK, created, window);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(fake.state.auths.find((a) => a.id === id)).toMatchObject({
      name: 'Posada H7K2M9 García',
      code: Number(created.code),
      allowedFromDate: '2026-07-01T14:00:00.000Z',
    });
  });

  it('a code Nuki drops after its 204 is never confirmed; a code breaking the rules is refused before sending', async () => {
    const { nuki } = client();
    const first = stay('Stay one');
    const second = stay('Stay two');
    // Both pass the listing check (neither is listed yet); the lock keeps only the first.
    const a = await nuki.createCode(session(), LOCK, first, '473859');
    const b = await nuki.createCode(session(), LOCK, second, '473859');
    // Every listing counts as a poll (the second create listed once): the first is on the lock now.
    expect(await nuki.confirmCode(session(), LOCK, a, first)).toEqual(expect.any(String));
    expect(await nuki.confirmCode(session(), LOCK, b, second)).toBeNull();
    expect(await nuki.confirmCode(session(), LOCK, b, second)).toBeNull();
    expect(fake.state.dropped.map((d) => d.name)).toContain('Stay two');

    const before = fake.requests.length;
    await expect(nuki.createCode(session(), LOCK, first, '123456')).rejects.toMatchObject({
      code: 'nuki.rejected',
    });
    await expect(nuki.createCode(session(), LOCK, first, '583746')).rejects.toMatchObject({
      code: 'nuki.rejected',
    });
    expect(fake.requests.slice(before).filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('moves the window of a confirmed code and deletes it; deleting it again is still deleted', async () => {
    const { nuki } = client();
    const window = stay('Stay move');
    const created = await nuki.createCode(session(), LOCK, window);
    await nuki.confirmCode(session(), LOCK, created, window);
    const id = (await nuki.confirmCode(session(), LOCK, created, window)) as string;
    const moved = stay('Stay move', '2026-07-02T14:00:00.000Z', '2026-07-06T09:00:00.000Z');
    const updated = await nuki.updateCode(session(), LOCK, id, created.code, moved);
    expect(updated).toEqual({ remoteId: id, code: created.code, from: moved.from, until: moved.until });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', url: `/smartlock/${LOCK}/auth/${id}` });
    expect(fake.state.auths.find((a) => a.id === id)).toMatchObject({
      allowedFromDate: '2026-07-02T14:00:00.000Z',
      allowedUntilDate: '2026-07-06T09:00:00.000Z',
    });

    expect(await nuki.deleteCode(session(), LOCK, id)).toBe('deleted');
    expect(fake.state.auths.some((a) => a.id === id)).toBe(false);
    expect(await nuki.deleteCode(session(), LOCK, id)).toBe('deleted');
  });

  it('a 500 is nuki.server_error, no answer in time nuki.timeout, nothing listening nuki.unreachable', async () => {
    const { nuki, tracker } = client(200);
    fake.failNext({ status: 500, body: { detailMessage: 'boom' } });
    await expect(nuki.listLocks(session())).rejects.toMatchObject({ code: 'nuki.server_error', status: 500 });
    fake.hangNext();
    await expect(nuki.listLocks(session())).rejects.toMatchObject({ code: 'nuki.timeout' });
    expect(tracker.status().lastError?.code).toBe('nuki.timeout');
    const nowhere = createNukiClient({ apiUrl: 'http://127.0.0.1:9' });
    await expect(nowhere.listLocks(session())).rejects.toMatchObject({ code: 'nuki.unreachable' });
  });
});

describe('Nuki keypad codes', () => {
  it('never has a 0, never starts with 12 and skips codes already taken', () => {
    const digits = [...'121111', ...'583746', ...'999999'].map(Number);
    const scripted = () => digits.shift() as number;
    expect(generateNukiCode(new Set(['583746']), scripted)).toBe('999999');
    expect(isValidNukiCode('103456')).toBe(false);
    expect(isValidNukiCode('12345')).toBe(false);
    expect(isValidNukiCode('213456')).toBe(true);
  });
});
