import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { AdapterError, type AdapterErrorKind } from '../adapter-error.ts';
import type { AdapterTracker } from '../status.ts';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The envelope's sender (Return-Path), where bounces go: bounce+{delivery id}@INBOUND_EMAIL_DOMAIN. */
  envelopeFrom?: string;
}

export interface MailTransport {
  /**
   * Resolves once the SMTP server accepted the message, with the Message-ID it carries and the server's
   * answer ("250 OK queued as …"); rejects with an AdapterError 'smtp.*' otherwise.
   */
  send(message: MailMessage): Promise<{ messageId: string | null; response: string }>;
}

/** nodemailer's error codes and SMTP reply codes in the adapters' words. */
function kindOf(error: { code?: string; responseCode?: number }): AdapterErrorKind {
  if (error.code === 'EAUTH' || error.responseCode === 535 || error.responseCode === 530)
    return 'unauthorized';
  if (error.code === 'ETIMEDOUT') return 'timeout';
  if (error.code === 'ECONNECTION' || error.code === 'ESOCKET' || error.code === 'EDNS') return 'unreachable';
  // 4xx: "try again later" (greylisting, a busy server); 5xx: a permanent refusal of this message.
  if (error.responseCode && error.responseCode >= 500) return 'rejected';
  if (error.responseCode && error.responseCode >= 400) return 'server_error';
  return 'unreachable';
}

/**
 * SMTP over nodemailer. `url` is SMTP_URL: smtp://user:pass@host:port (STARTTLS when the server offers
 * it) or smtps://user:pass@host:465 (TLS from the first byte). Short timeouts, because a stuck server
 * should fail the job and let the queue retry rather than hold a worker for minutes.
 */
export function createSmtpTransport(
  url: string,
  opts: {
    tracker?: AdapterTracker;
    timeoutsMs?: { connection: number; greeting: number; socket: number };
  } = {},
): MailTransport {
  const timeouts = opts.timeoutsMs ?? { connection: 10_000, greeting: 10_000, socket: 30_000 };
  // Parsed here: nodemailer given `{ url, ...}` keeps only what the URL says and drops the timeouts.
  const options: SMTPTransport.Options = {
    ...parseConnectionUrl(url),
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
  };
  const transporter = nodemailer.createTransport(options);
  const track = opts.tracker ? opts.tracker.track : <T>(call: () => Promise<T>) => call();
  return {
    send(message) {
      return track(async () => {
        try {
          const { envelopeFrom, ...mail } = message;
          const info = await transporter.sendMail({
            ...mail,
            ...(envelopeFrom ? { envelope: { from: envelopeFrom, to: message.to } } : {}),
          });
          return { messageId: info.messageId ?? null, response: String(info.response ?? '') };
        } catch (error) {
          const detail = error as { code?: string; responseCode?: number; message?: string };
          // The server's own answer ("451 Try again later") stays in the message: the outbox keeps it.
          throw new AdapterError(
            'smtp',
            kindOf(detail),
            detail.message ?? String(error),
            detail.responseCode,
          );
        }
      });
    },
  };
}
