import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One webhook as the app's side received it. */
export interface ReceivedWebhook {
  /** Path and query, as requested. */
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  params: URLSearchParams;
}

/** A small local server standing for the app's webhook routes (tests only): records and answers `status`. */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '', headers: req.headers, raw, params: new URLSearchParams(raw) });
      res.writeHead(status, { 'content-type': 'text/xml' });
      res.end(status === 200 ? '<Response/>' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    /** Only the requests to this path (without the query). */
    to: (path: string) => received.filter((r) => r.path.split('?')[0] === path),
    answer(next: number) {
      status = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
