// STUB — replaced by the mail helper.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Jobs } from '../../lib/jobs.ts';
import type { MailTransport } from './mail.transport.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailService {
  /** Records the e-mail in the outbox and queues it; the worker sends it over SMTP or logs it. */
  send(mail: OutgoingMail): Promise<void>;
  registerWorkers(): Promise<void>;
}

export function createMailService(_deps: {
  db: Db;
  jobs: Jobs;
  clock: Clock;
  transport: MailTransport | null;
  from: string;
  logger: FastifyBaseLogger;
}): MailService {
  return { async send() {}, async registerWorkers() {} };
}
