import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from '../../adapters/smtp/smtp.client.ts';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/outbox.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobInfo, Jobs } from '../../lib/jobs.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The inbox's reply address, so the guest's answer lands in their thread. */
  replyTo?: string;
}

export interface MailService {
  /**
   * Records the e-mail in the outbox and queues it; the worker sends it over SMTP or logs it.
   * Call it after your transaction commits: PGlite has one session, so a write outside an open
   * transaction waits for that transaction to end.
   */
  send(mail: OutgoingMail): Promise<void>;
  registerWorkers(): Promise<void>;
}

export interface MailRetry {
  /** Retries after the first failed delivery. */
  limit: number;
  /** Seconds before the first retry; doubles for each later one. */
  delaySeconds: number;
}

export const mailSendJob = 'mail.send';
/** About 10 minutes of retries in total before the row is marked failed. */
export const defaultMailRetry: MailRetry = { limit: 5, delaySeconds: 10 };

type OutboxRow = typeof emailOutbox.$inferSelect;

/** The links of an e-mail: what a newcomer without SMTP needs from the log to confirm an account. */
export function mailLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
}

export function createMailService(deps: {
  db: Db;
  jobs: Jobs;
  clock: Clock;
  transport: MailTransport | null;
  from: string;
  logger: FastifyBaseLogger;
  retry?: MailRetry;
}): MailService {
  const { db, jobs, clock, transport, logger } = deps;
  const retry = deps.retry ?? defaultMailRetry;

  async function mark(id: string, values: PgUpdateSetSource<typeof emailOutbox>) {
    await db.update(emailOutbox).set(values).where(eq(emailOutbox.id, id));
  }

  function logInstead(row: OutboxRow) {
    // Development fallback (no SMTP_URL): recipient, subject and links only; the full text stays in the outbox.
    logger.info(
      { mail: { id: row.id, to: row.to, subject: row.subject, links: mailLinks(row.text) } },
      'e-mail not sent (SMTP_URL is not set); kept in the outbox',
    );
  }

  async function deliver(outboxId: string, job: JobInfo) {
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId)).limit(1);
    // Jobs run at least once: a row already handled is not sent again.
    if (row?.status !== 'queued') return;
    if (!transport) {
      logInstead(row);
      await mark(row.id, { status: 'logged', sentAt: clock.now() });
      return;
    }
    try {
      await transport.send({
        from: deps.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        replyTo: row.replyTo ?? undefined,
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await mark(row.id, {
        attempts: sql`${emailOutbox.attempts} + 1`,
        lastError: message.slice(0, 1000),
        status: job.isLastAttempt ? 'failed' : 'queued',
      });
      logger.warn(
        { mail: { id: row.id, attempt: job.attempt, lastAttempt: job.isLastAttempt }, err: message },
        'e-mail delivery failed',
      );
      throw err;
    }
    await mark(row.id, {
      attempts: sql`${emailOutbox.attempts} + 1`,
      status: 'sent',
      sentAt: clock.now(),
    });
  }

  return {
    async send(mail) {
      const [row] = await db
        .insert(emailOutbox)
        .values({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          replyTo: mail.replyTo ?? null,
          status: 'queued',
          createdAt: clock.now(),
        })
        .returning({ id: emailOutbox.id });
      if (!row) throw new Error('mail: the outbox row was not created');
      await jobs.send(
        mailSendJob,
        { outboxId: row.id },
        { retryLimit: retry.limit, retryDelay: retry.delaySeconds, retryBackoff: true },
      );
    },

    async registerWorkers() {
      await jobs.work<{ outboxId: string }>(mailSendJob, (data, job) => deliver(data.outboxId, job));
    },
  };
}
