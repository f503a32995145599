/**
 * A local Twilio Programmable Messaging API as strict as the real one (sms-twilio.md §9; tests and e2e only,
 * never production): node:http on 127.0.0.1 and a random port. Point the app at it with `fake.env`.
 *
 * REST (HTTP Basic AccountSid:AuthToken or the API key; the path's AccountSid must be the account's, else
 * 401 20003; errors `{code, message, more_info, status}`):
 *   POST /2010-04-01/Accounts/{AC}/Messages.json  form-encoded only. To (E.164, 21211), exactly one sender
 *        (From 21606 / MessagingServiceSid 21705/21701; neither or both 21603), a content (21602, 21619 with a
 *        service), Body ≤ 1600 (21617), StatusCallback http(s) with a hostname and no underscore (21609),
 *        disabled countries (21408), an alphanumeric sender to +1 (21612), landlines (21614 or 21635), the
 *        opt-out list per (sender, recipient) (21610). 201 with the Message resource: `SM` + 32 hex, `queued`,
 *        or `accepted` (no From yet, num_segments "0") with a Messaging Service.
 *   GET  /2010-04-01/Accounts/{AC}/Messages/{Sid}.json   the current state (404 20404)
 *   GET  /2010-04-01/Accounts/{AC}/Messages.json?To=&From=   newest first
 *   A rate limit (`ratePerSecond`) answers 429 20429 to any REST request over it.
 *
 * STATUS CALLBACKS to StatusCallback: form-encoded, X-Twilio-Signature over the exact StatusCallback URL.
 * Never one for the initial status. With a service `queued`, then `sent` → `delivered` (RawDlrDoneDate), or
 * what `script` set for the recipient: `undelivered:3000x` (sent, then undelivered + ErrorCode),
 * `failed:3000x` (failed + ErrorCode, never sent), `sent_only`. Options: outOfOrder (the last two swapped),
 * duplicate (each twice), dropDlr (no final callback; the message stays `sent`), badSignature, delayMs.
 *
 * CONTROL (`/_fake/<path>`, JSON, no auth; the e2e server forwards /twilio/<path> here):
 *   POST inbound {from, to?, body, media?: [{url, contentType}]}   a signed inbound webhook to inboundUrl;
 *        STOP-type bodies add (to, from) to the opt-out list, START-type remove it → {sid, status: the app's}
 *   POST script {to, outcome}        POST options {outOfOrder?, duplicate?, dropDlr?, badSignature?, delayMs?,
 *        ratePerSecond?, sendingCallback?, fromWithService?}
 *   POST landlines {numbers, code?: 21614|21635}    POST disabled-countries {prefixes}
 *   POST inbound-url {url}    POST fail-next {status, body, count?}    POST hang-next {count?}
 *   GET  opt-outs   GET sent   GET callbacks   POST idle (answers when every callback was answered)   POST reset
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type FakeAnswer, listenLocally, type RecordedRequest, scriptedAnswers } from '../fake-http.ts';
import { type AcceptedSend, checkSend, countryOf, FakeTwilioError, isE164 } from './twilio.fake-rules.ts';
import { smsKeyword } from './twilio.keywords.ts';
import { smsSegments } from './twilio.segments.ts';
import { twilioSignature } from './twilio.signature.ts';
import type { TwilioMessageStatus } from './types.ts';

export interface FakeTwilioOptions {
  accountSid?: string;
  authToken?: string;
  /** The account's number (TWILIO_FROM), also the Messaging Service's only sender. */
  from?: string;
  /** With it, env carries TWILIO_MESSAGING_SERVICE_SID and messages start `accepted`. */
  messagingServiceSid?: string;
  /** An API key that authenticates like AccountSid:AuthToken. */
  apiKey?: { sid: string; secret: string };
  /** Where inbound SMS webhooks go (the app's route). */
  inboundUrl?: string;
  /** Wait before each status callback (default 0). */
  callbackDelayMs?: number;
  now?: () => number;
}

/** A message the fake holds (what `sent()` lists for outbound ones). */
export interface FakeSms {
  sid: string;
  direction: 'outbound-api' | 'inbound';
  /** null while a Messaging Service has not picked a sender. */
  from: string | null;
  to: string;
  body: string;
  messagingServiceSid: string | null;
  status: TwilioMessageStatus;
  errorCode: number | null;
  numSegments: number;
  mediaUrls: string[];
  statusCallback: string | null;
  smartEncoded: boolean;
  /** The request's form parameters in order, as received. */
  form: [string, string][];
  dateCreated: string;
  dateSent: string | null;
  dateUpdated: string;
}

/** One webhook the fake POSTed and the app's answer (0: no connection). */
export interface FakeTwilioCallback {
  kind: 'status' | 'inbound';
  url: string;
  params: Record<string, string>;
  signature: string;
  status: number;
}

export interface FakeTwilioBehaviour {
  outOfOrder: boolean;
  duplicate: boolean;
  dropDlr: boolean;
  badSignature: boolean;
  delayMs: number;
  /** REST requests allowed per second; null: no limit. */
  ratePerSecond: number | null;
  /** Also call back `sending` (whether Twilio does is UNCONFIRMED; off by default). */
  sendingCallback: boolean;
  /** Accept From together with MessagingServiceSid when From is the service's number (UNCONFIRMED; off). */
  fromWithService: boolean;
}

export interface FakeTwilio {
  /** http://127.0.0.1:port */
  base: string;
  env: {
    TWILIO_API_BASE: string;
    TWILIO_ACCOUNT_SID: string;
    TWILIO_AUTH_TOKEN: string;
    TWILIO_FROM: string;
    TWILIO_MESSAGING_SERVICE_SID?: string;
  };
  apiKey: { sid: string; secret: string };
  /** The same as `POST /_fake/<path>` (GET for opt-outs, sent, callbacks). */
  control(path: string, body?: object): Promise<unknown>;
  /** Outbound messages Twilio accepted, oldest first. */
  sent(): FakeSms[];
  callbacks(): FakeTwilioCallback[];
  /** Every REST request (not controls), oldest first; `body` is the raw text. */
  requests: RecordedRequest[];
  /** Resolves when every scheduled callback has been POSTed and answered. */
  idle(): Promise<void>;
  setInboundUrl(url: string | null): void;
  /** Awaited after each webhook the app answered (pass `app.eventsIdle`). */
  setAfterCallback(fn: (() => Promise<void>) | null): void;
  failNext(answer: FakeAnswer, count?: number): void;
  hangNext(count?: number): void;
  close(): Promise<void>;
}

interface Step {
  status: TwilioMessageStatus;
  errorCode?: number;
}

const OUTCOME =
  /^(delivered|sent_only|undelivered:(30003|30004|30005|30006|30007|30034)|failed:(30001|30002|30008))$/;

/** How far along the outbound path a status is: a callback never moves a message back. */
const RANK: Partial<Record<TwilioMessageStatus, number>> = {
  accepted: 0,
  scheduled: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
};

const DEFAULT_BEHAVIOUR: FakeTwilioBehaviour = {
  outOfOrder: false,
  duplicate: false,
  dropDlr: false,
  badSignature: false,
  delayMs: 0,
  ratePerSecond: null,
  sendingCallback: false,
  fromWithService: false,
};

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
/** RFC 2822, as Twilio writes dates: "Thu, 24 Aug 2023 05:01:45 +0000". */
const rfc2822 = (ms: number) => new Date(ms).toUTCString().replace('GMT', '+0000');
/** RawDlrDoneDate: YYMMDDhhmm (UTC). */
const dlrDate = (ms: number) => new Date(ms).toISOString().replace(/\D/g, '').slice(2, 12);

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startFakeTwilio(options: FakeTwilioOptions = {}): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? 'AC5ef8732a3c49700934481addd5ce1659';
  const authToken = options.authToken ?? '9a8f7e6d5c4b3a29180716253a4b5c6d';
  const from = options.from ?? '+15017250604';
  const serviceSid = options.messagingServiceSid ?? null;
  const apiKey = options.apiKey ?? {
    sid: 'SK2a0747eba6abf96b7e3c3ff0b4530f6e',
    secret: 'fake-api-key-secret',
  };
  const now = options.now ?? Date.now;

  const messages = new Map<string, FakeSms>();
  const callbacks: FakeTwilioCallback[] = [];
  const requests: RecordedRequest[] = [];
  const script = scriptedAnswers();
  const scripted = script.queue;
  const hanging = new Set<ServerResponse>();
  const pending = new Set<Promise<void>>();
  const timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let optOuts = new Set<string>();
  let scripts = new Map<string, string>();
  let landlines = new Set<string>();
  let landlineCode: 21614 | 21635 = 21614;
  let disabledPrefixes: string[] = [];
  let behaviour: FakeTwilioBehaviour = { ...DEFAULT_BEHAVIOUR, delayMs: options.callbackDelayMs ?? 0 };
  let inboundUrl: string | null = options.inboundUrl ?? null;
  let afterCallback: (() => Promise<void>) | null = null;
  let windowStart = 0;
  let windowCount = 0;
  let closed = false;
  let base = '';

  const pair = (sender: string, recipient: string) => `${sender}\n${recipient}`;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = {
        resolve,
        timer: setTimeout(() => {
          timers.delete(entry);
          resolve();
        }, ms),
      };
      timers.add(entry);
    });

  const track = (work: Promise<void>) => {
    const p = work.catch(() => undefined).finally(() => pending.delete(p));
    pending.add(p);
  };

  /** POSTs a signed form to the app; answers its HTTP status (0 when nothing answered). */
  async function postWebhook(kind: FakeTwilioCallback['kind'], url: string, params: [string, string][]) {
    const form = new URLSearchParams(params);
    const signature = twilioSignature(behaviour.badSignature ? `${authToken}0` : authToken, url, form);
    let status = 0;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signature,
          'i-twilio-idempotency-token': `${hex(16)}`,
          'user-agent': 'TwilioProxy/1.1',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(15_000),
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 0;
    }
    callbacks.push({ kind, url, params: Object.fromEntries(form), signature, status });
    if (status && afterCallback) await afterCallback();
    return status;
  }

  const statusParams = (m: FakeSms, step: Step): [string, string][] => {
    const params: [string, string][] = [];
    if (step.errorCode) params.push(['ErrorCode', String(step.errorCode)]);
    params.push(['SmsSid', m.sid], ['SmsStatus', step.status], ['MessageStatus', step.status], ['To', m.to]);
    if (m.messagingServiceSid) params.push(['MessagingServiceSid', m.messagingServiceSid]);
    params.push(['MessageSid', m.sid], ['AccountSid', accountSid], ['From', m.from ?? from]);
    if (step.status === 'delivered' || step.status === 'undelivered') {
      params.push(['RawDlrDoneDate', dlrDate(now())]);
    }
    params.push(['ApiVersion', '2010-04-01']);
    return params;
  };

  const apply = (m: FakeSms, step: Step) => {
    if ((RANK[step.status] ?? 0) < (RANK[m.status] ?? 0)) return;
    m.status = step.status;
    m.dateUpdated = rfc2822(now());
    if (step.status === 'queued' && m.numSegments === 0) {
      // The service picks its sender now and counts the segments.
      m.from ??= from;
      m.numSegments = m.body ? smsSegments(m.body, { smartEncoded: m.smartEncoded }).segments : 1;
    }
    if (step.status === 'sent') m.dateSent = rfc2822(now());
    if (step.errorCode) m.errorCode = step.errorCode;
  };

  /** The callbacks one message gets, after its initial status. */
  function plan(m: FakeSms): Step[] {
    const outcome = scripts.get(m.to) ?? 'delivered';
    const [kind, code] = outcome.split(':');
    const steps: Step[] = [];
    if (m.messagingServiceSid) steps.push({ status: 'queued' });
    if (kind === 'failed') {
      steps.push({ status: 'failed', errorCode: Number(code) });
    } else {
      if (behaviour.sendingCallback) steps.push({ status: 'sending' });
      steps.push({ status: 'sent' });
      if (!behaviour.dropDlr) {
        if (kind === 'delivered') steps.push({ status: 'delivered' });
        if (kind === 'undelivered') steps.push({ status: 'undelivered', errorCode: Number(code) });
      }
    }
    if (behaviour.outOfOrder && steps.length >= 2) {
      const last = steps.pop() as Step;
      steps.splice(steps.length - 1, 0, last);
    }
    return steps;
  }

  async function runCallbacks(m: FakeSms) {
    const steps = plan(m);
    const { duplicate } = behaviour;
    for (const step of steps) {
      await sleep(behaviour.delayMs);
      if (closed) return;
      apply(m, step);
      if (!m.statusCallback) continue;
      const params = statusParams(m, step);
      await postWebhook('status', m.statusCallback, params);
      if (duplicate && !closed) await postWebhook('status', m.statusCallback, params);
    }
  }

  function messageJson(m: FakeSms) {
    const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${m.sid}`;
    return {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body: m.body,
      date_created: m.dateCreated,
      date_sent: m.dateSent,
      date_updated: m.dateUpdated,
      direction: m.direction,
      error_code: m.errorCode,
      error_message: null,
      from: m.from,
      messaging_service_sid: m.messagingServiceSid,
      num_media: String(m.mediaUrls.length),
      num_segments: String(m.numSegments),
      price: null,
      price_unit: null,
      sid: m.sid,
      status: m.status,
      subresource_uris: { media: `${uri}/Media.json` },
      to: m.to,
      uri: `${uri}.json`,
    };
  }

  function accept(sent: AcceptedSend, form: [string, string][]): FakeSms {
    const at = rfc2822(now());
    const viaService = sent.messagingServiceSid !== null;
    const m: FakeSms = {
      sid: `${sent.mediaUrls.length ? 'MM' : 'SM'}${hex(16)}`,
      direction: 'outbound-api',
      from: viaService ? (sent.from ?? null) : sent.from,
      to: sent.to,
      body: sent.body,
      messagingServiceSid: sent.messagingServiceSid,
      status: viaService ? 'accepted' : 'queued',
      errorCode: null,
      numSegments: viaService ? 0 : sent.numSegments,
      mediaUrls: sent.mediaUrls,
      statusCallback: sent.statusCallback,
      smartEncoded: sent.smartEncoded,
      form,
      dateCreated: at,
      dateSent: null,
      dateUpdated: at,
    };
    messages.set(m.sid, m);
    return m;
  }

  /** Basic credentials of the account or its API key; the path's AccountSid must be the account's. */
  function authenticate(req: IncomingMessage, pathAccount: string) {
    const header = String(req.headers.authorization ?? '');
    const decoded = header.startsWith('Basic ')
      ? Buffer.from(header.slice(6).trim(), 'base64').toString('utf8')
      : '';
    const colon = decoded.indexOf(':');
    const user = colon >= 0 ? decoded.slice(0, colon) : '';
    const pass = colon >= 0 ? decoded.slice(colon + 1) : '';
    const valid =
      (user === accountSid && pass === authToken) || (user === apiKey.sid && pass === apiKey.secret);
    if (!valid || pathAccount !== accountSid) throw new FakeTwilioError(401, 20003, 'Authenticate');
  }

  function rateLimit() {
    if (behaviour.ratePerSecond === null) return;
    const t = now();
    if (t - windowStart >= 1000) {
      windowStart = t;
      windowCount = 0;
    }
    windowCount += 1;
    if (windowCount > behaviour.ratePerSecond) throw new FakeTwilioError(429, 20429, 'Too Many Requests');
  }

  async function rest(
    req: IncomingMessage,
    url: URL,
    raw: string,
  ): Promise<{ status: number; body: unknown }> {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages(?:\/([^/]+))?\.json$/.exec(url.pathname);
    if (!match) {
      throw new FakeTwilioError(404, 20404, `The requested resource ${url.pathname} was not found`);
    }
    authenticate(req, decodeURIComponent(match[1] ?? ''));
    rateLimit();
    const method = req.method ?? 'GET';
    const sid = match[2];
    if (sid === undefined && method === 'POST') {
      const form = /^application\/x-www-form-urlencoded\b/i.test(String(req.headers['content-type'] ?? ''))
        ? new URLSearchParams(raw)
        : new URLSearchParams();
      const sent = checkSend(form, {
        accountSid,
        senders: [from],
        messagingServiceSid: serviceSid,
        fromWithService: behaviour.fromWithService,
        landlines,
        landlineCode,
        disabledPrefixes,
        isOptedOut: (sender, recipient) => optOuts.has(pair(sender, recipient)),
      });
      const m = accept(sent, [...form]);
      track(runCallbacks(m));
      return { status: 201, body: messageJson(m) };
    }
    if (sid === undefined && method === 'GET') {
      const to = url.searchParams.get('To');
      const fromFilter = url.searchParams.get('From');
      const list = [...messages.values()]
        .filter((m) => (!to || m.to === to) && (!fromFilter || m.from === fromFilter))
        .reverse();
      return {
        status: 200,
        body: {
          messages: list.map(messageJson),
          page: 0,
          page_size: 50,
          first_page_uri: url.pathname,
          next_page_uri: null,
          previous_page_uri: null,
          uri: url.pathname + url.search,
          start: 0,
          end: Math.max(list.length - 1, 0),
        },
      };
    }
    if (sid !== undefined && method === 'GET') {
      const m = messages.get(sid);
      if (!m) throw new FakeTwilioError(404, 20404, `The requested resource ${url.pathname} was not found`);
      return { status: 200, body: messageJson(m) };
    }
    throw new FakeTwilioError(405, 20004, 'Method not allowed');
  }

  async function inbound(input: Record<string, unknown>) {
    const sender = String(input.from ?? '');
    const to = typeof input.to === 'string' && input.to ? input.to : from;
    const body = typeof input.body === 'string' ? input.body : '';
    if (!isE164(sender)) throw new ControlError(400, `inbound: 'from' must be E.164, got ${sender}`);
    const media = Array.isArray(input.media) ? (input.media as { url?: string; contentType?: string }[]) : [];
    const sid = `${media.length ? 'MM' : 'SM'}${hex(16)}`;
    const keyword = smsKeyword(body);
    // Twilio keeps the list per (our sender, the guest); a service blocks for all its numbers.
    const senders = serviceSid && to === from ? [to, serviceSid] : [to];
    for (const s of senders) {
      if (keyword === 'stop') optOuts.add(pair(s, sender));
      if (keyword === 'start') optOuts.delete(pair(s, sender));
    }
    const at = rfc2822(now());
    const segments = smsSegments(body).segments;
    messages.set(sid, {
      sid,
      direction: 'inbound',
      from: sender,
      to,
      body,
      messagingServiceSid: serviceSid,
      status: 'received',
      errorCode: null,
      numSegments: segments,
      mediaUrls: media.map((x) => String(x.url ?? '')),
      statusCallback: null,
      smartEncoded: false,
      form: [],
      dateCreated: at,
      dateSent: at,
      dateUpdated: at,
    });
    const params: [string, string][] = [
      ['ToCountry', countryOf(to)],
      ['ToState', ''],
      ['SmsMessageSid', sid],
      ['NumMedia', String(media.length)],
      ['ToCity', ''],
      ['FromZip', ''],
      ['SmsSid', sid],
      ['FromState', ''],
      ['SmsStatus', 'received'],
      ['FromCity', ''],
      ['Body', body],
      ['FromCountry', countryOf(sender)],
      ['To', to],
    ];
    if (serviceSid) params.push(['MessagingServiceSid', serviceSid]);
    // Advanced Opt-Out (Messaging Services) names the keyword's type.
    if (serviceSid && keyword) params.push(['OptOutType', keyword.toUpperCase()]);
    media.forEach((x, i) => {
      params.push([`MediaContentType${i}`, String(x.contentType ?? 'image/jpeg')]);
      params.push([`MediaUrl${i}`, String(x.url ?? '')]);
    });
    params.push(
      ['ToZip', ''],
      ['NumSegments', String(segments)],
      ['MessageSid', sid],
      ['AccountSid', accountSid],
      ['From', sender],
      ['ApiVersion', '2010-04-01'],
    );
    const target = inboundUrl;
    let status: number | null = null;
    if (target) {
      const work = postWebhook('inbound', target, params);
      track(work.then(() => undefined));
      status = await work;
    }
    return { sid, status, keyword };
  }

  const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);

  async function control(
    method: string,
    path: string,
    body: Record<string, unknown>,
    query: URLSearchParams,
  ) {
    const key = `${method} ${path}`;
    switch (key) {
      case 'POST inbound':
        return inbound(body);
      case 'POST script': {
        const to = String(body.to ?? '');
        const outcome = String(body.outcome ?? '');
        if (!to || !OUTCOME.test(outcome)) {
          throw new ControlError(400, `script: {to, outcome} with outcome ${OUTCOME.source}`);
        }
        if (outcome === 'delivered') scripts.delete(to);
        else scripts.set(to, outcome);
        return { to, outcome };
      }
      case 'POST options': {
        const rate = body.ratePerSecond;
        behaviour = {
          outOfOrder: bool(body.outOfOrder, behaviour.outOfOrder),
          duplicate: bool(body.duplicate, behaviour.duplicate),
          dropDlr: bool(body.dropDlr, behaviour.dropDlr),
          badSignature: bool(body.badSignature, behaviour.badSignature),
          delayMs: typeof body.delayMs === 'number' && body.delayMs >= 0 ? body.delayMs : behaviour.delayMs,
          ratePerSecond:
            rate === null ? null : typeof rate === 'number' && rate >= 0 ? rate : behaviour.ratePerSecond,
          sendingCallback: bool(body.sendingCallback, behaviour.sendingCallback),
          fromWithService: bool(body.fromWithService, behaviour.fromWithService),
        };
        return behaviour;
      }
      case 'POST landlines': {
        landlines = new Set(Array.isArray(body.numbers) ? body.numbers.map(String) : []);
        if (body.code === 21635 || body.code === 21614) landlineCode = body.code;
        return { numbers: [...landlines], code: landlineCode };
      }
      case 'POST disabled-countries':
        disabledPrefixes = Array.isArray(body.prefixes) ? body.prefixes.map(String) : [];
        return { prefixes: disabledPrefixes };
      case 'POST inbound-url':
        inboundUrl = typeof body.url === 'string' && body.url ? body.url : null;
        return { url: inboundUrl };
      case 'POST fail-next': {
        const count = typeof body.count === 'number' ? body.count : 1;
        for (let i = 0; i < count; i++) {
          scripted.push({ status: Number(body.status ?? 500), body: body.body ?? {} });
        }
        return { queued: scripted.length };
      }
      case 'POST hang-next': {
        const count = typeof body.count === 'number' ? body.count : 1;
        for (let i = 0; i < count; i++) scripted.push('hang');
        return { queued: scripted.length };
      }
      case 'GET opt-outs':
        return {
          data: [...optOuts].map((entry) => {
            const [sender, recipient] = entry.split('\n');
            return { sender, recipient };
          }),
        };
      case 'GET sent': {
        const to = query.get('to');
        return { data: sentList().filter((m) => !to || m.to === to) };
      }
      case 'GET callbacks':
        return { data: [...callbacks] };
      case 'POST idle':
        await idle();
        return { ok: true };
      case 'POST reset':
        messages.clear();
        callbacks.length = 0;
        requests.length = 0;
        scripted.length = 0;
        optOuts = new Set();
        scripts = new Map();
        landlines = new Set();
        landlineCode = 21614;
        disabledPrefixes = [];
        behaviour = { ...DEFAULT_BEHAVIOUR, delayMs: options.callbackDelayMs ?? 0 };
        windowStart = 0;
        windowCount = 0;
        return { ok: true };
      default:
        throw new ControlError(404, `No control ${method} /_fake/${path}`);
    }
  }

  const sentList = () =>
    [...messages.values()].filter((m) => m.direction === 'outbound-api').map((m) => structuredClone(m));

  async function idle() {
    while (pending.size) await Promise.allSettled([...pending]);
  }

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    if (url.pathname.startsWith('/_fake/')) {
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return json(res, 400, { error: 'control bodies are JSON' });
      }
      return json(res, 200, await control(method, url.pathname.slice(7), body, url.searchParams));
    }
    requests.push({ method, url: req.url ?? '', headers: req.headers, body: raw });
    const next = scripted.shift();
    if (next === 'hang') {
      hanging.add(res);
      return;
    }
    if (next) return json(res, next.status, next.body);
    const answer = await rest(req, url, raw);
    return json(res, answer.status, answer.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof FakeTwilioError) {
        const headers: Record<string, string> =
          error.status === 401 ? { 'www-authenticate': 'Basic realm="Twilio API"' } : {};
        return json(res, error.status, error.body(), headers);
      }
      if (error instanceof ControlError) return json(res, error.status, { error: error.message });
      json(res, 500, { code: 20500, message: String(error), status: 500 });
    });
  });
  const listening = await listenLocally(server, hanging);
  base = listening.base;

  return {
    base,
    env: {
      TWILIO_API_BASE: base,
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: from,
      ...(serviceSid ? { TWILIO_MESSAGING_SERVICE_SID: serviceSid } : {}),
    },
    apiKey,
    control(path, body = {}) {
      const method = ['opt-outs', 'sent', 'callbacks'].includes(path) ? 'GET' : 'POST';
      return control(method, path, body as Record<string, unknown>, new URLSearchParams());
    },
    sent: sentList,
    callbacks: () => [...callbacks],
    requests,
    idle,
    setInboundUrl(url) {
      inboundUrl = url;
    },
    setAfterCallback(fn) {
      afterCallback = fn;
    },
    failNext: script.failNext,
    hangNext: script.hangNext,
    async close() {
      closed = true;
      for (const entry of timers) {
        clearTimeout(entry.timer);
        entry.resolve();
      }
      timers.clear();
      await idle();
      await listening.close();
    },
  };
}
