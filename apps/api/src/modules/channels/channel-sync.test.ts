import { describe, expect, it } from 'vitest';
import { AdapterError } from '../../adapters/adapter-error.ts';
import { catalogues } from '../../i18n/messages.ts';
import { feedErrorCode } from './channel-sync.ts';

describe('the health code of a failed fetch (docs/channels.md "Health")', () => {
  const cases: [AdapterError, string][] = [
    [new AdapterError('ical', 'unauthorized', 'forbidden', 403), 'channels.http_403'],
    [new AdapterError('ical', 'rejected', 'gone', 404), 'channels.feed_not_found'],
    [new AdapterError('ical', 'rejected', 'bad request', 400), 'channels.rejected'],
    [new AdapterError('ical', 'server_error', 'oops', 503), 'channels.server_error'],
    [new AdapterError('ical', 'timeout', 'no answer'), 'channels.timeout'],
    [new AdapterError('ical', 'unreachable', 'ECONNREFUSED'), 'channels.unreachable'],
    [
      new AdapterError('ical', 'invalid_response', 'not a calendar (no BEGIN:VCALENDAR)'),
      'channels.not_calendar',
    ],
    [new AdapterError('ical', 'invalid_response', 'feed too big: over 5000000 bytes'), 'channels.too_large'],
  ];

  it.each(cases)('%s → %s', (error, code) => {
    expect(feedErrorCode(error)).toBe(code);
  });

  it('a refused private address is said so', () => {
    const error = new AdapterError('ical', 'unreachable', 'refused private address 10.0.0.1');
    Object.defineProperty(error, 'code', { value: 'ical.private_host' });
    expect(feedErrorCode(error)).toBe('channels.private_host');
  });

  it('is not a fetch failure when the error is ours (a database error goes up as it is)', () => {
    expect(feedErrorCode(new Error('connection terminated'))).toBeNull();
  });

  it('has words for every code in es, en and ar', () => {
    const codes = [...cases.map(([, code]) => code), 'channels.private_host', 'channels.url_invalid'];
    for (const locale of ['es', 'en', 'ar'] as const)
      for (const code of codes) expect(catalogues[locale][code], `${locale} ${code}`).toBeTruthy();
  });
});
