import { botActions } from '@posada/domain/concierge';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkins } from '../../db/schema/checkins.ts';
import { botQuestions, botSettings } from '../../db/schema/concierge.ts';
import { services } from '../../db/schema/experiences.ts';
import { properties } from '../../db/schema/properties.ts';
import { fixedClock } from '../../lib/clock.ts';
import { createEmpresa } from '../../test/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import type { ConciergeDeps } from './concierge.deps.ts';
import type { KnowledgeEntry } from './engine/concierge-engine.ts';
import { createEmbeddedEngine } from './engine/embedded-engine.ts';
import { createKnowledgeService, type KnowledgeService } from './knowledge.service.ts';

/**
 * What the bot knows at a property (knowledge.service.ts), read from the real tables on PGlite or
 * PostgreSQL (TEST_DB=postgres): the operator's answered questions, the property's facts, the shared facts,
 * the store's services and the guest's stay; never another account's.
 */
describe('concierge knowledge (entriesFor)', () => {
  let tdb: TestDatabase;
  let knowledge: KnowledgeService;
  let accountId: string;
  let propertyId: string;
  let otherPropertyId: string;
  let strangerAccountId: string;
  let strangerPropertyId: string;
  let stayId: string;
  let strangerStayId: string;
  const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));

  const stay = (account: string, property: string, name: string) => ({
    accountId: account,
    propertyId: property,
    name,
    language: 'en',
    startDate: '2026-11-20',
    endDate: '2026-11-23',
    status: 'pending' as const,
    linkTokenHash: `hash-${name}`,
    linkTokenSealed: 'sealed',
    linkExpiresAt: new Date('2026-11-24T00:00:00Z'),
    purgeAfter: '2029-11-23',
  });
  const service = (account: string, property: string | null, name: string, extra = {}) => ({
    accountId: account,
    propertyId: property,
    name,
    title: { es: `${name} ES`, en: `${name} EN`, ar: `${name} AR` },
    description: { es: 'Descripción', en: 'Description', ar: 'وصف' },
    category: 'transfer' as const,
    confirmation: 'manual' as const,
    priceType: 'person' as const,
    price: 4000,
    ...extra,
  });

  beforeAll(async () => {
    tdb = await createTestDatabase();
    const t = { database: tdb.database, clock };
    const a = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Encinas' }, { nombre: 'Ático Sur' }],
      account: { plan: 'smart', statusSubscription: 'subscribed', trialEndsAt: null },
    });
    const b = await createEmpresa(t, { properties: [{ nombre: 'Villa Ajena' }] });
    accountId = a.accountId as string;
    [propertyId, otherPropertyId] = a.propertyIds as [string, string];
    strangerAccountId = b.accountId as string;
    strangerPropertyId = b.propertyIds[0] as string;
    const { db } = tdb.database;
    await db
      .update(properties)
      .set({
        address: 'Calle Mayor 3',
        city: 'Cuenca',
        checkinTime: '16:00',
        checkoutTime: '10:30',
        policies: { es: 'En {alojamiento} no se fuma.', en: 'No smoking at {alojamiento}.', ar: '' },
        welcome: { es: '¡Bienvenido!', en: 'Welcome!', ar: 'أهلًا' },
        storeEnabled: true,
        storeType: 'internal',
      })
      .where(eq(properties.id, propertyId));
    const answer = { es: 'Sí, en la calle.', en: 'Yes, on the street.', ar: 'نعم، في الشارع.' };
    await db.insert(botQuestions).values([
      {
        accountId,
        propertyId,
        question: { es: '¿Hay aparcamiento?', en: 'Is there parking?', ar: 'هل يوجد موقف؟' },
        answer,
        imageFile: 'parking.jpg',
      },
      {
        accountId,
        propertyId,
        question: { es: '¿Hay gimnasio?', en: '', ar: '' },
        answer: { es: '', en: '', ar: '' },
        status: 'pending',
        source: 'guest',
        askedKey: 'hay gimnasio',
      },
      {
        accountId,
        propertyId: otherPropertyId,
        question: { es: '¿Hay piscina?', en: '', ar: '' },
        answer: { es: 'Sí.', en: '', ar: '' },
      },
    ]);
    await db.insert(botSettings).values({
      propertyId,
      accountId,
      allowedActions: [...botActions],
      wifiName: 'Encinas',
      wifiPassword: 'bellota-2026',
      shareWifi: true,
      accessInstructions: { es: 'Llave en la caja gris.', en: 'Key in the grey box.', ar: '' },
      shareAccess: false,
    });
    await db
      .insert(services)
      .values([
        service(accountId, propertyId, 'Taxi'),
        service(accountId, null, 'Desayuno', { priceType: 'unit', price: 0, category: 'food_beverage' }),
        service(accountId, propertyId, 'Kayak', { active: false }),
        service(accountId, otherPropertyId, 'Masaje'),
        service(strangerAccountId, null, 'Ajeno'),
      ]);
    const [mine] = await db
      .insert(checkins)
      .values(stay(accountId, propertyId, 'Ana'))
      .returning({ id: checkins.id });
    const [theirs] = await db
      .insert(checkins)
      .values(stay(strangerAccountId, strangerPropertyId, 'Bruno'))
      .returning({ id: checkins.id });
    stayId = mine?.id as string;
    strangerStayId = theirs?.id as string;
    knowledge = createKnowledgeService({ db, clock } as unknown as ConciergeDeps);
  }, 120_000);
  afterAll(() => tdb.dispose());

  const entries = (checkinId: string | null = null) =>
    knowledge.entriesFor({ accountId, propertyId, checkinId, language: 'es' });
  const byId = (list: KnowledgeEntry[]) => new Map(list.map((e) => [e.id, e]));

  it("holds the property's answered questions with their image, not pending ones or another property's", async () => {
    const list = await entries();
    const questions = list.filter((e) => e.kind === 'question');
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatchObject({
      question: { es: '¿Hay aparcamiento?' },
      answer: { en: 'Yes, on the street.' },
      imageFile: 'parking.jpg',
    });
  });

  it("writes the property's own facts per language, the accommodation name filled in the policies", async () => {
    const facts = byId(await entries());
    expect(facts.get('fact:address')?.answer.es).toBe(
      'La dirección de Casa Encinas es Calle Mayor 3, Cuenca.',
    );
    expect(facts.get('fact:checkin_time')?.answer).toMatchObject({
      es: 'La entrada (check-in) es a partir de las 16:00.',
      en: 'Check-in is from 16:00.',
    });
    expect(facts.get('fact:checkin_time')?.answer.ar).toContain('16:00');
    expect(facts.get('fact:checkout_time')?.answer.en).toBe('Check-out is by 10:30.');
    expect(facts.get('fact:policies')?.answer).toMatchObject({
      es: 'En Casa Encinas no se fuma.',
      en: 'No smoking at Casa Encinas.',
    });
    expect(facts.get('fact:welcome')?.answer.ar).toBe('أهلًا');
  });

  it('shares the Wi-Fi only when its flag is on, and the access instructions not while theirs is off', async () => {
    let facts = byId(await entries());
    expect(facts.get('fact:wifi')?.answer).toMatchObject({
      es: 'Red: Encinas · Contraseña: bellota-2026',
      en: 'Network: Encinas · Password: bellota-2026',
    });
    expect(facts.has('fact:access')).toBe(false);
    const { db } = tdb.database;
    await db
      .update(botSettings)
      .set({ shareWifi: false, shareAccess: true })
      .where(eq(botSettings.propertyId, propertyId));
    facts = byId(await entries());
    expect(facts.has('fact:wifi')).toBe(false);
    expect(facts.get('fact:access')?.answer.en).toBe('Key in the grey box.');
    await db
      .update(botSettings)
      .set({ shareWifi: true, shareAccess: false })
      .where(eq(botSettings.propertyId, propertyId));
  });

  it("offers the store's active services of the property (or of all), priced per their type", async () => {
    const list = (await entries()).filter((e) => e.kind === 'service');
    expect(list.map((e) => e.question.es).sort()).toEqual(['Desayuno ES', 'Taxi ES']);
    const taxi = list.find((e) => e.question.es === 'Taxi ES');
    expect(taxi?.answer.es).toMatch(/^Taxi ES: 40,00\s€ por persona\. Descripción$/);
    expect(taxi?.answer.en).toMatch(/^Taxi EN: €40\.00 per person\. Description$/);
    expect(list.find((e) => e.question.es === 'Desayuno ES')?.answer.es).toBe(
      'Desayuno ES: sin coste. Descripción',
    );
  });

  it('knows no service while the store is off', async () => {
    const { db } = tdb.database;
    await db.update(properties).set({ storeEnabled: false }).where(eq(properties.id, propertyId));
    expect((await entries()).some((e) => e.kind === 'service')).toBe(false);
    await db.update(properties).set({ storeEnabled: true }).where(eq(properties.id, propertyId));
  });

  it("knows the guest's stay with a check-in of the property, and nobody else's", async () => {
    const mine = byId(await entries(stayId)).get('fact:my_stay');
    expect(mine?.answer.en).toBe(
      'Your booking: arrival on 20 November 2026 (from 16:00), departure on 23 November 2026 (by 10:30). Online check-in: pending.',
    );
    expect(byId(await entries(strangerStayId)).has('fact:my_stay')).toBe(false);
    expect(byId(await entries()).has('fact:my_stay')).toBe(false);
  });

  it("answers nothing for another account's property", async () => {
    expect(
      await knowledge.entriesFor({
        accountId,
        propertyId: strangerPropertyId,
        checkinId: null,
        language: 'es',
      }),
    ).toEqual([]);
    expect(
      await knowledge.entriesFor({
        accountId: strangerAccountId,
        propertyId,
        checkinId: null,
        language: 'es',
      }),
    ).toEqual([]);
  });

  it('lets the embedded engine answer a guest from it, and escalate what it does not hold', async () => {
    const knowledgeNow = await entries(stayId);
    const engine = createEmbeddedEngine();
    const ask = (message: string, language: 'es' | 'en' | 'ar') =>
      engine.decide({ message, language, knowledge: knowledgeNow, allowedActions: botActions, history: [] });
    expect(await ask('where can I park?', 'en')).toMatchObject({
      kind: 'answer',
      text: 'Yes, on the street.',
    });
    expect(await ask('كلمة سر الواي فاي؟', 'ar')).toMatchObject({ kind: 'answer', entryId: 'fact:wifi' });
    expect(await ask('¿cuándo es mi reserva?', 'es')).toMatchObject({
      kind: 'answer',
      entryId: 'fact:my_stay',
    });
    expect(await ask('¿Puedo pedir un taxi?', 'es')).toMatchObject({
      kind: 'action',
      action: 'offer_services',
    });
    expect((await ask('¿hay gimnasio?', 'es')).kind).toBe('escalate');
  });
});
