/**
 * SMS as the product sees it (issue 26; ../shared/spec/integrations/sms-twilio.md §7): provider-neutral, so a
 * second provider (Vonage…) can sit behind the same interface. Twilio is the first implementation
 * (`twilio.client.ts`); its fake is `twilio.fake.ts`.
 */
import { AdapterError, type AdapterErrorKind } from '../adapter-error.ts';

/** Twilio's `message_enum_status` (OAI). */
export type TwilioMessageStatus =
  | 'queued'
  | 'sending'
  | 'sent'
  | 'failed'
  | 'delivered'
  | 'undelivered'
  | 'receiving'
  | 'received'
  | 'accepted'
  | 'scheduled'
  | 'read'
  | 'partially_delivered'
  | 'canceled';

export const twilioMessageStatuses: readonly TwilioMessageStatus[] = [
  'queued',
  'sending',
  'sent',
  'failed',
  'delivered',
  'undelivered',
  'receiving',
  'received',
  'accepted',
  'scheduled',
  'read',
  'partially_delivered',
  'canceled',
];

export const isTwilioMessageStatus = (value: unknown): value is TwilioMessageStatus =>
  typeof value === 'string' && (twilioMessageStatuses as readonly string[]).includes(value);

export type SmsErrorKind =
  | 'invalid_recipient'
  | 'opted_out'
  | 'not_mobile'
  | 'region_blocked'
  | 'config'
  | 'auth'
  | 'rate_limited'
  | 'server_error'
  | 'unreachable'
  | 'timeout'
  | 'unknown';

/** What an inbound SMS asks for when its whole body is an opt-out, opt-in or help keyword. */
export type SmsKeyword = 'stop' | 'start' | 'help';

export interface SmsStatusCallback {
  providerMessageId: string;
  status: TwilioMessageStatus;
  /** Twilio's async ErrorCode ('30003'); only on failed/undelivered. */
  errorCode: string | null;
  /** The carrier's DLR "done date" (RawDlrDoneDate, read as UTC), when the callback carries one. */
  carrierDoneAt: Date | null;
}

export interface SmsInbound {
  providerMessageId: string;
  from: string;
  to: string;
  body: string;
  media: { url: string; contentType: string }[];
  keyword: SmsKeyword | null;
}

export interface SmsGateway {
  /** The sender guests see: TWILIO_FROM, or the Messaging Service sid. */
  readonly sender: string;
  /** POST …/Messages.json (form-encoded, Basic auth). Throws SmsSendError. */
  send(m: {
    to: string /* E.164 with + */;
    body: string;
    statusCallbackUrl?: string;
  }): Promise<{ providerMessageId: string; status: 'queued' | 'accepted' | 'scheduled'; segments: number }>;
  /** GET …/Messages/{Sid}.json (reconciliation). Throws SmsSendError. */
  fetchMessage(
    sid: string,
  ): Promise<{ providerMessageId: string; status: TwilioMessageStatus; errorCode: string | null }>;
  /** X-Twilio-Signature over the full URL as Twilio requested it and every POST parameter (sorted, repeated names too). */
  verifySignature(url: string, params: URLSearchParams, signature: string | undefined): boolean;
  /** A status callback's form parameters (after the signature check); null when it is not one. */
  parseStatusCallback(params: URLSearchParams): SmsStatusCallback | null;
  /** An inbound SMS webhook's parameters; keyword: Twilio's default opt-out/opt-in/help keywords (also Spanish BAJA/ALTA). */
  parseInbound(params: URLSearchParams): SmsInbound | null;
}

/**
 * A failed Twilio call. `code` stays the adapter's ('twilio.rejected', 'twilio.timeout'…, from the HTTP
 * status); `smsKind` says what the product should do, `providerCode` is Twilio's numeric `code` ('21610').
 */
export class SmsSendError extends AdapterError {
  readonly smsKind: SmsErrorKind;
  readonly providerCode: string | null;
  /** True when the same request may pass later (429/20429, 21611, 5xx, timeout, unreachable). */
  readonly temporary: boolean;
  constructor(init: {
    kind: AdapterErrorKind;
    smsKind: SmsErrorKind;
    providerCode: string | null;
    detail: string;
    status?: number;
  }) {
    super('twilio', init.kind, init.detail, init.status);
    this.name = 'SmsSendError';
    this.smsKind = init.smsKind;
    this.providerCode = init.providerCode;
    this.temporary = isTemporarySmsKind(init.smsKind);
  }
}

const TEMPORARY_KINDS: ReadonlySet<SmsErrorKind> = new Set([
  'rate_limited',
  'server_error',
  'unreachable',
  'timeout',
]);

export const isTemporarySmsKind = (kind: SmsErrorKind) => TEMPORARY_KINDS.has(kind);

/** Synchronous Twilio codes (sms-twilio.md §4) → what they mean for the product. */
const SYNC_CODE_KINDS: Readonly<Record<string, SmsErrorKind>> = {
  '21211': 'invalid_recipient',
  '21610': 'opted_out',
  '21614': 'not_mobile',
  '21635': 'not_mobile',
  '21408': 'region_blocked',
  '21612': 'region_blocked',
  '21601': 'config',
  '21602': 'config',
  '21603': 'config',
  '21604': 'config',
  '21606': 'config',
  '21608': 'config',
  '21609': 'config',
  '21617': 'config',
  '21619': 'config',
  '21620': 'config',
  '21659': 'config',
  '21701': 'config',
  '21705': 'config',
  '20003': 'auth',
  '20429': 'rate_limited',
  '21611': 'rate_limited',
};

/** The SmsErrorKind of a synchronous Twilio error: by its code first, else by the HTTP status. */
export function smsKindOf(providerCode: string | null, httpStatus: number): SmsErrorKind {
  const byCode = providerCode ? SYNC_CODE_KINDS[providerCode] : undefined;
  if (byCode) return byCode;
  if (httpStatus === 401 || httpStatus === 403) return 'auth';
  if (httpStatus === 429) return 'rate_limited';
  if (httpStatus >= 500) return 'server_error';
  return 'unknown';
}

const TEMPORARY_DELIVERY_CODES = new Set(['30001', '30003', '30008']);

/**
 * An ASYNC ErrorCode (failed/undelivered callback, or the Message resource): true when trying again later
 * may deliver (30001 queue overflow, 30003 handset unreachable, 30008 unknown); 30002, 30004, 30005, 30006,
 * 30007, 30034 and any code we do not know are permanent.
 */
export const isTemporaryDeliveryError = (errorCode: string): boolean =>
  TEMPORARY_DELIVERY_CODES.has(errorCode.trim());

/** What an async ErrorCode means for the guest's phone (sms-twilio.md §4), for fallbacks and consent. */
export function deliveryErrorKind(errorCode: string): SmsErrorKind {
  switch (errorCode.trim()) {
    case '30003':
      return 'unreachable';
    case '30004':
      return 'opted_out';
    case '30005':
      return 'invalid_recipient';
    case '30006':
      return 'not_mobile';
    case '30002':
    case '30034':
      return 'config';
    case '30001':
      return 'rate_limited';
    default:
      return 'unknown';
  }
}
