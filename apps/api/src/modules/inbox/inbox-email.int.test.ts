import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../adapters/smtp/smtp.fake.ts';
import { inboxMessages, inboxThreads } from '../../db/schema/messaging.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp, testDbKind } from '../../test/test-app.ts';

const SECRET = 'inbound-secret-0123456789';
const DOMAIN = 'reply.posada.test';

/**
 * Replies to our e-mails (POST /api/webhooks/email-inbound) through the app's routes on PGlite (PostgreSQL
 * with TEST_DB=postgres): the inbound-mail service posts each e-mail to reply+{thread id}@DOMAIN with the
 * shared secret; it lands once in that thread.
 */
describe(`e-mail replies on ${testDbKind}`, () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let threadId: string;
  let token: string;
  const deliver = (body: Record<string, unknown>, secret: string | null = SECRET) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/email-inbound',
      payload: body,
      headers: secret ? { 'x-inbound-secret': secret } : {},
    });
  const reply = (overrides: Record<string, unknown> = {}) => ({
    from: 'Marta@Example.com',
    name: 'Marta Ruiz',
    subject: 'Re: Su reserva',
    text: '¿Puedo llevar a mi perro?',
    message_id: '<m1@example.com>',
    in_reply_to: '<out1@posada.test>',
    to: `reply+${threadId}@${DOMAIN}`,
    ...overrides,
  });

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp({
      env: { INBOUND_EMAIL_SECRET: SECRET, INBOUND_EMAIL_DOMAIN: DOMAIN, SMTP_URL: smtp.url },
    });
    const empresa = await createEmpresa(t);
    token = await loginToken(t, empresa.email);
    const [thread] = await t.database.db
      .insert(inboxThreads)
      .values({
        accountId: empresa.accountId as string,
        phone: '34600555666',
        email: 'marta@example.com',
        guestName: 'Marta',
        lastMessageAt: new Date('2026-11-19T09:00:00Z'),
      })
      .returning({ id: inboxThreads.id });
    threadId = thread?.id as string;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('stores a reply once in the thread its address names, as unread', async () => {
    const first = await deliver(reply());
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ stored: true, thread_id: threadId });
    expect((await deliver(reply())).json().data).toEqual({ stored: false, thread_id: threadId });
    const messages = await t.database.db
      .select()
      .from(inboxMessages)
      .where(eq(inboxMessages.threadId, threadId));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      channel: 'email',
      direction: 'in',
      body: 'Re: Su reserva\n\n¿Puedo llevar a mi perro?',
    });
    const [thread] = await t.database.db.select().from(inboxThreads).where(eq(inboxThreads.id, threadId));
    expect(thread).toMatchObject({ unreadCount: 1, lastChannel: 'email', guestName: 'Marta' });
  });

  it('refuses a wrong or missing secret and stores nothing', async () => {
    const wrong = await deliver(reply({ message_id: '<m2@example.com>' }), 'not-the-secret-at-all');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('inbox_email.secret_invalid');
    expect((await deliver(reply({ message_id: '<m3@example.com>' }), null)).statusCode).toBe(401);
    const messages = await t.database.db
      .select()
      .from(inboxMessages)
      .where(eq(inboxMessages.threadId, threadId));
    expect(messages).toHaveLength(1);
  });

  it('acknowledges an e-mail to an address that is not one of ours without storing it', async () => {
    const other = await deliver(reply({ message_id: '<m4@example.com>', to: 'info@posada.test' }));
    expect(other.json().data).toEqual({ stored: false, thread_id: null });
    const unknown = await deliver(
      reply({ message_id: '<m5@example.com>', to: `reply+00000000-0000-4000-8000-000000000000@${DOMAIN}` }),
    );
    expect(unknown.json().data).toEqual({ stored: false, thread_id: null });
  });

  it('refuses a body that is not an e-mail', async () => {
    const bad = await deliver(reply({ from: 'not an address', message_id: '<m6@example.com>' }));
    expect(bad.statusCode).toBe(400);
  });

  it("sends the operator's e-mail answer with the thread's reply address as Reply-To", async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/inbox/threads/${threadId}/messages`,
      headers: bearer(token),
      payload: { text: 'Sí, las mascotas son bienvenidas.', channel: 'email' },
    });
    expect(sent.statusCode).toBe(201);
    const mail = await smtp.waitFor((m) => m.to === 'marta@example.com');
    expect(mail.text).toContain('las mascotas son bienvenidas');
    expect(mail.raw).toMatch(
      new RegExp(`^Reply-To: reply\\+${threadId}@${DOMAIN.replace(/\./g, '\\.')}`, 'mi'),
    );
  });
});
