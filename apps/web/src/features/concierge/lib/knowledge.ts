import type { BotQuestion, BotQuestionBody } from '@posada/contracts/concierge';
import {
  type BotQuestionStatus,
  type ConciergeLanguage,
  conciergeLanguages,
  type LocalizedAnswer,
  localized,
} from '@posada/domain/concierge';

/** The editor's form: the question and its answer, each in es, en and ar. */
export interface QuestionValues {
  question: LocalizedAnswer;
  answer: LocalizedAnswer;
}

const blank = (): LocalizedAnswer => ({ es: '', en: '', ar: '' });

export function emptyQuestion(): QuestionValues {
  return { question: blank(), answer: blank() };
}

export function questionValues(question: BotQuestion): QuestionValues {
  return { question: { ...question.question }, answer: { ...question.answer } };
}

export function questionBody(values: QuestionValues): BotQuestionBody {
  return { question: { ...values.question }, answer: { ...values.answer } };
}

/** Lower case, no accents, no Arabic diacritics or tatweel: "Dónde" finds "donde", "وايفاي" its vowelled form. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .toLowerCase()
    .trim();
}

/** The questions of a tab whose question or answer (in any language) contains the search. */
export function filterQuestions(
  items: readonly BotQuestion[],
  status: BotQuestionStatus,
  search: string,
): BotQuestion[] {
  const needle = normalise(search);
  return items.filter((item) => {
    if (item.status !== status) return false;
    if (!needle) return true;
    return conciergeLanguages.some(
      (language) =>
        normalise(item.question[language]).includes(needle) ||
        normalise(item.answer[language]).includes(needle),
    );
  });
}

/** The list's title of a question: in the preview language, else the first language written. */
export function questionTitle(item: { question: LocalizedAnswer }, language: ConciergeLanguage): string {
  return localized(item.question, language);
}

/** The languages a form has written its answer in (for the list's and the tabs' ticks). */
export function answeredLanguages(answer: LocalizedAnswer): ConciergeLanguage[] {
  return conciergeLanguages.filter((language) => answer[language].trim() !== '');
}

/** The editor's property: the remembered one if it is still the account's, else the active one, else the first. */
export function pickProperty(
  ids: readonly string[],
  remembered: string | null,
  active: string | null,
): string | null {
  if (remembered && ids.includes(remembered)) return remembered;
  if (active && ids.includes(active)) return active;
  return ids[0] ?? null;
}

/** The preview's language at first: the interface's when the bot speaks it, else Spanish. */
export function initialPreviewLanguage(interfaceLanguage: string): ConciergeLanguage {
  const short = interfaceLanguage.slice(0, 2);
  return (conciergeLanguages as readonly string[]).includes(short) ? (short as ConciergeLanguage) : 'es';
}

/**
 * Eight questions every guest asks, as pending drafts the operator answers (the empty state's import).
 * Only the ones not already in the list (same Spanish text) are added.
 */
export const commonQuestions: LocalizedAnswer[] = [
  {
    es: '¿Cuál es la contraseña del wifi?',
    en: 'What is the Wi-Fi password?',
    ar: 'ما هي كلمة مرور الواي فاي؟',
  },
  { es: '¿A qué hora es el check-in?', en: 'What time is check-in?', ar: 'في أي ساعة يبدأ تسجيل الوصول؟' },
  { es: '¿A qué hora es el check-out?', en: 'What time is check-out?', ar: 'في أي ساعة يجب تسجيل المغادرة؟' },
  { es: '¿Dónde puedo aparcar?', en: 'Where can I park?', ar: 'أين يمكنني ركن السيارة؟' },
  {
    es: '¿Cómo entro al alojamiento?',
    en: 'How do I get into the property?',
    ar: 'كيف أدخل إلى مكان الإقامة؟',
  },
  {
    es: '¿Puedo dejar las maletas antes o después?',
    en: 'Can I leave my luggage before or after?',
    ar: 'هل يمكنني ترك الأمتعة قبل الوصول أو بعد المغادرة؟',
  },
  { es: '¿Se admiten mascotas?', en: 'Are pets allowed?', ar: 'هل يُسمح بالحيوانات الأليفة؟' },
  {
    es: '¿Cómo pido un taxi desde aquí?',
    en: 'How do I get a taxi from here?',
    ar: 'كيف أطلب سيارة أجرة من هنا؟',
  },
];

export function missingSuggestions(items: readonly BotQuestion[]): LocalizedAnswer[] {
  const known = new Set(items.map((item) => normalise(item.question.es)));
  return commonQuestions.filter((question) => !known.has(normalise(question.es)));
}

/** The property the editor shows, remembered in this browser. */
export const REMEMBERED_PROPERTY_KEY = 'posada.concierge.property';

/** The phone's own texts, in the guest's language whatever the interface's (the preview shows the guest's screen). */
export const guestPhoneTexts: Record<ConciergeLanguage, { assistant: string; placeholder: string }> = {
  es: { assistant: 'Asistente virtual', placeholder: 'Escribe un mensaje' },
  en: { assistant: 'Virtual assistant', placeholder: 'Type a message' },
  ar: { assistant: 'المساعد الافتراضي', placeholder: 'اكتب رسالة' },
};
