import type { RegisterBody } from '@posada/contracts/auth';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport, type MailTransport } from '../../adapters/smtp/smtp.client.ts';
import { type SmtpCapture, startSmtpCapture } from '../../adapters/smtp/smtp.fake.ts';
import { emailOutbox } from '../../db/schema/outbox.ts';
import { fixedClock } from '../../lib/clock.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { createPgBossJobs } from '../../lib/pg-boss-jobs.ts';
import { buildTestApp, createTestDatabase, testDbKind, waitForOutbox } from '../../test/test-app.ts';
import { createMailService, type MailRetry, mailLinks } from './mail.service.ts';

const confirmation = {
  subject: 'Confirma tu cuenta de Posada — ¡bienvenida!',
  text: 'Hola, Lucía:\nConfirma tu correo electrónico con este enlace:\nhttp://localhost:5173/verific/token/account/abc123XYZ\n',
  html: '<p>Hola, Lucía:</p><p><a href="http://localhost:5173/verific/token/account/abc123XYZ">Confirmar mi correo</a></p>',
};

/** A mail service with its own database, queue and log, as the app composes it. */
async function mailRig(transport: MailTransport | null, retry?: MailRetry) {
  const t = await createTestDatabase();
  const jobs: Jobs = createPgBossJobs({
    database: t.database,
    logger: pino({ level: 'silent' }),
    pollingIntervalSeconds: 0.5,
  });
  const logLines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) });
  const mail = createMailService({
    db: t.database.db,
    jobs,
    clock: fixedClock(new Date('2026-11-20T10:00:00Z')),
    transport,
    from: 'Posada <no-reply@posada.local>',
    logger,
    retry,
  });
  await jobs.start();
  await mail.registerWorkers();
  const outbox = async (to: string) => {
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    return row;
  };
  return {
    t,
    jobs,
    mail,
    logLines,
    outbox,
    async close() {
      await jobs.stop();
      await t.dispose();
    },
  };
}

describe(`e-mail through the queue on ${testDbKind}`, () => {
  let smtp: SmtpCapture;
  // One queue and database for the SMTP cases: one retry, one second apart.
  let rig: Awaited<ReturnType<typeof mailRig>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    rig = await mailRig(createSmtpTransport(smtp.url), { limit: 1, delaySeconds: 1 });
  });
  afterAll(async () => {
    await rig.close();
    await smtp.close();
  });

  it('delivers over SMTP with recipient, subject, text and HTML, and marks the outbox row sent', async () => {
    await rig.mail.send({ to: 'lucia@example.com', ...confirmation });
    const received = await smtp.waitFor((m) => m.to === 'lucia@example.com');
    expect(received.subject).toBe(confirmation.subject);
    expect(received.from).toBe('no-reply@posada.local');
    expect(received.text).toBe(confirmation.text);
    expect(received.html).toBe(confirmation.html);
    expect(received.links).toEqual(['http://localhost:5173/verific/token/account/abc123XYZ']);
    await rig.jobs.drain('mail.send');
    expect(await rig.outbox('lucia@example.com')).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      sentAt: new Date('2026-11-20T10:00:00Z'),
    });
  });

  it('retries when the SMTP server refuses at first, and the e-mail still arrives', async () => {
    smtp.refuseNext(1);
    await rig.mail.send({ to: 'retry@example.com', subject: 'Second time lucky', text: 'Hello again' });
    const received = await smtp.waitFor((m) => m.to === 'retry@example.com', 15_000);
    expect(received.text).toBe('Hello again');
    expect(smtp.refused).toBe(1);
    await rig.jobs.drain('mail.send');
    const row = await rig.outbox('retry@example.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(row?.lastError).toMatch(/451/);
  });

  it('marks the row failed when every attempt is refused', async () => {
    smtp.refuseNext(2);
    await rig.mail.send({ to: 'never@example.com', subject: 'Never', text: 'Never arrives' });
    await rig.jobs.drain('mail.send', 15_000);
    const row = await rig.outbox('never@example.com');
    expect(row).toMatchObject({ status: 'failed', attempts: 2, sentAt: null });
    expect(row?.lastError).toMatch(/451/);
    expect(smtp.refused).toBe(3);
    expect(smtp.messages.some((m) => m.to === 'never@example.com')).toBe(false);
  });

  it('without SMTP, logs recipient, subject and links and keeps the e-mail as logged', async () => {
    const logOnly = await mailRig(null);
    try {
      await logOnly.mail.send({ to: 'newcomer@example.com', ...confirmation });
      await logOnly.jobs.drain('mail.send');
      const row = await logOnly.outbox('newcomer@example.com');
      expect(row).toMatchObject({ status: 'logged', text: confirmation.text });
      const entry = logOnly.logLines
        .map((line) => JSON.parse(line))
        .find((l) => l.mail?.to === 'newcomer@example.com');
      expect(entry).toMatchObject({
        level: 30,
        mail: {
          subject: confirmation.subject,
          links: ['http://localhost:5173/verific/token/account/abc123XYZ'],
        },
      });
    } finally {
      await logOnly.close();
    }
  });

  it('finds the links of an e-mail text', () => {
    expect(
      mailLinks('Go to https://a.example/x?y=1 or http://b.example/z.\nhttps://a.example/x?y=1'),
    ).toEqual(['https://a.example/x?y=1', 'http://b.example/z.']);
  });
});

function registration(email: string): RegisterBody {
  return {
    name: 'Lucía Fernández',
    email,
    password: 'Alojamiento-2026',
    password_confirmation: 'Alojamiento-2026',
    phone: '612345678',
    tipo_hospedaje: 'apartamento',
    room_range: '1-4',
  };
}

describe(`the app's e-mail on ${testDbKind}`, () => {
  it('sends the confirmation e-mail over SMTP_URL, and its link confirms the account', async () => {
    const smtp = await startSmtpCapture();
    const t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      const email = 'confirm-me@example.com';
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: registration(email),
      });
      expect(registered.statusCode).toBe(201);

      const received = await smtp.waitFor((m) => m.to === email);
      expect(received.subject).toBe('Confirma tu cuenta de Posada');
      const link = received.links.find((l) => l.startsWith(`${t.config.APP_URL}/verific/token/account/`));
      expect(link).toBeDefined();
      const token = link?.split('/').pop();

      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/email-confirmation',
        payload: { token },
      });
      expect(confirmed.statusCode).toBe(200);
      expect(
        await waitForOutbox(t.database, (row) => row.to === email && row.status === 'sent'),
      ).toBeTruthy();
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('without SMTP_URL keeps the e-mail in the outbox as logged', async () => {
    const t = await buildTestApp();
    try {
      const email = 'no-smtp@example.com';
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: registration(email),
      });
      expect(registered.statusCode).toBe(201);
      const row = await waitForOutbox(t.database, (r) => r.to === email && r.status === 'logged');
      expect(row.text).toContain('/verific/token/account/');
    } finally {
      await t.close();
    }
  });
});
