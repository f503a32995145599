import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/bookings.ts';
import { checkinGuests, checkins } from '../../db/schema/checkins.ts';
import { properties } from '../../db/schema/properties.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { createEmpresa } from '../../test/auth-helpers.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { newCheckinLink } from '../checkins/checkin-links.ts';
import { pdfText, TINY_PNG } from './test-support.ts';

let t: TestApp;
let smtp: SmtpCapture;
let accountId: string;
let propertyId: string;
let otherPropertyId: string;
let ip = 0;

const validGuest = (over: Record<string, unknown> = {}) => ({
  first_name: 'Lucía',
  last_name: 'Martínez Ruiz',
  gender: 'female',
  birth_date: '1990-02-03',
  phone: '+34 612 345 678',
  email: 'lucia@example.com',
  document_type: 'dni',
  document_number: '12345678Z',
  issue_date: '2020-01-01',
  expiry_date: '2030-01-01',
  support_number: 'ABC123456',
  nationality: 'ESP',
  country: 'ES',
  address: 'Calle Dato 10',
  city: 'Vitoria-Gasteiz',
  postal_code: '01001',
  residence_country: 'ES',
  minors: false,
  kinship: null,
  signature: TINY_PNG,
  arrival: '2026-11-20',
  departure: '2026-11-23',
  process: 'scanned',
  face: { score: 0.91, match: true },
  ...over,
});

async function insertCheckin(over: Partial<typeof checkins.$inferInsert> = {}, property = propertyId) {
  const id = crypto.randomUUID();
  const link = newCheckinLink(createSecretBox(t.config.APP_SECRET), id);
  await t.database.db.insert(checkins).values({
    id,
    accountId,
    propertyId: property,
    name: 'Lucía Martínez',
    email: 'lucia@example.com',
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
  return { id, token: link.token, code: `CODE-${id.slice(0, 6)}` };
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

/** Start, code and e-mail verification: the session that may register guests. */
async function verifiedSession(c: { token: string; code: string }) {
  let session = await startWith(c.token);
  const coded = await post('/api/guest/checkin/code', { checkin_code: c.code.toLowerCase() }, session);
  expect(coded.statusCode, coded.body).toBe(200);
  session = coded.json().data.session;
  const email = `guest-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const sent = await post(
    '/api/guest/checkin/verification',
    { channel: 'email', destination: email },
    session,
  );
  expect(sent.statusCode, sent.body).toBe(200);
  const mail = await smtp.waitFor((m) => m.to === email);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  const confirmed = await post('/api/guest/checkin/verification/confirm', { code }, session);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json().data.session as string;
}

const guestsOf = (checkinId: string) =>
  t.database.db.select().from(checkinGuests).where(eq(checkinGuests.checkinId, checkinId));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  const empresa = await createEmpresa(t, { properties: [{ nombre: 'Casa Azul' }, { nombre: 'Casa Verde' }] });
  accountId = empresa.accountId as string;
  [propertyId = '', otherPropertyId = ''] = empresa.propertyIds;
  await t.database.db
    .update(properties)
    .set({ securityCode: 'Sol-2026', city: 'Vitoria-Gasteiz', address: 'Calle Mayor 1', zipCode: '01001' })
    .where(eq(properties.id, propertyId));
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
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
    expect(row?.faceScore).toBeCloseTo(0.91);
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
    const c = await insertCheckin();
    let session = await startWith(c.token);
    expect((await post('/api/guest/checkin/guests', validGuest(), session)).statusCode).toBe(403);
    expect((await post('/api/guest/checkin/guests', validGuest())).statusCode).toBe(401);
    session = (await post('/api/guest/checkin/code', { checkin_code: c.code }, session)).json().data.session;
    const notVerified = await post('/api/guest/checkin/guests', validGuest(), session);
    expect(notVerified.statusCode).toBe(403);
    expect(notVerified.json().message).toContain('verifica el código de mensajería');

    const email = 'limits@example.com';
    for (let i = 0; i < 3; i++) {
      const sent = await post(
        '/api/guest/checkin/verification',
        { channel: 'email', destination: email },
        session,
      );
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().data.destination).toBe('l•••@example.com');
    }
    expect(
      (await post('/api/guest/checkin/verification', { channel: 'email', destination: email }, session))
        .statusCode,
    ).toBe(429);
    expect(
      (
        await post(
          '/api/guest/checkin/verification',
          { channel: 'sms', destination: '+34600000000' },
          session,
        )
      ).statusCode,
    ).toBe(422);

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
      validGuest({ face: { score: 0.9, match: true, selfie: 'x' } }),
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

describe('guest check-in by QR code', () => {
  it('the security code creates a walk-in whose dates come from the first guest', async () => {
    let session = await startWith(undefined);
    const coded = await post('/api/guest/checkin/code', { security_code: 'SOL-2026' }, session);
    expect(coded.statusCode, coded.body).toBe(200);
    const checkinId = coded.json().data.checkin.id as string;
    session = coded.json().data.session;
    const email = 'walkin@example.com';
    await post('/api/guest/checkin/verification', { channel: 'email', destination: email }, session);
    const code = /\b(\d{6})\b/.exec((await smtp.waitFor((m) => m.to === email)).text)?.[1];
    session = (await post('/api/guest/checkin/verification/confirm', { code }, session)).json().data.session;
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
