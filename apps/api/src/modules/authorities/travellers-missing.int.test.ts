import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSes, startFakeSes } from '../../adapters/ses-hospedajes/ses.fake.ts';
import { type SmtpCapture, startSmtpCapture } from '../../adapters/smtp/smtp.fake.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { messageDeliveries } from '../../db/schema/deliveries.ts';
import { properties } from '../../db/schema/properties.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { newCheckinLink } from '../checkins/checkin-links.ts';
import { checkinSendJob } from '../checkins/checkins.jobs.ts';
import { validGuest } from '../guest-checkin/test-support.ts';
import { sendJob } from './registration-pipeline.ts';

/**
 * Issue 27: a parte de viajeros goes out when every expected traveller registered. With fewer it waits
 * (waiting_guests), the operator may send it anyway only after confirming (recorded), late travellers
 * register through the same link and release it, and the lead guest is reminded. Children below the age
 * the rules set give no document, and only adults answer the minors question with their kinship.
 * The real app with the SES fake (XSD-valid altas) and a real SMTP capture; clock 2026-11-18 10:00 UTC.
 */
describe('police report waits for every traveller (issue 27)', () => {
  let t: TestApp;
  let ses: FakeSes;
  let smtp: SmtpCapture;
  let token: string;
  let otherToken: string;
  let accountId: string;
  let casa: string;
  let ip = 0;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(as), 'accept-language': 'es' } });
  const guestPost = (url: string, payload: object, session?: string) => {
    ip += 1;
    return t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: `10.27.0.${ip % 250}`,
      headers: { 'accept-language': 'es', ...(session ? { 'x-checkin-session': session } : {}) },
    });
  };
  const registration = async (checkinId: string) => {
    const res = await call('GET', `/api/checkins/${checkinId}/registration`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.registration;
  };
  const runSend = async () => {
    await t.app.eventsIdle();
    await t.jobs.drain(sendJob);
    await t.jobs.send(sendJob, {});
    await t.jobs.drain(sendJob);
  };

  /** A stay of `expected` travellers with its check-in link (arrival 2026-11-20). */
  async function stay(expected: number) {
    const id = crypto.randomUUID();
    const link = newCheckinLink(createSecretBox(t.config.APP_SECRET), id);
    const email = `stay-${id.slice(0, 8)}@example.com`;
    await t.database.db.insert(checkins).values({
      id,
      accountId,
      propertyId: casa,
      name: 'Lucía Martínez',
      email,
      startDate: '2026-11-20',
      endDate: '2026-11-23',
      expectedGuests: expected,
      linkTokenHash: link.hash,
      linkTokenSealed: link.sealed,
      linkExpiresAt: new Date('2026-11-24T00:00:00Z'),
      checkinCode: `CODE-${id.slice(0, 6)}`,
      origin: 'send',
      sendChannel: 'email',
      purgeAfter: '2029-11-23',
    });
    return { id, token: link.token, code: `CODE-${id.slice(0, 6)}`, email };
  }

  /** Start, code and e-mail verification: a session that may register travellers. */
  async function session(c: Awaited<ReturnType<typeof stay>>) {
    const started = await guestPost('/api/guest/checkin/start', {
      propiedad_id: casa,
      t: c.token,
      language: 'es',
    });
    expect(started.statusCode, started.body).toBe(200);
    const coded = await guestPost(
      '/api/guest/checkin/code',
      { checkin_code: c.code },
      started.json().data.session,
    );
    expect(coded.statusCode, coded.body).toBe(200);
    const before = smtp.messages.length;
    const asked = await guestPost(
      '/api/guest/checkin/verification',
      { channel: 'email' },
      coded.json().data.session,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === c.email && smtp.messages.indexOf(m) >= before);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    const confirmed = await guestPost(
      '/api/guest/checkin/verification/confirm',
      { code },
      coded.json().data.session,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return confirmed.json().data.session as string;
  }

  const adult = validGuest({
    arrival: '2026-11-20',
    departure: '2026-11-23',
    minors: true,
    kinship: 'parent',
  });
  /** A Spanish child of 5: no document, no minors question. */
  const child5 = validGuest({
    first_name: 'Leo',
    birth_date: '2021-05-01',
    document_type: '',
    document_number: '',
    support_number: '',
    issue_date: '',
    expiry_date: '',
    minors: null,
    kinship: null,
    arrival: '2026-11-20',
    departure: '2026-11-23',
  });
  /** A Spaniard of 16: the rules ask the document (from 14), not the minors question. */
  const teen16 = { ...child5, first_name: 'Marta', birth_date: '2010-03-01' };

  /** The lead adult registers alone and finishes: the rest of the party is still missing. */
  async function leadOnly(c: Awaited<ReturnType<typeof stay>>) {
    const lead = await session(c);
    expect((await guestPost('/api/guest/checkin/guests', { ...adult, minors: false }, lead)).statusCode).toBe(
      201,
    );
    expect((await guestPost('/api/guest/checkin/finish', {}, lead)).statusCode).toBe(200);
    return lead;
  }

  beforeAll(async () => {
    ses = await startFakeSes();
    smtp = await startSmtpCapture();
    t = await buildTestApp({
      now: new Date('2026-11-18T10:00:00Z'),
      env: { ...ses.env, SMTP_URL: smtp.url },
    });
    const owner = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Azul', tipoPropiedad: 'apartamento' }],
    });
    const other = await createEmpresa(t, { properties: [{ nombre: 'Ajena', tipoPropiedad: 'apartamento' }] });
    accountId = owner.accountId as string;
    casa = owner.propertyIds[0] ?? '';
    token = await loginToken(t, owner.email);
    otherToken = await loginToken(t, other.email);
    await t.database.db
      .update(properties)
      .set({ guests: 6, address: 'Calle Dato 10', city: 'Vitoria-Gasteiz', zipCode: '01001' })
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

  it('holds the parte of 1 of 3, refuses to send it unconfirmed, and lets late travellers release it', async () => {
    const c = await stay(3);
    const lead = await session(c);
    expect((await guestPost('/api/guest/checkin/guests', adult, lead)).statusCode).toBe(201);
    const finished = await guestPost('/api/guest/checkin/finish', {}, lead);
    expect(finished.statusCode, finished.body).toBe(200);
    const altasBefore = ses.received.length;
    await runSend();

    let pv = await registration(c.id);
    expect(pv).toMatchObject({ state: 'waiting_guests', guest_count: 1, expected_guests: 3 });
    expect(ses.received.length).toBe(altasBefore);

    // Without confirmation the operator is told how many are missing; nothing changes.
    const refused = await call('POST', `/api/checkins/${c.id}/registration`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'authorities.travellers_missing',
      message: 'Faltan viajeros: 1 de 3 registrados. Confirma para enviar el parte igualmente.',
    });
    expect((await registration(c.id)).state).toBe('waiting_guests');
    // Another account's check-in is not found, confirmed or not.
    const foreign = await call(
      'POST',
      `/api/checkins/${c.id}/registration`,
      { send_incomplete: true },
      otherToken,
    );
    expect(foreign.statusCode).toBe(404);

    // The link still takes the missing travellers: a child of 5 with no document…
    const late = await session(c);
    const kid = await guestPost('/api/guest/checkin/guests', child5, late);
    expect(kid.statusCode, kid.body).toBe(201);
    expect(kid.json().data.checkin).toMatchObject({ registered_guests: 2, expected_guests: 3 });
    await t.app.eventsIdle();
    pv = await registration(c.id);
    expect(pv).toMatchObject({ state: 'waiting_guests', guest_count: 2 });

    // …a Spaniard of 16 needs one (from 14), and is not asked about minors.
    const noDocument = await guestPost('/api/guest/checkin/guests', teen16, late);
    expect(noDocument.statusCode).toBe(422);
    expect(Object.keys(noDocument.json().errors)).toEqual(
      expect.arrayContaining(['document_type', 'issue_date']),
    );
    expect(noDocument.json().errors.minors).toBeUndefined();
    const teen = await guestPost(
      '/api/guest/checkin/guests',
      {
        ...teen16,
        document_type: 'dni',
        document_number: '00000000T',
        support_number: 'BAA000589',
        issue_date: '2024-01-01',
        expiry_date: '2029-01-01',
      },
      late,
    );
    expect(teen.statusCode, teen.body).toBe(201);

    // Everyone is in: the parte goes out by itself with the three travellers, and no one more fits.
    await runSend();
    pv = await registration(c.id);
    expect(pv).toMatchObject({ state: 'sent', guest_count: 3, expected_guests: 3, sent_incomplete: false });
    expect(pv.attempts.map((a: { operation: string }) => a.operation)).toContain('travellers');
    const alta = ses.received.at(-1);
    expect(alta?.xml?.match(/<persona>/g)).toHaveLength(3);
    expect(alta?.xml).toContain('<parentesco>');
    const extra = await guestPost('/api/guest/checkin/guests', child5, late);
    expect(extra.statusCode).toBe(409);
    expect(extra.json().code).toBe('checkin.already_complete');
  });

  it('sends a short parte only after the operator confirms, and records the count', async () => {
    const c = await stay(2);
    await leadOnly(c);
    await runSend();
    expect((await registration(c.id)).state).toBe('waiting_guests');

    const sent = await call('POST', `/api/checkins/${c.id}/registration`, { send_incomplete: true });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.registration).toMatchObject({ sent_incomplete: true, guest_count: 1 });
    // The send job may have taken it first: it is out once the queue settles.
    await runSend();
    const pv = await registration(c.id);
    expect(pv).toMatchObject({ state: 'sent', guest_count: 1, expected_guests: 2, sent_incomplete: true });
    const confirm = pv.attempts.find((a: { operation: string }) => a.operation === 'confirm');
    expect(confirm).toMatchObject({ outcome: 'ok', detail: '1/2' });
    expect(ses.received.at(-1)?.xml?.match(/<persona>/g)).toHaveLength(1);
  });

  it('lowering the expected count to those registered releases the held parte', async () => {
    const c = await stay(2);
    await leadOnly(c);
    await runSend();
    expect((await registration(c.id)).state).toBe('waiting_guests');
    const lowered = await call('PUT', `/api/checkins/${c.id}/expected-guests`, { expected_guests: 1 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    await runSend();
    expect(await registration(c.id)).toMatchObject({ state: 'sent', guest_count: 1, sent_incomplete: false });
  });

  it('reminds the lead guest of the missing travellers a day apart, three times at most', async () => {
    const c = await stay(3);
    await leadOnly(c);
    const reminders = async () => {
      await t.jobs.send(checkinSendJob, {});
      await t.jobs.drain(checkinSendJob);
      await t.app.eventsIdle();
      return (
        await t.database.db.select().from(messageDeliveries).where(eq(messageDeliveries.checkinId, c.id))
      ).filter((d) => d.kind === 'checkin_reminder');
    };
    // Not at once: the done step told the guest already.
    expect(await reminders()).toHaveLength(0);
    t.clock.advance(25 * 3_600_000);
    expect(await reminders()).toHaveLength(1);
    const mail = await smtp.waitFor((m) => m.to === c.email && m.text.includes('faltan 2 de 3 viajeros'));
    expect(mail.text).toContain(c.token);
    // The same day again: nothing more; then one a day, three in all.
    expect(await reminders()).toHaveLength(1);
    for (const expected of [2, 3, 3]) {
      t.clock.advance(25 * 3_600_000);
      expect(await reminders()).toHaveLength(expected);
    }
  });
});
