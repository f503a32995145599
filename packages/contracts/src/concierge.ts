import {
  BOT_ANSWER_MAX,
  BOT_QUESTION_MAX,
  botActions,
  botMessageRoles,
  botOutcomes,
  botQuestionSources,
  botQuestionStatuses,
  conciergeLanguages,
} from '@posada/domain/concierge';
import { z } from 'zod';
import { multilineText, text, uuid } from './primitives.ts';

/**
 * The AI concierge (issue 19, docs/concierge.md): the operator's questions and answers per property, the
 * bot's policy, the bot chats (spec 7 retrieve-list-chat-bot, mark-as-read, mark-all-as-read) and each
 * conversation with what the bot did. Every route is empresa; the bot itself answers on WhatsApp.
 */
export const conciergePaths = {
  /** spec 7 GET /retrieve-list-chat-bot?property_id= */
  chatList: '/api/retrieve-list-chat-bot',
  /** spec 7 POST /mark-as-read {property_id, checkin_id}; `chat_id` marks a chat without a check-in. */
  markAsRead: '/api/mark-as-read',
  /** spec 7 PUT /mark-all-as-read {property_id} */
  markAllAsRead: '/api/mark-all-as-read',
  /** GET: one conversation with every line (the notifications modal's viewer). */
  chat: (chatId: string) => `/api/concierge/chats/${chatId}`,
  /** GET the bot's state in an inbox thread; POST take-over (the bot pauses), POST hand-back. */
  thread: (threadId: string) => `/api/concierge/threads/${threadId}`,
  takeOver: (threadId: string) => `/api/concierge/threads/${threadId}/take-over`,
  handBack: (threadId: string) => `/api/concierge/threads/${threadId}/hand-back`,
  /** GET (query status) and POST: the property's questions and answers. */
  questions: (propertyId: string) => `/api/concierge/${propertyId}/questions`,
  /** PUT and DELETE one question. */
  question: (propertyId: string, questionId: string) =>
    `/api/concierge/${propertyId}/questions/${questionId}`,
  /** POST multipart (one file `image`) and DELETE: the answer's image. */
  questionImage: (propertyId: string, questionId: string) =>
    `/api/concierge/${propertyId}/questions/${questionId}/image`,
  /** GET and PUT: what the bot may do and the shareable facts. */
  settings: (propertyId: string) => `/api/concierge/${propertyId}/settings`,
  /** GET: whether the bot can answer at this property, and what is missing (spec 5, issue 19 point 5). */
  status: (propertyId: string) => `/api/concierge/${propertyId}/status`,
  /** POST: what the bot would answer (the phone preview's test box); nothing is sent or stored. */
  preview: (propertyId: string) => `/api/concierge/${propertyId}/preview`,
} as const;

/** spec 7 event: the bot chats of this property changed (a new message, a read). */
export const newConversationEvent = (propertyId: string) => `new-conversation-${propertyId}`;

export const conciergeLanguageSchema = z.enum(conciergeLanguages, { message: 'validation.invalid_option' });
export const botActionSchema = z.enum(botActions, { message: 'validation.invalid_option' });
export const botQuestionStatusSchema = z.enum(botQuestionStatuses);

const localized = (max: number, multiline: boolean) => {
  const field = () => (multiline ? multilineText(max, { trim: true }) : text({ max, trim: true }));
  return z.object({ es: field().default(''), en: field().default(''), ar: field().default('') });
};
export const localizedAnswerSchema = z.object({ es: z.string(), en: z.string(), ar: z.string() });

const hasSomeLanguage = (value: { es: string; en: string; ar: string }) =>
  Boolean(value.es || value.en || value.ar);

/**
 * POST /api/concierge/{propertyId}/questions and PUT …/questions/{id} (spec 3 Bot question). The question
 * needs at least one language; an answer in at least one language makes it answered, none keeps it pending.
 */
export const botQuestionBody = z.object({
  question: localized(BOT_QUESTION_MAX, false).refine(hasSomeLanguage, {
    message: 'concierge.question_required',
  }),
  answer: localized(BOT_ANSWER_MAX, true),
});
export type BotQuestionBody = z.input<typeof botQuestionBody>;

export const botQuestionSchema = z.object({
  id: z.string(),
  property_id: z.string(),
  question: localizedAnswerSchema,
  answer: localizedAnswerSchema,
  /** /api/files/{name} of the answer's image, or null. */
  image_url: z.string().nullable(),
  /** spec 4 Chatbot question: answered or pending. */
  status: botQuestionStatusSchema,
  source: z.enum(botQuestionSources),
  /** How many guests asked it (a pending question from guests). */
  asked_count: z.number().int(),
  last_asked_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BotQuestion = z.infer<typeof botQuestionSchema>;

export const botQuestionListQuery = z.object({ status: botQuestionStatusSchema.optional() });
export const botQuestionListSchema = z.object({
  items: z.array(botQuestionSchema),
  answered: z.number().int(),
  pending: z.number().int(),
});
export type BotQuestionList = z.infer<typeof botQuestionListSchema>;

const clockTime = text({ max: 5 }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.invalid_time');
const minorUnits = z
  .number({ message: 'concierge.price_invalid' })
  .int('concierge.price_invalid')
  .min(0, 'concierge.price_invalid')
  .max(100_000_000, 'concierge.price_invalid');

/** PUT /api/concierge/{propertyId}/settings: the policy (issue 19, 3) and the shareable facts. */
export const botSettingsBody = z.object({
  allowed_actions: z.array(botActionSchema).max(botActions.length),
  wifi_name: text({ max: 64, trim: true }).default(''),
  wifi_password: text({ max: 64 }).default(''),
  share_wifi: z.boolean(),
  access_instructions: localized(1000, true),
  share_access: z.boolean(),
  late_checkout_until: clockTime,
  late_checkout_price: minorUnits,
  early_checkin_from: clockTime,
  early_checkin_price: minorUnits,
});
export type BotSettingsBody = z.input<typeof botSettingsBody>;
export const botSettingsSchema = z.object({
  property_id: z.string(),
  allowed_actions: z.array(botActionSchema),
  wifi_name: z.string(),
  wifi_password: z.string(),
  share_wifi: z.boolean(),
  access_instructions: localizedAnswerSchema,
  share_access: z.boolean(),
  late_checkout_until: z.string(),
  late_checkout_price: z.number().int(),
  early_checkin_from: z.string(),
  early_checkin_price: z.number().int(),
  /** The property's currency (prices above are in its minor units). */
  currency: z.string(),
});
export type BotSettings = z.infer<typeof botSettingsSchema>;

/** What keeps the bot from answering at a property (issue 19, 5); an empty list: it answers. */
export const botMissingValues = [
  /** spec 5: plan smart and subscription subscribed. */
  'plan',
  /** spec 5: the property's bot flag (page-chat-bot-ia). */
  'bot_flag',
  /** No WhatsApp sender (modules/whatsapp): guests cannot reach it. */
  'whatsapp',
  /** No answered question and no shareable fact. */
  'knowledge',
] as const;
export const botStatusSchema = z.object({
  active: z.boolean(),
  missing: z.array(z.enum(botMissingValues)),
  /** spec 8: a missing bot template (outside the 24-hour window the bot cannot write first): a warn toast. */
  template_missing: z.boolean(),
  /** The engine that answers: embedded (no external service) or llm (LLM_BASE_URL). */
  engine: z.enum(['embedded', 'llm']),
  answered: z.number().int(),
  pending: z.number().int(),
});
export type BotStatus = z.infer<typeof botStatusSchema>;

/** POST /api/concierge/{propertyId}/preview */
export const botPreviewBody = z.object({
  message: text({ max: 1000, trim: true }).min(1, 'concierge.message_required'),
  language: conciergeLanguageSchema.optional(),
});
export const botReplySchema = z.object({
  outcome: z.enum(botOutcomes),
  language: conciergeLanguageSchema,
  text: z.string(),
  image_url: z.string().nullable(),
  /** The knowledge cited: a question id or a fact ("fact:wifi"); null when it escalated. */
  source: z.string().nullable(),
  action: botActionSchema.nullable(),
  /** The rule that allowed the action, or why it escalated. */
  rule: z.string().nullable(),
  engine: z.enum(['embedded', 'llm']),
  /** 0 to 100. */
  confidence: z.number().int(),
});
export type BotReply = z.infer<typeof botReplySchema>;

/** spec 7 GET /retrieve-list-chat-bot?property_id= */
export const botChatListQuery = z.object({ property_id: uuid('validation.invalid') });

/** spec 3 Bot chat (without its messages), spec 9 preview ≤ 85 characters. */
export const botChatItemSchema = z.object({
  id: z.string(),
  property_id: z.string(),
  thread_id: z.string(),
  phone_number: z.string(),
  guest_name: z.string(),
  checkin_id: z.string().nullable(),
  last_inbound_at: z.string().nullable(),
  last_message_at: z.string(),
  last_message_preview: z.string(),
  has_new_message: z.boolean(),
  /** An operator took it over: the bot is quiet there. */
  paused: z.boolean(),
  /** The last guest message the bot could not answer (escalated) and nobody answered since. */
  needs_attention: z.boolean(),
});
export type BotChatItem = z.infer<typeof botChatItemSchema>;
export const botChatListSchema = z.object({ items: z.array(botChatItemSchema), unread: z.number().int() });
export type BotChatList = z.infer<typeof botChatListSchema>;

export const botMessageSchema = z.object({
  id: z.string(),
  role: z.enum(botMessageRoles),
  content: z.string(),
  timestamp: z.string(),
  outcome: z.enum(botOutcomes).nullable(),
  source: z.string().nullable(),
  action: botActionSchema.nullable(),
  rule: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type BotMessage = z.infer<typeof botMessageSchema>;
export const botChatSchema = botChatItemSchema.extend({ messages: z.array(botMessageSchema) });
export type BotChat = z.infer<typeof botChatSchema>;

/** spec 7 POST /mark-as-read: property_id and checkin_id (spec), or chat_id for a chat without a check-in. */
export const markAsReadBody = z
  .object({
    property_id: uuid('validation.invalid'),
    checkin_id: uuid('validation.invalid').optional(),
    chat_id: uuid('validation.invalid').optional(),
  })
  .refine((b) => b.checkin_id || b.chat_id, { message: 'concierge.chat_required' });
export const markAllAsReadBody = z.object({ property_id: uuid('validation.invalid') });
export const markedSchema = z.object({ updated: z.number().int() });

/** GET /api/concierge/threads/{threadId}: the inbox's bot switch. */
export const botThreadStateSchema = z.object({
  /** The bot answers in this thread's property (spec 5) … */
  available: z.boolean(),
  /** … and is not paused here. */
  active: z.boolean(),
  paused_at: z.string().nullable(),
  chat_id: z.string().nullable(),
});
export type BotThreadState = z.infer<typeof botThreadStateSchema>;
