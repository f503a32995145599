import { KNOWLEDGE_MARK } from './llm.client.ts';

/**
 * The fake LLM's deterministic "rule" mode (tests, e2e and the bench only; no model): it reads the
 * knowledge block of the concierge's system prompt and the guest's last message, and calls one of the
 * offered tools the way a careful model would: an offered action when the guest's words ask for it, else
 * the entry sharing the most words with the message (its answer verbatim, cited), else escalate.
 */

export interface FakeToolCall {
  name: string;
  /** The arguments as an object (sent as its JSON text) or as raw text (to script malformed JSON). */
  arguments: Record<string, unknown> | string;
}

/** What a scripted or rule answer says: text, tool calls, or both. */
export interface FakeChatReply {
  content?: string | null;
  toolCalls?: FakeToolCall[];
}

/** The parts of a Chat Completions request the fake reads. */
export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string | null }[];
  tools?: { type: string; function: { name: string; parameters?: unknown } }[];
  tool_choice?: unknown;
  temperature?: number;
}

const stopwords = new Set(
  (
    'the and for are you your can what where when how does have has with there this that which ' +
    'los las del por para que qué con una uno hay como cómo donde dónde cuando cuál puedo tiene tienen ' +
    'من في على عن هل ما ماذا كيف أين متى'
  ).split(' '),
);

/** Words of a text: lower case, accents dropped, Arabic diacritics dropped, stopwords and short words out. */
export function words(text: string): Set<string> {
  const plain = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, '');
  return new Set((plain.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3 && !stopwords.has(w)));
}

const actionWords: [string, RegExp][] = [
  ['handover', /\b(person|human|someone|persona|humano|alguien)\b|شخص|موظف|إنسان/i],
  ['send_door_code', /\b(door code|code|código|codigo|keypad)\b|رمز|كود/i],
  ['resend_checkin_link', /\b(check-?in link|enlace|link)\b|رابط/i],
  ['late_checkout', /\b(late check-?out|leave later|salir (más )?tarde|salida tardía)\b|مغادرة متأخرة/i],
  ['early_checkin', /\b(early check-?in|arrive earlier|llegar antes|entrada anticipada)\b|وصول مبكر/i],
  ['offer_services', /\b(transfer|taxi|breakfast|traslado|desayuno)\b|توصيل|إفطار/i],
];

interface Entry {
  id: string;
  question: string;
  answer: string;
}

function knowledgeOf(system: string): Entry[] {
  const at = system.indexOf(KNOWLEDGE_MARK);
  if (at < 0) return [];
  try {
    const value: unknown = JSON.parse(system.slice(at + KNOWLEDGE_MARK.length).trim());
    return Array.isArray(value) ? (value as Entry[]) : [];
  } catch {
    return [];
  }
}

/** The rule mode's answer to a request that carries tools. */
export function ruleReply(body: ChatRequestBody): FakeChatReply {
  const offered = new Set((body.tools ?? []).map((t) => t.function.name));
  const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
  const message = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const entries = knowledgeOf(system);
  const asked = words(message);
  const best = (pool: Entry[]) => {
    let found: { entry: Entry; overlap: number } | null = null;
    for (const entry of pool) {
      const own = words(`${entry.id.replace(/^\w+:/, '')} ${entry.question}`);
      const overlap = [...asked].filter((w) => own.has(w)).length;
      if (overlap > 0 && (!found || overlap > found.overlap)) found = { entry, overlap };
    }
    return found?.entry ?? null;
  };

  if (offered.has('reply_to_proposal')) {
    if (/^\s*(yes|sí|si|vale|ok|okay|claro|نعم|أجل)\b/i.test(message))
      return { toolCalls: [{ name: 'reply_to_proposal', arguments: { accept: true } }] };
    if (/^\s*(no|لا)(\s|[.,!]|$)/i.test(message))
      return { toolCalls: [{ name: 'reply_to_proposal', arguments: { accept: false } }] };
  }
  for (const [action, pattern] of actionWords) {
    if (!offered.has(action) || !pattern.test(message)) continue;
    if (action === 'offer_services') {
      const service = best(entries.filter((e) => e.id.startsWith('service:')));
      return {
        toolCalls: [
          {
            name: action,
            arguments: service ? { service_id: service.id.slice('service:'.length) } : {},
          },
        ],
      };
    }
    return { toolCalls: [{ name: action, arguments: {} }] };
  }
  const entry = offered.has('answer_from_knowledge') ? best(entries) : null;
  if (entry?.answer.trim()) {
    return {
      toolCalls: [{ name: 'answer_from_knowledge', arguments: { entry_id: entry.id, text: entry.answer } }],
    };
  }
  return { toolCalls: [{ name: 'escalate', arguments: { reason: 'no entry answers the question' } }] };
}

let sequence = 0;

/** A Chat Completions response body carrying this reply (finish_reason tool_calls when it calls tools). */
export function completionBody(reply: FakeChatReply, model: string) {
  sequence++;
  const toolCalls = (reply.toolCalls ?? []).map((call, index) => ({
    id: `call_fake${sequence}_${index}`,
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    },
  }));
  return {
    id: `chatcmpl-fake${sequence}`,
    object: 'chat.completion',
    created: 1790000000,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply.content ?? null,
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls.length ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 200, completion_tokens: 30, total_tokens: 230 },
  };
}
