import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../adapters/whatsapp/whatsapp.fake.ts';
import type { FakeSent } from '../../adapters/whatsapp/whatsapp.fake-store.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { botChats, botMessages, botQuestions, botSettings } from '../../db/schema/concierge.ts';
import { inboxThreads } from '../../db/schema/messaging.ts';
import { createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createLocalStorage } from '../files/storage.ts';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const ANA = '34600111222';
export const BRUNO = '34600333444';

/**
 * The concierge through the real app (PGlite, or PostgreSQL with TEST_DB=postgres) and the WhatsApp fake
 * (the shared number): account A (plan smart, subscribed) has Casa Encinas with the bot on, two answered
 * questions (Wi-Fi; parking with an image) and Ana Pérez's booking (+34 600 111 222, 2026-11-20 → 23,
 * made through the API, so it has its check-in). Account B (in trial) has Villa Mar, bot on, and Bruno's
 * booking. Guests write through the fake's signed webhook. Now: 2026-11-20 10:00 UTC.
 */
export async function startConcierge(prefix: string, env: Record<string, string> = {}) {
  const fake: FakeWhatsApp = await startFakeWhatsApp();
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const t: TestApp = await buildTestApp({ env: { ...fake.env, DATA_DIR: dataDir, ...env } });
  fake.setWebhook(async ({ body, headers }) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      payload: body,
      headers,
    });
    return { status: answer.statusCode };
  });
  fake.setAfterDelivery(() => t.app.eventsIdle());
  const { db } = t.database;
  const a = await createEmpresa(t, {
    name: 'Casa Encinas',
    properties: [{ nombre: 'Casa Encinas' }],
    account: {
      plan: 'smart',
      statusSubscription: 'subscribed',
      trialEndsAt: null,
      servicios: ['messaging', 'chatbot', 'smart_locks'],
    },
  });
  const b = await createEmpresa(t, { name: 'Villa Mar', properties: [{ nombre: 'Villa Mar' }] });
  const [propertyA, propertyB] = [a.propertyIds[0] as string, b.propertyIds[0] as string];
  const [accountA, accountB] = [a.accountId as string, b.accountId as string];
  const tokenA = await loginToken(t, a.email);
  const tokenB = await loginToken(t, b.email);

  const call = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  const data = async (token: string, method: InjectOptions['method'], url: string, payload?: object) => {
    const res = await call(token, method, url, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const book = (token: string, property: string, name: string, phone: string, start: string, end: string) =>
    data(token, 'POST', '/api/create/new-booking', {
      property_id: property,
      name,
      email: 'guest@example.com',
      phone,
      start_date: start,
      end_date: end,
      number_of_guests: 1,
      price: 30_000,
    });
  /** The property's bot flag (page-chat-bot-ia). */
  const botFlag = (token: string, property: string, enabled: boolean) =>
    data(token, 'PUT', `/api/properties/${property}/settings/page-chat-bot-ia`, { enabled });
  await botFlag(tokenA, propertyA, true);
  await botFlag(tokenB, propertyB, true);
  const bookingA = (await book(tokenA, propertyA, 'Ana Pérez', '+34 600 111 222', '2026-11-20', '2026-11-23'))
    .id;
  await book(tokenB, propertyB, 'Bruno Díaz', '+34 600 333 444', '2026-11-20', '2026-11-23');
  const [checkin] = await db.select().from(checkins).where(eq(checkins.bookingId, bookingA));
  const checkinA = checkin?.id as string;

  const storage = createLocalStorage(dataDir);
  const parkingImage = await storage.put(PNG, 'png');
  const question = (
    q: { es: string; en?: string },
    answer: { es: string; en?: string },
    imageFile?: string,
  ) => ({
    accountId: accountA,
    propertyId: propertyA,
    question: { es: q.es, en: q.en ?? '', ar: '' },
    answer: { es: answer.es, en: answer.en ?? '', ar: '' },
    imageFile: imageFile ?? null,
  });
  const [wifi, parking] = await db
    .insert(botQuestions)
    .values([
      question(
        { es: '¿Cuál es la contraseña del wifi?', en: 'What is the wifi password?' },
        { es: 'La contraseña del wifi es Encinas2026.', en: 'The wifi password is Encinas2026.' },
      ),
      question(
        { es: '¿Dónde puedo aparcar el coche?', en: 'Where can I park the car?' },
        {
          es: 'Puedes aparcar en la plaza 12 del garaje (mira la foto).',
          en: 'Park in space 12 of the garage.',
        },
        parkingImage,
      ),
    ])
    .returning({ id: botQuestions.id });

  /**
   * A guest writes on WhatsApp (signed webhook through the fake); the bot's handler has run, and the status
   * webhooks of its answer (sent, delivered, read) have come back, when it resolves.
   */
  const writes = async (from: string, text: string, name = from === ANA ? 'Ana' : 'Bruno') => {
    await fake.control('inbound', {
      from,
      name,
      text,
      timestamp: Math.floor(t.clock.now().getTime() / 1000),
    });
    await t.app.eventsIdle();
    await fake.idle();
    await t.app.eventsIdle();
  };
  const sentTo = async (to: string) =>
    ((await fake.control('sent')) as { data: FakeSent[] }).data.filter((s) => s.to === to);
  const lastTo = async (to: string) => (await sentTo(to)).at(-1);
  /** Ana asks, and answers what the bot sent her in reply (undefined: nothing). */
  const anaAsks = async (text: string) => {
    const before = (await sentTo(ANA)).length;
    await writes(ANA, text);
    const after = await sentTo(ANA);
    return after.length > before ? after.at(-1) : undefined;
  };
  const threadOf = async (accountId: string) =>
    (await db.select().from(inboxThreads).where(eq(inboxThreads.accountId, accountId)))[0];
  const chatOf = async (accountId: string) =>
    (await db.select().from(botChats).where(eq(botChats.accountId, accountId)))[0];
  const linesOf = async (chatId: string) =>
    db.select().from(botMessages).where(eq(botMessages.chatId, chatId)).orderBy(asc(botMessages.createdAt));
  /** bot_settings of Casa Encinas: what the bot may do (null: no row, nothing allowed). */
  const allow = async (actions: string[] | null) => {
    await db.delete(botSettings).where(eq(botSettings.propertyId, propertyA));
    if (actions)
      await db.insert(botSettings).values({
        propertyId: propertyA,
        accountId: accountA,
        allowedActions: actions as (typeof botSettings.$inferInsert)['allowedActions'],
        lateCheckoutUntil: '13:00',
        lateCheckoutPrice: 2000,
        earlyCheckinFrom: '12:00',
        earlyCheckinPrice: 0,
      });
  };
  const pendingQuestions = async () =>
    db
      .select()
      .from(botQuestions)
      .where(and(eq(botQuestions.propertyId, propertyA), eq(botQuestions.status, 'pending')));

  return {
    t,
    fake,
    db,
    accountA,
    accountB,
    propertyA,
    propertyB,
    tokenA,
    tokenB,
    bookingA,
    checkinA,
    questions: { wifi: wifi?.id as string, parking: parking?.id as string },
    call,
    data,
    book,
    botFlag,
    writes,
    sentTo,
    lastTo,
    anaAsks,
    threadOf,
    chatOf,
    linesOf,
    allow,
    pendingQuestions,
    async close() {
      await t?.close();
      await fake?.close();
    },
  };
}

export type ConciergeTest = Awaited<ReturnType<typeof startConcierge>>;
