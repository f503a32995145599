// issue 13: what the guest pages show of a stay — the lead guest's known data after the code step, the
// stay's address, a finished check-in's services page only for its own ids, the property's photo.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../adapters/smtp/smtp.fake.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { properties } from '../../db/schema/properties.ts';
import { propertyImages } from '../../db/schema/rooms.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { createEmpresa } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { newCheckinLink } from '../checkins/checkin-links.ts';
import { validGuest } from './test-support.ts';

let t: TestApp;
let smtp: SmtpCapture;
let accountId: string;
let propertyId: string;
let otherPropertyId: string;
let ip = 0;

async function insertCheckin(over: Partial<typeof checkins.$inferInsert> = {}, property = propertyId) {
  const id = crypto.randomUUID();
  const link = newCheckinLink(createSecretBox(t.config.APP_SECRET), id);
  await t.database.db.insert(checkins).values({
    id,
    accountId,
    propertyId: property,
    name: 'Lucía Martínez Ruiz',
    email: `stay-${id.slice(0, 8)}@example.com`,
    phone: '+34 612 345 678',
    startDate: '2026-11-20',
    endDate: '2026-11-23',
    expectedGuests: 1,
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
    email: `stay-${id.slice(0, 8)}@example.com`,
  };
}

const post = (url: string, payload: unknown, session?: string) => {
  ip += 1;
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: `10.8.0.${ip % 250}`,
    headers: { 'accept-language': 'es', ...(session ? { 'x-checkin-session': session } : {}) },
  });
};
const get = (url: string, lang = 'es') =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  const empresa = await createEmpresa(t, { properties: [{ nombre: 'Casa Azul' }, { nombre: 'Casa Verde' }] });
  accountId = empresa.accountId as string;
  [propertyId = '', otherPropertyId = ''] = empresa.propertyIds;
  await t.database.db
    .update(properties)
    .set({ city: 'Vitoria-Gasteiz', address: 'Calle Mayor 1', zipCode: '01001' })
    .where(eq(properties.id, propertyId));
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the lead guest prefill (issue 13)', () => {
  it('comes only after the code step, editable data the operator entered, and not to a second guest', async () => {
    const c = await insertCheckin();
    const started = await post('/api/guest/checkin/start', { propiedad_id: propertyId, t: c.token });
    expect(started.statusCode, started.body).toBe(200);
    // A link alone reveals nothing of the guest.
    expect(started.json().data.prefill).toBeNull();
    expect(started.body).not.toContain('612 345');
    // The stay's address comes with the stay (the property QR's public view does not carry it).
    expect(started.json().data.checkin.property_address).toBe('Calle Mayor 1, 01001, Vitoria-Gasteiz');
    // An address that already names its postal code and city is not repeated.
    await t.database.db
      .update(properties)
      .set({ address: 'Calle Mayor 1, 01001 Vitoria-Gasteiz' })
      .where(eq(properties.id, propertyId));
    const restarted = await post('/api/guest/checkin/start', { propiedad_id: propertyId, t: c.token });
    expect(restarted.json().data.checkin.property_address).toBe('Calle Mayor 1, 01001 Vitoria-Gasteiz');
    await t.database.db
      .update(properties)
      .set({ address: 'Calle Mayor 1' })
      .where(eq(properties.id, propertyId));

    const coded = await post(
      '/api/guest/checkin/code',
      { checkin_code: c.code },
      started.json().data.session,
    );
    expect(coded.statusCode, coded.body).toBe(200);
    expect(coded.json().data.prefill).toEqual({
      first_name: 'Lucía',
      last_name: 'Martínez Ruiz',
      email: c.email,
      phone: '+34 612 345 678',
    });

    // Once the lead registered, a companion gets no one's data.
    const sent = await post(
      '/api/guest/checkin/verification',
      { channel: 'email' },
      coded.json().data.session,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === c.email);
    const confirmed = await post(
      '/api/guest/checkin/verification/confirm',
      { code: /\b(\d{6})\b/.exec(mail.text)?.[1] },
      coded.json().data.session,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await t.database.db.update(checkins).set({ expectedGuests: 2 }).where(eq(checkins.id, c.id));
    const session = confirmed.json().data.session as string;
    const guest = await post(
      '/api/guest/checkin/guests',
      // No face check on a manual registration.
      validGuest({ email: c.email, process: 'manual' }),
      session,
    );
    expect(guest.statusCode, guest.body).toBe(201);
    const again = await post('/api/guest/checkin/start', { propiedad_id: propertyId, t: c.token });
    const recoded = await post(
      '/api/guest/checkin/code',
      { checkin_code: c.code },
      again.json().data.session,
    );
    expect(recoded.json().data.prefill).toBeNull();
  });

  it('fills the contact from the booking when the check-in has none', async () => {
    const bookingId = crypto.randomUUID();
    await t.database.db.insert(bookings).values({
      id: bookingId,
      accountId,
      propertyId,
      code: `PS-${bookingId.slice(0, 6)}`,
      name: 'Omar Haddad',
      email: 'omar@example.com',
      phone: '+34 699 000 111',
      startDate: '2026-11-20',
      endDate: '2026-11-23',
      guests: 1,
      price: 10000,
      total: 10000,
    });
    const c = await insertCheckin({
      bookingId,
      name: 'Omar Haddad',
      email: '',
      phone: '',
      origin: 'booking',
    });
    const started = await post('/api/guest/checkin/start', { propiedad_id: propertyId, t: c.token });
    const coded = await post(
      '/api/guest/checkin/code',
      { checkin_code: c.code },
      started.json().data.session,
    );
    expect(coded.json().data.prefill).toEqual({
      first_name: 'Omar',
      last_name: 'Haddad',
      email: 'omar@example.com',
      phone: '+34 699 000 111',
    });
  });
});

describe('GET /api/guest/services/{propiedad_id}/{checkin_id} (issue 13)', () => {
  it('answers a completed check-in of that property, and 404 for a made-up, pending or other-property id', async () => {
    const done = await insertCheckin({ status: 'complete', completedAt: new Date('2026-11-20T15:00:00Z') });
    const ok = await get(`/api/guest/services/${propertyId}/${done.id}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      checkin_id: done.id,
      propiedad_id: propertyId,
      start_date: '2026-11-20',
      end_date: '2026-11-23',
      registered_guests: 0,
    });

    const pending = await insertCheckin();
    const elsewhere = await insertCheckin({ status: 'complete' }, otherPropertyId);
    const messages = new Set<string>();
    for (const [path, lang] of [
      [`/api/guest/services/${propertyId}/x`, 'es'],
      [`/api/guest/services/${propertyId}/${crypto.randomUUID()}`, 'en'],
      [`/api/guest/services/${propertyId}/${pending.id}`, 'ar'],
      [`/api/guest/services/${propertyId}/${elsewhere.id}`, 'es'],
      [`/api/guest/services/${otherPropertyId}/${done.id}`, 'es'],
    ] as const) {
      const res = await get(path, lang);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ ok: false });
      expect(res.body).not.toContain('2026-11-20');
      messages.add(res.json().message);
    }
    // Translated by Accept-Language: three languages, three texts.
    expect(messages.size).toBe(3);
  });
});

describe('POST /api/propiedad photo (issue 13)', () => {
  it("answers the property's main image for the guest pages, null without images", async () => {
    const none = await post('/api/propiedad', { propiedad_id: otherPropertyId });
    expect(none.json().data.photo).toBeNull();
    await t.database.db.insert(propertyImages).values([
      {
        accountId,
        propertyId,
        fileName: 'a.jpg',
        thumbName: 'a-t.jpg',
        position: 0,
        bytes: 10,
        mime: 'image/jpeg',
      },
      {
        accountId,
        propertyId,
        fileName: 'b.jpg',
        thumbName: 'b-t.jpg',
        position: 1,
        bytes: 10,
        mime: 'image/jpeg',
        isMain: true,
      },
    ]);
    const res = await post('/api/propiedad', { propiedad_id: propertyId });
    expect(res.json().data.photo).toEqual({ url: '/api/files/b.jpg', thumb_url: '/api/files/b-t.jpg' });
    // The public view still keeps the address to the stay's holders.
    expect(res.body).not.toContain('Calle Mayor');
  });
});
