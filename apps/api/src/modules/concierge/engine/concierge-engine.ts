import type { BotAction, ConciergeLanguage, LocalizedAnswer } from '@posada/domain/concierge';

/**
 * The one interface of the concierge's two engines (issue 19, 2; docs/concierge.md): the embedded
 * retrieval engine (`embedded-engine.ts`, no external service, the default) and the LLM engine
 * (`llm-engine.ts`, LLM_BASE_URL). An engine only *decides*: the concierge module checks the decision
 * against the property's policy, does the action, sends the reply and logs it.
 */

/** What the bot knows: an operator's answered question, or a fact of the property or of the guest's stay. */
export interface KnowledgeEntry {
  /** A bot question's id, or a fact key: "fact:wifi", "fact:address", "fact:checkin_time", "service:{id}"… */
  id: string;
  kind: 'question' | 'fact' | 'service';
  /** The question (or the fact's name) per language: what retrieval matches the guest's words against. */
  question: Partial<LocalizedAnswer>;
  /** The operator's own words per language: what the bot answers. */
  answer: Partial<LocalizedAnswer>;
  /** Extra words that name the same thing (a fact's synonyms, a service's category), any language. */
  keywords?: string[];
  /** A FileStorage name sent with the answer. */
  imageFile?: string | null;
}

export interface EngineInput {
  /** The guest's message as written. */
  message: string;
  /** The language to answer in. */
  language: ConciergeLanguage;
  knowledge: KnowledgeEntry[];
  /** The actions the operator allows (the LLM engine offers only these as tools). */
  allowedActions: readonly BotAction[];
  /** The conversation so far, oldest first (the LLM engine reads it; the embedded engine may ignore it). */
  history: { role: 'guest' | 'bot'; content: string }[];
}

export type EngineDecision =
  /** Answer with this entry's text (the operator's words, or for the LLM engine its own wording of them). */
  | { kind: 'answer'; entryId: string; text: string; confidence: number }
  /** The guest asks for something the bot does (send the door code, hand over, a late check-out…). */
  | { kind: 'action'; action: BotAction; confidence: number; serviceId?: string }
  /** The guest says yes or no to the bot's last proposal. */
  | { kind: 'reply'; accept: boolean; confidence: number }
  /** Nothing in the knowledge supports an answer: say so and ask the host. */
  | { kind: 'escalate'; reason: string; confidence: number };

export interface ConciergeEngine {
  readonly name: 'embedded' | 'llm';
  decide(input: EngineInput): Promise<EngineDecision>;
}
