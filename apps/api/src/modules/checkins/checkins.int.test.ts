import { bookingPaths } from '@posada/contracts/bookings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../adapters/smtp/smtp.fake.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { checkinGuests, checkins } from '../../db/schema/checkins.ts';
import { properties } from '../../db/schema/properties.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { guest as validGuest } from '../authorities/test-support.ts';
import { newCheckinLink } from './checkin-links.ts';
import { checkinSendJob, checkinsPurgeJob, remindersRingJob } from './checkins.jobs.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The operator check-in API through app.inject (PGlite; PostgreSQL with TEST_DB=postgres). The clock
 * starts at 2026-11-20 10:00 UTC (11:00 in Madrid); the jobs are queued once and drained, as the
 * recurring chain would run them. E-mail goes over SMTP to a local capture server (the delivery pipeline
 * sends guests' e-mails straight over SMTP): what the guest receives is read there. No WhatsApp or SMS
 * provider is configured.
 */
describe('check-ins operator API', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let token: string;
  let otherToken: string;
  let casa: string;
  let nyc: string;
  let foreignProperty: string;
  let ownerEmail = '';
  const start = new Date('2026-11-20T10:00:00Z');

  const call = (method: Method, url: string, payload?: object, as = token, lang = 'es') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(as), 'accept-language': lang } });
  const runJob = async (name: string) => {
    await t.jobs.send(name, {});
    await t.jobs.drain(name);
  };
  const book = async (overrides: Record<string, unknown> = {}, as = token) => {
    const res = await call(
      'POST',
      bookingPaths.create,
      {
        start_date: '2026-12-01',
        end_date: '2026-12-04',
        name: 'Lucía Pérez',
        email: 'lucia@example.com',
        phone: '+34 600 123 456',
        property_id: casa,
        number_of_guests: 2,
        price: 30_000,
        ...overrides,
      },
      as,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };
  const programmed = async (bookingId: string) => {
    const res = await call('GET', `/api/retrieve-programmed-checkin?booking_id=${bookingId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const sentAt = async (bookingId: string) =>
    (
      await t.database.db.select().from(checkins).where(eq(checkins.bookingId, bookingId))
    )[0]?.sentAt?.toISOString() ?? null;
  /** What the SMTP server received for a guest (the pipeline's send resolves once the server took it). */
  const mailsTo = async (to: string) => smtp.messages.filter((m) => m.to === to);
  /** The stay's delivery records, newest first, as the operator reads them. */
  const messagesOf = async (bookingId: string) => {
    const res = await call('GET', `/api/bookings/${bookingId}/messages`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { kind: string; channel: string; status: string; error_code: string | null }[];
  };
  const manual = (body: Record<string, unknown> = {}, as = token) =>
    call(
      'POST',
      '/api/checkins/manual',
      {
        property_id: casa,
        start_date: '2026-11-20',
        end_date: '2026-11-22',
        guest: validGuest(),
        accepted_terms: true,
        ...body,
      },
      as,
    );

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp({ now: start, env: { SMTP_URL: smtp.url } });
    const owner = await createEmpresa(t, {
      properties: [
        { nombre: 'Casa Azul', tipoPropiedad: 'apartamento' },
        { nombre: 'Loft Manhattan', tipoPropiedad: 'apartamento' },
      ],
    });
    const other = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Ajena', tipoPropiedad: 'apartamento' }],
    });
    token = await loginToken(t, owner.email);
    ownerEmail = owner.email;
    otherToken = await loginToken(t, other.email);
    [casa = '', nyc = ''] = owner.propertyIds;
    [foreignProperty = ''] = other.propertyIds;
    for (const id of [casa, nyc, foreignProperty]) {
      await t.database.db
        .update(properties)
        .set({ guests: 6, priceNight: 10_000 })
        .where(eq(properties.id, id));
    }
    await t.database.db
      .update(properties)
      .set({ timeZone: 'America/New_York', checkinSchedule: 'same_day', confirmWhatsapp: true })
      .where(eq(properties.id, nyc));
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  describe('programmed check-ins', () => {
    it('reads a past stay without a finished check-in as expired, with nothing to send (issue 27)', async () => {
      const bookingId = await book({
        start_date: '2026-11-21',
        end_date: '2026-11-23',
        email: 'pasada@example.com',
      });
      expect((await programmed(bookingId)).status).not.toBe('expired');
      // A week later the stay is over, its link with it.
      t.clock.set(new Date('2026-11-30T10:00:00Z'));
      try {
        const later = await loginToken(t, ownerEmail);
        const res = await call(
          'GET',
          `/api/retrieve-programmed-checkin?booking_id=${bookingId}`,
          undefined,
          later,
        );
        expect(res.json().data).toMatchObject({ status: 'expired', sent_at: null });
      } finally {
        t.clock.set(start);
      }
    });

    it('plans the link at 10 PM Madrid the night before and sends it by e-mail at that instant, not before', async () => {
      t.clock.set(start);
      const bookingId = await book({ email: 'madrid-guest@example.com' });
      const plan = await programmed(bookingId);
      expect(plan).toMatchObject({
        schedule: '24h',
        scheduled_for: '2026-11-30T21:00:00.000Z',
        channel: 'email',
        sent_at: null,
        status: 'pending',
      });

      t.clock.set(new Date('2026-11-30T20:59:00Z'));
      await runJob(checkinSendJob);
      expect(await mailsTo('madrid-guest@example.com')).toHaveLength(0);
      expect(await sentAt(bookingId)).toBeNull();

      t.clock.set(new Date('2026-11-30T21:00:00Z'));
      await runJob(checkinSendJob);
      const mails = await mailsTo('madrid-guest@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toContain('Casa Azul');
      expect(mails[0]?.text).toMatch(
        new RegExp(`http://localhost:5173/checkin/customers/previe/${casa}/\\?t=[A-Za-z0-9_-]{43}`),
      );
      expect(await sentAt(bookingId)).toBe('2026-11-30T21:00:00.000Z');

      // Runs again: not sent twice.
      t.clock.set(new Date('2026-11-30T21:05:00Z'));
      await runJob(checkinSendJob);
      expect(await mailsTo('madrid-guest@example.com')).toHaveLength(1);
      t.clock.set(start);
      // One record: the SMTP server took it (accepted), nothing claims more.
      expect(await messagesOf(bookingId)).toMatchObject([
        { kind: 'checkin_link', channel: 'email', status: 'accepted', error_code: null },
      ]);
    });

    it('sends a same-day link at 6 AM New York time on the confirmation channel (WhatsApp → e-mail without adapter)', async () => {
      t.clock.set(start);
      // The property confirms by WhatsApp; for check-in links it chose WhatsApp, then e-mail.
      const chosen = await call('PUT', `/api/properties/${nyc}/delivery-preferences`, {
        preferences: [{ kind: 'checkin_link', channels: ['whatsapp', 'email'] }],
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
      const bookingId = await book({
        property_id: nyc,
        email: 'nyc-guest@example.com',
        start_date: '2026-12-05',
        end_date: '2026-12-07',
      });
      const plan = await programmed(bookingId);
      expect(plan.scheduled_for).toBe('2026-12-05T11:00:00.000Z');
      expect(plan.channel).toBe('whatsapp');
      t.clock.set(new Date('2026-12-05T10:59:59Z'));
      await runJob(checkinSendJob);
      expect(await mailsTo('nyc-guest@example.com')).toHaveLength(0);
      t.clock.set(new Date('2026-12-05T11:00:00Z'));
      await runJob(checkinSendJob);
      expect(await mailsTo('nyc-guest@example.com')).toHaveLength(1);
      expect(await sentAt(bookingId)).toBe('2026-12-05T11:00:00.000Z');
      t.clock.set(start);
      // WhatsApp was the first choice but no provider is configured: the record says so, then e-mail took it.
      expect((await messagesOf(bookingId)).map((r) => [r.kind, r.channel, r.status, r.error_code])).toEqual([
        ['checkin_link', 'email', 'accepted', null],
        ['checkin_link', 'whatsapp', 'skipped', 'whatsapp_not_configured'],
      ]);
    });

    it('re-plans when the dates change, and never sends for a paused or cancelled booking', async () => {
      t.clock.set(start);
      const bookingId = await book({
        email: 'paused-guest@example.com',
        start_date: '2026-12-10',
        end_date: '2026-12-12',
      });
      expect((await programmed(bookingId)).scheduled_for).toBe('2026-12-09T21:00:00.000Z');

      const moved = await call('PUT', bookingPaths.update(bookingId), {
        id: bookingId,
        original_start_date: '2026-12-10',
        original_end_date: '2026-12-12',
        original_property_id: casa,
        start_date: '2026-12-15',
        end_date: '2026-12-17',
        name: 'Lucía Pérez',
        email: 'paused-guest@example.com',
        phone: '+34 600 123 456',
        property_id: casa,
        number_of_guests: 2,
        price: 30_000,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await programmed(bookingId)).scheduled_for).toBe('2026-12-14T21:00:00.000Z');

      const paused = await call('PUT', bookingPaths.paused(bookingId), { paused: true });
      expect(paused.statusCode, paused.body).toBe(200);
      expect((await programmed(bookingId)).status).toBe('disabled');
      // Even with a plan written behind the API's back, the job reads the booking when it runs.
      await t.database.db
        .update(checkins)
        .set({ scheduledFor: new Date('2026-12-14T21:00:00Z') })
        .where(eq(checkins.bookingId, bookingId));
      t.clock.set(new Date('2026-12-15T08:00:00Z'));
      await runJob(checkinSendJob);
      expect(await mailsTo('paused-guest@example.com')).toHaveLength(0);

      t.clock.set(start);
      await call('PUT', bookingPaths.paused(bookingId), { paused: false });
      expect((await programmed(bookingId)).scheduled_for).toBe('2026-12-14T21:00:00.000Z');

      const cancelled = await call('POST', bookingPaths.cancel, { booking_id: bookingId });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await programmed(bookingId)).status).toBe('disabled');
      await t.database.db
        .update(checkins)
        .set({ scheduledFor: new Date('2026-12-14T21:00:00Z') })
        .where(eq(checkins.bookingId, bookingId));
      t.clock.set(new Date('2026-12-15T08:00:00Z'));
      await runJob(checkinSendJob);
      expect(await mailsTo('paused-guest@example.com')).toHaveLength(0);
      t.clock.set(start);
    });
  });

  describe('manual check-in', () => {
    it('creates a complete check-in with the document sealed, the card as a PDF, and shows it in the lists', async () => {
      const res = await manual();
      expect(res.statusCode, res.body).toBe(201);
      const detail = res.json().data;
      expect(detail.status).toBe('complete');
      expect(detail.origin).toBe('manual');
      expect(detail.guests).toHaveLength(1);
      expect(detail.guests[0].document_number).toBe('12345678Z');
      expect(detail.guests[0].process).toBe('operator_manual');
      expect(detail.nombre).toBe('Marta');
      expect(detail.cliente).toMatchObject({ pais_code: 'ES', date_of_birth: '1985-04-12', sex: 'F' });
      expect(detail.type_documento).toBe('ID');

      const [stored] = await t.database.db
        .select()
        .from(checkinGuests)
        .where(eq(checkinGuests.checkinId, detail.id));
      expect(stored?.documentNumberSealed).not.toContain('12345678');
      expect(stored?.documentLast4).toBe('678Z');

      const pdf = await call('GET', detail.guests[0].pdf_url);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      const list = (await call('GET', '/api/checkins?tab=complete')).json().data;
      const item = list.items.find((i: { id: string }) => i.id === detail.id);
      expect(item.nu_documento).toBe('****678Z');
      const history = (await call('GET', '/api/checkins/history?country=ES')).json().data;
      expect(history.items.some((g: { checkin_id: string }) => g.checkin_id === detail.id)).toBe(true);
      const none = (await call('GET', '/api/checkins/history?country=FR')).json().data;
      expect(none.total).toBe(0);
    });

    const required = [
      'first_name',
      'last_name',
      'gender',
      'birth_date',
      'phone',
      'email',
      'country',
      'document_type',
      'document_number',
      'issue_date',
      'address',
      'postal_code',
      'payment_method',
      'payment_date',
    ];
    it.each(required)(
      'refuses a manual check-in without %s (422, field error, nothing saved)',
      async (field) => {
        const before = (await t.database.db.select().from(checkins)).length;
        const res = await manual({ guest: validGuest({ [field]: '' }) });
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().errors[`guest.${field}`]).toEqual(['Este campo es obligatorio.']);
        expect((await t.database.db.select().from(checkins)).length).toBe(before);
      },
    );

    it('refuses a Spanish postal code that does not exist in the records, and keeps the province of one that does', async () => {
      const before = (await t.database.db.select().from(checkins)).length;
      const res = await manual({ guest: validGuest({ postal_code: '01011' }) });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors['guest.postal_code']).toEqual(['El código postal no existe en el registro.']);
      expect((await t.database.db.select().from(checkins)).length).toBe(before);
      // A foreign address is not checked against the Spanish records.
      const abroad = await manual({ guest: validGuest({ postal_code: '01011', residence_country: 'FR' }) });
      expect(abroad.statusCode, abroad.body).toBe(201);
      const albacete = await manual({ guest: validGuest({ postal_code: '02001', city: 'Albacete' }) });
      expect(albacete.statusCode, albacete.body).toBe(201);
      const guestId = albacete.json().data.guests[0].id as string;
      const [row] = await t.database.db.select().from(checkinGuests).where(eq(checkinGuests.id, guestId));
      expect(row).toMatchObject({ province: 'Albacete', municipality: 'Albacete' });
    });

    it('requires the accommodation, the stay dates and the accepted terms, translated', async () => {
      const res = await manual(
        { property_id: '', start_date: '', end_date: '', accepted_terms: false },
        token,
      );
      expect(res.statusCode).toBe(422);
      const errors = res.json().errors;
      expect(errors.property_id).toEqual(['Este campo es obligatorio.']);
      expect(errors.start_date).toEqual(['Este campo es obligatorio.']);
      expect(errors.end_date).toEqual(['Este campo es obligatorio.']);
      expect(errors.accepted_terms).toEqual(['Debes aceptar los términos y condiciones.']);
      const en = await call(
        'POST',
        '/api/checkins/manual',
        {
          property_id: casa,
          start_date: '2026-11-20',
          end_date: '2026-11-22',
          guest: validGuest({ document_number: '12345678A' }),
          accepted_terms: true,
        },
        token,
        'en',
      );
      expect(en.json().errors['guest.document_number']).toEqual(['The DNI or NIE is not valid.']);
    });
  });

  describe('send check-in', () => {
    it('requires accommodation, name and the contact the channel needs, and checks any contact given', async () => {
      const missing = async (channel: string) => {
        const res = await call('POST', '/api/checkins/send', {
          channel,
          start_date: '2026-12-01',
          end_date: '2026-12-03',
        });
        expect(res.statusCode).toBe(422);
        return Object.keys(res.json().errors).sort();
      };
      expect(await missing('email')).toEqual(['email', 'name', 'property_id']);
      expect(await missing('whatsapp')).toEqual(['name', 'phone', 'property_id']);
      expect(await missing('sms')).toEqual(['name', 'phone', 'property_id']);
      expect(await missing('qr')).toEqual(['name', 'property_id']);
      const emailOnly = await call('POST', '/api/checkins/send', {
        property_id: casa,
        name: 'Solo Correo',
        email: 'solo.correo@example.com',
        channel: 'email',
        start_date: '2026-12-01',
        end_date: '2026-12-03',
      });
      expect(emailOnly.statusCode, emailOnly.body).toBe(201);
      expect(emailOnly.json().data.sent).toBe(true);
      expect(emailOnly.json().data.delivery).toMatchObject({
        channel: 'email',
        to: 'solo.correo@example.com',
        status: 'accepted',
      });
      expect(await mailsTo('solo.correo@example.com')).toHaveLength(1);
      const badOptional = await call('POST', '/api/checkins/send', {
        property_id: casa,
        name: 'Ana',
        phone: '12',
        email: 'ana.telefono@example.com',
        channel: 'email',
        start_date: '2026-12-01',
        end_date: '2026-12-03',
      });
      expect(badOptional.statusCode).toBe(422);
      expect(badOptional.json().errors).toEqual({ phone: ['El teléfono no es válido.'] });
      const bad = await call('POST', '/api/checkins/send', {
        property_id: casa,
        name: 'Ana',
        phone: '12',
        email: 'nope',
        start_date: '2026-12-01',
        end_date: '2026-12-03',
      });
      expect(bad.json().errors).toMatchObject({
        phone: ['El teléfono no es válido.'],
        email: ['El correo electrónico no es válido.'],
      });
    });

    it('refuses a stay whose departure is not after its arrival, as bookings do, and creates nothing', async () => {
      const count = async () => (await t.database.db.select().from(checkins)).length;
      const before = await count();
      for (const [end_date, lang, text] of [
        ['2026-12-01', 'es', 'La salida debe ser al menos un día después de la llegada.'],
        ['2026-11-30', 'en', 'Departure must be at least one day after arrival.'],
        ['2026-12-01', 'ar', 'يجب أن تكون المغادرة بعد الوصول بيوم واحد على الأقل.'],
      ] as const) {
        const res = await call(
          'POST',
          '/api/checkins/send',
          {
            property_id: casa,
            name: 'Ana Día',
            phone: '+34 600 111 222',
            email: 'ana.dia@example.com',
            channel: 'email',
            start_date: '2026-12-01',
            end_date,
            guests: 1,
            language: 'es',
          },
          token,
          lang,
        );
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().errors).toEqual({ end_date: [text] });
      }
      expect(await count()).toBe(before);
      expect(await mailsTo('ana.dia@example.com')).toHaveLength(0);
    });

    it("the operator sets how many guests a check-in holds; a booking's count follows; another account gets 404", async () => {
      const sent = await call('POST', '/api/checkins/send', {
        property_id: casa,
        name: 'Eva Grupo',
        phone: '+34 600 333 444',
        email: 'eva.grupo@example.com',
        channel: 'qr',
        start_date: '2026-12-05',
        end_date: '2026-12-07',
        guests: 1,
        language: 'es',
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const id = sent.json().data.checkin.id as string;
      const raised = await call('PUT', `/api/checkins/${id}/expected-guests`, { expected_guests: 3 });
      expect(raised.statusCode, raised.body).toBe(200);
      expect(raised.json().data.guests_expected).toBe(3);
      const foreign = await call(
        'PUT',
        `/api/checkins/${id}/expected-guests`,
        { expected_guests: 9 },
        otherToken,
      );
      expect(foreign.statusCode).toBe(404);
      expect(
        (await call('PUT', `/api/checkins/${id}/expected-guests`, { expected_guests: 0 })).statusCode,
      ).toBe(400);
      const [row] = await t.database.db.select().from(checkins).where(eq(checkins.id, id));
      expect(row?.expectedGuests).toBe(3);

      const bookingId = await book({ start_date: '2027-01-10', end_date: '2027-01-12' });
      const plan = await programmed(bookingId);
      const withBooking = await call('PUT', `/api/checkins/${plan.checkin_id}/expected-guests`, {
        expected_guests: 3,
      });
      expect(withBooking.statusCode, withBooking.body).toBe(200);
      const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
      expect(booking?.guests).toBe(3);
    });

    it('e-mails the link in the guest language now, and answers the link for a QR without a message', async () => {
      const res = await call('POST', '/api/checkins/send', {
        property_id: casa,
        name: 'John Smith',
        phone: '+44 7700 900123',
        email: 'john@example.com',
        channel: 'email',
        start_date: '2026-12-01',
        end_date: '2026-12-03',
        guests: 2,
        language: 'en',
      });
      expect(res.statusCode, res.body).toBe(201);
      const data = res.json().data;
      expect(data.sent).toBe(true);
      expect(data.delivery).toMatchObject({
        kind: 'checkin_link',
        channel: 'email',
        status: 'accepted',
        link: data.link.url,
      });
      expect(data.checkin.status).toBe('pending');
      const mails = await mailsTo('john@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Your check-in at Casa Azul');
      expect(mails[0]?.text).toContain(data.link.url);
      // The list shows the check-in's last message as the provider left it.
      const listed = (await call('GET', '/api/checkins?q=john')).json().data.items[0];
      expect(listed.last_message).toMatchObject({
        id: data.delivery.id,
        channel: 'email',
        status: 'accepted',
      });
      const again = (await call('GET', `/api/checkins/${data.checkin.id}/link`)).json().data;
      expect(again.url).toBe(data.link.url);
      // Sent again: the same link, a second e-mail; another account cannot.
      const resent = await call('POST', `/api/checkins/${data.checkin.id}/resend`);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json().data.link.url).toBe(data.link.url);
      expect(resent.json().data).toMatchObject({
        sent: true,
        delivery: { kind: 'checkin_reminder', channel: 'email', status: 'accepted' },
      });
      expect(await mailsTo('john@example.com')).toHaveLength(2);
      expect((await call('POST', `/api/checkins/${data.checkin.id}/resend`, {}, otherToken)).statusCode).toBe(
        404,
      );
      expect(listed.link_expired).toBe(false);
      // Once the link's day passed (the stay is over) the list says so and nothing is sent (issue 27).
      await t.database.db
        .update(checkins)
        .set({ linkExpiresAt: new Date(t.clock.now().getTime() - 60_000) })
        .where(eq(checkins.id, data.checkin.id));
      expect((await call('GET', '/api/checkins?q=john')).json().data.items[0].link_expired).toBe(true);
      const late = await call('POST', `/api/checkins/${data.checkin.id}/resend`, {}, token, 'en');
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(
        'The stay is over: the check-in link has expired and cannot be sent again.',
      );
      expect(await mailsTo('john@example.com')).toHaveLength(2);

      const qr = await call('POST', '/api/checkins/send', {
        property_id: casa,
        name: 'Walk In',
        phone: '+34 600 000 111',
        email: 'walkin@example.com',
        channel: 'qr',
        start_date: '2026-11-20',
        end_date: '2026-11-21',
      });
      expect(qr.statusCode, qr.body).toBe(201);
      expect(qr.json().data.sent).toBe(false);
      expect(qr.json().data.delivery).toBeNull();
      expect(qr.json().data.link.url).toContain('/checkin/customers/previe/');
      expect(await mailsTo('walkin@example.com')).toHaveLength(0);
    });
  });

  describe('list', () => {
    it('filters by tab, search, property and pages', async () => {
      const all = (await call('GET', '/api/checkins?tab=all&page_size=100')).json().data;
      const pending = (await call('GET', '/api/checkins?tab=pending&page_size=100')).json().data;
      const complete = (await call('GET', '/api/checkins?tab=complete&page_size=100')).json().data;
      expect(all.total).toBe(pending.total + complete.total);
      expect(pending.items.every((i: { status: string }) => i.status === 'pending')).toBe(true);
      expect(complete.total).toBeGreaterThan(0);
      const today = (await call('GET', '/api/checkins?tab=today')).json().data;
      expect(today.total).toBeGreaterThan(0);
      expect(today.items.every((i: { start_date: string }) => i.start_date === '2026-11-20')).toBe(true);
      const search = (await call('GET', '/api/checkins?q=john')).json().data;
      expect(search.items.map((i: { name: string }) => i.name)).toEqual(['John Smith']);
      const onNyc = (await call('GET', `/api/checkins?property_id=${nyc}`)).json().data;
      expect(onNyc.items.every((i: { property_id: string }) => i.property_id === nyc)).toBe(true);
      const page = (await call('GET', '/api/checkins?page=2&page_size=2')).json().data;
      expect(page.items.length).toBeLessThanOrEqual(2);
      expect(page.total).toBe(all.total);
      const keys = await call('PUT', `/api/checkins/${complete.items[0].id}/keys`, { delivered: true });
      expect(keys.json().data.keys_delivered).toBe(true);
    });

    it("starts from today: today's arrivals first, then the next nearest, then the past, most recent first; server-paged", async () => {
      t.clock.set(start);
      const send = async (name: string, start_date: string, end_date: string, property_id = casa) => {
        const res = await call('POST', '/api/checkins/send', {
          property_id,
          name,
          channel: 'qr',
          start_date,
          end_date,
        });
        expect(res.statusCode, res.body).toBe(201);
      };
      await send('Orden Pasado Lejano', '2026-10-01', '2026-10-03');
      await send('Orden Año Que Viene', '2027-11-20', '2027-11-22');
      await send('Orden Hoy', '2026-11-20', '2026-11-21');
      await send('Orden Pasado Reciente', '2026-11-18', '2026-11-21');
      await send('Orden Mañana', '2026-11-21', '2026-11-23');
      const names = async (url: string) =>
        (await call('GET', url)).json().data.items.map((i: { name: string }) => i.name);
      const expected = [
        'Orden Hoy',
        'Orden Mañana',
        'Orden Año Que Viene',
        'Orden Pasado Reciente',
        'Orden Pasado Lejano',
      ];
      expect(await names('/api/checkins?q=Orden&page_size=100')).toEqual(expected);
      expect(await names('/api/checkins?q=Orden&page_size=2&page=1')).toEqual(expected.slice(0, 2));
      expect(await names('/api/checkins?q=Orden&page_size=2&page=2')).toEqual(expected.slice(2, 4));
      expect(await names('/api/checkins?q=Orden&page_size=2&page=3')).toEqual(expected.slice(4));

      // "Today" is each property's: at 03:00 UTC it is still the 19th in New York.
      await send('Orden NYC Ayer UTC', '2026-11-19', '2026-11-21', nyc);
      t.clock.set(new Date('2026-11-20T03:00:00Z'));
      const nycFirst = await names(`/api/checkins?q=Orden&property_id=${nyc}&page_size=100`);
      expect(nycFirst).toEqual(['Orden NYC Ayer UTC']);
      const all = await names('/api/checkins?q=Orden&page_size=100');
      expect(all.indexOf('Orden NYC Ayer UTC')).toBeLessThan(all.indexOf('Orden Pasado Reciente'));
      t.clock.set(start);
      const later = await names('/api/checkins?q=Orden&page_size=100');
      expect(later.indexOf('Orden NYC Ayer UTC')).toBeGreaterThan(later.indexOf('Orden Año Que Viene'));
    });
  });

  describe('reminders and notifications', () => {
    it('rings a reminder at its hour in the property time zone: rang_at, a notification, read', async () => {
      t.clock.set(start);
      const created = await call('POST', '/api/reminders', {
        day: '2026-11-20',
        hour: '11:30',
        description: 'Dejar las llaves a Marta',
        property_id: casa,
      });
      expect(created.statusCode, created.body).toBe(201);
      const reminder = created.json().data;
      expect(reminder.due_at).toBe('2026-11-20T10:30:00.000Z');
      await runJob(remindersRingJob);
      expect((await call('GET', '/api/reminders')).json().data[0].rang_at).toBeNull();

      t.clock.set(new Date('2026-11-20T10:30:00Z'));
      await runJob(remindersRingJob);
      const [rang] = (await call('GET', '/api/reminders')).json().data;
      expect(rang.due).toBe(true);
      const list = (await call('POST', '/api/notificatios/list')).json().data;
      expect(list[0]).toMatchObject({ title: 'Dejar las llaves a Marta', read_at: null, type: 4 });
      const read = await call('POST', `/api/notifications/${list[0].id}/read`);
      expect(read.statusCode).toBe(200);
      expect((await call('POST', '/api/notificatios/list')).json().data[0].read_at).not.toBeNull();
      const bad = await call('POST', '/api/reminders', {
        day: '2026-11-20',
        hour: '25:00',
        description: 'x',
      });
      expect(bad.statusCode).toBe(400);
      t.clock.set(start);
    });
  });

  describe('purge', () => {
    it('removes only the check-ins past their purge date, with their guests', async () => {
      const [property] = await t.database.db.select().from(properties).where(eq(properties.id, casa));
      const insert = async (purgeAfter: string) => {
        const id = crypto.randomUUID();
        const link = newCheckinLink({ seal: () => 'v1:x:y:z', open: () => '', reseal: () => null }, id);
        await t.database.db.insert(checkins).values({
          id,
          accountId: property?.accountId ?? '',
          propertyId: casa,
          name: 'Viejo',
          startDate: '2023-01-01',
          endDate: '2023-01-03',
          linkTokenHash: link.hash,
          linkTokenSealed: link.sealed,
          linkExpiresAt: new Date('2023-01-04T00:00:00Z'),
          purgeAfter,
        });
        return id;
      };
      const expired = await insert('2026-11-19');
      const kept = await insert('2026-11-20');
      await runJob(checkinsPurgeJob);
      const ids = (await t.database.db.select({ id: checkins.id }).from(checkins)).map((r) => r.id);
      expect(ids).not.toContain(expired);
      expect(ids).toContain(kept);
    });
  });

  describe("another account's ids", () => {
    it('answer 404 on every endpoint', async () => {
      const created = await manual({ guest: validGuest({ first_name: 'Secreta' }) });
      const detail = created.json().data;
      const guestId = detail.guests[0].id;
      const bookingId = await book({
        email: 'mine@example.com',
        start_date: '2026-12-20',
        end_date: '2026-12-22',
      });
      const reminder = (
        await call('POST', '/api/reminders', { day: '2026-12-01', hour: '09:00', description: 'Mío' })
      ).json().data;
      const notification = (await call('POST', '/api/notificatios/list')).json().data[0];

      const as = otherToken;
      const checks = [
        await call('POST', '/api/information/data/checkin', { id: detail.id }, as),
        await call('GET', `/api/checkins/${detail.id}/guests/${guestId}/registration.pdf`, undefined, as),
        await call('PUT', `/api/checkins/${detail.id}/keys`, { delivered: true }, as),
        await call('GET', `/api/checkins/${detail.id}/link`, undefined, as),
        await call('GET', `/api/retrieve-programmed-checkin?booking_id=${bookingId}`, undefined, as),
        await call('GET', `/api/checkins?property_id=${casa}`, undefined, as),
        await call('GET', `/api/checkins/history?property_id=${casa}`, undefined, as),
        await call(
          'POST',
          '/api/checkins/send',
          {
            property_id: casa,
            name: 'X',
            phone: '+34600000000',
            email: 'x@example.com',
            start_date: '2026-12-01',
            end_date: '2026-12-02',
          },
          as,
        ),
        await call(
          'POST',
          '/api/checkins/send',
          {
            property_id: foreignProperty,
            booking_id: bookingId,
            name: 'X',
            phone: '+34600000000',
            email: 'x@example.com',
          },
          as,
        ),
        await manual({}, as),
        await call(
          'PUT',
          `/api/reminders/${reminder.id}`,
          { day: '2026-12-01', hour: '09:00', description: 'x' },
          as,
        ),
        await call('DELETE', `/api/reminders/${reminder.id}`, undefined, as),
        await call(
          'POST',
          '/api/reminders',
          { day: '2026-12-01', hour: '09:00', description: 'x', property_id: casa },
          as,
        ),
        await call('POST', `/api/notifications/${notification.id}/read`, undefined, as),
      ];
      expect(checks.map((r) => r.statusCode)).toEqual(checks.map(() => 404));
      // Nothing of theirs leaks into lists either.
      const list = (await call('GET', '/api/checkins', undefined, as)).json().data;
      expect(list.items.some((i: { id: string }) => i.id === detail.id)).toBe(false);
      expect((await call('GET', '/api/checkins/history', undefined, as)).json().data.total).toBe(0);
      expect((await call('GET', '/api/reminders', undefined, as)).json().data).toEqual([]);
      expect((await call('POST', '/api/notificatios/list', undefined, as)).json().data).toEqual([]);
    });
  });
});
