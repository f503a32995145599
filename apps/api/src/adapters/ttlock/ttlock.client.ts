import { createHash, randomInt } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import { AdapterError } from '../adapter-error.ts';
import { adapterFetch, readJson } from '../http.ts';
import type { LockCredentials, LockSession, LockVendorClient, RemoteLock } from '../locks/types.ts';
import type { AdapterTracker } from '../status.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** TTLock keeps 50 characters of a passcode's name. */
export const TTLOCK_NAME_MAX = 50;
/** Refresh this long before the access token expires (it lasts 90 days). */
const REFRESH_MARGIN_MS = 24 * HOUR;

/** TTLock's errcodes we act on. */
const ERR = {
  /** Invalid access token. */
  invalidToken: 10003,
  /** Expired token / invalid grant: refresh and try again. */
  invalidGrant: 10004,
  /** Wrong app username or password. */
  invalidAccount: 10007,
  /** The refresh token is no longer valid: the operator connects again. */
  invalidRefreshToken: 10011,
} as const;
const authErrors = new Set<number>([
  ERR.invalidToken,
  ERR.invalidGrant,
  ERR.invalidAccount,
  ERR.invalidRefreshToken,
]);
// Any other errcode is 'rejected' with TTLock's own text, e.g. -3009 (more than 250 custom passcodes on the lock).

/** An error TTLock answered in a 200 body: the errcode stays readable for the refresh logic. */
class TtlockError extends AdapterError {
  constructor(
    readonly errcode: number,
    text: string,
  ) {
    super('ttlock', authErrors.has(errcode) ? 'unauthorized' : 'rejected', text);
  }
}

interface TtlockLock {
  lockId: number;
  lockName?: string;
  lockAlias?: string;
  hasGateway?: number;
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  uid?: number;
  expires_in?: number;
}

/** A custom passcode TTLock accepts: 4 to 9 digits. */
export const isValidTtlockCode = (code: string) => /^\d{4,9}$/.test(code);

/** A 6-digit custom passcode not among `taken` (no leading 0: some keypads drop it). */
export function generateTtlockCode(taken: ReadonlySet<string>, random = randomInt): string {
  for (;;) {
    const code = String(random(100_000, 1_000_000));
    if (!taken.has(code)) return code;
  }
}

const floorTo = (date: Date, unit: number) => new Date(Math.floor(date.getTime() / unit) * unit);
const ceilTo = (date: Date, unit: number) => new Date(Math.ceil(date.getTime() / unit) * unit);

/**
 * TTLock Open Platform (euapi.ttlock.com): form-encoded calls carrying clientId, accessToken and date;
 * errors come in a 200 body with `errcode`. The operator's TTLock app account signs in once (OAuth2
 * password grant with the platform's developer app); the tokens are refreshed on expiry and handed to
 * `session.onCredentialsChanged`. With a gateway (or Wi-Fi lock) a custom passcode is added and removed
 * remotely; without one, TTLock computes an offline period passcode (hour granularity) that cannot be
 * removed and simply expires. Throws AdapterError 'ttlock.*'.
 */
export function createTtlockClient(opts: {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  clock: Clock;
  timeoutMs?: number;
  tracker?: AdapterTracker;
  fetchImpl?: typeof fetch;
}): LockVendorClient {
  const track = opts.tracker ? opts.tracker.track : <T>(call: () => Promise<T>) => call();
  const base = opts.apiUrl.replace(/\/$/, '');

  /** One call; a non-zero errcode becomes an AdapterError carrying TTLock's text. */
  async function send<T>(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string | number>,
  ): Promise<T> {
    const form = new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const init: RequestInit =
      method === 'GET'
        ? { method, headers: { accept: 'application/json' } }
        : {
            method,
            headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
            body: form,
          };
    const url = method === 'GET' ? `${base}${path}?${form}` : `${base}${path}`;
    const response = await adapterFetch(
      'ttlock',
      url,
      { ...init, timeoutMs: opts.timeoutMs ?? 15_000 },
      opts.fetchImpl,
    );
    const body = await readJson<T & { errcode?: number; errmsg?: string; description?: string }>(
      'ttlock',
      response,
    );
    if (body === null || typeof body !== 'object')
      throw new AdapterError('ttlock', 'invalid_response', 'not an object');
    if (typeof body.errcode === 'number' && body.errcode !== 0) {
      throw new TtlockError(body.errcode, `${body.errcode} ${body.errmsg ?? body.description ?? ''}`.trim());
    }
    return body;
  }

  async function token(params: Record<string, string>, username: string): Promise<LockCredentials> {
    const answer = await send<TokenAnswer>('POST', '/oauth2/token', {
      clientId: opts.clientId,
      clientSecret: opts.clientSecret,
      ...params,
    });
    if (typeof answer.access_token !== 'string' || typeof answer.refresh_token !== 'string') {
      throw new AdapterError('ttlock', 'invalid_response', 'no access_token');
    }
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      expiresAt: opts.clock.now().getTime() + Number(answer.expires_in ?? 0) * 1000,
      uid: answer.uid ?? null,
      username,
    };
  }

  /**
   * Refreshes by refresh token, once: calls that run together for one account share the answer (TTLock
   * may not accept a refresh token twice). Kept for the process; the oldest entries go first.
   */
  const refreshed = new Map<string, Promise<LockCredentials>>();
  async function refresh(session: LockSession): Promise<void> {
    const refreshToken = String(session.credentials.refreshToken ?? '');
    let pending = refreshed.get(refreshToken);
    if (!pending) {
      pending = token(
        { grant_type: 'refresh_token', refresh_token: refreshToken },
        String(session.credentials.username ?? ''),
      );
      refreshed.set(refreshToken, pending);
      pending.catch(() => refreshed.delete(refreshToken));
      if (refreshed.size > 500) refreshed.delete(refreshed.keys().next().value as string);
    }
    const next = await pending;
    session.credentials = next;
    await session.onCredentialsChanged(next);
  }

  /** A call with the session's token: refreshed first when expiring, and once more on errcode 10004. */
  async function authed<T>(
    session: LockSession,
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string | number>,
  ): Promise<T> {
    if (Number(session.credentials.expiresAt ?? 0) - REFRESH_MARGIN_MS <= opts.clock.now().getTime()) {
      await refresh(session);
    }
    const run = () =>
      send<T>(method, path, {
        clientId: opts.clientId,
        accessToken: String(session.credentials.accessToken ?? ''),
        ...params,
        date: opts.clock.now().getTime(),
      });
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof TtlockError && error.errcode === ERR.invalidGrant)) throw error;
      await refresh(session);
      return run();
    }
  }

  async function locks(session: LockSession): Promise<(RemoteLock & { gateway: boolean })[]> {
    const all: (RemoteLock & { gateway: boolean })[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = await authed<{ list?: TtlockLock[]; pages?: number }>(session, 'GET', '/v3/lock/list', {
        pageNo,
        pageSize: 100,
      });
      if (!Array.isArray(page.list)) throw new AdapterError('ttlock', 'invalid_response', 'no lock list');
      for (const lock of page.list) {
        const gateway = lock.hasGateway === 1;
        const name = lock.lockAlias || lock.lockName || String(lock.lockId);
        all.push({ id: String(lock.lockId), name, online: gateway, gateway });
      }
      if (pageNo >= Number(page.pages ?? 1)) return all;
    }
  }

  async function hasGateway(session: LockSession, lockId: string): Promise<boolean> {
    const lock = (await locks(session)).find((l) => l.id === lockId);
    if (!lock) throw new AdapterError('ttlock', 'rejected', `lock ${lockId} is not in this TTLock account`);
    return lock.gateway;
  }

  /** Without a gateway: TTLock computes an offline period passcode for whole hours. */
  async function algorithmic(
    session: LockSession,
    lockId: string,
    window: { name: string; from: Date; until: Date },
  ) {
    const from = floorTo(window.from, HOUR);
    const until = ceilTo(window.until, HOUR);
    const answer = await authed<{ keyboardPwd?: string | number; keyboardPwdId?: number }>(
      session,
      'POST',
      '/v3/keyboardPwd/get',
      {
        lockId,
        keyboardPwdType: 3,
        keyboardPwdName: window.name.slice(0, TTLOCK_NAME_MAX),
        startDate: from.getTime(),
        endDate: until.getTime(),
      },
    );
    if (answer.keyboardPwd === undefined || answer.keyboardPwdId === undefined) {
      throw new AdapterError('ttlock', 'invalid_response', 'no keyboardPwd');
    }
    return { remoteId: String(answer.keyboardPwdId), code: String(answer.keyboardPwd), from, until };
  }

  return {
    vendor: 'ttlock',

    connect(input) {
      return track(async () => {
        const username = (input.username ?? '').trim();
        const password = input.password ?? '';
        if (!username || !password)
          throw new AdapterError('ttlock', 'unauthorized', 'username and password required');
        const md5 = createHash('md5').update(password).digest('hex');
        const credentials = await token({ username, password: md5 }, username);
        const session: LockSession = { credentials, onCredentialsChanged: async () => {} };
        await locks(session);
        return { credentials: session.credentials, label: `TTLock ${username}` };
      });
    },

    listLocks(session) {
      return track(async () => (await locks(session)).map(({ id, name, online }) => ({ id, name, online })));
    },

    createCode(session, lockId, window, code) {
      return track(async () => {
        if (!(await hasGateway(session, lockId))) {
          if (code !== undefined) {
            throw new AdapterError(
              'ttlock',
              'rejected',
              'without a gateway TTLock chooses the passcode itself',
            );
          }
          return algorithmic(session, lockId, window);
        }
        if (code !== undefined && !isValidTtlockCode(code)) {
          throw new AdapterError('ttlock', 'rejected', 'a custom passcode has 4 to 9 digits');
        }
        const chosen = code ?? generateTtlockCode(new Set(window.inUse ?? []));
        // Minute precision: the start is floored and the end rounded up, so the stay is always covered.
        const from = floorTo(window.from, MINUTE);
        const until = ceilTo(window.until, MINUTE);
        const answer = await authed<{ keyboardPwdId?: number }>(session, 'POST', '/v3/keyboardPwd/add', {
          lockId,
          keyboardPwd: chosen,
          keyboardPwdName: window.name.slice(0, TTLOCK_NAME_MAX),
          keyboardPwdType: 3,
          startDate: from.getTime(),
          endDate: until.getTime(),
          addType: 2,
        });
        if (answer.keyboardPwdId === undefined)
          throw new AdapterError('ttlock', 'invalid_response', 'no keyboardPwdId');
        return { remoteId: String(answer.keyboardPwdId), code: chosen, from, until };
      });
    },

    // TTLock answers synchronously (the gateway has written the code, or the code is computed offline).
    confirmCode: async (_session, _lockId, created) => created.remoteId,

    updateCode(session, lockId, remoteId, code, window) {
      return track(async () => {
        // An offline passcode cannot be changed: a new one is computed for the new window.
        if (!(await hasGateway(session, lockId))) return algorithmic(session, lockId, window);
        const from = floorTo(window.from, MINUTE);
        const until = ceilTo(window.until, MINUTE);
        await authed(session, 'POST', '/v3/keyboardPwd/change', {
          lockId,
          keyboardPwdId: remoteId,
          keyboardPwdName: window.name.slice(0, TTLOCK_NAME_MAX),
          startDate: from.getTime(),
          endDate: until.getTime(),
          changeType: 2,
        });
        return { remoteId, code, from, until };
      });
    },

    deleteCode(session, lockId, remoteId) {
      return track(async () => {
        if (!(await hasGateway(session, lockId))) return 'expires' as const;
        await authed(session, 'POST', '/v3/keyboardPwd/delete', {
          lockId,
          keyboardPwdId: remoteId,
          deleteType: 2,
        });
        return 'deleted' as const;
      });
    },
  };
}
