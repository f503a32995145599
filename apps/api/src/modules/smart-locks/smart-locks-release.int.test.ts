import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSes, startFakeSes } from '../../adapters/ses-hospedajes/ses.fake.ts';
import { type SmtpCapture, startSmtpCapture } from '../../adapters/smtp/smtp.fake.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { properties } from '../../db/schema/properties.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { pollJob, sendJob } from '../authorities/registration-pipeline.ts';

import { guest as sesGuest } from '../authorities/test-support.ts';

type Method = 'GET' | 'POST' | 'PUT';

const guest = (email: string) => sesGuest({ email });

/**
 * The release rule against the real police-registration pipeline (issue 14 item 5): a property that
 * reports to Guardia Civil through the SES fake keeps the door code from the guest until the registration
 * is accepted; then keys read delivered and the guest gets the code by e-mail, once: the e-mail goes over
 * SMTP to a local capture server (no WhatsApp or SMS provider is configured). PGlite; PostgreSQL with
 * TEST_DB=postgres.
 */
describe('smart locks: the code waits for the accepted police registration', () => {
  let t: TestApp;
  let ses: FakeSes;
  let smtp: SmtpCapture;
  let token: string;
  let casa: string;

  const call = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(token), 'accept-language': 'es' } });
  const runJob = async (name: string) => {
    await t.jobs.send(name, {});
    await t.jobs.drain(name);
  };
  const accessCode = async (id: string) => (await call('GET', `/api/checkins/${id}/access-code`)).json().data;
  const manual = async (email: string) => {
    const res = await call('POST', '/api/checkins/manual', {
      property_id: casa,
      start_date: '2026-11-20',
      end_date: '2026-11-22',
      guest: guest(email),
      accepted_terms: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };
  const locks = (requires_registration: boolean) =>
    call('PUT', `/api/properties/${casa}/settings/smart-locks`, {
      enabled: true,
      delivery_time: 'checkin_completed',
      key_type: 'static',
      master_code: '7351#',
      requires_registration,
    });

  beforeAll(async () => {
    ses = await startFakeSes();
    smtp = await startSmtpCapture();
    t = await buildTestApp({
      now: new Date('2026-11-20T10:00:00Z'),
      env: { ...ses.env, SES_POLL_INTERVAL_SECONDS: '1', SMTP_URL: smtp.url },
    });
    const owner = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Azul', tipoPropiedad: 'apartamento' }],
    });
    token = await loginToken(t, owner.email);
    [casa = ''] = owner.propertyIds;
    await t.database.db
      .update(properties)
      .set({ guests: 6, priceNight: 10_000, address: 'Calle Mayor 1', city: 'Madrid', zipCode: '28013' })
      .where(eq(properties.id, casa));
    const saved = await call('PUT', `/api/properties/${casa}/settings/authorities`, {
      entity: 'guardia_civil',
      user: ses.username,
      password: ses.password,
      establishment_code: '0000012345',
      landlord_code: '0000000001',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await ses?.close();
    await smtp?.close();
  });

  it('keeps the code masked until SES accepts the registration, then delivers it once', async () => {
    expect((await locks(true)).statusCode).toBe(200);
    const id = await manual('espera@example.com');
    const codeMails = () =>
      smtp.messages.filter((m) => m.to === 'espera@example.com' && m.text.includes('7351#'));
    expect(await accessCode(id)).toMatchObject({
      released: false,
      waiting: 'registration',
      registration: 'pending',
      code: '•••1#',
    });
    expect(codeMails()).toEqual([]);

    // The pipeline as its queue runs it: the send, then a consultaLote per poll interval until it settles.
    let registration = (await call('GET', `/api/checkins/${id}/registration`)).json().data;
    for (let i = 0; i < 10 && registration.registration?.state !== 'accepted'; i += 1) {
      await t.jobs.drain(sendJob);
      await t.jobs.drain(pollJob);
      await runJob(sendJob);
      t.clock.advance(2_000);
      await runJob(pollJob);
      registration = (await call('GET', `/api/checkins/${id}/registration`)).json().data;
    }
    expect(registration.registration.state).toBe('accepted');
    expect(await accessCode(id)).toMatchObject({ released: true, waiting: null, code: '7351#' });
    const [row] = await t.database.db.select().from(checkins).where(eq(checkins.id, id));
    expect(row?.keysDelivered).toBe(true);
    const mail = await smtp.waitFor((m) => m.to === 'espera@example.com' && m.text.includes('7351#'));
    expect(mail.subject).toBe('Tu código de acceso para Casa Azul');
    // Once: the polls after the acceptance send nothing more; its record says the SMTP server took it
    // (the release runs on the registration's event: let it finish first).
    await t.app.eventsIdle();
    await runJob(pollJob);
    expect(codeMails()).toHaveLength(1);
    // WhatsApp and SMS are not configured here: each says so, and e-mail took it.
    const records = (await call('GET', `/api/checkins/${id}/messages`)).json().data as {
      kind: string;
      channel: string;
      status: string;
      error_code: string | null;
    }[];
    expect(records.map((r) => [r.kind, r.channel, r.status, r.error_code])).toEqual([
      ['door_code', 'email', 'accepted', null],
      ['door_code', 'sms', 'skipped', 'sms_not_configured'],
      ['door_code', 'whatsapp', 'skipped', 'whatsapp_not_configured'],
    ]);
  });

  it('with the switch off, a completed check-in is enough while the registration is still pending', async () => {
    expect((await locks(false)).statusCode).toBe(200);
    const id = await manual('sinespera@example.com');
    expect(await accessCode(id)).toMatchObject({
      released: true,
      registration: 'pending',
      requires_registration: false,
      code: '7351#',
    });
  });
});
