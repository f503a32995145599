/**
 * The fake Twilio's rules for one `POST …/Messages.json` (sms-twilio.md §9 items 2–5), kept apart from the
 * server so each answer is easy to read. Tests, e2e only.
 */
import { smsSegments } from './twilio.segments.ts';

/** A Twilio REST error: HTTP status and the JSON body `{code, message, more_info, status}`. */
export class FakeTwilioError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
  body() {
    return {
      code: this.code,
      message: this.message,
      more_info: `https://www.twilio.com/docs/errors/${this.code}`,
      status: this.status,
    };
  }
}

/** Digits after the country code that a valid number has, where libphonenumber is strict about it. */
const NATIONAL_LENGTHS: Readonly<Record<string, number>> = { '34': 9, '1': 10, '52': 10, '33': 9, '39': 10 };

/** E.164 with '+': 7 to 15 digits, no leading 0, the national length of a few countries we meet often. */
export function isE164(value: string): boolean {
  if (!/^\+[1-9]\d{6,14}$/.test(value)) return false;
  const digits = value.slice(1);
  for (const [cc, length] of Object.entries(NATIONAL_LENGTHS)) {
    if (digits.startsWith(cc)) return digits.length - cc.length === length;
  }
  return true;
}

/** The ISO country of a number, for inbound webhooks' FromCountry/ToCountry ('' when unknown). */
export function countryOf(number: string): string {
  const table: [string, string][] = [
    ['+34', 'ES'],
    ['+1', 'US'],
    ['+44', 'GB'],
    ['+52', 'MX'],
    ['+54', 'AR'],
    ['+57', 'CO'],
    ['+56', 'CL'],
    ['+51', 'PE'],
    ['+33', 'FR'],
    ['+49', 'DE'],
    ['+351', 'PT'],
    ['+39', 'IT'],
    ['+7', 'RU'],
  ];
  return table.find(([prefix]) => number.startsWith(prefix))?.[1] ?? '';
}

/** A StatusCallback Twilio accepts: http(s), a hostname without underscores, at most 4000 characters (21609). */
export function isValidStatusCallback(value: string): boolean {
  if (value.length > 4000) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (!url.hostname || url.hostname.includes('_')) return false;
  // new URL() lower-cases and punycodes the host; check the authority as it was written too.
  const written = /^https?:\/\/(?:[^@/?#]*@)?([^/?#:]+|\[[^\]]*\])/i.exec(value)?.[1] ?? '';
  return /^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/.test(written) && !/^\.|\.\.|^-/.test(written);
}

/** An alphanumeric sender ID (sms-twilio.md §5): 1–11 letters, digits and spaces, at least one letter. */
export const isAlphanumericSender = (value: string) =>
  /^[A-Za-z0-9 ]{1,11}$/.test(value) && /[A-Za-z]/.test(value);

export interface FakeSendConfig {
  accountSid: string;
  /** The account's senders: its number(s) and alphanumeric IDs. */
  senders: readonly string[];
  messagingServiceSid: string | null;
  /** Both From and MessagingServiceSid in one request: refused unless true (sms-twilio.md §1, UNCONFIRMED). */
  fromWithService: boolean;
  landlines: ReadonlySet<string>;
  landlineCode: 21614 | 21635;
  disabledPrefixes: readonly string[];
  isOptedOut(sender: string, recipient: string): boolean;
}

export interface AcceptedSend {
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  mediaUrls: string[];
  statusCallback: string | null;
  smartEncoded: boolean;
  numSegments: number;
}

/** Checks one send as Twilio does, in Twilio's order; throws FakeTwilioError for the first rule broken. */
export function checkSend(params: URLSearchParams, config: FakeSendConfig): AcceptedSend {
  const to = params.get('To');
  if (!to) throw new FakeTwilioError(400, 21604, "A 'To' phone number is required.");
  const from = params.get('From') || null;
  const service = params.get('MessagingServiceSid') || null;
  if (!from && !service) throw new FakeTwilioError(400, 21603, "A 'From' phone number is required.");
  if (from && service && !config.fromWithService) {
    throw new FakeTwilioError(
      400,
      21603,
      "Send either a 'From' or a 'MessagingServiceSid', not both (this fake requires exactly one sender).",
    );
  }
  if (!isE164(to))
    throw new FakeTwilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);

  const body = params.get('Body') ?? '';
  const mediaUrls = params.getAll('MediaUrl').filter(Boolean);
  const contentSid = params.get('ContentSid');
  if (!body && mediaUrls.length === 0 && !contentSid) {
    if (service)
      throw new FakeTwilioError(400, 21619, 'A text message body or media urls must be specified.');
    throw new FakeTwilioError(400, 21602, 'Message body is required.');
  }
  if (body.length > 1600) {
    throw new FakeTwilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
  }
  for (const media of mediaUrls) {
    if (!/^https?:\/\/[^/\s]+/i.test(media)) {
      throw new FakeTwilioError(400, 21620, `Invalid media URL(s): ${media}`);
    }
  }
  const statusCallback = params.get('StatusCallback') || null;
  if (statusCallback !== null && !isValidStatusCallback(statusCallback)) {
    throw new FakeTwilioError(400, 21609, `The StatusCallback URL ${statusCallback} is not a valid URL.`);
  }

  if (service) {
    if (!/^MG[0-9a-f]{32}$/i.test(service)) {
      throw new FakeTwilioError(400, 21705, `Invalid messaging service sid: ${service}`);
    }
    if (service !== config.messagingServiceSid) {
      throw new FakeTwilioError(400, 21701, 'The Messaging Service does not exist');
    }
  }
  if (from && !config.senders.includes(from)) {
    throw new FakeTwilioError(
      400,
      21606,
      `The 'From' phone number provided (${from}) is not a valid message-capable Twilio phone number for this destination.`,
    );
  }
  const prefix = config.disabledPrefixes.find((p) => to.startsWith(p));
  if (prefix) {
    throw new FakeTwilioError(
      400,
      21408,
      `Permission to send an SMS has not been enabled for the region indicated by the 'To' number: ${to}.`,
    );
  }
  if (from && isAlphanumericSender(from) && to.startsWith('+1')) {
    throw new FakeTwilioError(
      400,
      21612,
      `The 'To' phone number: ${to}, is not currently reachable using the 'From' phone number: ${from} via SMS.`,
    );
  }
  if (config.landlines.has(to)) {
    throw new FakeTwilioError(
      400,
      config.landlineCode,
      config.landlineCode === 21635
        ? "'To' number cannot be a landline."
        : "'To' number is not a valid mobile number",
    );
  }
  const sender = service ?? from ?? '';
  if (config.isOptedOut(sender, to) || (from && service && config.isOptedOut(from, to))) {
    throw new FakeTwilioError(400, 21610, 'Attempt to send to unsubscribed recipient');
  }
  const smartEncoded = params.get('SmartEncoded')?.toLowerCase() === 'true';
  return {
    to,
    from,
    messagingServiceSid: service,
    body,
    mediaUrls,
    statusCallback,
    smartEncoded,
    numSegments: body ? smsSegments(body, { smartEncoded }).segments : 1,
  };
}
