import { bearerOf, type FakeHttpServer, startFakeHttp } from '../fake-http.ts';
import send from './fixtures/send.json' with { type: 'json' };
import unauthorized from './fixtures/unauthorized.json' with { type: 'json' };

export interface FakeSms extends FakeHttpServer {
  env: { SMS_API_URL: string; SMS_API_KEY: string };
}

/** A local SMS gateway (tests and e2e only): POST /sms, JSON { to, text }, bearer key; fixture answers. */
export async function startFakeSms(options: { apiKey?: string } = {}): Promise<FakeSms> {
  const apiKey = options.apiKey ?? 'fake-sms-key';
  const server = await startFakeHttp((req) => {
    if (req.method !== 'POST' || req.url !== '/sms') return { status: 404, body: { error: 'not_found' } };
    if (bearerOf(req) !== apiKey) return unauthorized.response;
    const body = req.body as { to?: unknown; text?: unknown } | null;
    if (typeof body?.to !== 'string' || typeof body.text !== 'string') {
      return { status: 422, body: { error: 'to and text are required' } };
    }
    return send.response;
  });
  return { ...server, env: { SMS_API_URL: `${server.base}/sms`, SMS_API_KEY: apiKey } };
}
