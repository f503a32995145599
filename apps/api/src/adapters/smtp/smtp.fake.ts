import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, decoded. */
export interface CapturedMail {
  /** Envelope recipients, comma-separated (our e-mails have one). */
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the text and HTML parts, in order, without duplicates. */
  links: string[];
  raw: string;
}

export interface SmtpCapture {
  /** SMTP_URL for the app: smtp://user:pass@127.0.0.1:port (the server checks these credentials). */
  url: string;
  messages: CapturedMail[];
  /** How many DATA commands were refused with 451 so far. */
  refused: number;
  /** Answers the next `count` messages with "451 try again later", as a busy server does. */
  refuseNext(count: number): void;
  /** The first message (already received or still to come) that matches. */
  waitFor(predicate?: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

const user = 'posada';
const pass = 'smtp-capture-secret';

/** A real SMTP server on a free local port that keeps what it receives (tests only). */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  let toRefuse = 0;

  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) return callback(null, { user });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse--;
          capture.refused++;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('latin1');
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
        messages.push(parseMail(raw, to, envelopeFrom));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const capture: SmtpCapture = {
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    messages,
    refused: 0,
    refuseNext(count) {
      toRefuse = count;
    },
    waitFor(predicate = () => true, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return capture;
}

// A small MIME reader for what nodemailer sends: headers with RFC 2047 words, multipart bodies,
// 7bit / quoted-printable / base64 parts in UTF-8. Not a general parser.

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): MimePart {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function headerParam(value: string, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(value);
  return match?.[1];
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(part.body)
        : Buffer.from(part.body, 'latin1');
  return bytes.toString('utf8').replace(/\r\n/g, '\n');
}

/** RFC 2047: =?UTF-8?Q?Confirma_tu_correo_electr=C3=B3nico?= and =?UTF-8?B?...?= words. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function leafParts(part: MimePart): MimePart[] {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const boundary = headerParam(contentType, 'boundary');
  if (!contentType.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return (
    sections
      .filter((section) => !section.startsWith('--'))
      // The line break before a boundary belongs to the boundary, not to the part.
      .flatMap((section) => leafParts(splitPart(section.replace(/^\r?\n/, '').replace(/\r?\n$/, ''))))
  );
}

export function parseMail(raw: string, to: string, from: string): CapturedMail {
  // The line break that ends the DATA is not part of the body.
  const message = splitPart(raw.replace(/\r?\n$/, ''));
  const leaves = leafParts(message);
  const ofType = (type: string) =>
    leaves.find((leaf) => (leaf.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type));
  const textPart = ofType('text/plain');
  const htmlPart = ofType('text/html');
  const text = textPart ? decodeBody(textPart) : '';
  const html = htmlPart ? decodeBody(htmlPart) : '';
  const links = [...new Set(`${text}\n${html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [])].map((link) =>
    link.replace(/&amp;/g, '&'),
  );
  return {
    to,
    from,
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text,
    html,
    links: [...new Set(links)],
    raw,
  };
}
