import type { Clock } from '../../lib/clock.ts';
import { AdapterError } from '../adapter-error.ts';
import { adapterFetch, readJson } from '../http.ts';
import type {
  CodeWindow,
  CreatedCode,
  LockCredentials,
  LockSession,
  LockVendorClient,
} from '../locks/types.ts';
import type { AdapterTracker } from '../status.ts';
import {
  ceilToLocalDay,
  ceilToLocalHour,
  floorToLocalDay,
  floorToLocalHour,
  localHourString,
} from './local-time.ts';

const HOUR = 3_600_000;
/** The longest hourly algoPIN (28 days); longer stays get a daily algoPIN. */
export const IGLOO_HOURLY_MAX_HOURS = 672;
/** igloohome's alternative PINs for one window. */
const VARIANCES = [1, 2, 3] as const;
const ACCESS_NAME_MAX = 50;
/** What Posada needs at least: algoPINs and the device list. */
export const IGLOO_BASE_SCOPES = [
  'igloohomeapi/algopin-hourly',
  'igloohomeapi/algopin-daily',
  'igloohomeapi/get-devices',
].join(' ');
/** What Posada asks for first: also the bridge's PIN jobs (early check-out, cancellations). */
export const IGLOO_SCOPES = [
  IGLOO_BASE_SCOPES,
  'igloohomeapi/create-pin-bridge-proxied-job',
  'igloohomeapi/delete-pin-bridge-proxied-job',
  'igloohomeapi/get-job-status',
].join(' ');

interface IglooDevice {
  deviceId: string;
  deviceName?: string;
  type?: string;
  linkedDevices?: { type?: string; deviceId?: string }[] | null;
}

const bridgeOf = (device: IglooDevice) =>
  device.linkedDevices?.find((d) => /bridge/i.test(d?.type ?? '') && d.deviceId)?.deviceId ?? null;

/**
 * igloohome API (api.igloodeveloper.co/igloohome) with OAuth2 client credentials from the operator's
 * iglooaccess developer app. Codes are algoPINs: computed offline for a window on whole local hours
 * (hourly up to 672 h, daily beyond), so they cannot be removed remotely unless the lock has a bridge,
 * which deletes a PIN through a bridge-proxied job. Throws AdapterError 'igloohome.*'.
 */
export function createIgloohomeClient(opts: {
  apiUrl: string;
  authUrl: string;
  clock: Clock;
  timeoutMs?: number;
  /** Bridge jobs: how often and how many times to ask whether the lock has done it. */
  jobPollMs?: number;
  jobPolls?: number;
  tracker?: AdapterTracker;
  fetchImpl?: typeof fetch;
}): LockVendorClient {
  const track = opts.tracker ? opts.tracker.track : <T>(call: () => Promise<T>) => call();
  const api = opts.apiUrl.replace(/\/$/, '');
  const timeoutMs = opts.timeoutMs ?? 15_000;

  async function fetchToken(clientId: string, clientSecret: string): Promise<LockCredentials> {
    try {
      return await tokenWith(clientId, clientSecret, IGLOO_SCOPES);
    } catch (error) {
      // An app without the bridge scopes (invalid_scope, 400) still issues algoPINs.
      if (!(error instanceof AdapterError && error.status === 400)) throw error;
      return tokenWith(clientId, clientSecret, IGLOO_BASE_SCOPES);
    }
  }

  async function tokenWith(clientId: string, clientSecret: string, scope: string): Promise<LockCredentials> {
    const response = await adapterFetch(
      'igloohome',
      `${opts.authUrl.replace(/\/$/, '')}/oauth2/token`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
        timeoutMs,
      },
      opts.fetchImpl,
    );
    const body = await readJson<{ access_token?: unknown; expires_in?: unknown }>('igloohome', response);
    if (typeof body.access_token !== 'string')
      throw new AdapterError('igloohome', 'invalid_response', 'no access_token');
    return {
      client_id: clientId,
      client_secret: clientSecret,
      accessToken: body.access_token,
      expiresAt: opts.clock.now().getTime() + Number(body.expires_in ?? 3600) * 1000,
    };
  }

  async function renew(session: LockSession) {
    const next = await fetchToken(
      String(session.credentials.client_id),
      String(session.credentials.client_secret),
    );
    session.credentials = next;
    await session.onCredentialsChanged(next);
  }

  /** One API call with the cached token: renewed first when it expires within a minute, and once on a 401. */
  async function call<T>(session: LockSession, method: string, path: string, body?: unknown): Promise<T> {
    if (
      !session.credentials.accessToken ||
      Number(session.credentials.expiresAt ?? 0) - 60_000 <= opts.clock.now().getTime()
    ) {
      await renew(session);
    }
    const run = async () => {
      const response = await adapterFetch(
        'igloohome',
        `${api}${path}`,
        {
          method,
          headers: {
            authorization: `Bearer ${session.credentials.accessToken}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          timeoutMs,
        },
        opts.fetchImpl,
      );
      return readJson<T>('igloohome', response);
    };
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof AdapterError && error.status === 401)) throw error;
      await renew(session);
      return run();
    }
  }

  async function devices(session: LockSession): Promise<IglooDevice[]> {
    const answer = await call<{ payload?: IglooDevice[] }>(session, 'GET', '/devices');
    if (!Array.isArray(answer.payload)) throw new AdapterError('igloohome', 'invalid_response', 'no payload');
    return answer.payload.filter((d) => typeof d?.deviceId === 'string');
  }

  async function lockDevice(session: LockSession, lockId: string): Promise<IglooDevice> {
    const device = (await devices(session)).find((d) => d.deviceId === lockId);
    if (!device)
      throw new AdapterError('igloohome', 'rejected', `device ${lockId} is not in this igloohome account`);
    return device;
  }

  /** An algoPIN for the window on whole local hours (days past 672 h), skipping PINs already in use. */
  async function algoPin(
    session: LockSession,
    lockId: string,
    window: CodeWindow,
    avoid: string[],
  ): Promise<CreatedCode> {
    let from = floorToLocalHour(window.from, window.timeZone);
    let until = ceilToLocalHour(window.until, window.timeZone);
    if (until.getTime() <= from.getTime()) until = new Date(from.getTime() + HOUR);
    let kind: 'hourly' | 'daily' = 'hourly';
    if ((until.getTime() - from.getTime()) / HOUR > IGLOO_HOURLY_MAX_HOURS) {
      kind = 'daily';
      from = floorToLocalDay(window.from, window.timeZone);
      until = ceilToLocalDay(window.until, window.timeZone);
    }
    const taken = new Set(avoid);
    for (const variance of VARIANCES) {
      const answer = await call<{ pin?: unknown; pinId?: unknown }>(
        session,
        'POST',
        `/devices/${encodeURIComponent(lockId)}/algopin/${kind}`,
        {
          variance,
          startDate: localHourString(from, window.timeZone),
          endDate: localHourString(until, window.timeZone),
          accessName: window.name.slice(0, ACCESS_NAME_MAX),
        },
      );
      if (typeof answer.pin !== 'string' || answer.pinId === undefined) {
        throw new AdapterError('igloohome', 'invalid_response', 'no pin or pinId');
      }
      // The same window gives the same PIN: another stay already holds it, so ask for the next variance.
      if (taken.has(answer.pin)) continue;
      return { remoteId: String(answer.pinId), code: answer.pin, from, until };
    }
    throw new AdapterError(
      'igloohome',
      'rejected',
      'all three PINs for this exact window are already in use',
    );
  }

  /**
   * Deletes a PIN through the lock's bridge and waits for the lock to do it. False when the developer
   * app may not run bridge jobs (403: connected without those scopes): the PIN then just expires.
   */
  async function bridgeDelete(
    session: LockSession,
    lockId: string,
    bridgeId: string,
    pin: string,
  ): Promise<boolean> {
    let job: { jobId?: unknown };
    try {
      job = await call<{ jobId?: unknown }>(
        session,
        'POST',
        `/devices/${encodeURIComponent(lockId)}/jobs/bridges/${encodeURIComponent(bridgeId)}`,
        { jobType: 5, jobData: { pin } },
      );
    } catch (error) {
      if (error instanceof AdapterError && error.status === 403) return false;
      throw error;
    }
    if (job.jobId === undefined) throw new AdapterError('igloohome', 'invalid_response', 'no jobId');
    const jobId = String(job.jobId);
    for (let poll = 0; poll < (opts.jobPolls ?? 6); poll++) {
      await new Promise((resolve) => setTimeout(resolve, opts.jobPollMs ?? 2500));
      const status = await call<{ completed?: boolean; jobResponse?: { jobStatus?: number } }>(
        session,
        'GET',
        `/jobs/${encodeURIComponent(jobId)}`,
      );
      if (status.completed === true || status.jobResponse?.jobStatus === 0) return true;
      if (status.jobResponse?.jobStatus === 2) {
        throw new AdapterError('igloohome', 'rejected', `the bridge could not delete the PIN (job ${jobId})`);
      }
    }
    // Accepted is not done: the module tries again later.
    throw new AdapterError('igloohome', 'timeout', `bridge job ${jobId} still pending`);
  }

  return {
    vendor: 'igloohome',

    connect(input) {
      return track(async () => {
        const clientId = (input.client_id ?? '').trim();
        const clientSecret = (input.client_secret ?? '').trim();
        if (!clientId || !clientSecret)
          throw new AdapterError('igloohome', 'unauthorized', 'client id and secret required');
        const session: LockSession = {
          credentials: await fetchToken(clientId, clientSecret),
          onCredentialsChanged: async () => {},
        };
        await devices(session);
        return { credentials: session.credentials, label: 'igloohome' };
      });
    },

    listLocks(session) {
      return track(async () =>
        (await devices(session))
          .filter((d) => !/bridge/i.test(d.type ?? ''))
          .map((d) => ({ id: d.deviceId, name: d.deviceName || d.deviceId, online: bridgeOf(d) !== null })),
      );
    },

    createCode(session, lockId, window, code) {
      return track(async () => {
        if (code !== undefined)
          throw new AdapterError('igloohome', 'rejected', 'igloohome computes the PIN itself');
        return algoPin(session, lockId, window, window.inUse ?? []);
      });
    },

    // An algoPIN exists as soon as igloohome answers: there is nothing to wait for.
    confirmCode: async (_session, _lockId, created) => created.remoteId,

    updateCode(session, lockId, remoteId, code, window) {
      return track(async () => {
        // An algoPIN's window cannot change: a new PIN for the new window replaces it.
        const next = await algoPin(session, lockId, window, [
          ...(window.inUse ?? []).filter((c) => c !== code),
        ]);
        if (next.code === code) return { ...next, remoteId };
        // With a bridge the old PIN is removed; without one it stays valid until its own end.
        const bridge = bridgeOf(await lockDevice(session, lockId));
        if (bridge) await bridgeDelete(session, lockId, bridge, code);
        return next;
      });
    },

    deleteCode(session, lockId, _remoteId, code) {
      return track(async () => {
        const bridge = bridgeOf(await lockDevice(session, lockId));
        if (!bridge || code === undefined) return 'expires' as const;
        return (await bridgeDelete(session, lockId, bridge, code))
          ? ('deleted' as const)
          : ('expires' as const);
      });
    },
  };
}
