import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a fake server received it. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** Parsed JSON when the body is JSON, the raw text otherwise. */
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
  /** Sends `body` as this text type (SOAP XML) instead of JSON. */
  contentType?: string;
}

export interface FakeHttpServer {
  /** http://127.0.0.1:port, without a trailing slash. */
  base: string;
  requests: RecordedRequest[];
  /** The next `count` requests answer this instead of the protocol's own answer. */
  failNext(answer: FakeAnswer, count?: number): void;
  /** The next `count` requests get no answer at all (the client's timeout fires). */
  hangNext(count?: number): void;
  close(): Promise<void>;
}

/**
 * The answers a test scripted for a fake's next requests (`failNext`, `hangNext`), served before the
 * protocol's own: `queue.shift()` is the next one, 'hang' for none at all.
 */
export function scriptedAnswers<A = FakeAnswer>() {
  const queue: (A | 'hang')[] = [];
  return {
    queue,
    failNext(answer: A, count = 1) {
      for (let i = 0; i < count; i++) queue.push(answer);
    },
    hangNext(count = 1) {
      for (let i = 0; i < count; i++) queue.push('hang');
    },
  };
}

/**
 * Starts a fake's server on a free local port: its base URL (http://127.0.0.1:port), and a close that
 * first ends the requests left `hanging`, then every connection.
 */
export async function listenLocally(server: Server, hanging: Set<ServerResponse>) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A real HTTP server on a free local port for an adapter's fake (tests and e2e only): it records each
 * request, and `handle` answers as the real service would. Scripted failures come first.
 */
export async function startFakeHttp(handle: (req: RecordedRequest) => FakeAnswer): Promise<FakeHttpServer> {
  const requests: RecordedRequest[] = [];
  const script = scriptedAnswers();
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      let body: unknown = raw;
      if (/json/.test(req.headers['content-type'] ?? '')) {
        try {
          body = JSON.parse(raw);
        } catch {
          // Left as text: the handler answers 400 as the real service would.
        }
      }
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(recorded);
      const scripted = script.queue.shift();
      if (scripted === 'hang') {
        hanging.add(res);
        return;
      }
      const answer = scripted ?? handle(recorded);
      res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json' });
      res.end(answer.contentType ? String(answer.body) : JSON.stringify(answer.body));
    });
  });
  const { base, close } = await listenLocally(server, hanging);
  return { base, requests, failNext: script.failNext, hangNext: script.hangNext, close };
}

/** The bearer token of a request, or ''. */
export const bearerOf = (req: RecordedRequest) =>
  String(req.headers.authorization ?? '').replace(/^Bearer /, '');
