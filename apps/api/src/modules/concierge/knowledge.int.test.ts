import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { conciergePaths as paths } from '@posada/contracts/concierge';
import { BOT_QUESTIONS_MAX, ESCALATION_REPLY, HANDOVER_REPLY } from '@posada/domain/concierge';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botQuestions } from '../../db/schema/concierge.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { changedTables, dbSnapshot } from '../../test/db-snapshot.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import type { ConciergeDeps } from './concierge.deps.ts';
import { createQuestionsService } from './questions.service.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function multipart(bytes: Buffer, field = 'image', type = 'image/png') {
  const boundary = `----posada${Math.random().toString(16).slice(2)}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="foto"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const settingsBody = {
  allowed_actions: ['handover', 'send_door_code'],
  wifi_name: 'CasaAzul',
  wifi_password: 'sol-y-mar-2026',
  share_wifi: true,
  access_instructions: { es: 'La llave está en la caja junto a la puerta.', en: '', ar: '' },
  share_access: false,
  late_checkout_until: '14:00',
  late_checkout_price: 1500,
  early_checkin_from: '11:30',
  early_checkin_price: 0,
};

/**
 * The concierge's knowledge admin API (docs/concierge.md "Knowledge admin API"): the questions-and-answers
 * editor with its derived status and image, the guests' pending questions, the bot settings, the status
 * (what is missing) and the preview, and another account's property answering 404 everywhere.
 */
describe('concierge: knowledge admin', () => {
  let t: TestApp;
  let dataDir: string;
  let token: string;
  let otherToken: string;
  let accountId: string;
  let casa: string;
  let loft: string;
  let otherProperty: string;
  let png: Buffer;

  const call = (method: Method, url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(as), 'accept-language': 'en' } });
  const upload = (url: string, bytes: Buffer, as = token, field = 'image', type = 'image/png') => {
    const { payload, headers } = multipart(bytes, field, type);
    return t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, ...bearer(as), 'accept-language': 'en' },
    });
  };
  const create = async (propertyId: string, body: object) => {
    t.clock.advance(60_000);
    const res = await call('POST', paths.questions(propertyId), body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; status: string; image_url: string | null };
  };
  const list = async (propertyId: string, query = '') => {
    const res = await call('GET', `${paths.questions(propertyId)}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      items: { id: string; status: string; asked_count: number; question: Record<string, string> }[];
      answered: number;
      pending: number;
    };
  };
  const stored = () => readdir(path.join(dataDir, 'files')).catch(() => [] as string[]);
  /** The service the answering pipeline calls (only its database and clock are used to record). */
  const questionsService = () =>
    createQuestionsService({ db: t.database.db, clock: t.clock } as unknown as ConciergeDeps);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'posada-concierge-'));
    t = await buildTestApp({ env: { DATA_DIR: dataDir } });
    const smart = { plan: 'smart', statusSubscription: 'subscribed' };
    const owner = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Azul' }, { nombre: 'Loft Centro' }],
      account: smart,
    });
    accountId = owner.accountId ?? '';
    [casa = '', loft = ''] = owner.propertyIds;
    token = await loginToken(t, owner.email);
    const other = await createEmpresa(t, { properties: [{ nombre: 'Otra Casa' }], account: smart });
    [otherProperty = ''] = other.propertyIds;
    otherToken = await loginToken(t, other.email);
    png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#48c' } })
      .png()
      .toBuffer();
  }, 60_000);

  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates, lists, edits and deletes questions; answered iff one language of the answer is written', async () => {
    const wifi = await create(casa, {
      question: { es: '¿Cuál es la contraseña del wifi?', en: 'What is the wifi password?' },
      answer: { es: 'La contraseña es sol-y-mar.', en: 'The password is sol-y-mar.' },
    });
    expect(wifi.status).toBe('answered');
    const parking = await create(casa, { question: { es: '¿Hay parking?' }, answer: { es: '  ' } });
    expect(parking.status).toBe('pending');

    let listed = await list(casa);
    expect(listed).toMatchObject({ answered: 1, pending: 1 });
    expect(listed.items.map((i) => i.id)).toEqual([wifi.id, parking.id]);
    expect(listed.items[0]?.question).toEqual({
      es: '¿Cuál es la contraseña del wifi?',
      en: 'What is the wifi password?',
      ar: '',
    });
    expect((await list(casa, '?status=pending')).items.map((i) => i.id)).toEqual([parking.id]);
    expect((await list(loft)).items).toEqual([]);

    // Writing an answer (Arabic only) makes it answered; clearing every language makes it pending again.
    t.clock.advance(60_000);
    const answered = await call('PUT', paths.question(casa, parking.id), {
      question: { es: '¿Hay parking?' },
      answer: { ar: 'نعم، يوجد موقف مجاني أمام المنزل.' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({
      status: 'answered',
      answer: { es: '', ar: expect.any(String) },
    });
    listed = await list(casa);
    expect(listed).toMatchObject({ answered: 2, pending: 0 });
    expect(listed.items[0]?.id).toBe(parking.id); // last edited first
    const cleared = await call('PUT', paths.question(casa, wifi.id), {
      question: { es: '¿Cuál es la contraseña del wifi?' },
      answer: { es: '', en: '', ar: '' },
    });
    expect(cleared.json().data.status).toBe('pending');

    const removed = await call('DELETE', paths.question(casa, wifi.id));
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list(casa)).items.map((i) => i.id)).toEqual([parking.id]);
    expect((await call('DELETE', paths.question(casa, wifi.id))).statusCode).toBe(404);
    // A question of one property is not found under another of the same account.
    expect(
      (await call('PUT', paths.question(loft, parking.id), { question: { es: 'x' }, answer: {} })).statusCode,
    ).toBe(404);
  });

  it('refuses a question without text or too long with field messages, storing nothing', async () => {
    const before = await dbSnapshot(t.database);
    const empty = await call('POST', paths.questions(casa), { question: { es: ' ' }, answer: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'validation.failed',
      errors: { question: ['Write the question in at least one language.'] },
    });
    const long = await call('POST', paths.questions(casa), {
      question: { es: 'x'.repeat(301) },
      answer: { es: 'y' },
    });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().errors)).toEqual(['question.es']);
    expect(changedTables(before, await dbSnapshot(t.database))).toEqual([]);
  });

  it(`holds at most ${BOT_QUESTIONS_MAX} questions per property`, async () => {
    const rows = Array.from({ length: BOT_QUESTIONS_MAX }, (_, i) => ({
      accountId,
      propertyId: loft,
      question: { es: `Pregunta ${i}`, en: '', ar: '' },
      answer: { es: 'Sí', en: '', ar: '' },
    }));
    await t.database.db.insert(botQuestions).values(rows);
    const refused = await call('POST', paths.questions(loft), { question: { es: 'Una más' }, answer: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'concierge.too_many_questions' });
    expect((await list(loft)).answered).toBe(BOT_QUESTIONS_MAX);
    await t.database.db.delete(botQuestions).where(eq(botQuestions.propertyId, loft));
  });

  it('stores an answer image through the files module, replaces and deletes it; refused images store nothing', async () => {
    const q = await create(casa, { question: { en: 'Where do I park?' }, answer: { en: 'In front.' } });
    const before = await stored();

    const first = await upload(paths.questionImage(casa, q.id), png);
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json().data.image_url as string;
    expect(firstUrl).toMatch(/^\/api\/files\/[\w-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    expect((await stored()).length).toBe(before.length + 1);

    const jpeg = await sharp(png).jpeg().toBuffer();
    const second = await upload(paths.questionImage(casa, q.id), jpeg, token, 'image', 'image/jpeg');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.image_url).toMatch(/\.jpg$/);
    // Replacing removed the old file.
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    expect((await stored()).length).toBe(before.length + 1);

    const snapshot = await dbSnapshot(t.database);
    const notImage = await upload(paths.questionImage(casa, q.id), Buffer.from('%PDF-1.4 not an image'));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({
      code: 'concierge.image_type',
      errors: { image: ['The image must be a JPEG, PNG or GIF.'] },
    });
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await upload(paths.questionImage(casa, q.id), big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'concierge.image_too_large' });
    const wrongField = await upload(paths.questionImage(casa, q.id), png, token, 'photo');
    expect(wrongField.statusCode).toBe(400);
    expect(changedTables(snapshot, await dbSnapshot(t.database))).toEqual([]);
    expect((await stored()).length).toBe(before.length + 1);

    const removed = await call('DELETE', paths.questionImage(casa, q.id));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.image_url).toBeNull();
    expect((await stored()).length).toBe(before.length);
    expect((await call('DELETE', paths.questionImage(casa, q.id))).statusCode).toBe(404);

    // Deleting a question with an image removes its file too.
    await upload(paths.questionImage(casa, q.id), png);
    expect((await stored()).length).toBe(before.length + 1);
    await call('DELETE', paths.question(casa, q.id));
    expect((await stored()).length).toBe(before.length);
  });

  it('records a guest question once per normalised text, counts repeats, and keeps it when answered', async () => {
    const pending = questionsService();
    const input = { accountId, propertyId: loft, language: 'es' as const };
    const a = await pending.recordPending({ ...input, text: '¿Se admiten mascotas?' });
    expect(a).toBeTruthy();
    t.clock.advance(60_000);
    // Repeats at the same moment count on the same row (the upsert), whatever their case or punctuation.
    const repeats = await Promise.all([
      pending.recordPending({ ...input, text: 'se admiten  MASCOTAS' }),
      pending.recordPending({ ...input, text: 'Se admiten mascotas!!' }),
    ]);
    expect(repeats).toEqual([a, a]);
    await pending.recordPending({ ...input, text: '¿Hay cuna para bebé?' });

    const listed = await list(loft, '?status=pending');
    expect(listed.pending).toBe(2);
    expect(listed.items.map((i) => [i.question.es, i.asked_count])).toEqual([
      ['¿Se admiten mascotas?', 3],
      ['¿Hay cuna para bebé?', 1],
    ]);
    const [pets] = await t.database.db
      .select()
      .from(botQuestions)
      .where(and(eq(botQuestions.propertyId, loft), eq(botQuestions.id, a ?? '')));
    expect(pets).toMatchObject({ source: 'guest', status: 'pending', askedCount: 3 });
    expect(pets?.lastAskedAt?.toISOString()).toBe(t.clock.now().toISOString());

    const answered = await call('PUT', paths.question(loft, a ?? ''), {
      question: { es: '¿Se admiten mascotas?' },
      answer: { es: 'Sí, perros pequeños sin coste.' },
    });
    expect(answered.json().data).toMatchObject({ status: 'answered', source: 'guest', asked_count: 3 });
    expect(await list(loft)).toMatchObject({ answered: 1, pending: 1 });
  });

  it('reads the defaults, saves the settings, and refuses a bad time or a negative price changing nothing', async () => {
    const defaults = await call('GET', paths.settings(casa));
    expect(defaults.statusCode, defaults.body).toBe(200);
    expect(defaults.json().data).toEqual({
      property_id: casa,
      allowed_actions: [],
      wifi_name: '',
      wifi_password: '',
      share_wifi: false,
      access_instructions: { es: '', en: '', ar: '' },
      share_access: false,
      late_checkout_until: '13:00',
      late_checkout_price: 0,
      early_checkin_from: '12:00',
      early_checkin_price: 0,
      currency: 'EUR',
    });
    const saved = await call('PUT', paths.settings(casa), settingsBody);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      ...settingsBody,
      allowed_actions: ['send_door_code', 'handover'],
      property_id: casa,
      currency: 'EUR',
    };
    expect(saved.json().data).toEqual(expected);
    expect((await call('GET', paths.settings(casa))).json().data).toEqual(expected);

    const before = await dbSnapshot(t.database);
    const badTime = await call('PUT', paths.settings(casa), {
      ...settingsBody,
      late_checkout_until: '25:00',
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().errors).toEqual({
      late_checkout_until: ['Enter the time as HH:MM (00:00 to 23:59).'],
    });
    const negative = await call('PUT', paths.settings(casa), { ...settingsBody, early_checkin_price: -5 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toEqual({
      early_checkin_price: ['Enter a valid price (0 if it is free).'],
    });
    const action = await call('PUT', paths.settings(casa), { ...settingsBody, allowed_actions: ['refund'] });
    expect(action.statusCode).toBe(400);
    expect(changedTables(before, await dbSnapshot(t.database))).toEqual([]);
    expect((await call('GET', paths.settings(casa))).json().data).toEqual(expected);
    // The other property keeps its defaults.
    expect((await call('GET', paths.settings(loft))).json().data.allowed_actions).toEqual([]);
  });

  it('previews the answer from a question the operator wrote, and escalates what nobody answered', async () => {
    await create(casa, {
      question: { es: '¿A qué hora es el check-out?', en: 'What time is check-out?' },
      answer: { es: 'La salida es a las 11:00.', en: 'Check-out is at 11:00.' },
    });
    const before = await dbSnapshot(t.database);
    const res = await call('POST', paths.preview(casa), {
      message: 'What time is check-out?',
      language: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      outcome: 'answered',
      language: 'en',
      text: 'Check-out is at 11:00.',
      engine: 'embedded',
    });
    const unknown = await call('POST', paths.preview(casa), {
      message: '¿Puedo traer a mi caballo a la piscina?',
    });
    expect(unknown.json().data).toMatchObject({
      outcome: 'escalated',
      language: 'es',
      text: ESCALATION_REPLY.es,
      source: null,
    });
    // An action: what it would do where the operator allows it, escalated where not (the loft allows nothing).
    const person = { message: 'Quiero hablar con una persona, por favor', language: 'es' };
    expect((await call('POST', paths.preview(casa), person)).json().data).toMatchObject({
      outcome: 'action',
      action: 'handover',
      text: HANDOVER_REPLY.es,
      rule: 'allowed_actions: handover',
    });
    expect((await call('POST', paths.preview(loft), person)).json().data).toMatchObject({
      outcome: 'escalated',
      action: null,
      text: ESCALATION_REPLY.es,
      rule: 'not allowed: handover',
    });
    // Nothing sent, stored or counted.
    expect(changedTables(before, await dbSnapshot(t.database))).toEqual([]);
    const empty = await call('POST', paths.preview(casa), { message: '  ' });
    expect(empty.statusCode).toBe(400);
    // Without WhatsApp configured nor an LLM: no sender, no template, the embedded engine.
    const status = await call('GET', paths.status(casa));
    expect(status.json().data).toMatchObject({
      active: false,
      missing: ['bot_flag', 'whatsapp'],
      template_missing: true,
      engine: 'embedded',
    });
  });

  it("answers 404 for another account's property and question on every route, changing nothing", async () => {
    const q = await create(casa, { question: { es: 'Toallas' }, answer: { es: 'En el armario.' } });
    const before = await dbSnapshot(t.database);
    const attempts = [
      () => call('GET', paths.questions(casa), undefined, otherToken),
      () => call('POST', paths.questions(casa), { question: { es: 'x' }, answer: {} }, otherToken),
      () => call('PUT', paths.question(casa, q.id), { question: { es: 'x' }, answer: {} }, otherToken),
      () =>
        call('PUT', paths.question(otherProperty, q.id), { question: { es: 'x' }, answer: {} }, otherToken),
      () => call('DELETE', paths.question(casa, q.id), undefined, otherToken),
      () => call('DELETE', paths.question(otherProperty, q.id), undefined, otherToken),
      () => upload(paths.questionImage(casa, q.id), png, otherToken),
      () => upload(paths.questionImage(otherProperty, q.id), png, otherToken),
      () => call('DELETE', paths.questionImage(casa, q.id), undefined, otherToken),
      () => call('GET', paths.settings(casa), undefined, otherToken),
      () => call('PUT', paths.settings(casa), settingsBody, otherToken),
      () => call('GET', paths.status(casa), undefined, otherToken),
      () => call('POST', paths.preview(casa), { message: 'Toallas' }, otherToken),
      () => call('GET', paths.questions('not-a-uuid')),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(changedTables(before, await dbSnapshot(t.database))).toEqual([]);
  });
});
