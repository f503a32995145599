import { randomBytes } from 'node:crypto';
import {
  bearerOf,
  type FakeAnswer,
  type FakeHttpServer,
  type RecordedRequest,
  startFakeHttp,
} from '../fake-http.ts';
import auths from './fixtures/auths.json' with { type: 'json' };
import badRequest from './fixtures/bad-request.json' with { type: 'json' };
import smartlocks from './fixtures/smartlocks.json' with { type: 'json' };
import unauthorized from './fixtures/unauthorized.json' with { type: 'json' };

/** A keypad auth as the fake stores and lists it. */
export interface FakeNukiAuth {
  id: string;
  smartlockId: number;
  type: number;
  name: string;
  code: number;
  allowedFromDate?: string;
  allowedUntilDate?: string;
  allowedWeekDays?: number;
  allowedFromTime?: number;
  allowedUntilTime?: number;
  remoteAllowed?: boolean;
  enabled: boolean;
}

export interface FakeNukiState {
  token: string;
  smartlocks: (typeof smartlocks.response.body)[number][];
  /** Auths on the locks (what GET /smartlock/{id}/auth lists). */
  auths: FakeNukiAuth[];
  /** Accepted with 204 and not yet on the lock: each GET of its lock's auths counts one poll. */
  pending: { auth: FakeNukiAuth; pollsLeft: number }[];
  /** Accepted with 204 but never listed: a code with a 0, starting with 12, or already on the lock. */
  dropped: FakeNukiAuth[];
}

export interface FakeNuki extends FakeHttpServer {
  state: FakeNukiState;
  env: { NUKI_API_URL: string };
}

const noContent: FakeAnswer = { status: 204, body: undefined };
const notFound: FakeAnswer = { status: 404, body: { detailMessage: 'Not found', stackTrace: null } };

/** What the keypad accepts; anything else Nuki drops after its 204, silently. */
const keypadAccepts = (code: number) => /^[1-9]{6}$/.test(String(code)) && !String(code).startsWith('12');

/**
 * A local Nuki Web API (tests and e2e only): GET /smartlock, PUT /smartlock/{id}/auth (204, the auth is
 * listed only after `confirmAfterPolls` GETs of the lock's auths, or never when the lock would refuse
 * it), GET /smartlock/{id}/auth, POST and DELETE /smartlock/{id}/auth/{authId}. A wrong bearer is 401.
 */
export async function startFakeNuki(
  options: { token?: string; confirmAfterPolls?: number } = {},
): Promise<FakeNuki> {
  const confirmAfterPolls = options.confirmAfterPolls ?? 1;
  const state: FakeNukiState = {
    token: options.token ?? 'fake-nuki-token',
    smartlocks: structuredClone(smartlocks.response.body),
    auths: auths.response.body.map((a) => ({ ...a })),
    pending: [],
    dropped: [],
  };

  const lockOf = (id: string) => state.smartlocks.find((lock) => String(lock.smartlockId) === id);

  function settle(lockId: number) {
    for (const item of [...state.pending]) {
      if (item.auth.smartlockId !== lockId) continue;
      item.pollsLeft -= 1;
      if (item.pollsLeft > 0) continue;
      state.pending.splice(state.pending.indexOf(item), 1);
      const duplicate = state.auths.some((a) => a.smartlockId === lockId && a.code === item.auth.code);
      if (keypadAccepts(item.auth.code) && !duplicate) state.auths.push(item.auth);
      else state.dropped.push(item.auth);
    }
  }

  function handle(req: RecordedRequest): FakeAnswer {
    if (bearerOf(req) !== state.token) return unauthorized.response;
    const url = new URL(req.url, 'http://fake');
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== 'smartlock') return notFound;
    if (parts.length === 1 && req.method === 'GET') return { status: 200, body: state.smartlocks };
    const lock = lockOf(parts[1] ?? '');
    if (!lock || parts[2] !== 'auth') return notFound;
    const body = (req.body ?? {}) as Record<string, unknown>;

    if (parts.length === 3 && req.method === 'GET') {
      settle(lock.smartlockId);
      const types = url.searchParams.get('types')?.split(',').map(Number);
      const listed = state.auths.filter((a) => a.smartlockId === lock.smartlockId);
      return { status: 200, body: types ? listed.filter((a) => types.includes(a.type)) : listed };
    }
    if (parts.length === 3 && req.method === 'PUT') {
      const name = body.name;
      if (typeof name !== 'string' || name.length === 0 || name.length > 32) return badRequest.response;
      if (body.type !== 13 || !Number.isInteger(body.code) || typeof body.remoteAllowed !== 'boolean') {
        return badRequest.response;
      }
      const auth: FakeNukiAuth = {
        id: randomBytes(12).toString('hex'),
        smartlockId: lock.smartlockId,
        type: 13,
        name,
        code: body.code as number,
        allowedFromDate: body.allowedFromDate as string | undefined,
        allowedUntilDate: body.allowedUntilDate as string | undefined,
        allowedWeekDays: body.allowedWeekDays as number | undefined,
        allowedFromTime: body.allowedFromTime as number | undefined,
        allowedUntilTime: body.allowedUntilTime as number | undefined,
        remoteAllowed: body.remoteAllowed as boolean,
        enabled: true,
      };
      state.pending.push({ auth, pollsLeft: confirmAfterPolls });
      return noContent;
    }
    const auth = state.auths.find((a) => a.smartlockId === lock.smartlockId && a.id === parts[3]);
    if (parts.length !== 4 || !auth) return notFound;
    if (req.method === 'POST') {
      if (typeof body.name !== 'string' || body.name.length === 0 || body.name.length > 32) {
        return badRequest.response;
      }
      Object.assign(auth, { name: body.name });
      for (const key of ['allowedFromDate', 'allowedUntilDate', 'allowedWeekDays', 'enabled'] as const) {
        if (body[key] !== undefined) Object.assign(auth, { [key]: body[key] });
      }
      if (Number.isInteger(body.code) && keypadAccepts(body.code as number)) auth.code = body.code as number;
      return noContent;
    }
    if (req.method === 'DELETE') {
      state.auths.splice(state.auths.indexOf(auth), 1);
      return noContent;
    }
    return notFound;
  }

  const server = await startFakeHttp(handle);
  return { ...server, state, env: { NUKI_API_URL: server.base } };
}
