import { createHash, randomBytes } from 'node:crypto';
import { type FakeAnswer, type FakeHttpServer, type RecordedRequest, startFakeHttp } from '../fake-http.ts';
import errors from './fixtures/errors.json' with { type: 'json' };
import lockList from './fixtures/lock-list.json' with { type: 'json' };
import tokenFixture from './fixtures/token.json' with { type: 'json' };

const HOUR = 3_600_000;

export interface FakeTtlockPasscode {
  lockId: number;
  keyboardPwdId: number;
  keyboardPwd: string;
  keyboardPwdName: string;
  keyboardPwdType: number;
  startDate: number;
  endDate: number;
  /** 'custom' (keyboardPwd/add through the gateway) or 'random' (keyboardPwd/get, computed offline). */
  kind: 'custom' | 'random';
}

export interface FakeTtlockState {
  clientId: string;
  clientSecret: string;
  /** App accounts: username → md5 of the password. */
  accounts: Record<string, string>;
  /** Issued access tokens; an expired one answers errcode 10004. */
  accessTokens: Map<string, { username: string; expired: boolean }>;
  refreshTokens: Map<string, string>;
  locks: (typeof lockList.response.body.list)[number][];
  passcodes: FakeTtlockPasscode[];
  /** Custom passcodes per lock before errcode -3009 (250 on real locks). */
  customLimit: number;
  /** expires_in of the tokens it issues, in seconds. */
  expiresIn: number;
}

export interface FakeTtlock extends FakeHttpServer {
  state: FakeTtlockState;
  /** Every issued access token now answers errcode 10004 (as after its 90 days). */
  expireAccessTokens(): void;
  env: { TTLOCK_API_URL: string; TTLOCK_CLIENT_ID: string; TTLOCK_CLIENT_SECRET: string };
  /** The app account the fake knows (what an operator types on the connect form). */
  account: { username: string; password: string };
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const ok = (body: unknown): FakeAnswer => ({ status: 200, body });

/**
 * A local TTLock Open Platform (tests and e2e only): form-encoded POST /oauth2/token (password and
 * refresh grants, md5 passwords), GET /v3/lock/list, POST /v3/keyboardPwd/add|get|change|delete. Errors
 * come in a 200 body with TTLock's errcodes, as the real service answers.
 */
export async function startFakeTtlock(
  options: { expiresIn?: number; customLimit?: number } = {},
): Promise<FakeTtlock> {
  const account = { username: 'posada_demo', password: 'candado-2026' };
  const state: FakeTtlockState = {
    clientId: tokenFixture.request.form.clientId,
    clientSecret: tokenFixture.request.form.clientSecret,
    accounts: { [account.username]: md5(account.password) },
    accessTokens: new Map(),
    refreshTokens: new Map(),
    locks: structuredClone(lockList.response.body.list),
    passcodes: [],
    customLimit: options.customLimit ?? 250,
    expiresIn: options.expiresIn ?? tokenFixture.response.body.expires_in,
  };
  let nextId = 48_127_730;

  function issue(username: string): FakeAnswer {
    const access = randomBytes(16).toString('hex');
    const refresh = randomBytes(16).toString('hex');
    state.accessTokens.set(access, { username, expired: false });
    state.refreshTokens.set(refresh, username);
    return ok({
      ...tokenFixture.response.body,
      access_token: access,
      refresh_token: refresh,
      expires_in: state.expiresIn,
    });
  }

  function token(form: URLSearchParams): FakeAnswer {
    if (form.get('clientId') !== state.clientId || form.get('clientSecret') !== state.clientSecret) {
      return ok(errors.invalidClient);
    }
    if (form.get('grant_type') === 'refresh_token') {
      const username = state.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!username) return ok(errors.invalidRefreshToken);
      state.refreshTokens.delete(form.get('refresh_token') ?? '');
      return issue(username);
    }
    const username = form.get('username') ?? '';
    if (!state.accounts[username] || state.accounts[username] !== form.get('password')) {
      return ok(errors.invalidAccount);
    }
    return issue(username);
  }

  /** An offline period passcode, the same for the same lock and hours (as TTLock's algorithm is). */
  const randomCode = (lockId: number, start: number, end: number) =>
    String((Number.parseInt(md5(`${lockId}:${start}:${end}`).slice(0, 10), 16) % 900_000_000) + 100_000_000);

  function v3(path: string, form: URLSearchParams): FakeAnswer {
    if (form.get('clientId') !== state.clientId) return ok(errors.invalidClient);
    const access = state.accessTokens.get(form.get('accessToken') ?? '');
    if (!access) return ok(errors.invalidToken);
    if (access.expired) return ok(errors.invalidGrant);
    if (!/^\d+$/.test(form.get('date') ?? '')) return ok(errors.failed);

    if (path === '/v3/lock/list') {
      const pageNo = Number(form.get('pageNo') ?? 1);
      const pageSize = Math.min(Number(form.get('pageSize') ?? 20), 10_000);
      const list = state.locks.slice((pageNo - 1) * pageSize, pageNo * pageSize);
      const pages = Math.max(1, Math.ceil(state.locks.length / pageSize));
      return ok({ list, pageNo, pageSize, pages, total: state.locks.length });
    }
    const lock = state.locks.find((l) => String(l.lockId) === form.get('lockId'));
    if (!lock) return ok(errors.failed);
    const onLock = state.passcodes.filter((p) => p.lockId === lock.lockId);
    const start = Number(form.get('startDate'));
    const end = Number(form.get('endDate'));

    if (path === '/v3/keyboardPwd/add') {
      const code = form.get('keyboardPwd') ?? '';
      if (!/^\d{4,9}$/.test(code) || form.get('keyboardPwdType') !== '3' || !(start < end))
        return ok(errors.failed);
      if (form.get('addType') === '2' && lock.hasGateway !== 1) return ok(errors.noGateway);
      if (onLock.some((p) => p.keyboardPwd === code)) return ok(errors.samePasscode);
      if (onLock.filter((p) => p.kind === 'custom').length >= state.customLimit)
        return ok(errors.passcodeLimit);
      const passcode: FakeTtlockPasscode = {
        lockId: lock.lockId,
        keyboardPwdId: nextId++,
        keyboardPwd: code,
        keyboardPwdName: form.get('keyboardPwdName') ?? '',
        keyboardPwdType: 3,
        startDate: start,
        endDate: end,
        kind: 'custom',
      };
      state.passcodes.push(passcode);
      return ok({ keyboardPwdId: passcode.keyboardPwdId });
    }
    if (path === '/v3/keyboardPwd/get') {
      if (form.get('keyboardPwdType') !== '3' || !(start < end) || end - start > 366 * 24 * HOUR) {
        return ok(errors.failed);
      }
      // Hour granularity: TTLock floors both ends to the hour.
      const from = Math.floor(start / HOUR) * HOUR;
      const until = Math.floor(end / HOUR) * HOUR;
      const passcode: FakeTtlockPasscode = {
        lockId: lock.lockId,
        keyboardPwdId: nextId++,
        keyboardPwd: randomCode(lock.lockId, from, until),
        keyboardPwdName: form.get('keyboardPwdName') ?? '',
        keyboardPwdType: 3,
        startDate: from,
        endDate: until,
        kind: 'random',
      };
      state.passcodes.push(passcode);
      return ok({ keyboardPwd: passcode.keyboardPwd, keyboardPwdId: passcode.keyboardPwdId });
    }
    const passcode = onLock.find((p) => String(p.keyboardPwdId) === form.get('keyboardPwdId'));
    if (path === '/v3/keyboardPwd/change') {
      if (!passcode) return ok(errors.failed);
      if (form.get('changeType') === '2' && lock.hasGateway !== 1) return ok(errors.noGateway);
      if (form.get('startDate')) passcode.startDate = start;
      if (form.get('endDate')) passcode.endDate = end;
      if (form.get('keyboardPwdName')) passcode.keyboardPwdName = form.get('keyboardPwdName') ?? '';
      if (form.get('newKeyboardPwd')) passcode.keyboardPwd = form.get('newKeyboardPwd') ?? '';
      return ok(errors.ok);
    }
    if (path === '/v3/keyboardPwd/delete') {
      if (!passcode) return ok(errors.failed);
      if (form.get('deleteType') === '2' && lock.hasGateway !== 1) return ok(errors.noGateway);
      state.passcodes.splice(state.passcodes.indexOf(passcode), 1);
      return ok(errors.ok);
    }
    return { status: 404, body: { errcode: 404, errmsg: 'not found' } };
  }

  function handle(req: RecordedRequest): FakeAnswer {
    const url = new URL(req.url, 'http://fake');
    let form = url.searchParams;
    if (req.method === 'POST') {
      if (!/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) return ok(errors.failed);
      form = new URLSearchParams(String(req.body));
    }
    if (url.pathname === '/oauth2/token' && req.method === 'POST') return token(form);
    if (url.pathname === '/v3/lock/list' && req.method === 'GET') return v3(url.pathname, form);
    if (url.pathname.startsWith('/v3/keyboardPwd/') && req.method === 'POST') return v3(url.pathname, form);
    return { status: 404, body: { errcode: 404, errmsg: 'not found' } };
  }

  const server = await startFakeHttp(handle);
  return {
    ...server,
    state,
    account,
    expireAccessTokens() {
      for (const token of state.accessTokens.values()) token.expired = true;
    },
    env: {
      TTLOCK_API_URL: server.base,
      TTLOCK_CLIENT_ID: state.clientId,
      TTLOCK_CLIENT_SECRET: state.clientSecret,
    },
  };
}
