import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { AdapterError, kindOfHttpStatus } from '../adapter-error.ts';
import type { AdapterTracker } from '../status.ts';
import type { FeedFetch, IcalClient } from './types.ts';

const MAX_REDIRECTS = 3;
/** An ordinary browser: Airbnb answers 403 to clients that look like bots. */
const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface IcalClientOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Tests, e2e and local setups fetch from 127.0.0.1; production refuses it (server-side request forgery). */
  allowPrivateHosts: boolean;
  tracker?: AdapterTracker;
  /** Which resolved addresses may be fetched when private hosts are refused; tests narrow it to one. */
  isAllowedAddress?: (address: string) => boolean;
}

/** Only public unicast addresses: loopback, private, link-local, unique-local, CGNAT, NAT64, multicast… are not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const allowedAddress = (options: IcalClientOptions) => options.isAllowedAddress ?? isPublicAddress;

class PrivateHostError extends Error {
  constructor(readonly address: string) {
    super(`refused private address ${address}`);
    this.name = 'PrivateHostError';
  }
}

const privateHost = (detail: string) => new AdapterError('ical', 'private_host', detail);

/**
 * A DNS lookup that refuses non-public answers: the socket connects to the very address checked, so a
 * name that resolves differently the second time (DNS rebinding) cannot slip through.
 */
const guardedLookup =
  (isAllowed: (address: string) => boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((a) => !isAllowed(a.address));
      if (refused || addresses.length === 0)
        return callback(new PrivateHostError(refused?.address ?? hostname), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses as [LookupAddress];
      callback(null, first.address, first.family);
    });
  };

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

function decoded(response: IncomingMessage): NodeJS.ReadableStream {
  switch (String(response.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

function charsetOf(contentType: string | undefined): string {
  const charset = /charset="?([\w-]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase() ?? 'utf-8';
  try {
    new TextDecoder(charset);
    return charset;
  } catch {
    return 'utf-8';
  }
}

/** One GET, no redirects followed, the body read up to maxBytes (decoded). */
function get(
  url: URL,
  headers: Record<string, string>,
  options: IcalClientOptions,
  signal: AbortSignal,
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: 'GET',
      headers,
      signal,
      ...(options.allowPrivateHosts ? {} : { lookup: guardedLookup(allowedAddress(options)) }),
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        // Only the status and Location matter: the rest of an error page is not read.
        response.resume();
        resolve({ status, headers: response.headers, body: '' });
        return;
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > options.maxBytes) {
        request.destroy();
        reject(new AdapterError('ical', 'invalid_response', `feed too big: ${declared} bytes`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const stream = decoded(response);
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          request.destroy();
          reject(
            new AdapterError('ical', 'invalid_response', `feed too big: over ${options.maxBytes} bytes`),
          );
          return;
        }
        chunks.push(chunk);
      });
      response.on('error', reject);
      if (stream !== response) {
        // A body that does not decompress is an answer we cannot read, not a network failure.
        stream.on('error', (error) =>
          reject(new AdapterError('ical', 'invalid_response', `bad content encoding: ${error.message}`)),
        );
      }
      stream.on('end', () => {
        const body = new TextDecoder(charsetOf(response.headers['content-type'])).decode(
          Buffer.concat(chunks),
        );
        resolve({ status, headers: response.headers, body });
      });
    });
    request.end();
  });
}

function failureOf(error: unknown): AdapterError {
  if (error instanceof AdapterError) return error;
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (error instanceof PrivateHostError || cause instanceof PrivateHostError) {
    return privateHost((error as Error).message);
  }
  const name = (error as { name?: string } | null)?.name;
  const message = (error as Error | null)?.message ?? String(error);
  if (name === 'AbortError' || name === 'TimeoutError') return new AdapterError('ical', 'timeout', message);
  return new AdapterError('ical', 'unreachable', message);
}

/** The URL to fetch, or why not: only http(s), and a literal IP address must be public. */
function checkedUrl(raw: string, options: IcalClientOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AdapterError('ical', 'invalid_url', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AdapterError('ical', 'invalid_url', `only http and https, not ${url.protocol}`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address never goes through DNS, so the lookup guard would not see it.
  if (!options.allowPrivateHosts && ipaddr.isValid(host) && !allowedAddress(options)(host)) {
    throw privateHost(`refused private address ${host}`);
  }
  return url;
}

/**
 * The channels' feed fetcher (docs/channels.md, Import step 1): a browser-like GET with a time-out over
 * the whole exchange, a size cap, conditional headers, redirects followed by hand with the address
 * checks on every hop, and every failure as AdapterError('ical', …). Never logs the body (guest data).
 */
export function createIcalClient(options: IcalClientOptions): IcalClient {
  async function fetchFeed(
    feedUrl: string,
    previous?: { etag: string | null; lastModified: string | null },
  ): Promise<FeedFetch> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    const headers: Record<string, string> = {
      'user-agent': USER_AGENT,
      accept: 'text/calendar, text/plain;q=0.9, */*;q=0.8',
      'accept-encoding': 'gzip, deflate, br',
      'accept-language': 'en-US,en;q=0.9',
    };
    if (previous?.etag) headers['if-none-match'] = previous.etag;
    if (previous?.lastModified) headers['if-modified-since'] = previous.lastModified;

    let url = checkedUrl(feedUrl, options);
    for (let hop = 0; ; hop++) {
      let answer: Answer;
      try {
        answer = await get(url, headers, options, signal);
      } catch (error) {
        throw failureOf(
          signal.aborted ? Object.assign(new Error('no answer in time'), { name: 'TimeoutError' }) : error,
        );
      }
      const { status } = answer;
      if (REDIRECTS.has(status)) {
        const location = answer.headers.location;
        if (!location)
          throw new AdapterError('ical', 'invalid_response', `redirect ${status} without Location`, status);
        if (hop >= MAX_REDIRECTS)
          throw new AdapterError('ical', 'invalid_response', 'too many redirects', status);
        url = checkedUrl(new URL(location, url).toString(), options);
        continue;
      }
      if (status === 304) return { notModified: true };
      if (status < 200 || status >= 300) {
        throw new AdapterError('ical', kindOfHttpStatus(status), `HTTP ${status} from ${url.host}`, status);
      }
      if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(answer.body)) {
        throw new AdapterError('ical', 'invalid_response', 'not a calendar (no BEGIN:VCALENDAR)', status);
      }
      const header = (name: string) => {
        const value = answer.headers[name];
        return typeof value === 'string' && value ? value : null;
      };
      return {
        notModified: false,
        body: answer.body,
        etag: header('etag'),
        lastModified: header('last-modified'),
      };
    }
  }

  return {
    fetchFeed: (url, previous) =>
      options.tracker ? options.tracker.track(() => fetchFeed(url, previous)) : fetchFeed(url, previous),
  };
}
