import { createHmac } from 'node:crypto';
import { sameSecret } from '../../lib/constant-time.ts';

/** POST parameters as a webhook carries them: repeated names (MediaUrl…) keep every value. */
export type TwilioParams = URLSearchParams | Readonly<Record<string, string | readonly string[]>>;

const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** The signed string (sms-twilio.md §3): the URL, then each name+value sorted by name, repeated values sorted. */
export function twilioSignedString(url: string, params: TwilioParams): string {
  const grouped = new Map<string, string[]>();
  const add = (name: string, value: string) => {
    const list = grouped.get(name);
    if (list) list.push(value);
    else grouped.set(name, [value]);
  };
  if (params instanceof URLSearchParams) {
    for (const [name, value] of params) add(name, value);
  } else {
    for (const [name, value] of Object.entries(params)) {
      for (const v of typeof value === 'string' ? [value] : value) add(name, v);
    }
  }
  let data = url;
  for (const name of [...grouped.keys()].sort(byBytes)) {
    for (const value of (grouped.get(name) ?? []).sort(byBytes)) data += name + value;
  }
  return data;
}

/** base64(HMAC-SHA1(authToken, url + sorted params)): the X-Twilio-Signature Twilio sends. */
export function twilioSignature(authToken: string, url: string, params: TwilioParams): string {
  return createHmac('sha1', authToken).update(twilioSignedString(url, params), 'utf8').digest('base64');
}

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/**
 * The URL as given, plus the same URL with the scheme's default port written out or left out: Twilio may
 * sign https://host/x as https://host:443/x (twilio-node checks both). Another port is never dropped.
 */
export function signatureUrlVariants(url: string): string[] {
  const match = /^(https?):\/\/([^/?#]*)(.*)$/is.exec(url);
  if (!match) return [url];
  const [, scheme = '', authority = '', rest = ''] = match;
  const defaultPort = DEFAULT_PORTS[scheme.toLowerCase()] ?? '';
  const port = /:(\d+)$/.exec(authority)?.[1];
  if (!port) return [url, `${scheme}://${authority}:${defaultPort}${rest}`];
  if (port === defaultPort) return [url, `${scheme}://${authority.slice(0, -port.length - 1)}${rest}`];
  return [url];
}

/**
 * True when `signature` is Twilio's for this URL and these parameters under one of `authTokens` (the
 * current token first; the previous one during a rotation). Constant-time compare after a length check.
 */
export function verifyTwilioSignature(
  authTokens: string | readonly string[],
  url: string,
  params: TwilioParams,
  signature: string | null | undefined,
): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature.trim(), 'utf8');
  let valid = false;
  for (const token of typeof authTokens === 'string' ? [authTokens] : authTokens) {
    if (!token) continue;
    for (const candidate of signatureUrlVariants(url)) {
      const expected = Buffer.from(twilioSignature(token, candidate, params), 'utf8');
      // No early return: every candidate is compared, so the time does not say which one matched.
      if (sameSecret(given, expected)) valid = true;
    }
  }
  return valid;
}
