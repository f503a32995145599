import { experiencesPaths } from '@posada/contracts/experiences';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../adapters/smtp/smtp.fake.ts';
import type { FakeStripe } from '../../adapters/stripe/stripe.fake.ts';
import { serviceRequests } from '../../db/schema/experiences.ts';
import { requestsTestKit, sessionIdOf } from '../../test/experiences-kit.ts';
import { buildStripeTestApp } from '../../test/stripe-test-app.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * What a request's changes tell people (docs/experiences.md "Requests"): the guest by e-mail in their
 * language with the link to their service page (no phone: no WhatsApp), the provider once it is confirmed.
 * Both go through the delivery pipeline straight over SMTP to a local capture server.
 */
let t: TestApp;
let fake: FakeStripe;
let smtp: SmtpCapture;
const kit = requestsTestKit(() => ({ t, fake }));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ({ t, fake } = await buildStripeTestApp({
    now: new Date('2026-11-20T10:00:00Z'),
    env: { SMTP_URL: smtp.url },
  }));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await smtp?.close();
});

/** A loaded machine delivers slowly: wait up to a minute for each e-mail. */
const waitMail = (predicate: Parameters<SmtpCapture['waitFor']>[0]) => smtp.waitFor(predicate, 60_000);

/** How many e-mails the provider's mail server received, once the request's events were handled. */
const providerMails = async (to: string) => {
  await t.app.eventsIdle();
  return smtp.messages.filter((m) => m.to.includes(to)).length;
};
/** The request's notice to its provider as the operator's list shows it (channel and provider state). */
const providerNotice = async (token: string, id: string) =>
  (await kit.call(token, 'GET', experiencesPaths.request(id))).body.data.provider_notice;

describe('request messages', { timeout: 120_000 }, () => {
  it('tells the guest each step by e-mail in their language, and the provider once', async () => {
    const op = await kit.operator();
    const providerEmail = `taxis-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const providerId = await kit.addProvider(op, { email: providerEmail });
    const svc = await kit.addService(op, { confirmation: 'manual', providerId });
    const s = await kit.stay(op);
    const made = await s.request(svc, { language: 'en' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.request.id;
    const link = `${t.config.APP_URL}/services/${op.propertyId}/${svc}/${s.id}/vew/`;

    const received = await waitMail((m) => m.to.includes(s.leadEmail) && m.text.includes('received'));
    expect(received.subject).toBe('Your request: Traslado aeropuerto');
    expect(received.text).toContain('Lucía');
    expect(received.links).toContain(link);
    // Not confirmed yet: the provider has not been told.
    expect(await providerMails(providerEmail)).toBe(0);
    expect(await providerNotice(op.token, id)).toBeNull();

    expect((await kit.call(op.token, 'POST', experiencesPaths.requestAction(id, 'approve'))).status).toBe(
      200,
    );
    await waitMail((m) => m.to.includes(s.leadEmail) && m.text.includes('confirmed'));
    expect(await providerMails(providerEmail)).toBe(1);
    const toProvider = await waitMail((m) => m.to.includes(providerEmail));
    expect(toProvider.subject).toBe('Nueva solicitud: Traslado aeropuerto · Casa Azul');
    expect(toProvider.text).toContain('Lucía Martínez');
    expect(toProvider.text).toContain('Vuelo IB123');
    // The provider has only an e-mail address: the SMTP server took it, and the request says so.
    expect(await providerNotice(op.token, id)).toMatchObject({
      kind: 'provider_notice',
      channel: 'email',
      to: providerEmail,
      status: 'accepted',
    });

    const paid = await kit.call(op.token, 'POST', experiencesPaths.requestAction(id, 'confirm-payment'));
    expect(paid.body.data.status).toBe('paid');
    await waitMail((m) => m.to.includes(s.leadEmail) && m.text.includes('payment'));
    // Paid after approved: still one notice to the provider.
    expect(await providerMails(providerEmail)).toBe(1);
    const [row] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(row?.providerNotifiedAt).not.toBeNull();
  });

  it('an automatic online request: the provider hears of it once it is paid, the guest of the payment', async () => {
    const op = await kit.operator({ approved: true });
    const providerEmail = `guia-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const providerId = await kit.addProvider(op, { email: providerEmail });
    const svc = await kit.addService(op, { providerId });
    const s = await kit.stay(op);
    const made = await s.request(svc);
    expect(made.body.data.request.status).toBe('approved');
    // Waiting at the Checkout: nobody is told yet.
    expect(await providerMails(providerEmail)).toBe(0);
    await fake.completeCheckout(sessionIdOf(made.body.data.checkout_url), 'paid');
    await fake.flush();
    await t.app.eventsIdle();
    const mail = await waitMail((m) => m.to.includes(s.leadEmail) && m.text.includes('pago'));
    expect(mail.text).toContain('50,00');
    expect(await providerMails(providerEmail)).toBe(1);
    expect(await providerNotice(op.token, made.body.data.request.id)).toMatchObject({
      channel: 'email',
      status: 'accepted',
    });
  });
});
