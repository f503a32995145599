import { botActions, type ConciergeLanguage } from '@posada/domain/concierge';
import { describe, expect, it } from 'vitest';
import type { EngineInput, KnowledgeEntry } from './concierge-engine.ts';
import { ANSWER_MIN_CONFIDENCE, createEmbeddedEngine, retrieve, yesOrNo } from './embedded-engine.ts';

/** A small fixed knowledge: four operator answers, two facts and a store service, in es/en/ar. */
const knowledge: KnowledgeEntry[] = [
  {
    id: 'q-parking',
    kind: 'question',
    question: { es: '¿Hay aparcamiento?', en: 'Is there parking?', ar: 'هل يوجد موقف للسيارات؟' },
    answer: {
      es: 'Sí, plaza 14 en el garaje del edificio.',
      en: 'Yes, space 14 in the building garage.',
      ar: 'نعم، المكان 14 في مرآب المبنى.',
    },
  },
  {
    id: 'q-towels',
    kind: 'question',
    question: { es: '¿Hay toallas?', en: 'Are there towels?', ar: 'هل توجد مناشف؟' },
    answer: {
      es: 'Toallas en el armario del baño.',
      en: 'Towels are in the bathroom cupboard.',
      ar: 'المناشف في خزانة الحمام.',
    },
    imageFile: 'towels.jpg',
  },
  {
    id: 'q-pool',
    kind: 'question',
    question: {
      es: '¿Qué horario tiene la piscina?',
      en: 'What are the pool hours?',
      ar: 'ما هي مواعيد المسبح؟',
    },
    answer: { es: 'De 10:00 a 20:00.', en: 'From 10:00 to 20:00.', ar: 'من 10:00 إلى 20:00.' },
  },
  {
    id: 'q-rubbish',
    kind: 'question',
    question: { es: '¿Dónde tiro la basura?', en: 'Where does the rubbish go?', ar: 'أين أضع القمامة؟' },
    answer: {
      es: 'Contenedores en la esquina, a la derecha. Hay un ascensor para bajar las bolsas.',
      en: 'Bins on the corner, to the right. There is a lift to take the bags down.',
      ar: 'الحاويات عند الزاوية على اليمين.',
    },
  },
  {
    id: 'fact:wifi',
    kind: 'fact',
    question: {
      es: '¿Cuál es la red wifi y su contraseña?',
      en: 'What is the wifi network and password?',
      ar: 'ما هي شبكة الواي فاي وكلمة المرور؟',
    },
    answer: {
      es: 'Red: Casa · Contraseña: secreta1',
      en: 'Network: Casa · Password: secreta1',
      ar: 'الشبكة: Casa · كلمة المرور: secreta1',
    },
  },
  {
    id: 'fact:checkin_time',
    kind: 'fact',
    question: {
      es: '¿A qué hora es la entrada (check-in)?',
      en: 'What time is check-in?',
      ar: 'متى موعد تسجيل الوصول؟',
    },
    answer: { es: 'Desde las 15:00.', en: 'From 15:00.', ar: 'ابتداءً من 15:00.' },
  },
  {
    id: 'service:svc-taxi',
    kind: 'service',
    question: { es: 'Traslado al aeropuerto', en: 'Airport transfer', ar: 'نقل إلى المطار' },
    answer: { es: 'Traslado: 40,00 €', en: 'Transfer: €40.00', ar: 'النقل: 40 يورو' },
    keywords: ['taxi traslado transfer aeropuerto airport تاكسي المطار'],
  },
];

const engine = createEmbeddedEngine();
const ask = (message: string, language: ConciergeLanguage, history: EngineInput['history'] = []) =>
  engine.decide({ message, language, knowledge, allowedActions: botActions, history });

describe('the embedded engine answers with the operator’s own words', () => {
  it.each([
    ['¿dónde puedo dejar el coche?', 'es', 'q-parking', 'Sí, plaza 14 en el garaje del edificio.'],
    ['Where can I park?', 'en', 'q-parking', 'Yes, space 14 in the building garage.'],
    ['وين اركن السيارة', 'ar', 'q-parking', 'نعم، المكان 14 في مرآب المبنى.'],
    ['toallas??', 'es', 'q-towels', 'Toallas en el armario del baño.'],
    ['do you have towels', 'en', 'q-towels', 'Towels are in the bathroom cupboard.'],
    ['wifi', 'en', 'fact:wifi', 'Network: Casa · Password: secreta1'],
    ['contraseña del internet porfa', 'es', 'fact:wifi', 'Red: Casa · Contraseña: secreta1'],
    ['ما هو باسورد الانترنت', 'ar', 'fact:wifi', 'الشبكة: Casa · كلمة المرور: secreta1'],
    ['when does the pool open', 'en', 'q-pool', 'From 10:00 to 20:00.'],
    ['متى يفتح المسبح', 'ar', 'q-pool', 'من 10:00 إلى 20:00.'],
    ['a qué hora es el check in', 'es', 'fact:checkin_time', 'Desde las 15:00.'],
  ] as const)('%s → %s', async (message, language, entryId, text) => {
    const decision = await ask(message, language);
    expect(decision).toMatchObject({ kind: 'answer', entryId, text });
    expect(decision.confidence).toBeGreaterThanOrEqual(ANSWER_MIN_CONFIDENCE);
  });

  it('answers in the asked language from an entry written in another (Spanish fallback)', async () => {
    const only: KnowledgeEntry[] = [
      {
        id: 'q-bbq',
        kind: 'question',
        question: { es: '¿Hay barbacoa?' },
        answer: { es: 'Sí, en el patio.' },
      },
    ];
    const decision = await engine.decide({
      message: 'Is there a barbecue?',
      language: 'en',
      knowledge: only,
      allowedActions: botActions,
      history: [],
    });
    expect(decision).toMatchObject({ kind: 'answer', entryId: 'q-bbq', text: 'Sí, en el patio.' });
  });
});

describe('the embedded engine escalates what the knowledge does not answer', () => {
  it.each([
    ['¿Hay gimnasio?', 'es'],
    ['Can I bring my cat?', 'en'],
    ['هل يمكن الحصول على خصم؟', 'ar'],
    ['Can you recommend a restaurant?', 'en'],
    // Near misses: the topic is known, but the question asks something the answer does not say.
    ['Is the pool heated?', 'en'],
    ['el wifi no funciona', 'es'],
    ['الواي فاي لا يعمل', 'ar'],
    // Mentioned only inside another answer: not an answer about it.
    ['Is there a lift?', 'en'],
    ['¿Hay parking para la bici?', 'es'],
    ['what time?', 'en'],
    ['', 'es'],
  ] as const)('%s', async (message, language) => {
    expect((await ask(message, language)).kind).toBe('escalate');
  });

  it('escalates everything with no knowledge at all', async () => {
    const decision = await engine.decide({
      message: 'wifi?',
      language: 'en',
      knowledge: [],
      allowedActions: botActions,
      history: [],
    });
    expect(decision.kind).toBe('escalate');
  });
});

describe('the embedded engine recognises what the guest asks it to do', () => {
  it.each([
    ['¿me pasas el código de la puerta?', 'es', 'send_door_code'],
    ['what is the door code', 'en', 'send_door_code'],
    ['ما هو رمز الباب', 'ar', 'send_door_code'],
    ['no me llegó el enlace del check-in', 'es', 'resend_checkin_link'],
    ['can we have a late check-out?', 'en', 'late_checkout'],
    ['هل يمكننا المغادرة متأخرا', 'ar', 'late_checkout'],
    ['¿podemos llegar antes?', 'es', 'early_checkin'],
    ['I want to talk to a human', 'en', 'handover'],
    ['أريد التحدث مع موظف', 'ar', 'handover'],
  ] as const)('%s → %s', async (message, language, action) => {
    expect(await ask(message, language)).toMatchObject({ kind: 'action', action });
  });

  it('offers a store service that matches, with its id', async () => {
    expect(await ask('can you get us a taxi to the airport?', 'en')).toMatchObject({
      kind: 'action',
      action: 'offer_services',
      serviceId: 'svc-taxi',
    });
    expect(await ask('هل يوجد تاكسي إلى المطار؟', 'ar')).toMatchObject({ action: 'offer_services' });
  });

  it('does not take a postcode, a promo code or a booking number for the door code', async () => {
    for (const message of [
      '¿Cuál es el código postal?',
      'do you have a promo code?',
      'what is my booking number?',
    ])
      expect(await ask(message, 'en'), message).not.toMatchObject({
        kind: 'action',
        action: 'send_door_code',
      });
  });

  it('does not take the Wi-Fi code for the door code', async () => {
    expect(await ask('what is the wifi code?', 'en')).toMatchObject({ kind: 'answer', entryId: 'fact:wifi' });
  });

  it('reads a yes or a no to the bot’s last proposal, and only then', async () => {
    const proposal = [{ role: 'bot' as const, content: '¿Quieres salir a las 13:00 sin coste?' }];
    expect(await ask('sí, vale', 'es', proposal)).toMatchObject({ kind: 'reply', accept: true });
    expect(await ask('نعم', 'ar', proposal)).toMatchObject({ kind: 'reply', accept: true });
    expect(await ask('no, gracias', 'es', proposal)).toMatchObject({ kind: 'reply', accept: false });
    expect((await ask('sí', 'es', [])).kind).toBe('escalate');
    expect(yesOrNo('is there parking')).toBeNull();
    expect(yesOrNo('Sí, por favor')).toBe(true);
    expect(yesOrNo('yes please, thank you')).toBe(true);
    expect(yesOrNo('لا شكرا')).toBe(false);
    expect(yesOrNo('no, por favor no')).toBe(false);
  });
});

describe('retrieve', () => {
  it('ranks the entries for a message, best first, with a confidence and a 0–1 score', () => {
    const [best, ...rest] = retrieve(knowledge, 'parking?', 'en', 3);
    expect(best?.entry.id).toBe('q-parking');
    expect(best?.score).toBeCloseTo((best?.confidence ?? 0) / 100);
    for (const other of rest) expect(other.confidence).toBeLessThanOrEqual(best?.confidence ?? 0);
  });
});
