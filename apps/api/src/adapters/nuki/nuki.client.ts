import { randomInt } from 'node:crypto';
import { AdapterError } from '../adapter-error.ts';
import { adapterFetch, readJson } from '../http.ts';
import type { CodeWindow, LockSession, LockVendorClient, RemoteLock } from '../locks/types.ts';
import type { AdapterTracker } from '../status.ts';

/** A keypad auth as GET /smartlock/{id}/auth lists it (the fields we read). */
interface NukiAuth {
  id: string;
  type: number;
  name: string;
  code?: number;
  allowedFromDate?: string;
  allowedUntilDate?: string;
}

interface NukiSmartlock {
  smartlockId: number;
  name: string;
  config?: { keypadPaired?: boolean; keypad2Paired?: boolean };
}

/** Nuki shows at most 20 usable characters of a keypad auth's name (the Swagger allows 32). */
export const NUKI_NAME_MAX = 20;

/** Keypad code rules: 6 digits, 1–9 only (no 0), never starting with "12". */
export function isValidNukiCode(code: string): boolean {
  return /^[1-9]{6}$/.test(code) && !code.startsWith('12');
}

/** A fresh keypad code under Nuki's rules that is not among `taken`. */
export function generateNukiCode(taken: ReadonlySet<string>, random = randomInt): string {
  for (;;) {
    let code = '';
    for (let i = 0; i < 6; i++) code += String(random(1, 10));
    if (isValidNukiCode(code) && !taken.has(code)) return code;
  }
}

/**
 * Nuki Web API (https://api.nuki.io, Bearer API token). Keypad codes are auths of type 13; creating,
 * changing and deleting them is asynchronous (204, no body), so the auth id comes from listing later
 * (`confirmCode`). Throws AdapterError 'nuki.*'.
 */
export function createNukiClient(opts: {
  apiUrl: string;
  timeoutMs?: number;
  tracker?: AdapterTracker;
  fetchImpl?: typeof fetch;
}): LockVendorClient {
  const track = opts.tracker ? opts.tracker.track : <T>(call: () => Promise<T>) => call();
  const base = opts.apiUrl.replace(/\/$/, '');

  function tokenOf(session: { credentials: Record<string, unknown> }): string {
    const token = session.credentials.token;
    if (typeof token !== 'string' || !token) throw new AdapterError('nuki', 'unauthorized', 'no API token');
    return token;
  }

  async function call(token: string, method: string, path: string, body?: unknown): Promise<Response> {
    return adapterFetch(
      'nuki',
      `${base}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: opts.timeoutMs ?? 15_000,
      },
      opts.fetchImpl,
    );
  }

  async function smartlocks(token: string): Promise<RemoteLock[]> {
    const list = await readJson<NukiSmartlock[]>('nuki', await call(token, 'GET', '/smartlock'));
    if (!Array.isArray(list))
      throw new AdapterError('nuki', 'invalid_response', 'smartlock list is not an array');
    return list.map((lock) => {
      if (typeof lock?.smartlockId !== 'number')
        throw new AdapterError('nuki', 'invalid_response', 'no smartlockId');
      return {
        id: String(lock.smartlockId),
        name: String(lock.name ?? lock.smartlockId),
        // Keypad codes need a paired keypad; a lock listed here is published to Nuki Web.
        online: Boolean(lock.config?.keypadPaired || lock.config?.keypad2Paired),
      };
    });
  }

  async function keypadAuths(token: string, lockId: string): Promise<NukiAuth[]> {
    const path = `/smartlock/${encodeURIComponent(lockId)}/auth?types=13`;
    const list = await readJson<NukiAuth[]>('nuki', await call(token, 'GET', path));
    if (!Array.isArray(list)) throw new AdapterError('nuki', 'invalid_response', 'auth list is not an array');
    return list.filter((auth) => auth && auth.type === 13);
  }

  const nameOf = (window: CodeWindow) => window.name.trim().slice(0, NUKI_NAME_MAX);

  /** The body of a create or an update: the whole window in UTC, every weekday, all day. */
  const authBody = (window: CodeWindow, code: string) => ({
    name: nameOf(window),
    code: Number(code),
    allowedFromDate: window.from.toISOString(),
    allowedUntilDate: window.until.toISOString(),
    allowedWeekDays: 127,
    allowedFromTime: 0,
    allowedUntilTime: 0,
    remoteAllowed: false,
  });

  const authPath = (lockId: string, remoteId: string) =>
    `/smartlock/${encodeURIComponent(lockId)}/auth/${encodeURIComponent(remoteId)}`;

  return {
    vendor: 'nuki',

    connect(input) {
      return track(async () => {
        const token = (input.token ?? '').trim();
        if (!token) throw new AdapterError('nuki', 'unauthorized', 'no API token');
        await smartlocks(token);
        return { credentials: { token }, label: 'Nuki Web' };
      });
    },

    listLocks(session: LockSession) {
      return track(async () => smartlocks(tokenOf(session)));
    },

    createCode(session, lockId, window, code) {
      return track(async () => {
        const token = tokenOf(session);
        if (code !== undefined && !isValidNukiCode(code)) {
          throw new AdapterError(
            'nuki',
            'rejected',
            'a keypad code has 6 digits 1-9 and does not start with 12',
          );
        }
        // A code already on the lock makes Nuki drop the new auth silently: avoid every listed one.
        const existing = await keypadAuths(token, lockId);
        const taken = new Set([...existing.map((a) => String(a.code ?? '')), ...(window.inUse ?? [])]);
        if (code !== undefined && taken.has(code)) {
          throw new AdapterError('nuki', 'rejected', 'this code is already on the lock');
        }
        const chosen = code ?? generateNukiCode(taken);
        await call(token, 'PUT', `/smartlock/${encodeURIComponent(lockId)}/auth`, {
          ...authBody(window, chosen),
          type: 13,
        });
        // 204 without a body: the auth id is only known once it is listed (confirmCode).
        return { remoteId: null, code: chosen, from: window.from, until: window.until };
      });
    },

    confirmCode(session, lockId, created, window) {
      return track(async () => {
        const auths = await keypadAuths(tokenOf(session), lockId);
        const same = (iso: string | undefined, date: Date) =>
          iso !== undefined && Date.parse(iso) === date.getTime();
        const found = auths.find(
          (auth) =>
            auth.name === nameOf(window) &&
            String(auth.code ?? '') === created.code &&
            same(auth.allowedFromDate, created.from) &&
            same(auth.allowedUntilDate, created.until),
        );
        return found ? String(found.id) : null;
      });
    },

    updateCode(session, lockId, remoteId, code, window) {
      return track(async () => {
        await call(tokenOf(session), 'POST', authPath(lockId, remoteId), {
          ...authBody(window, code),
          enabled: true,
        });
        return { remoteId, code, from: window.from, until: window.until };
      });
    },

    deleteCode(session, lockId, remoteId) {
      return track(async () => {
        try {
          await call(tokenOf(session), 'DELETE', authPath(lockId, remoteId));
        } catch (error) {
          // Already gone. Nuki deletes asynchronously: the module confirms by listing on its next reconcile.
          if (error instanceof AdapterError && error.status === 404) return 'deleted' as const;
          throw error;
        }
        return 'deleted' as const;
      });
    },
  };
}
