import { type BotAction, botActions, type ConciergeLanguage, localized } from '@posada/domain/concierge';
import {
  type ChatMessage,
  type ChatTool,
  KNOWLEDGE_MARK,
  type LlmClient,
  type ToolCall,
} from '../../../adapters/llm/llm.client.ts';
import type { ConciergeEngine, EngineDecision, EngineInput, KnowledgeEntry } from './concierge-engine.ts';

/** One retrieved entry and how well it answers the guest's message (0..1: the embedded engine's confidence / 100). */
export interface Retrieved {
  entry: KnowledgeEntry;
  score: number;
}

/** The embedded engine's retrieval (`embedded-engine.ts`): the top `k` entries for the message. */
export type Retrieve = (
  entries: KnowledgeEntry[],
  message: string,
  language: ConciergeLanguage,
  k: number,
) => Retrieved[] | Promise<Retrieved[]>;

/** The concierge waits this long for the model, then the caller falls back to the embedded engine. */
export const LLM_ENGINE_TIMEOUT_MS = 8_000;
/** How many retrieved entries the model sees. */
export const LLM_ENGINE_TOP_K = 5;
/** The tool the model answers with: it must name the entry it used. */
export const ANSWER_TOOL = 'answer_from_knowledge';
export const ESCALATE_TOOL = 'escalate';
export const REPLY_TOOL = 'reply_to_proposal';

const languageNames: Record<ConciergeLanguage, string> = { es: 'Spanish', en: 'English', ar: 'Arabic' };

const noArguments = { type: 'object', properties: {}, additionalProperties: false };

const actionTools: Record<BotAction, Omit<ChatTool['function'], 'name'>> = {
  send_door_code: {
    description: 'The guest asks for the door code or how to get in with a code: send them their door code.',
    parameters: noArguments,
  },
  resend_checkin_link: {
    description: 'The guest asks for the online check-in link or cannot find it: send it again.',
    parameters: noArguments,
  },
  offer_services: {
    description:
      "The guest asks for a service of the property's store (transfer, breakfast, cleaning…): offer it. " +
      'service_id is the id of a service entry of the knowledge without the "service:" prefix, when one fits.',
    parameters: {
      type: 'object',
      properties: { service_id: { type: 'string' } },
      additionalProperties: false,
    },
  },
  late_checkout: {
    description: 'The guest asks to leave later than the check-out time: propose a late check-out.',
    parameters: noArguments,
  },
  early_checkin: {
    description: 'The guest asks to arrive earlier than the check-in time: propose an early check-in.',
    parameters: noArguments,
  },
  handover: {
    description: 'The guest asks to talk to a person: hand the conversation to the team.',
    parameters: noArguments,
  },
};

/** The tools offered for this turn: the allowed actions only, plus answer, escalate (and yes/no). */
export function llmTools(input: {
  allowedActions: readonly BotAction[];
  entryIds: string[];
  proposalPossible: boolean;
}): ChatTool[] {
  const tool = (name: string, spec: Omit<ChatTool['function'], 'name'>): ChatTool => ({
    type: 'function',
    function: { name, ...spec },
  });
  const tools: ChatTool[] = [];
  if (input.entryIds.length > 0) {
    tools.push(
      tool(ANSWER_TOOL, {
        description:
          'Answer the guest with the information of ONE knowledge entry, in their language. entry_id is the id ' +
          'of the entry used; text is the reply, saying only what that entry says.',
        parameters: {
          type: 'object',
          properties: { entry_id: { type: 'string', enum: input.entryIds }, text: { type: 'string' } },
          required: ['entry_id', 'text'],
          additionalProperties: false,
        },
      }),
    );
  }
  for (const action of botActions) {
    if (input.allowedActions.includes(action)) tools.push(tool(action, actionTools[action]));
  }
  if (input.proposalPossible) {
    tools.push(
      tool(REPLY_TOOL, {
        description:
          "The guest answers yes (accept: true) or no (accept: false) to the assistant's last proposal.",
        parameters: {
          type: 'object',
          properties: { accept: { type: 'boolean' } },
          required: ['accept'],
          additionalProperties: false,
        },
      }),
    );
  }
  tools.push(
    tool(ESCALATE_TOOL, {
      description:
        'Nothing in the knowledge answers the guest, or they ask for something no other tool does: ask the host.',
      parameters: {
        type: 'object',
        properties: { reason: { type: 'string' } },
        required: ['reason'],
        additionalProperties: false,
      },
    }),
  );
  return tools;
}

/** The system prompt: the rules, then only the retrieved entries in the guest's language. */
export function llmSystemPrompt(language: ConciergeLanguage, retrieved: Retrieved[]): string {
  const knowledge = retrieved.map(({ entry }) => ({
    id: entry.id,
    question: localized(entry.question, language),
    answer: localized(entry.answer, language),
  }));
  return [
    'You are the virtual assistant of a holiday accommodation, answering a guest on WhatsApp for the host.',
    'Rules:',
    '- Use ONLY the knowledge entries below. Never add a fact, a price, a time, a policy or a promise that is not in them.',
    `- Answer in ${languageNames[language]} (the guest's language), briefly and kindly.`,
    `- To answer, call ${ANSWER_TOOL} with the id of the entry you used (cite it) and your reply.`,
    '- When the guest asks for something you can do, call that tool.',
    `- When no entry answers the question, or you are not sure, call ${ESCALATE_TOOL}: the host will answer.`,
    '- Always call exactly one tool.',
    '',
    KNOWLEDGE_MARK,
    JSON.stringify(knowledge),
  ].join('\n');
}

const parseArguments = (call: ToolCall): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(call.arguments || '{}');
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/**
 * The concierge's LLM engine (issue 19, 2; docs/concierge.md "Engines"): retrieval first, then the model
 * sees only the retrieved entries and must choose a tool. Its choice is checked, never trusted: an answer
 * that cites no entry or one it was not given, an action not allowed, malformed arguments or plain text
 * all become `escalate`. The client's AdapterError (401, 5xx, timeout after 8 s) is thrown as is: the
 * caller falls back to the embedded engine.
 */
export function createLlmEngine(deps: {
  client: LlmClient;
  retrieve: Retrieve;
  timeoutMs?: number;
  topK?: number;
}): ConciergeEngine {
  return {
    name: 'llm',
    async decide(input: EngineInput): Promise<EngineDecision> {
      const retrieved = await deps.retrieve(
        input.knowledge,
        input.message,
        input.language,
        deps.topK ?? LLM_ENGINE_TOP_K,
      );
      // Confidence on the embedded engine's scale (0–100), from the retrieval score.
      const scoreOf = new Map(retrieved.map((r) => [r.entry.id, Math.round(clamp(r.score) * 100)]));
      const top = Math.max(0, ...scoreOf.values());
      const escalate = (reason: string): EngineDecision => ({ kind: 'escalate', reason, confidence: top });
      const proposalPossible = input.history.some((m) => m.role === 'bot');
      // Nothing retrieved, no action allowed, no proposal to answer: the model could only escalate.
      if (retrieved.length === 0 && input.allowedActions.length === 0 && !proposalPossible)
        return escalate('llm_no_knowledge');
      const messages: ChatMessage[] = [
        { role: 'system', content: llmSystemPrompt(input.language, retrieved) },
        ...input.history.map(
          (m): ChatMessage => ({
            role: m.role === 'guest' ? 'user' : 'assistant',
            content: m.content,
          }),
        ),
        { role: 'user', content: input.message },
      ];
      const result = await deps.client.chat(messages, {
        tools: llmTools({
          allowedActions: input.allowedActions,
          entryIds: [...scoreOf.keys()],
          proposalPossible,
        }),
        tool_choice: 'required',
        temperature: 0,
        timeoutMs: deps.timeoutMs ?? LLM_ENGINE_TIMEOUT_MS,
      });

      const call = result.toolCalls[0];
      // Plain text is an uncited answer: never sent.
      if (!call) return escalate('llm_uncited_text');
      const args = parseArguments(call);
      if (!args) return escalate('llm_malformed_arguments');

      if (call.name === ANSWER_TOOL) {
        const entryId = args.entry_id;
        const text = typeof args.text === 'string' ? args.text.trim() : '';
        if (typeof entryId !== 'string' || !entryId) return escalate('llm_uncited_answer');
        const score = scoreOf.get(entryId);
        if (score === undefined) return escalate('llm_unknown_entry');
        if (!text) return escalate('llm_empty_answer');
        const entry = retrieved.find((r) => r.entry.id === entryId)?.entry as KnowledgeEntry;
        // A number (a time, a price, a code) the cited entry does not hold is invented: the operator's own words instead.
        const own = localized(entry.answer, input.language);
        if (own && inventsNumbers(text, entry))
          return { kind: 'answer', entryId, text: own, confidence: score };
        return { kind: 'answer', entryId, text, confidence: score };
      }
      if (call.name === ESCALATE_TOOL) {
        const reason = typeof args.reason === 'string' && args.reason.trim() ? args.reason.trim() : 'llm';
        return escalate(`llm: ${reason.slice(0, 200)}`);
      }
      if (call.name === REPLY_TOOL) {
        if (!proposalPossible || typeof args.accept !== 'boolean') return escalate('llm_malformed_arguments');
        return { kind: 'reply', accept: args.accept, confidence: Math.max(top, 50) };
      }
      if ((botActions as readonly string[]).includes(call.name)) {
        const action = call.name as BotAction;
        if (!input.allowedActions.includes(action)) return escalate(`llm_action_not_allowed: ${action}`);
        if (action === 'offer_services' && args.service_id !== undefined) {
          if (typeof args.service_id !== 'string') return escalate('llm_malformed_arguments');
          const serviceId = args.service_id.replace(/^service:/, '');
          if (!scoreOf.has(`service:${serviceId}`)) return escalate('llm_unknown_service');
          return { kind: 'action', action, serviceId, confidence: Math.max(top, 50) };
        }
        return { kind: 'action', action, confidence: Math.max(top, 50) };
      }
      return escalate(`llm_unknown_tool: ${call.name.slice(0, 60)}`);
    },
  };
}

/** Arabic-Indic and Eastern Arabic-Indic digits as ASCII, then every run of digits. */
const numbersIn = (text: string) =>
  text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .match(/\d+/g) ?? [];

/** Whether the model's text holds a number that no language of the cited entry holds. */
export function inventsNumbers(text: string, entry: KnowledgeEntry): boolean {
  const known = new Set(
    numbersIn([...Object.values(entry.answer), ...Object.values(entry.question)].join(' ')).map(Number),
  );
  return numbersIn(text).some((n) => !known.has(Number(n)));
}

const clamp = (score: number) => (Number.isFinite(score) ? Math.min(1, Math.max(0, score)) : 0);
