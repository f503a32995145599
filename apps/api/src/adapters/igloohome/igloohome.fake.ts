import { createHash, randomBytes } from 'node:crypto';
import {
  bearerOf,
  type FakeAnswer,
  type FakeHttpServer,
  type RecordedRequest,
  startFakeHttp,
} from '../fake-http.ts';
import devicesFixture from './fixtures/devices.json' with { type: 'json' };
import errors from './fixtures/errors.json' with { type: 'json' };
import tokenFixture from './fixtures/token.json' with { type: 'json' };

const HOUR = 3_600_000;
/** igloohome's date format: a local hour with an explicit offset, nothing else. */
const ON_THE_HOUR = /^\d{4}-\d{2}-\d{2}T(\d{2}):00:00[+-]\d{2}:\d{2}$/;

export interface FakeIglooPin {
  deviceId: string;
  pinId: string;
  pin: string;
  kind: 'hourly' | 'daily';
  variance: number;
  startDate: string;
  endDate: string;
  accessName: string;
  /** Removed from the lock by a bridge job. */
  deleted: boolean;
}

export interface FakeIglooJob {
  jobId: string;
  deviceId: string;
  bridgeId: string;
  jobType: number;
  pin: string;
  pollsLeft: number;
}

export interface FakeIgloohomeState {
  clientId: string;
  clientSecret: string;
  /** Issued bearer tokens and their scopes; `expireTokens()` empties it (the API then answers 401). */
  tokens: Map<string, string[]>;
  /** Scopes asked for in the last token request. */
  lastScope: string;
  /** Scopes the operator's developer app has: asking for another is 400 invalid_scope. */
  allowedScopes: string[];
  devices: (typeof devicesFixture.response.body.payload)[number][];
  pins: FakeIglooPin[];
  jobs: FakeIglooJob[];
  /** Status polls before a bridge job is done. */
  jobPolls: number;
}

export interface FakeIgloohome extends FakeHttpServer {
  state: FakeIgloohomeState;
  expireTokens(): void;
  env: { IGLOOHOME_API_URL: string; IGLOOHOME_AUTH_URL: string };
  /** What an operator types on the connect form. */
  account: { client_id: string; client_secret: string };
}

const ok = (body: unknown): FakeAnswer => ({ status: 200, body });

/** The PIN igloohome's algorithm gives: the same lock, kind, window and variance give the same PIN. */
const algoPin = (deviceId: string, kind: string, start: number, end: number, variance: number) =>
  String(
    (Number.parseInt(
      createHash('sha256')
        .update(`${deviceId}|${kind}|${start}|${end}|${variance}`)
        .digest('hex')
        .slice(0, 12),
      16,
    ) %
      900_000_000) +
      100_000_000,
  );

/**
 * A local igloohome (tests and e2e only), auth server and API on one port: POST /oauth2/token (Basic
 * client credentials), GET /igloohome/devices, POST /igloohome/devices/{id}/algopin/hourly|daily (dates
 * checked to the character, 400 with igloohome's message otherwise), bridge PIN jobs and their status.
 */
export async function startFakeIgloohome(options: { jobPolls?: number } = {}): Promise<FakeIgloohome> {
  const account = { client_id: 'fake-igloo-client', client_secret: 'fake-igloo-secret' };
  const state: FakeIgloohomeState = {
    clientId: account.client_id,
    clientSecret: account.client_secret,
    tokens: new Map(),
    lastScope: '',
    allowedScopes: [
      'igloohomeapi/algopin-hourly',
      'igloohomeapi/algopin-daily',
      'igloohomeapi/get-devices',
      'igloohomeapi/create-pin-bridge-proxied-job',
      'igloohomeapi/delete-pin-bridge-proxied-job',
      'igloohomeapi/get-job-status',
    ],
    devices: structuredClone(devicesFixture.response.body.payload),
    pins: [],
    jobs: [],
    jobPolls: options.jobPolls ?? 1,
  };
  let nextPin = 1;

  function token(req: RecordedRequest): FakeAnswer {
    const basic = String(req.headers.authorization ?? '').replace(/^Basic /, '');
    const expected = Buffer.from(`${state.clientId}:${state.clientSecret}`).toString('base64');
    const form = new URLSearchParams(String(req.body));
    if (basic !== expected) return errors.invalidClient;
    if (form.get('grant_type') !== 'client_credentials')
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    const scopes = (form.get('scope') ?? '').split(' ');
    if (scopes.some((s) => !state.allowedScopes.includes(s)))
      return { status: 400, body: { error: 'invalid_scope' } };
    state.lastScope = form.get('scope') ?? '';
    const access = randomBytes(24).toString('base64url');
    state.tokens.set(access, scopes);
    return ok({ ...tokenFixture.response.body, access_token: access });
  }

  function createPin(
    device: { deviceId: string },
    kind: 'hourly' | 'daily',
    body: Record<string, unknown>,
  ): FakeAnswer {
    const start = typeof body.startDate === 'string' ? ON_THE_HOUR.exec(body.startDate) : null;
    if (!start) return errors.badStartDate;
    const end = typeof body.endDate === 'string' ? ON_THE_HOUR.exec(body.endDate) : null;
    if (!end) return errors.badEndDate;
    if (![1, 2, 3].includes(body.variance as number)) return errors.badVariance;
    const from = Date.parse(body.startDate as string);
    const until = Date.parse(body.endDate as string);
    const hours = (until - from) / HOUR;
    if (kind === 'hourly' && !(hours >= 1 && hours <= 672)) return errors.badDuration;
    if (kind === 'daily' && (start[1] !== '00' || end[1] !== '00' || !(until > from))) return errors.badDaily;
    const pin: FakeIglooPin = {
      deviceId: device.deviceId,
      pinId: `pin_${String(nextPin++).padStart(6, '0')}`,
      pin: algoPin(device.deviceId, kind, from, until, body.variance as number),
      kind,
      variance: body.variance as number,
      startDate: body.startDate as string,
      endDate: body.endDate as string,
      accessName: String(body.accessName ?? ''),
      deleted: false,
    };
    state.pins.push(pin);
    return ok({ pin: pin.pin, pinId: pin.pinId });
  }

  function pollJob(jobId: string): FakeAnswer {
    const job = state.jobs.find((j) => j.jobId === jobId);
    if (!job) return errors.notFound;
    job.pollsLeft -= 1;
    if (job.pollsLeft > 0) return ok({ jobId, completed: false, jobResponse: null });
    const onLock = state.pins.filter((p) => p.deviceId === job.deviceId && p.pin === job.pin && !p.deleted);
    if (onLock.length === 0) return ok({ jobId, completed: true, jobResponse: { jobStatus: 2 } });
    for (const pin of onLock) pin.deleted = true;
    return ok({ jobId, completed: true, jobResponse: { jobStatus: 0 } });
  }

  function handle(req: RecordedRequest): FakeAnswer {
    const url = new URL(req.url, 'http://fake');
    if (url.pathname === '/oauth2/token' && req.method === 'POST') return token(req);
    if (!state.tokens.has(bearerOf(req))) return errors.unauthorized;
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== 'igloohome') return errors.notFound;
    if (parts[1] === 'devices' && parts.length === 2 && req.method === 'GET') {
      return ok({ nextCursor: '', payload: state.devices });
    }
    if (parts[1] === 'jobs' && parts.length === 3 && req.method === 'GET') return pollJob(parts[2] ?? '');
    const device = state.devices.find((d) => d.deviceId === parts[2]);
    if (parts[1] !== 'devices' || !device || req.method !== 'POST') return errors.notFound;
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (parts[3] === 'algopin' && (parts[4] === 'hourly' || parts[4] === 'daily') && parts.length === 5) {
      return createPin(device, parts[4], body);
    }
    if (parts[3] === 'jobs' && parts[4] === 'bridges' && parts.length === 6) {
      if (!state.tokens.get(bearerOf(req))?.includes('igloohomeapi/delete-pin-bridge-proxied-job')) {
        return errors.forbidden;
      }
      const linked = device.linkedDevices.some((d) => d.type === 'Bridge' && d.deviceId === parts[5]);
      const jobData = body.jobData as { pin?: unknown } | undefined;
      if (!linked) return errors.notFound;
      if (body.jobType !== 5 || typeof jobData?.pin !== 'string')
        return { status: 400, body: { message: 'invalid job' } };
      const job: FakeIglooJob = {
        jobId: randomBytes(8).toString('hex'),
        deviceId: device.deviceId,
        bridgeId: parts[5] ?? '',
        jobType: 5,
        pin: jobData.pin,
        pollsLeft: state.jobPolls,
      };
      state.jobs.push(job);
      return ok({ jobId: job.jobId });
    }
    return errors.notFound;
  }

  const server = await startFakeHttp(handle);
  return {
    ...server,
    state,
    account,
    expireTokens: () => state.tokens.clear(),
    env: { IGLOOHOME_API_URL: `${server.base}/igloohome`, IGLOOHOME_AUTH_URL: server.base },
  };
}
