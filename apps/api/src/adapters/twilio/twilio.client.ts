import { AdapterError } from '../adapter-error.ts';
import { adapterFetch, readJson } from '../http.ts';
import type { AdapterTracker } from '../status.ts';
import { optOutTypeKeyword, smsKeyword } from './twilio.keywords.ts';
import { smsSegments } from './twilio.segments.ts';
import { verifyTwilioSignature } from './twilio.signature.ts';
import {
  isTwilioMessageStatus,
  type SmsGateway,
  type SmsInbound,
  SmsSendError,
  type SmsStatusCallback,
  smsKindOf,
  type TwilioMessageStatus,
} from './types.ts';

export interface TwilioGatewayOptions {
  /** TWILIO_API_BASE: https://api.twilio.com, or the fake's base. */
  apiBase: string;
  accountSid: string;
  /** The account's Auth Token: the key of X-Twilio-Signature, and the Basic password without an API key. */
  authToken: string;
  /** TWILIO_FROM: a Twilio number (E.164) or an alphanumeric sender ID. */
  from?: string;
  /** TWILIO_MESSAGING_SERVICE_SID (MG…): when set, messages go through the service (From is not sent). */
  messagingServiceSid?: string;
  /** An API key (SK…) and its secret for Basic auth instead of AccountSid:AuthToken (AccountSid stays in the path). */
  apiKey?: { sid: string; secret: string };
  /** During an Auth Token rotation: the previous token(s), still accepted on webhooks. */
  previousAuthTokens?: readonly string[];
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  tracker?: AdapterTracker;
}

/** Twilio's answer to a failed REST call (sms-twilio.md §1). */
interface TwilioErrorJson {
  code?: number | string;
  message?: string;
  more_info?: string;
  status?: number;
}

interface MessageJson {
  sid?: string;
  status?: string;
  num_segments?: string | number;
  error_code?: number | string | null;
}

const MESSAGE_SID = /^(SM|MM)[0-9a-f]{32}$/i;

/** The SmsSendError of an AdapterError thrown by adapterFetch, reading Twilio's error JSON when there is one. */
function toSmsError(error: unknown, failed: { status: number; text: string } | null): SmsSendError {
  if (error instanceof SmsSendError) return error;
  if (!(error instanceof AdapterError)) {
    return new SmsSendError({
      kind: 'unreachable',
      smsKind: 'unreachable',
      providerCode: null,
      detail: String(error),
    });
  }
  if (error.kind === 'timeout' || error.kind === 'unreachable') {
    return new SmsSendError({
      kind: error.kind,
      smsKind: error.kind,
      providerCode: null,
      detail: error.message,
    });
  }
  const status = error.status ?? failed?.status ?? 0;
  let json: TwilioErrorJson | null = null;
  try {
    json = failed?.text ? (JSON.parse(failed.text) as TwilioErrorJson) : null;
  } catch {
    json = null;
  }
  const providerCode = json?.code !== undefined && json.code !== null ? String(json.code) : null;
  return new SmsSendError({
    kind: error.kind,
    smsKind: status ? smsKindOf(providerCode, status) : 'unknown',
    providerCode,
    detail: json?.message ? `${providerCode ?? ''} ${json.message}`.trim() : error.message,
    status: error.status,
  });
}

const invalid = (detail: string) =>
  new SmsSendError({ kind: 'invalid_response', smsKind: 'unknown', providerCode: null, detail });

/** RawDlrDoneDate (YYMMDDhhmm, or with seconds) as a UTC instant; null when it is not one. */
export function parseRawDlrDoneDate(value: string | null): Date | null {
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/.exec(value?.trim() ?? '');
  if (!m) return null;
  const [yy = 0, mo = 0, dd = 0, hh = 0, mi = 0, ss = 0] = m.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss));
  // Date.UTC rolls 13 months or 25 hours over: refuse what is not a real time.
  const exact =
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === dd &&
    date.getUTCHours() === hh &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === ss;
  return exact ? date : null;
}

/**
 * Twilio Programmable Messaging (2010-04-01) over adapterFetch: HTTP Basic (AccountSid:AuthToken or an API
 * key), form-encoded bodies, JSON answers. Every failure is an SmsSendError ('twilio.<kind>').
 */
export function createTwilioGateway(opts: TwilioGatewayOptions): SmsGateway {
  if (!opts.from && !opts.messagingServiceSid) {
    throw new Error('Twilio needs a sender: TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID');
  }
  const base = opts.apiBase.replace(/\/+$/, '');
  const accountPath = `${base}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}`;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const fetchImpl = opts.fetchImpl ?? fetch;
  const track = opts.tracker ? opts.tracker.track : <T>(call: () => Promise<T>) => call();
  const user = opts.apiKey?.sid ?? opts.accountSid;
  const password = opts.apiKey?.secret ?? opts.authToken;
  const authorization = `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
  const signatureTokens = [opts.authToken, ...(opts.previousAuthTokens ?? [])];

  /** One REST call; a non-2xx answer's body is kept to read Twilio's `code`. */
  const call = <T>(method: 'GET' | 'POST', url: string, form?: URLSearchParams) =>
    track(async () => {
      let failed: { status: number; text: string } | null = null;
      const capture: typeof fetch = async (input, init) => {
        const response = await fetchImpl(input, init);
        if (!response.ok) failed = { status: response.status, text: await response.clone().text() };
        return response;
      };
      try {
        const response = await adapterFetch(
          'twilio',
          url,
          {
            method,
            timeoutMs,
            headers: {
              authorization,
              accept: 'application/json',
              ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            },
            ...(form ? { body: form.toString() } : {}),
          },
          capture,
        );
        return await readJson<T>('twilio', response);
      } catch (error) {
        throw toSmsError(error, failed);
      }
    });

  return {
    sender: opts.from ?? opts.messagingServiceSid ?? '',

    async send({ to, body, statusCallbackUrl }) {
      const form = new URLSearchParams({ To: to });
      if (opts.messagingServiceSid) form.set('MessagingServiceSid', opts.messagingServiceSid);
      else form.set('From', opts.from ?? '');
      form.set('Body', body);
      if (statusCallbackUrl) form.set('StatusCallback', statusCallbackUrl);
      form.set('SmartEncoded', 'true');
      const json = await call<MessageJson>('POST', `${accountPath}/Messages.json`, form);
      const status = json.status;
      if (
        typeof json.sid !== 'string' ||
        !(status === 'queued' || status === 'accepted' || status === 'scheduled')
      ) {
        throw invalid(`unexpected message ${JSON.stringify(json).slice(0, 200)}`);
      }
      // A Messaging Service answers num_segments "0" until it picks a sender: count them ourselves.
      const segments = Number(json.num_segments) || smsSegments(body, { smartEncoded: true }).segments;
      return { providerMessageId: json.sid, status, segments };
    },

    async fetchMessage(sid) {
      if (!MESSAGE_SID.test(sid)) {
        throw new SmsSendError({
          kind: 'rejected',
          smsKind: 'unknown',
          providerCode: null,
          detail: `not a message sid: ${sid.slice(0, 40)}`,
        });
      }
      const json = await call<MessageJson>('GET', `${accountPath}/Messages/${sid}.json`);
      if (typeof json.sid !== 'string' || !isTwilioMessageStatus(json.status)) {
        throw invalid(`unexpected message ${JSON.stringify(json).slice(0, 200)}`);
      }
      const code = json.error_code;
      return {
        providerMessageId: json.sid,
        status: json.status,
        errorCode: code === null || code === undefined || code === '' ? null : String(code),
      };
    },

    verifySignature(url, params, signature) {
      return verifyTwilioSignature(signatureTokens, url, params, signature);
    },

    parseStatusCallback(params): SmsStatusCallback | null {
      const sid = params.get('MessageSid') ?? params.get('SmsSid');
      const status = params.get('MessageStatus') ?? params.get('SmsStatus');
      // An inbound message carries SmsStatus=received and a Body: not a status callback.
      if (!sid || !isTwilioMessageStatus(status) || params.has('Body')) return null;
      if (status === 'received' || status === 'receiving') return null;
      const errorCode = params.get('ErrorCode')?.trim();
      return {
        providerMessageId: sid,
        status: status as TwilioMessageStatus,
        errorCode: errorCode ? errorCode : null,
        carrierDoneAt: parseRawDlrDoneDate(params.get('RawDlrDoneDate')),
      };
    },

    parseInbound(params): SmsInbound | null {
      const sid = params.get('MessageSid') ?? params.get('SmsMessageSid') ?? params.get('SmsSid');
      const from = params.get('From');
      const to = params.get('To');
      if (!sid || !from || !to || params.has('MessageStatus')) return null;
      const body = params.get('Body') ?? '';
      const count = Math.min(Number(params.get('NumMedia') ?? 0) || 0, 10);
      const media: SmsInbound['media'] = [];
      for (let i = 0; i < count; i++) {
        const url = params.get(`MediaUrl${i}`);
        if (url) media.push({ url, contentType: params.get(`MediaContentType${i}`) ?? '' });
      }
      const keyword = optOutTypeKeyword(params.get('OptOutType')) ?? smsKeyword(body);
      return { providerMessageId: sid, from, to, body, media, keyword };
    },
  };
}
