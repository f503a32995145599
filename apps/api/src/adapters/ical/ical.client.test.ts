import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { AdapterError } from '../adapter-error.ts';
import { createAdapterTracker } from '../status.ts';
import { createIcalClient, isPublicAddress } from './ical.client.ts';
import { type IcalFake, startIcalFake } from './ical.fake.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const feed = fixture('airbnb-current.ics');

let fake: IcalFake;
beforeAll(async () => {
  fake = await startIcalFake();
});
afterAll(() => fake.close());

const client = (overrides: Partial<Parameters<typeof createIcalClient>[0]> = {}) =>
  createIcalClient({ timeoutMs: 2_000, maxBytes: 100_000, allowPrivateHosts: true, ...overrides });

async function failure(promise: Promise<unknown>): Promise<AdapterError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AdapterError);
    return error as AdapterError;
  }
  throw new Error('expected the fetch to fail');
}

describe('iCal client against a local channel', () => {
  it('fetches a feed like a browser and hands back its ETag and Last-Modified', async () => {
    fake.setFeed('/ok.ics', { body: feed, etag: '"v1"', lastModified: 'Tue, 25 Nov 2025 10:00:00 GMT' });
    const result = await client().fetchFeed(fake.url('/ok.ics'));
    expect(result).toEqual({
      notModified: false,
      body: feed,
      etag: '"v1"',
      lastModified: 'Tue, 25 Nov 2025 10:00:00 GMT',
    });
    const [request] = fake.recorded('/ok.ics');
    expect(request?.headers['user-agent']).toMatch(/^Mozilla\/5\.0 .*Chrome/);
    expect(request?.headers.accept).toMatch(/^text\/calendar/);
    expect(request?.headers['if-none-match']).toBeUndefined();
  });

  it('sends the ETag or Last-Modified back and reads 304 as nothing changed', async () => {
    fake.setFeed('/cond.ics', { body: feed, etag: '"v2"', lastModified: 'Tue, 25 Nov 2025 10:00:00 GMT' });
    expect(await client().fetchFeed(fake.url('/cond.ics'), { etag: '"v2"', lastModified: null })).toEqual({
      notModified: true,
    });
    expect(
      await client().fetchFeed(fake.url('/cond.ics'), {
        etag: null,
        lastModified: 'Tue, 25 Nov 2025 10:00:00 GMT',
      }),
    ).toEqual({ notModified: true });
    expect(
      fake.recorded('/cond.ics').map((r) => r.headers['if-none-match'] ?? r.headers['if-modified-since']),
    ).toEqual(['"v2"', 'Tue, 25 Nov 2025 10:00:00 GMT']);
    // The channel changed the feed: a stale ETag gets the new body.
    const changed = await client().fetchFeed(fake.url('/cond.ics'), { etag: '"v1"', lastModified: null });
    expect(changed).toMatchObject({ notModified: false, etag: '"v2"' });
  });

  it.each([
    [401, 'ical.unauthorized'],
    [403, 'ical.unauthorized'],
    [404, 'ical.rejected'],
    [410, 'ical.rejected'],
    [500, 'ical.server_error'],
    [503, 'ical.server_error'],
  ])('turns HTTP %i into %s', async (status, code) => {
    fake.setFeed(`/status-${status}.ics`, { status, body: 'no', contentType: 'text/html' });
    const error = await failure(client().fetchFeed(fake.url(`/status-${status}.ics`)));
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
  });

  it('answers an unknown feed with rejected (404)', async () => {
    expect((await failure(client().fetchFeed(fake.url('/nobody.ics')))).code).toBe('ical.rejected');
  });

  it('gives up after the time-out when the channel does not answer', async () => {
    fake.setFeed('/slow.ics', { body: feed, delayMs: 3_000 });
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 300 }).fetchFeed(fake.url('/slow.ics')));
    expect(error.code).toBe('ical.timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses a feed over the size cap, declared or streamed', async () => {
    const big = `BEGIN:VCALENDAR\r\n${'X-PAD:'.padEnd(70, 'x')}\r\n`.repeat(2_000);
    fake.setFeed('/big.ics', big);
    const error = await failure(client({ maxBytes: 10_000 }).fetchFeed(fake.url('/big.ics')));
    expect(error.code).toBe('ical.invalid_response');
    expect(error.message).toMatch(/too big/);
  });

  it('refuses an HTML login page and an empty body as not a calendar', async () => {
    fake.setFeed('/login.ics', { body: fixture('html-login.html'), contentType: 'text/html' });
    fake.setFeed('/empty.ics', '');
    expect((await failure(client().fetchFeed(fake.url('/login.ics')))).code).toBe('ical.invalid_response');
    expect((await failure(client().fetchFeed(fake.url('/empty.ics')))).code).toBe('ical.invalid_response');
  });

  it('reads a gzip-compressed feed and refuses one that does not decompress', async () => {
    fake.setFeed('/gzip.ics', { body: gzipSync(feed), headers: { 'content-encoding': 'gzip' } });
    fake.setFeed('/bad-gzip.ics', { body: 'not gzip at all', headers: { 'content-encoding': 'gzip' } });
    expect(await client().fetchFeed(fake.url('/gzip.ics'))).toMatchObject({ notModified: false, body: feed });
    expect((await failure(client().fetchFeed(fake.url('/bad-gzip.ics')))).code).toBe('ical.invalid_response');
  });

  it('follows up to three redirects and no more', async () => {
    fake.setFeed('/final.ics', feed);
    fake.setFeed('/r1', { redirectTo: '/r2', redirectStatus: 301 });
    fake.setFeed('/r2', { redirectTo: '/r3', redirectStatus: 307 });
    fake.setFeed('/r3', { redirectTo: fake.url('/final.ics') });
    fake.setFeed('/r0', { redirectTo: '/r1' });
    expect(await client().fetchFeed(fake.url('/r1'))).toMatchObject({ notModified: false, body: feed });
    const error = await failure(client().fetchFeed(fake.url('/r0')));
    expect(error.code).toBe('ical.invalid_response');
    expect(error.message).toMatch(/too many redirects/);
  });

  it('refuses loopback and private hosts unless allowed, before sending anything', async () => {
    fake.setFeed('/private.ics', feed);
    const strict = client({ allowPrivateHosts: false });
    const port = new URL(fake.base).port;
    for (const url of [
      fake.url('/private.ics'),
      `http://localhost:${port}/private.ics`,
      `http://[::ffff:127.0.0.1]:${port}/private.ics`,
      `http://[::1]:${port}/private.ics`,
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.8/feed.ics',
    ]) {
      expect((await failure(strict.fetchFeed(url))).code).toBe('ical.private_host');
    }
    expect(fake.requests('/private.ics')).toBe(0);
  });

  it('checks every redirect hop: a public feed redirecting to a private address is refused', async () => {
    // 127.0.0.1 stands in for the public channel; 127.0.0.2 (loopback) is the private target.
    const onlyTheChannel = client({ allowPrivateHosts: false, isAllowedAddress: (a) => a === '127.0.0.1' });
    const port = new URL(fake.base).port;
    fake.setFeed('/target.ics', feed);
    fake.setFeed('/to-private', { redirectTo: `http://127.0.0.2:${port}/target.ics` });
    expect((await failure(onlyTheChannel.fetchFeed(fake.url('/to-private')))).code).toBe('ical.private_host');
    expect(fake.requests('/target.ics')).toBe(0);
    expect(await onlyTheChannel.fetchFeed(fake.url('/target.ics'))).toMatchObject({ notModified: false });
  });

  it('refuses other schemes and reports an unreachable host', async () => {
    expect((await failure(client().fetchFeed('ftp://example.com/feed.ics'))).code).toBe('ical.invalid_url');
    expect((await failure(client().fetchFeed('file:///etc/passwd'))).code).toBe('ical.invalid_url');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect((await failure(client().fetchFeed(`http://127.0.0.1:${port}/x.ics`))).code).toBe(
      'ical.unreachable',
    );
  });

  it("records the last error and success on the 'ical' tracker", async () => {
    const tracker = createAdapterTracker('ical', true, fixedClock(new Date('2026-01-01T00:00:00Z')));
    fake.setFeed('/tracked.ics', feed);
    await client({ tracker }).fetchFeed(fake.url('/tracked.ics'));
    await failure(client({ tracker }).fetchFeed(fake.url('/status-403.ics')));
    expect(tracker.status()).toMatchObject({ lastError: { code: 'ical.unauthorized' } });
    expect(tracker.status().lastSuccessAt).not.toBeNull();
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['2a00:1450:4003:80e::200e', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['ff02::1', false],
    ['::ffff:10.0.0.1', false],
    ['64:ff9b::a00:1', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
