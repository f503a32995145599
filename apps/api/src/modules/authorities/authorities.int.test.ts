import { bookingPaths } from '@posada/contracts/bookings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeErtzaintza, startFakeErtzaintza } from '../../adapters/ertzaintza/ertzaintza.fake.ts';
import { makeTestPfx } from '../../adapters/ertzaintza/test-pfx.ts';
import { type FakeSes, startFakeSes } from '../../adapters/ses-hospedajes/ses.fake.ts';
import { policeRegistrations } from '../../db/schema/authorities.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { properties, propertyAuthorities } from '../../db/schema/properties.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_AUTHORITY_USER } from './pipeline-shared.ts';
import { pollJob, sendJob, sweepJob } from './registration-pipeline.ts';
import { guest } from './test-support.ts';

type Method = 'GET' | 'POST' | 'PUT';

/**
 * The police registration pipeline end to end (PGlite; PostgreSQL with TEST_DB=postgres): the real app,
 * its pg-boss jobs, and the fakes of SES.Hospedajes (which unzips and XSD-validates every alta) and the
 * Ertzaintza (which checks the WS-Security signature). The clock starts 2026-11-20 10:00 UTC.
 */
describe('police registration', () => {
  let t: TestApp;
  let ses: FakeSes;
  let ertz: FakeErtzaintza;
  let token: string;
  let otherToken: string;
  let casa: string;
  let bilbao: string;
  let girona: string;
  const start = new Date('2026-11-20T10:00:00Z');

  const call = (method: Method, url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(as), 'accept-language': 'es' } });
  const runJob = async (name: string) => {
    await t.jobs.send(name, {});
    await t.jobs.drain(name);
  };
  const manual = async (property: string, guestOverrides: Record<string, unknown> = {}, body = {}) => {
    const res = await call('POST', '/api/checkins/manual', {
      property_id: property,
      start_date: '2026-11-20',
      end_date: '2026-11-22',
      guest: guest(guestOverrides),
      accepted_terms: true,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };
  const registration = async (checkinId: string, as = token) => {
    const res = await call('GET', `/api/checkins/${checkinId}/registration`, undefined, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  /** The send job, as the queue runs it after the event (drained so the test sees its effect). */
  const send = async () => {
    await t.jobs.drain(sendJob);
    await runJob(sendJob);
  };
  /** One SES consultaLote round: the poll interval (1 s) passes, the poll job runs. */
  const poll = async () => {
    t.clock.advance(2_000);
    await runJob(pollJob);
  };
  const saveAuthorities = async (property: string, body: Record<string, unknown>) => {
    const res = await call('PUT', `/api/properties/${property}/settings/authorities`, body);
    expect(res.statusCode, res.body).toBe(200);
  };
  const sesSettings = () => ({
    entity: 'guardia_civil',
    user: ses.username,
    password: ses.password,
    establishment_code: '0000012345',
    landlord_code: '0000000001',
  });

  beforeAll(async () => {
    ses = await startFakeSes();
    ertz = await startFakeErtzaintza();
    t = await buildTestApp({
      now: start,
      env: { ...ses.env, ...ertz.env, SES_POLL_INTERVAL_SECONDS: '1' },
    });
    const owner = await createEmpresa(t, {
      properties: [
        { nombre: 'Casa Azul', tipoPropiedad: 'apartamento' },
        { nombre: 'Pisu Bilbao', tipoPropiedad: 'apartamento' },
        { nombre: 'Mas Girona', tipoPropiedad: 'villa' },
      ],
    });
    const other = await createEmpresa(t, { properties: [{ nombre: 'Ajena', tipoPropiedad: 'apartamento' }] });
    token = await loginToken(t, owner.email);
    otherToken = await loginToken(t, other.email);
    [casa = '', bilbao = '', girona = ''] = owner.propertyIds;
    for (const id of owner.propertyIds) {
      await t.database.db
        .update(properties)
        .set({ guests: 6, priceNight: 10_000, address: 'Calle Mayor 1', city: 'Madrid', zipCode: '28013' })
        .where(eq(properties.id, id));
    }
    await saveAuthorities(casa, sesSettings());
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await ses?.close();
    await ertz?.close();
  });

  it('says "not configured" for a property without authority settings, and sends nothing', async () => {
    const other = await createEmpresa(t, { properties: [{ nombre: 'Sin ajustes' }] });
    const otherTok = await loginToken(t, other.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkins/manual',
      headers: bearer(otherTok),
      payload: {
        property_id: other.propertyIds[0],
        start_date: '2026-11-20',
        end_date: '2026-11-22',
        guest: guest(),
        accepted_terms: true,
      },
    });
    const id = res.json().data.id as string;
    const before = ses.received.length;
    await send();
    const answer = await registration(id, otherTok);
    expect(answer).toMatchObject({ configured: false, registration: null });
    expect(ses.received.length).toBe(before);
    const post = await call('POST', `/api/checkins/${id}/registration`, {}, otherTok);
    expect(post.statusCode).toBe(409);
    expect(post.json().code).toBe('authorities.not_configured');
  });

  it("never sends, queries or tests anything with the demo's DEMO-SIN-CONEXION login", async () => {
    const demo = await createEmpresa(t, { properties: [{ nombre: 'Demo', tipoPropiedad: 'apartamento' }] });
    const demoTok = await loginToken(t, demo.email);
    const property = demo.propertyIds[0] ?? '';
    const put = await call(
      'PUT',
      `/api/properties/${property}/settings/authorities`,
      { ...sesSettings(), user: DEMO_AUTHORITY_USER, password: 'demo' },
      demoTok,
    );
    expect(put.statusCode, put.body).toBe(200);
    const before = ses.received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkins/manual',
      headers: bearer(demoTok),
      payload: {
        property_id: property,
        start_date: '2026-11-20',
        end_date: '2026-11-22',
        guest: guest(),
        accepted_terms: true,
      },
    });
    const id = res.json().data.id as string;
    await send();
    const answer = await registration(id, demoTok);
    expect(answer.registration).toMatchObject({ state: 'needs_action' });
    expect(answer.registration.errors[0].code).toBe('authorities.demo_credentials');
    const test = await call('POST', `/api/properties/${property}/authorities/test`, {}, demoTok);
    expect(test.statusCode).toBe(409);
    expect(test.json().code).toBe('authorities.demo_credentials');
    expect(ses.received.length).toBe(before);
  });

  it('sends a completed check-in as a zipped, XSD-valid PV, polls the batch to accepted and shows the proof', async () => {
    const id = await manual(casa);
    await send();
    let answer = await registration(id);
    expect(answer.configured).toBe(true);
    expect(answer.registration).toMatchObject({ kind: 'PV', entity: 'guardia_civil', state: 'sent' });
    const lote = answer.registration.batch_code as string;
    expect(lote).toBeTruthy();
    const alta = ses.received.find((r) => r.tipoOperacion === 'A' && r.tipoComunicacion === 'PV');
    expect(alta?.xml).toContain('28079');
    expect(ses.communications.filter((c) => c.lote === lote)).toHaveLength(1);

    await poll(); // 5 Pendiente
    expect((await registration(id)).registration.state).toBe('sent');
    await poll(); // 4 En proceso
    await poll(); // 1 tramitado sin errores
    answer = await registration(id);
    const code = ses.communications.find((c) => c.lote === lote)?.code;
    expect(answer.registration).toMatchObject({
      state: 'accepted',
      batch_code: lote,
      communication_codes: [code],
    });
    expect(answer.registration.attempts.map((a: { operation: string }) => a.operation)).toEqual([
      'send',
      'poll',
      'poll',
      'poll',
    ]);
    // Accepted: sending again needs a correction.
    const again = await call('POST', `/api/checkins/${id}/registration`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('authorities.already_accepted');
    // No body at all (a JSON request with an empty body): the same answer, never a 400 about the body.
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/checkins/${id}/registration`,
      headers: { ...bearer(token), 'content-type': 'application/json', 'accept-language': 'es' },
    });
    expect(bare.json(), bare.body).toMatchObject({ ok: false, code: 'authorities.already_accepted' });
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/checkins/${id}/registration`,
      headers: { ...bearer(token), 'accept-language': 'es' },
    });
    expect(none.json(), none.body).toMatchObject({ ok: false, code: 'authorities.already_accepted' });
  }, 60_000);

  it('marks a row the authority refuses (state 6) rejected with its own text and a notification', async () => {
    const id = await manual(casa, { last_name: 'Rechazo Ruiz', document_number: '87654321X' });
    await send();
    await poll();
    await poll();
    await poll();
    const answer = await registration(id);
    expect(answer.registration.state).toBe('rejected');
    expect(answer.registration.errors[0].message).toMatch(/Error validación de datos/);
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'registration'), eq(notifications.relationId, id)));
    expect(bell[0]?.title).toBe('Registro policial rechazado');
  }, 60_000);

  it('retries a transient failure with backoff and never sends the same communication twice', async () => {
    ses.failNext({ status: 503, body: 'Service Unavailable' });
    const id = await manual(casa, { first_name: 'Reintento' });
    await send();
    let answer = await registration(id);
    expect(answer.registration).toMatchObject({ state: 'queued', attempt_count: 1 });
    expect(answer.registration.last_error).toMatch(/server_error/);
    // Not due before its backoff.
    await runJob(sendJob);
    expect((await registration(id)).registration.state).toBe('queued');
    t.clock.advance(60_000);
    // Two workers at once: one claims it, the other finds nothing.
    await Promise.all([t.jobs.send(sendJob, {}), t.jobs.send(sendJob, {})]);
    await t.jobs.drain(sendJob);
    answer = await registration(id);
    expect(answer.registration.state).toBe('sent');
    const ref = answer.registration.reference as string;
    expect(ses.communications.filter((c) => c.reference === ref)).toHaveLength(1);
  }, 60_000);

  it('wrong credentials: needs action with "Credenciales incorrectas...", the test connection counts attempts', async () => {
    await saveAuthorities(casa, { ...sesSettings(), password: 'mala-clave' });
    const test1 = await call('POST', `/api/properties/${casa}/authorities/test`);
    expect(test1.statusCode).toBe(422);
    expect(test1.json()).toMatchObject({
      code: 'authorities.unauthorized',
      message: 'Credenciales incorrectas...',
    });
    const test2 = await call('POST', `/api/properties/${casa}/authorities/test`);
    expect(test2.json().errors.failed_attempts).toEqual(['2']);

    const id = await manual(casa, { first_name: 'Clave' });
    await send();
    const answer = await registration(id);
    expect(answer.registration.state).toBe('needs_action');
    expect(answer.registration.errors[0]).toMatchObject({
      code: 'authorities.unauthorized',
      message: 'Credenciales incorrectas...',
    });

    await saveAuthorities(casa, sesSettings());
    const ok = await call('POST', `/api/properties/${casa}/authorities/test`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ ok: true, failed_attempts: 0 });
    // The operator sends it again once the password is right: a new version goes out.
    const resend = await call('POST', `/api/checkins/${id}/registration`, {});
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json().data.history[0]).toMatchObject({ version: 1, state: 'superseded' });
    // Sent by the call itself, or still being sent by the queue's worker that took it first (PostgreSQL).
    expect(resend.json().data.registration.version).toBe(2);
    expect(['sending', 'sent']).toContain(resend.json().data.registration.state);
    await t.jobs.drain(sendJob);
    expect((await registration(id)).registration).toMatchObject({ version: 2, state: 'sent' });
  }, 60_000);

  it('cancels the accepted communications of a cancelled booking with B, also once one out settles', async () => {
    const book = async () => {
      const res = await call('POST', bookingPaths.create, {
        ...{ start_date: '2026-11-20', end_date: '2026-11-22', name: 'Lucía Pérez', email: 'l@example.com' },
        ...{ phone: '+34 600 123 456', property_id: casa, number_of_guests: 1, price: 20_000 },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    };
    const cancel = async (bookingId: string) =>
      expect((await call('POST', bookingPaths.cancel, { booking_id: bookingId })).statusCode).toBe(200);
    const bookingId = await book();
    const id = await manual(casa, { first_name: 'Anulada' }, { booking_id: bookingId });
    await send();
    await poll();
    await poll();
    await poll();
    const pv = (await registration(id)).registration;
    expect(pv.state).toBe('accepted');
    await cancel(bookingId);
    // The B goes out from the queue: the worker may already have sent it (PostgreSQL).
    expect(['cancelling', 'cancelled']).toContain((await registration(id)).registration.state);
    await send();
    const withCode = (code: string) =>
      ses.received.some((r) => r.tipoOperacion === 'B' && (r.xml ?? r.body).includes(code));
    expect(withCode(pv.communication_codes[0])).toBe(true);
    expect((await registration(id)).registration.state).toBe('cancelled');

    // Cancelled while its PV was still out: it settles, then the sweep sends the B.
    const late = await book();
    const lateId = await manual(casa, { first_name: 'Tardía' }, { booking_id: late });
    await send();
    await cancel(late);
    expect((await registration(lateId)).registration.state).toBe('sent');
    await poll();
    await poll();
    await poll();
    await runJob(sweepJob);
    await send();
    const settled = (await registration(lateId)).registration;
    expect(settled.state).toBe('cancelled');
    expect(withCode(settled.communication_codes[0])).toBe(true);
  }, 60_000);

  it('signs and settles an Ertzaintza PV synchronously with the uploaded certificate', async () => {
    await saveAuthorities(bilbao, {
      entity: 'ertzaintza',
      user: 'ertz-user',
      password: 'ertz-pass',
      establishment_code: 'E0001',
      landlord_code: 'A0001',
      certificate: makeTestPfx('secret').toString('base64'),
      certificate_password: 'secret',
    });
    const settings = await call('GET', `/api/properties/${bilbao}/settings`);
    expect(settings.json().data.authorities.certificate_subject).toContain('Pruebas Posada');
    const id = await manual(bilbao, { first_name: 'Ane' });
    await send();
    const answer = await registration(id);
    expect(answer.registration).toMatchObject({ entity: 'ertzaintza', state: 'accepted' });
    expect(answer.registration.batch_code).toBeTruthy();
    expect(ertz.solicitudes.length).toBeGreaterThan(0);
  }, 60_000);

  it('Mossos: waits for the upload, builds the day file, downloads latin1, accepts with the receipt', async () => {
    await saveAuthorities(girona, {
      entity: 'mossos',
      user: 'mossos-user',
      password: 'mossos-pass',
      establishment_code: '08043AAR02',
      landlord_code: '-',
    });
    const test = await call('POST', `/api/properties/${girona}/authorities/test`);
    expect(test.json().data).toMatchObject({ ok: false, code: 'authorities.no_web_service' });
    const id = await manual(girona, { first_name: 'Jordi', last_name: 'Puig Ferrer' });
    await send();
    let answer = await registration(id);
    expect(answer.registration.state).toBe('needs_action');
    expect(answer.registration.errors[0].code).toBe('authorities.awaiting_upload');

    const built = await call('POST', `/api/properties/${girona}/police-files`, {});
    expect(built.statusCode, built.body).toBe(200);
    const file = built.json().data;
    expect(file).toMatchObject({ file_name: '08043AAR02.001.txt', registration_count: 1, uploaded_at: null });
    const download = await call('GET', `/api/police-files/${file.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('08043AAR02.001.txt');
    expect(download.rawPayload.toString('latin1')).toContain('PUIG');
    // Another account never reaches the file.
    const foreign = await call('GET', `/api/police-files/${file.id}/download`, undefined, otherToken);
    expect(foreign.statusCode).toBe(404);

    const uploaded = await call('POST', `/api/police-files/${file.id}/uploaded`, {
      receipt_number: 'R-2026-0042',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    answer = await registration(id);
    expect(answer.registration).toMatchObject({ state: 'accepted', receipt_number: 'R-2026-0042' });
  }, 60_000);

  it('checks the code shapes per entity and refuses a PFX that does not open', async () => {
    const put = (body: Record<string, unknown>) =>
      call('PUT', `/api/properties/${casa}/settings/authorities`, { ...sesSettings(), ...body });
    const landlord = await put({ landlord_code: 'ARR-28-1190' });
    expect(landlord.statusCode).toBe(400);
    expect(landlord.json().errors.landlord_code).toEqual([
      'El código de arrendador tiene como máximo 10 dígitos.',
    ]);
    const mossos = await put({ entity: 'mossos', establishment_code: 'HUTB-012345' });
    expect(mossos.json().errors.establishment_code).toEqual([
      'El identificador de Mossos tiene 9 o 10 letras o números.',
    ]);
    const pfx = await put({
      entity: 'ertzaintza',
      certificate: makeTestPfx('secret').toString('base64'),
      certificate_password: 'otra',
    });
    expect(pfx.statusCode).toBe(400);
    expect(pfx.json().errors.certificate).toEqual([
      'No se puede abrir el certificado: comprueba el fichero PFX y su contraseña.',
    ]);
    // Nothing of the refused saves stuck.
    const settings = await call('GET', `/api/properties/${casa}/settings`);
    expect(settings.json().data.authorities).toMatchObject({
      entity: 'guardia_civil',
      landlord_code: '0000000001',
    });
  });

  it('nightly mode holds a registration until 03:00 in the property; "send now" sends it at once', async () => {
    await saveAuthorities(casa, { ...sesSettings(), send_mode: 'nightly' });
    const id = await manual(casa, { first_name: 'Noche' });
    await send();
    let answer = await registration(id);
    // 2026-11-21 03:00 in Madrid.
    expect(answer.registration).toMatchObject({ state: 'queued', not_before: '2026-11-21T02:00:00.000Z' });
    const now = await call('POST', `/api/checkins/${id}/registration`, {});
    expect(now.statusCode, now.body).toBe(200);
    answer = now.json().data;
    expect(answer.registration).toMatchObject({ state: 'sent', version: 1 });
    await saveAuthorities(casa, sesSettings());
  });

  it('registers nothing for an account whose subscription lacks authority reporting (spec 6)', async () => {
    const expired = await createEmpresa(t, {
      properties: [{ nombre: 'Caducada' }],
      account: { statusSubscription: 'demo', trialEndsAt: new Date('2026-11-01T00:00:00Z') },
    });
    const tok = await loginToken(t, expired.email);
    const property = expired.propertyIds[0] ?? '';
    await t.database.db.update(properties).set({ guests: 6 }).where(eq(properties.id, property));
    // Credentials saved while the trial lasted (the settings page refuses them now).
    await t.database.db.insert(propertyAuthorities).values({
      propertyId: property,
      accountId: expired.accountId ?? '',
      entity: 'guardia_civil',
      username: ses.username,
      passwordCiphertext: 'sealed-before',
      establishmentCode: '0000012345',
      landlordCode: '0000000001',
    });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/checkins/manual',
      headers: bearer(tok),
      payload: {
        property_id: property,
        start_date: '2026-11-20',
        end_date: '2026-11-22',
        guest: guest(),
        accepted_terms: true,
      },
    });
    expect(done.statusCode, done.body).toBe(201);
    await send();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${property}/authorities/test`,
      headers: bearer(tok),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('settings.feature_unavailable');
    const rows = await t.database.db
      .select()
      .from(policeRegistrations)
      .where(eq(policeRegistrations.propertyId, property));
    expect(rows).toEqual([]);
  });

  it('warns 12 hours before the deadline of a registration not accepted yet', async () => {
    const id = await manual(casa, { first_name: 'Tarde' });
    await send();
    const [open] = await t.database.db
      .select()
      .from(policeRegistrations)
      .where(eq(policeRegistrations.checkinId, id));
    expect(['queued', 'sent']).toContain(open?.state);
    expect(open).toBeDefined();
    // 11 hours left (moving the clock that far would end the test's sessions).
    await t.database.db
      .update(policeRegistrations)
      .set({ dueAt: new Date(t.clock.now().getTime() + 11 * 3_600_000) })
      .where(eq(policeRegistrations.checkinId, id));
    // A record past its 3 years (RD 933/2021) goes with the same sweep.
    await t.database.db
      .update(policeRegistrations)
      .set({ purgeAfter: '2020-01-01' })
      .where(eq(policeRegistrations.propertyId, bilbao));
    await runJob(sweepJob);
    const kept = await t.database.db
      .select()
      .from(policeRegistrations)
      .where(eq(policeRegistrations.propertyId, bilbao));
    expect(kept).toEqual([]);
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Registro policial a punto de vencer (plazo de 24 horas)'));
    expect(bell.length).toBeGreaterThan(0);
    const list = await call('GET', '/api/registrations?overdue=true');
    expect(list.json().data.items.every((r: { overdue: boolean }) => r.overdue)).toBe(true);
    const alerts = await call('GET', '/api/registrations/alerts');
    expect(alerts.json().data.overdue).toBeGreaterThan(0);
  });

  it('exports the legal record as CSV with a BOM and every proof code', async () => {
    const res = await call('GET', '/api/registrations/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFFid,created_at,property')).toBe(true);
    const accepted = await t.database.db
      .select()
      .from(policeRegistrations)
      .where(eq(policeRegistrations.state, 'accepted'));
    for (const r of accepted) for (const code of r.communicationCodes) expect(res.body).toContain(code);
    expect(res.body).toContain('R-2026-0042');
  });

  it("answers 404 to another account's check-in, and the badges only for the caller's own", async () => {
    const [any] = await t.database.db
      .select()
      .from(policeRegistrations)
      .where(eq(policeRegistrations.propertyId, casa));
    const res = await call('GET', `/api/checkins/${any?.checkinId}/registration`, undefined, otherToken);
    expect(res.statusCode).toBe(404);
    const badges = await call('POST', '/api/checkins/registration-states', { checkin_ids: [any?.checkinId] });
    expect(badges.json().data.states[any?.checkinId ?? '']).toBeTruthy();
  });
});
