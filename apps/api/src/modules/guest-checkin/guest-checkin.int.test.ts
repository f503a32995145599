import { createServer } from 'node:net';
import { bookingPaths } from '@posada/contracts/bookings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../adapters/smtp/smtp.fake.ts';
import { type FakeTwilio, startFakeTwilio } from '../../adapters/twilio/twilio.fake.ts';
import { checkinGuests, checkins, checkinVerificationCodes } from '../../db/schema/checkins.ts';
import { messageDeliveries } from '../../db/schema/deliveries.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { properties } from '../../db/schema/properties.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { newCheckinLink } from '../checkins/checkin-links.ts';
import { faces, pdfText, sampleFace, TINY_PNG, validGuest } from './test-support.ts';

let t: TestApp;
let smtp: SmtpCapture;
let accountId: string;
let propertyId: string;
let otherPropertyId: string;
let ownerToken: string;
let ip = 0;
/** SMS goes through Twilio, played by its strict fake; its status callbacks come back to the listening app. */
let twilio: FakeTwilio;
/** The SMS Twilio accepted, oldest first. */
const smsSent = () => twilio.sent();

/** A free local port: the app listens there, and its public URL (APP_URL) must be known before it is built. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function insertCheckin(over: Partial<typeof checkins.$inferInsert> = {}, property = propertyId) {
  const id = crypto.randomUUID();
  const link = newCheckinLink(createSecretBox(t.config.APP_SECRET), id);
  await t.database.db.insert(checkins).values({
    id,
    accountId,
    propertyId: property,
    name: 'Lucía Martínez',
    // Each stay its own address: the code goes to it, and the capture is searched by recipient.
    email: `stay-${id.slice(0, 8)}@example.com`,
    startDate: '2026-11-20',
    endDate: '2026-11-23',
    expectedGuests: 2,
    linkTokenHash: link.hash,
    linkTokenSealed: link.sealed,
    linkExpiresAt: new Date('2026-11-24T00:00:00Z'),
    checkinCode: `CODE-${id.slice(0, 6)}`,
    origin: 'send',
    purgeAfter: '2029-11-23',
    ...over,
  });
  return {
    id,
    token: link.token,
    code: `CODE-${id.slice(0, 6)}`,
    email: over.email ?? `stay-${id.slice(0, 8)}@example.com`,
  };
}

const post = (url: string, payload: unknown, session?: string, lang = 'es') => {
  ip += 1;
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: `10.9.0.${ip % 250}`,
    headers: { 'accept-language': lang, ...(session ? { 'x-checkin-session': session } : {}) },
  });
};

async function startWith(token?: string, property = propertyId) {
  const res = await post('/api/guest/checkin/start', { propiedad_id: property, t: token, language: 'es' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.session as string;
}

/** The code step with the stay's check-in code: a session bound to it. */
async function codedSession(c: { token: string; code: string }) {
  const session = await startWith(c.token);
  const coded = await post('/api/guest/checkin/code', { checkin_code: c.code.toLowerCase() }, session);
  expect(coded.statusCode, coded.body).toBe(200);
  return coded.json().data.session as string;
}

/** The e-mail verification of a coded session: the code goes to the stay's address `email`. */
async function verifyByEmail(session: string, email: string) {
  const sent = await post('/api/guest/checkin/verification', { channel: 'email' }, session);
  expect(sent.statusCode, sent.body).toBe(200);
  const mail = await smtp.waitFor((m) => m.to === email);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  const confirmed = await post('/api/guest/checkin/verification/confirm', { code }, session);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json().data.session as string;
}

/** Start, code and e-mail verification: the session that may register guests. */
async function verifiedSession(c: { token: string; code: string; email: string }) {
  return verifyByEmail(await codedSession(c), c.email);
}

const guestsOf = (checkinId: string) =>
  t.database.db.select().from(checkinGuests).where(eq(checkinGuests.checkinId, checkinId));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  const port = await freePort();
  twilio = await startFakeTwilio({ now: () => t?.clock.now().getTime() ?? Date.now() });
  t = await buildTestApp({
    env: { SMTP_URL: smtp.url, ...twilio.env, APP_URL: `http://127.0.0.1:${port}` },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const empresa = await createEmpresa(t, { properties: [{ nombre: 'Casa Azul' }, { nombre: 'Casa Verde' }] });
  accountId = empresa.accountId as string;
  ownerToken = await loginToken(t, empresa.email);
  [propertyId = '', otherPropertyId = ''] = empresa.propertyIds;
  await t.database.db
    .update(properties)
    .set({
      securityCode: 'Sol-2026',
      city: 'Vitoria-Gasteiz',
      address: 'Calle Mayor 1',
      zipCode: '01001',
      guests: 4,
    })
    .where(eq(properties.id, propertyId));
}, 60_000);

/** Twilio's status callbacks were answered and applied. */
async function settle() {
  await twilio.idle();
  await t.app.eventsIdle();
}

afterAll(async () => {
  if (twilio && t) await settle();
  await t?.close();
  await smtp?.close();
  await twilio?.close();
});

describe('guest check-in by link', () => {
  it('registers a guest end to end: sealed document, province, signed card, completion and notification', async () => {
    const c = await insertCheckin();
    const session = await verifiedSession(c);
    const [opened] = await t.database.db.select().from(checkins).where(eq(checkins.id, c.id));
    expect(opened?.openedAt).not.toBeNull();

    const res = await post('/api/guest/checkin/guests', validGuest(), session);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ is_lead: true, checkin: { registered_guests: 1, id: c.id } });

    const [row] = await guestsOf(c.id);
    expect(row?.documentNumberSealed).not.toContain('12345678Z');
    expect(JSON.stringify(row)).not.toContain('12345678Z');
    expect(row?.documentLast4).toBe('678Z');
    expect(row?.province).toBe('Araba/Álava');
    expect(row?.municipality).toBe('Vitoria-Gasteiz');
    // This property does not ask for the identity check: no verdict, nothing a phone says is kept.
    expect(row?.faceScore).toBeNull();
    const text = await pdfText(row?.registrationPdf as Uint8Array);
    expect(text).toContain('Martínez Ruiz');
    expect(text).toContain('12345678Z');
    expect(text).toContain('Casa Azul');

    const second = await post(
      '/api/guest/checkin/guests',
      validGuest({ first_name: 'Pablo', email: 'p@example.com' }),
      session,
    );
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.is_lead).toBe(false);

    const done = await post('/api/guest/checkin/finish', {}, session);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({
      propiedad_id: propertyId,
      checkin_id: c.id,
      services_path: `/services/${propertyId}/${c.id}/property`,
      // No smart lock on this property: no door code to wait for (smart-locks.int.test.ts has the rest).
      access_code: { waiting: 'not_configured' },
    });
    const [complete] = await t.database.db.select().from(checkins).where(eq(checkins.id, c.id));
    expect(complete?.status).toBe('complete');
    expect(complete?.completedAt).not.toBeNull();
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.relationId, c.id), eq(notifications.kind, 'checkin')));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.type).toBe(4);
  });

  it("tells the guest page the property's time zone: the flow's today is the property's date", async () => {
    const zone = (timeZone: string) =>
      t.database.db.update(properties).set({ timeZone }).where(eq(properties.id, propertyId));
    const [before] = await t.database.db.select().from(properties).where(eq(properties.id, propertyId));
    await zone('America/Bogota');
    try {
      const res = await post('/api/guest/checkin/start', { propiedad_id: propertyId, language: 'es' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.property.time_zone).toBe('America/Bogota');
    } finally {
      await zone(before?.timeZone ?? 'Europe/Madrid');
    }
  });

  it('refuses an unknown property or token (404), an expired link (410) and a disabled property (423)', async () => {
    const c = await insertCheckin();
    expect((await post('/api/guest/checkin/start', { propiedad_id: crypto.randomUUID() })).statusCode).toBe(
      404,
    );
    expect((await post('/api/guest/checkin/start', { propiedad_id: propertyId, t: 'nope' })).statusCode).toBe(
      404,
    );
    const expired = await insertCheckin({ linkExpiresAt: new Date('2026-11-19T00:00:00Z') });
    const gone = await post('/api/guest/checkin/start', { propiedad_id: propertyId, t: expired.token });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe('Este enlace de check-in ha caducado. Pide al alojamiento uno nuevo.');
    await t.database.db.update(properties).set({ active: false }).where(eq(properties.id, otherPropertyId));
    const off = await insertCheckin({}, otherPropertyId);
    const disabled = await post('/api/guest/checkin/start', { propiedad_id: otherPropertyId, t: off.token });
    expect(disabled.statusCode).toBe(423);
    expect(disabled.json().message).toBe('El propietario ha desactivado los check-ins de este alojamiento.');
    // The token of one property does not open another's.
    expect(
      (await post('/api/guest/checkin/start', { propiedad_id: otherPropertyId, t: c.token })).statusCode,
    ).toBe(404);
  });

  it('answers spec 8 texts for wrong codes and stops after 5 attempts', async () => {
    const c = await insertCheckin();
    const session = await startWith(c.token);
    const wrong = await post('/api/guest/checkin/code', { security_code: 'nope' }, session);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Código de seguridad incorrecto.');
    const unknown = await post('/api/guest/checkin/code', { checkin_code: 'ZZZ' }, session, 'en');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('The check-in code is not registered.');
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/guest/checkin/code', { checkin_code: 'ZZZ' }, session)).statusCode).toBe(422);
    }
    const blocked = await post('/api/guest/checkin/code', { checkin_code: c.code }, session);
    expect(blocked.statusCode).toBe(429);
    // The property's security code works for the stay's session too.
    const fresh = await startWith(c.token);
    expect((await post('/api/guest/checkin/code', { security_code: 'sol-2026' }, fresh)).statusCode).toBe(
      200,
    );
  });

  it('needs the code and the messaging verification before guests (403); wrong messaging code 422, limits 429', async () => {
    const c = await insertCheckin({ email: 'limits@example.com' });
    let session = await startWith(c.token);
    expect((await post('/api/guest/checkin/guests', validGuest(), session)).statusCode).toBe(403);
    expect((await post('/api/guest/checkin/guests', validGuest())).statusCode).toBe(401);
    session = (await post('/api/guest/checkin/code', { checkin_code: c.code }, session)).json().data.session;
    const notVerified = await post('/api/guest/checkin/guests', validGuest(), session);
    expect(notVerified.statusCode).toBe(403);
    expect(notVerified.json().message).toContain('verifica el código de mensajería');

    for (let i = 0; i < 3; i++) {
      const sent = await post('/api/guest/checkin/verification', { channel: 'email' }, session);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().data.destination).toBe('l•••@example.com');
    }
    expect((await post('/api/guest/checkin/verification', { channel: 'email' }, session)).statusCode).toBe(
      429,
    );
    // WhatsApp has no provider here; the stay has no phone for SMS.
    const whatsapp = await post('/api/guest/checkin/verification', { channel: 'whatsapp' }, session);
    expect(whatsapp.statusCode).toBe(422);
    expect(whatsapp.json().code).toBe('checkin.channel_unavailable');

    const wrong = await post('/api/guest/checkin/verification/confirm', { code: '000000' }, session);
    // One in a million: the real code could be 000000.
    if (wrong.statusCode === 422) expect(wrong.json().message).toBe('Código de mensajería incorrecto.');
    for (let i = 0; i < 4; i++)
      await post('/api/guest/checkin/verification/confirm', { code: '000001' }, session);
    expect(
      (await post('/api/guest/checkin/verification/confirm', { code: '000002' }, session)).statusCode,
    ).toBe(429);
    expect(await guestsOf(c.id)).toHaveLength(0);
  });

  it('applies every spec 5 rule through the endpoint and saves nothing on a refusal', async () => {
    const c = await insertCheckin();
    const session = await verifiedSession(c);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_name: '' }, 'first_name', 'Este campo es obligatorio'],
      [{ email: 'lucia@' }, 'email', ''],
      [{ document_number: '12345678A' }, 'document_number', ''],
      [{ postal_code: '01011' }, 'postal_code', 'El código postal no existe en el registro.'],
      [{ postal_code: '28999', city: 'Madrid' }, 'postal_code', 'El código postal no existe en el registro.'],
      [
        {
          document_type: 'passport',
          document_number: 'P1234567',
          nationality: 'PRK',
          support_number: 'X12345',
        },
        'document_number',
        'Documento no permitido',
      ],
      [{ minors: true, kinship: null }, 'kinship', ''],
      [{ minors: null }, 'minors', ''],
      [{ arrival: '2026-11-25', departure: '2026-11-23' }, 'departure', ''],
      [{ signature: '' }, 'signature', ''],
      // A signature that is not a whole PNG: cut short, another image type, or not base64 at all.
      [{ signature: TINY_PNG.slice(0, -24) }, 'signature', 'La firma no se ha podido leer.'],
      [{ signature: 'data:image/svg+xml;base64,PHN2Zy8+' }, 'signature', ''],
      [{ signature: 'data:image/png;base64,<script>' }, 'signature', 'La firma no se ha podido leer.'],
      [{ support_number: '12' }, 'support_number', ''],
      [{ support_number: '' }, 'support_number', ''],
    ];
    for (const [change, field, text] of cases) {
      const res = await post('/api/guest/checkin/guests', validGuest(change), session);
      expect(res.statusCode, `${JSON.stringify(change)} ${res.body}`).toBe(422);
      const errors = res.json().errors as Record<string, string[]>;
      expect(Object.keys(errors), JSON.stringify(change)).toContain(field);
      expect(errors[field]?.[0]).not.toMatch(/^checkin\./);
      if (text) expect(errors[field]?.[0]).toContain(text);
    }
    expect(await guestsOf(c.id)).toHaveLength(0);
  });

  it('never takes an image field, and a session only reaches its own check-in', async () => {
    const c = await insertCheckin();
    const other = await insertCheckin();
    const session = await verifiedSession(c);
    const withImage = await post(
      '/api/guest/checkin/guests',
      validGuest({ document_front: 'data:image/jpeg;base64,/9j/4AAQ' }),
      session,
    );
    expect(withImage.statusCode).toBe(400);
    const selfie = await post(
      '/api/guest/checkin/guests',
      validGuest({ face: { score: 0.9, match: true } }),
      session,
    );
    expect(selfie.statusCode).toBe(400);
    expect(await guestsOf(c.id)).toHaveLength(0);

    const own = await t.app.inject({
      method: 'GET',
      url: `/api/guest/checkin/${c.id}`,
      headers: { 'x-checkin-session': session },
    });
    expect(own.statusCode).toBe(200);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/guest/checkin/${other.id}`,
      headers: { 'x-checkin-session': session },
    });
    expect(foreign.statusCode).toBe(404);
    // A forged session (another check-in's id in the payload) is not accepted.
    const [payload = '', signature = ''] = session.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, checkinId: other.id })).toString('base64url')}.${signature}`;
    expect((await post('/api/guest/checkin/guests', validGuest(), forged)).statusCode).toBe(401);
    expect(await guestsOf(other.id)).toHaveLength(0);
  });
});

describe('messaging verification bound to the stay (issue 11)', () => {
  const codesOf = (checkinId: string) =>
    t.database.db
      .select()
      .from(checkinVerificationCodes)
      .where(eq(checkinVerificationCodes.checkinId, checkinId));

  it("sends the code only to the stay's own contact whatever the caller sends, and answers it masked", async () => {
    const c = await insertCheckin({ email: 'maria.owner@example.com', phone: '+34612345612' });
    const session = await codedSession(c);
    const coded = await post('/api/guest/checkin/code', { checkin_code: c.code }, session);
    expect(coded.json().data.verification).toEqual({
      guest_contact: false,
      channels: [
        { channel: 'sms', destination: '+34 6•• ••• •12' },
        { channel: 'email', destination: 'm•••@example.com' },
      ],
    });
    // Before the code step the session learns nothing about the contact.
    const started = await post('/api/guest/checkin/start', { propiedad_id: propertyId, t: c.token });
    expect(started.json().data.verification).toBeNull();

    const byEmail = await post(
      '/api/guest/checkin/verification',
      { channel: 'email', destination: 'attacker@evil.example' },
      session,
    );
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.json().data).toMatchObject({ channel: 'email', destination: 'm•••@example.com' });
    const mail = await smtp.waitFor((m) => m.to === 'maria.owner@example.com');
    expect(mail.text).toMatch(/\b\d{6}\b/);

    const smsBefore = smsSent().length;
    const bySms = await post(
      '/api/guest/checkin/verification',
      { channel: 'sms', destination: '+34 699 999 999' },
      session,
    );
    expect(bySms.statusCode, bySms.body).toBe(200);
    expect(bySms.json().data.destination).toBe('+34 6•• ••• •12');
    const sms = smsSent().slice(smsBefore);
    expect(sms.map((m) => m.to)).toEqual(['+34612345612']);
    expect(sms[0]?.body).toMatch(/\b\d{6}\b/);
    await settle();
    // Each code is a delivery record of the check-in, in the provider's state (Twilio called back: delivered).
    const records = await t.database.db
      .select({
        channel: messageDeliveries.channel,
        recipient: messageDeliveries.recipient,
        status: messageDeliveries.status,
      })
      .from(messageDeliveries)
      .where(and(eq(messageDeliveries.checkinId, c.id), eq(messageDeliveries.kind, 'verification_code')));
    expect(records).toEqual(
      expect.arrayContaining([
        { channel: 'email', recipient: 'maria.owner@example.com', status: 'accepted' },
        { channel: 'sms', recipient: '+34612345612', status: 'delivered' },
      ]),
    );
    expect(records).toHaveLength(2);

    expect(smtp.messages.some((m) => m.to === 'attacker@evil.example')).toBe(false);
    expect(smsSent().some((m) => m.to.replace(/\D/g, '') === '34699999999')).toBe(false);
    expect((await codesOf(c.id)).map((r) => r.destination).sort()).toEqual([
      '+34612345612',
      'maria.owner@example.com',
    ]);
    // The stay's contact is not changed by what the caller typed.
    const [row] = await t.database.db.select().from(checkins).where(eq(checkins.id, c.id));
    expect(row).toMatchObject({ email: 'maria.owner@example.com', phone: '+34612345612' });
  });

  it('a stay without a contact for the channel answers a translated 422 and sends nothing', async () => {
    const c = await insertCheckin({ phone: '' });
    const session = await codedSession(c);
    const smsBefore = smsSent().length;
    const es = await post(
      '/api/guest/checkin/verification',
      { channel: 'sms', destination: '+34600000000' },
      session,
    );
    expect(es.statusCode).toBe(422);
    expect(es.json().code).toBe('checkin.no_stay_phone');
    expect(es.json().message).toContain('La reserva no tiene un teléfono');
    expect(es.json().errors.channel[0]).toContain('La reserva no tiene un teléfono');
    const ar = await post('/api/guest/checkin/verification', { channel: 'sms' }, session, 'ar');
    expect(ar.json().message).toContain('لا يوجد في الحجز رقم هاتف');
    const en = await post('/api/guest/checkin/verification', { channel: 'sms' }, session, 'en');
    expect(en.json().message).toContain('The booking has no phone number');
    expect(smsSent().length).toBe(smsBefore);
    expect(await codesOf(c.id)).toHaveLength(0);

    const noEmail = await insertCheckin({ email: '', phone: '+34612345612' });
    const other = await codedSession(noEmail);
    const refused = await post(
      '/api/guest/checkin/verification',
      { channel: 'email', destination: 'me@example.com' },
      other,
      'en',
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('The booking has no e-mail address');
    expect(await codesOf(noEmail.id)).toHaveLength(0);
  });

  it('a walk-in verifying by SMS keeps its phone with the check-in', async () => {
    let session = await startWith(undefined);
    const coded = await post('/api/guest/checkin/code', { security_code: 'sol-2026' }, session);
    const checkinId = coded.json().data.checkin.id as string;
    session = coded.json().data.session;
    const smsBefore = smsSent().length;
    const sent = await post(
      '/api/guest/checkin/verification',
      { channel: 'sms', destination: '699 887 766' },
      session,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.destination).toBe('+34 6•• ••• •66');
    const [sms] = smsSent().slice(smsBefore);
    expect(sms?.to).toBe('+34699887766');
    const text = sms?.body ?? '';
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    const confirmed = await post('/api/guest/checkin/verification/confirm', { code }, session);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [row] = await t.database.db.select().from(checkins).where(eq(checkins.id, checkinId));
    expect(row).toMatchObject({ phone: '+34699887766', email: '' });
  });

  it('a code Twilio refuses (a landline) is answered as not sent, and its record keeps the reason', async () => {
    await twilio.control('landlines', { numbers: ['+34911222333'] });
    let session = await startWith(undefined);
    const coded = await post('/api/guest/checkin/code', { security_code: 'sol-2026' }, session);
    const checkinId = coded.json().data.checkin.id as string;
    session = coded.json().data.session;
    const refused = await post(
      '/api/guest/checkin/verification',
      { channel: 'sms', destination: '911 222 333' },
      session,
      'en',
    );
    expect(refused.statusCode).toBe(502);
    expect(refused.json().code).toBe('checkin.send_failed');
    expect(refused.json().message).toBe('The code could not be sent. Try again or choose another channel.');
    expect(smsSent().some((m) => m.to === '+34911222333')).toBe(false);
    const records = await t.database.db
      .select({
        channel: messageDeliveries.channel,
        status: messageDeliveries.status,
        error: messageDeliveries.errorCode,
      })
      .from(messageDeliveries)
      .where(eq(messageDeliveries.checkinId, checkinId));
    expect(records).toEqual([{ channel: 'sms', status: 'failed', error: '21614' }]);
    await twilio.control('landlines', { numbers: [] });
  });
});

describe('guests of a check-in (issue 11)', () => {
  it("holds at most the booking's guest count until the operator raises it; the refusal saves nothing", async () => {
    const booking = {
      start_date: '2026-12-10',
      end_date: '2026-12-13',
      name: 'Ana Reserva',
      email: 'ana.booking@example.com',
      phone: '+34 611 222 333',
      property_id: propertyId,
      number_of_guests: 1,
      price: 30_000,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: bookingPaths.create,
      headers: bearer(ownerToken),
      payload: booking,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id: bookingId, code: bookingCode } = created.json().data as { id: string; code: string };

    // The booking's code binds a QR session to its check-in; the code goes to the booking's e-mail.
    let session = await startWith(undefined);
    const coded = await post('/api/guest/checkin/code', { checkin_code: bookingCode }, session);
    expect(coded.statusCode, coded.body).toBe(200);
    expect(coded.json().data.verification.channels).toContainEqual({
      channel: 'email',
      destination: 'a•••@example.com',
    });
    const checkinId = coded.json().data.checkin.id as string;
    session = await verifyByEmail(coded.json().data.session, 'ana.booking@example.com');

    const stay = { arrival: '2026-12-10', departure: '2026-12-13' };
    expect((await post('/api/guest/checkin/guests', validGuest(stay), session)).statusCode).toBe(201);
    const extra = validGuest({ ...stay, first_name: 'Pablo', document_number: '00000000T' });
    const over = await post('/api/guest/checkin/guests', extra, session);
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe('checkin.guest_limit');
    expect(over.json().message).toBe(
      'Este check-in ya tiene el máximo de huéspedes (1). Pide al alojamiento que lo amplíe.',
    );
    const overEn = await post('/api/guest/checkin/guests', extra, session, 'en');
    expect(overEn.json().message).toContain('maximum number of guests (1)');
    expect(await guestsOf(checkinId)).toHaveLength(1);

    // The operator raises the booking's guest count (the existing booking update): one more fits.
    const raised = await t.app.inject({
      method: 'PUT',
      url: bookingPaths.update(bookingId),
      headers: bearer(ownerToken),
      payload: {
        ...booking,
        id: bookingId,
        number_of_guests: 2,
        original_start_date: booking.start_date,
        original_end_date: booking.end_date,
        original_property_id: propertyId,
      },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await post('/api/guest/checkin/guests', extra, session)).statusCode).toBe(201);
    expect(await guestsOf(checkinId)).toHaveLength(2);
    expect((await post('/api/guest/checkin/guests', extra, session)).statusCode).toBe(422);

    // Or on the check-in itself (PUT /api/checkins/{id}/expected-guests), never below those registered.
    const expectedGuests = (n: number, lang = 'es') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/checkins/${checkinId}/expected-guests`,
        headers: { ...bearer(ownerToken), 'accept-language': lang },
        payload: { expected_guests: n },
      });
    const below = await expectedGuests(1, 'en');
    expect(below.statusCode).toBe(422);
    expect(below.json().errors).toEqual({
      expected_guests: ['The number cannot be lower than the guests already registered.'],
    });
    expect((await expectedGuests(3)).statusCode).toBe(200);
    expect((await post('/api/guest/checkin/guests', extra, session)).statusCode).toBe(201);
    expect(await guestsOf(checkinId)).toHaveLength(3);
  });
});

describe('identity check on the server (issue 27)', () => {
  const dataUrl = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;

  it('registers a guest only with a verdict the server made: a match, or a mismatch sent to the manual check', async () => {
    await t.database.db
      .update(properties)
      .set({
        active: true,
        identityVerification: true,
        city: 'Sevilla',
        address: 'Calle Betis 1',
        zipCode: '41010',
      })
      .where(eq(properties.id, otherPropertyId));
    const c = await insertCheckin({}, otherPropertyId);
    const started = await startWith(c.token, otherPropertyId);
    const coded = await post('/api/guest/checkin/code', { checkin_code: c.code }, started);
    expect(coded.statusCode, coded.body).toBe(200);
    const session = await verifyByEmail(coded.json().data.session, c.email);
    const guest = dataUrl(await sampleFace(...faces.guest));
    const stranger = dataUrl(await sampleFace(...faces.stranger));

    // No verdict: refused, in the guest's words, nothing saved.
    const without = await post('/api/guest/checkin/guests', validGuest(), session);
    expect(without.statusCode).toBe(422);
    expect(without.json().errors.identity).toEqual([
      'Falta la verificación de identidad: compara tu selfie con el documento.',
    ]);

    const mismatch = await post(
      '/api/guest/checkin/identity',
      { document: guest, selfie: stranger },
      session,
    );
    expect(mismatch.statusCode, mismatch.body).toBe(200);
    expect(mismatch.json().data).toMatchObject({ match: false, reason: 'mismatch' });
    const failed = await post(
      '/api/guest/checkin/guests',
      validGuest({ identity_verdict_id: mismatch.json().data.id }),
      session,
    );
    expect(failed.statusCode).toBe(422);
    expect(failed.json().errors.identity[0]).toContain('no coincide');
    expect(await guestsOf(c.id)).toHaveLength(0);

    // The guest asks for the operator's manual check: registered, the mismatch and its score on record.
    const manual = await post(
      '/api/guest/checkin/guests',
      validGuest({ identity_verdict_id: mismatch.json().data.id, identity_manual: true }),
      session,
    );
    expect(manual.statusCode, manual.body).toBe(201);
    const match = await post('/api/guest/checkin/identity', { document: guest, selfie: guest }, session);
    expect(match.json().data).toMatchObject({ match: true, reason: 'match' });
    const second = await post(
      '/api/guest/checkin/guests',
      validGuest({
        first_name: 'Pablo',
        document_number: '00000000T',
        identity_verdict_id: match.json().data.id,
      }),
      session,
    );
    expect(second.statusCode, second.body).toBe(201);
    const rows = await guestsOf(c.id);
    expect(rows.map((r) => [r.firstName, r.faceMatch]).sort()).toEqual([
      ['Lucía', false],
      ['Pablo', true],
    ]);
    expect(rows.find((r) => r.firstName === 'Pablo')?.faceScore).toBeGreaterThan(0.9);
    // The operator reads the verdict and its score on the check-in.
    const detail = await t.app.inject({
      method: 'POST',
      url: '/api/information/data/checkin',
      headers: bearer(ownerToken),
      payload: { id: c.id },
    });
    expect(detail.body).toContain('"face_match":false');
    expect(detail.body).toContain('"face_match":true');
  });

  it('uses a verdict once and only on its own check-in; refuses what is no image; caps the attempts', async () => {
    const c = await insertCheckin({ expectedGuests: 3 }, otherPropertyId);
    const other = await insertCheckin({}, otherPropertyId);
    const sessionOf = async (x: typeof c) => {
      const started = await startWith(x.token, otherPropertyId);
      const coded = await post('/api/guest/checkin/code', { checkin_code: x.code }, started);
      return verifyByEmail(coded.json().data.session, x.email);
    };
    const session = await sessionOf(c);
    const otherSession = await sessionOf(other);
    const guest = dataUrl(await sampleFace(...faces.guest));
    const foreign = await post(
      '/api/guest/checkin/identity',
      { document: guest, selfie: guest },
      otherSession,
    );
    const foreignUse = await post(
      '/api/guest/checkin/guests',
      validGuest({ identity_verdict_id: foreign.json().data.id }),
      session,
    );
    expect(foreignUse.statusCode).toBe(422);
    const own = await post('/api/guest/checkin/identity', { document: guest, selfie: guest }, session);
    const body = validGuest({ identity_verdict_id: own.json().data.id });
    expect((await post('/api/guest/checkin/guests', body, session)).statusCode).toBe(201);
    const again = await post('/api/guest/checkin/guests', { ...body, first_name: 'Otra' }, session);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.identity).toBeDefined();

    expect(
      (
        await post(
          '/api/guest/checkin/identity',
          { document: 'data:text/html;base64,PGI+', selfie: guest },
          session,
        )
      ).statusCode,
    ).toBe(400);
    const notImage = await post(
      '/api/guest/checkin/identity',
      {
        document: `data:image/jpeg;base64,${Buffer.from('no image here').toString('base64')}`,
        selfie: guest,
      },
      session,
    );
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().code).toBe('checkin.identity_unreadable');
    expect((await post('/api/guest/checkin/identity', { document: guest, selfie: guest })).statusCode).toBe(
      401,
    );

    // At most 8 comparisons an hour per check-in (1 made so far on it), then 429 until the hour passes.
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      answers.push(
        (await post('/api/guest/checkin/identity', { document: guest, selfie: guest }, session)).statusCode,
      );
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 200, 200, 429]);
    t.clock.advance(61 * 60_000);
  }, 60_000);
});

describe('guest check-in by QR code', () => {
  it('the security code creates a walk-in whose dates come from the first guest', async () => {
    let session = await startWith(undefined);
    const coded = await post('/api/guest/checkin/code', { security_code: 'SOL-2026' }, session);
    expect(coded.statusCode, coded.body).toBe(200);
    const checkinId = coded.json().data.checkin.id as string;
    session = coded.json().data.session;
    // No booking contact: the guest gives one, verifies it, and the check-in keeps it.
    expect(coded.json().data.verification).toEqual({
      guest_contact: true,
      channels: [
        { channel: 'sms', destination: null },
        { channel: 'email', destination: null },
      ],
    });
    const missing = await post('/api/guest/checkin/verification', { channel: 'email' }, session, 'en');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('Enter a valid phone number or e-mail address.');
    const email = 'walkin@example.com';
    const sent = await post(
      '/api/guest/checkin/verification',
      { channel: 'email', destination: email },
      session,
    );
    expect(sent.json().data.destination).toBe('w•••@example.com');
    const code = /\b(\d{6})\b/.exec((await smtp.waitFor((m) => m.to === email)).text)?.[1];
    const [before] = await t.database.db.select().from(checkins).where(eq(checkins.id, checkinId));
    expect(before?.email).toBe('');
    session = (await post('/api/guest/checkin/verification/confirm', { code }, session)).json().data.session;
    const [kept] = await t.database.db.select().from(checkins).where(eq(checkins.id, checkinId));
    expect(kept?.email).toBe(email);
    const res = await post(
      '/api/guest/checkin/guests',
      validGuest({ arrival: '2026-11-21', departure: '2026-11-24' }),
      session,
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(checkins).where(eq(checkins.id, checkinId));
    expect(row).toMatchObject({
      startDate: '2026-11-21',
      endDate: '2026-11-24',
      origin: 'send',
      name: 'Lucía Martínez Ruiz',
    });
  });

  it('a registered check-in code binds the session to its check-in (case-insensitive)', async () => {
    const c = await insertCheckin();
    const session = await startWith(undefined);
    const res = await post('/api/guest/checkin/code', { checkin_code: c.code.toLowerCase() }, session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.checkin.id).toBe(c.id);
  });
});

describe('GET /api/guest/postal-codes/{code}', () => {
  it('answers existing Spanish codes with province and municipalities, 404 otherwise', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/guest/postal-codes/02110' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({
      code: '02110',
      province_code: '02',
      province: 'Albacete',
      municipalities: ['La Gineta', 'Tarazona de la Mancha'],
    });
    const madrid = await t.app.inject({ method: 'GET', url: '/api/guest/postal-codes/28013' });
    expect(madrid.statusCode).toBe(200);
    expect(madrid.json().data).toMatchObject({ province: 'Madrid', municipalities: ['Madrid'] });
    // The records cover every province: a code absent from them is refused wherever it is.
    for (const code of ['01011', '28999', '52999', '99999']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/guest/postal-codes/${code}` });
      expect(res.statusCode, code).toBe(404);
    }
  });
});
