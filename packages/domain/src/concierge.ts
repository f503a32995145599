/**
 * The AI concierge (issue 19, docs/concierge.md): the rules shared by the API, the web and the bench.
 * spec 3 Bot chat and Bot question, spec 4 Bot chat item and Chatbot question, spec 5 Bot use, spec 9.
 */

export const conciergeLanguages = ['es', 'en', 'ar'] as const;
export type ConciergeLanguage = (typeof conciergeLanguages)[number];

/** A text the operator writes once per language; an empty language falls back to Spanish. */
export type LocalizedAnswer = Record<ConciergeLanguage, string>;

/** spec 4 Chatbot question: answered or pending (a guest asked and nobody has answered yet). */
export const botQuestionStatuses = ['answered', 'pending'] as const;
export type BotQuestionStatus = (typeof botQuestionStatuses)[number];

/** Where a question came from: the operator wrote it, or a guest asked it and the bot could not answer. */
export const botQuestionSources = ['operator', 'guest'] as const;
export type BotQuestionSource = (typeof botQuestionSources)[number];

export const BOT_QUESTION_MAX = 300;
export const BOT_ANSWER_MAX = 2000;
/** Questions per property (a guard against a runaway import, far above what an operator writes). */
export const BOT_QUESTIONS_MAX = 500;

/**
 * What the bot may do on its own (issue 19, 3). Each is off until the operator turns it on in the
 * chatbot settings; anything not allowed is escalated to a person.
 */
export const botActions = [
  /** Send the door code, only once the smart-locks module has released it. */
  'send_door_code',
  /** Send the guest's online check-in link again (an unfinished check-in). */
  'resend_checkin_link',
  /** Offer the store's services with their price and take a request. */
  'offer_services',
  /** Propose a late check-out when nobody arrives that day. */
  'late_checkout',
  /** Propose an early check-in when nobody leaves that day. */
  'early_checkin',
  /** Hand the conversation to a person (the bot pauses and the operator is told). */
  'handover',
] as const;
export type BotAction = (typeof botActions)[number];

/** Who wrote a line of a bot conversation (spec 3 Bot chat messages role). */
export const botMessageRoles = ['guest', 'bot', 'operator', 'action'] as const;
export type BotMessageRole = (typeof botMessageRoles)[number];

/** How the bot dealt with a guest's message. */
export const botOutcomes = ['answered', 'escalated', 'action', 'paused'] as const;
export type BotOutcome = (typeof botOutcomes)[number];

/** spec 9: a bot message preview is cut at 85 characters. */
export const BOT_PREVIEW_MAX = 85;

/** The preview of the bot chats list: one line, at most 85 characters (spec 9), an ellipsis when cut. */
export function botPreview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  if (chars.length <= BOT_PREVIEW_MAX) return line;
  return `${chars
    .slice(0, BOT_PREVIEW_MAX - 1)
    .join('')
    .trimEnd()}…`;
}

/** spec 5 Bot use: plan smart, subscription subscribed, and the property's bot flag. */
export function botUsable(input: {
  plan: string | null;
  status_subscription: string | null;
  botEnabled: boolean;
}): boolean {
  return input.plan === 'smart' && input.status_subscription === 'subscribed' && input.botEnabled;
}

/** The bot's first reply in a conversation says it is an assistant (issue 19, 5). */
export const ASSISTANT_DISCLOSURE: LocalizedAnswer = {
  es: 'Hola, soy el asistente virtual del alojamiento. Respondo con la información del anfitrión; si no lo sé, se lo pregunto.',
  en: "Hi, I'm the property's virtual assistant. I answer with the host's information; if I don't know, I'll ask them.",
  ar: 'مرحبًا، أنا المساعد الافتراضي لمكان الإقامة. أجيب بمعلومات المضيف، وإن لم أعرف الجواب سأسأله.',
};

/** What the bot says when it escalates (it never guesses). */
export const ESCALATION_REPLY: LocalizedAnswer = {
  es: 'No tengo esa información. Se lo pregunto al anfitrión y te responderá aquí en cuanto pueda.',
  en: "I don't have that information. I'll ask the host, who will answer you here as soon as possible.",
  ar: 'لا تتوفر لدي هذه المعلومة. سأسأل المضيف وسيجيبك هنا في أقرب وقت.',
};

/** What the bot says when it hands the conversation to a person. */
export const HANDOVER_REPLY: LocalizedAnswer = {
  es: 'De acuerdo, aviso a una persona del equipo para que continúe la conversación.',
  en: 'Sure, I am letting someone from the team know so they can continue the conversation.',
  ar: 'حسنًا، سأُبلغ أحد أفراد الفريق ليكمل المحادثة معك.',
};

/** The guest's language from the check-in or booking, else from the text itself (Arabic script). */
export function guessLanguage(text: string, known?: string | null): ConciergeLanguage {
  if (known && (conciergeLanguages as readonly string[]).includes(known)) return known as ConciergeLanguage;
  if (/[\u0600-\u06FF]/.test(text)) return 'ar';
  const lower = ` ${text.toLowerCase()} `;
  const spanish =
    /[ñáéíóú¿¡]/.test(lower) ||
    /\b(hola|donde|dónde|cuando|cuándo|qué|que|hay|puedo|tienen|gracias|buenas|llave|contraseña|aparcar|salida|llegada)\b/.test(
      lower,
    );
  const english =
    /\b(the|what|where|when|is|are|can|do|does|how|hi|hello|thanks|please|my|wifi password)\b/.test(lower);
  if (english && !spanish) return 'en';
  return 'es';
}

/** The text in the guest's language, else Spanish, else the first language written. */
export function localized(text: Partial<LocalizedAnswer>, language: ConciergeLanguage): string {
  return text[language]?.trim() || text.es?.trim() || text.en?.trim() || text.ar?.trim() || '';
}
