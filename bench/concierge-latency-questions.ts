// The concierge latency bench's questions (bench/concierge-latency.bench.ts): the evaluation set of issue 19
// when it is there, else a few of its own, and the knowledge it adds when the demo property has none.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConciergeLanguage, LocalizedAnswer } from '@posada/domain/concierge';

export const demoProperty = 'Apartamento Sol de Triana';
const evalPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/concierge-eval.json');

export interface Question {
  text: string;
  language: ConciergeLanguage;
}

/** The bench's own questions when the evaluation set is not there (answerable and not). */
const ownQuestions: Question[] = [
  { text: '¿Cuál es la contraseña del wifi?', language: 'es' },
  { text: '¿A qué hora es el check-in?', language: 'es' },
  { text: '¿Hay aparcamiento cerca?', language: 'es' },
  { text: '¿Se admiten mascotas?', language: 'es' },
  { text: 'What is the wifi password?', language: 'en' },
  { text: 'What time is check-out?', language: 'en' },
  { text: 'Is there parking nearby?', language: 'en' },
  { text: 'Can I bring my drone?', language: 'en' },
  { text: 'ما هي كلمة مرور الواي فاي؟', language: 'ar' },
  { text: 'متى موعد تسجيل الخروج؟', language: 'ar' },
  { text: 'هل يوجد موقف سيارات؟', language: 'ar' },
];

/** The bench's own knowledge, added only when the demo property has no answered question. */
export const ownKnowledge: { question: LocalizedAnswer; answer: LocalizedAnswer }[] = [
  {
    question: { es: '¿Hay aparcamiento?', en: 'Is there parking?', ar: 'هل يوجد موقف سيارات؟' },
    answer: {
      es: 'Hay un parking público en la calle Pagés del Corro, a 200 m (18 € al día).',
      en: 'There is a public car park on Pagés del Corro street, 200 m away (€18 a day).',
      ar: 'يوجد موقف عام في شارع Pagés del Corro على بعد 200 متر (18 يورو في اليوم).',
    },
  },
  {
    question: {
      es: '¿A qué hora es la salida?',
      en: 'What time is check-out?',
      ar: 'متى موعد تسجيل الخروج؟',
    },
    answer: {
      es: 'La salida es antes de las 12:00. Deja las llaves en la mesa.',
      en: 'Check-out is by 12:00. Leave the keys on the table.',
      ar: 'تسجيل الخروج قبل الساعة 12:00. اترك المفاتيح على الطاولة.',
    },
  },
];

/** The evaluation set's questions (helper H1's format, read loosely), minus hand-overs (they pause the bot). */
export function loadQuestions(): { questions: Question[]; source: string } {
  if (!existsSync(evalPath)) return { questions: ownQuestions, source: "the bench's own 11 questions" };
  const raw = JSON.parse(readFileSync(evalPath, 'utf8')) as unknown;
  const items = (
    Array.isArray(raw)
      ? raw
      : ((raw as { questions?: unknown[]; items?: unknown[] }).questions ??
        (raw as { items?: unknown[] }).items ??
        [])
  ) as Record<string, unknown>[];
  const questions: Question[] = [];
  for (const item of items) {
    const text = [item.question, item.message, item.text].find((v) => typeof v === 'string') as
      | string
      | undefined;
    const language = (['es', 'en', 'ar'] as const).find((l) => l === item.language || l === item.lang);
    if (!text || !language) continue;
    if (/handover|person/i.test(JSON.stringify(item.expected ?? item.expect ?? item.action ?? ''))) continue;
    const property = item.property ?? item.propertyName;
    if (typeof property === 'string' && property !== demoProperty && !property.includes('Triana')) continue;
    questions.push({ text, language });
  }
  if (questions.length === 0)
    return { questions: ownQuestions, source: "the bench's own 11 questions (none read)" };
  return {
    questions,
    source: `${questions.length} questions of bench/fixtures/concierge-eval.json at ${demoProperty}`,
  };
}
