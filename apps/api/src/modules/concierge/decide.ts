import type { BotReply } from '@posada/contracts/concierge';
import {
  type BotAction,
  type ConciergeLanguage,
  ESCALATION_REPLY,
  HANDOVER_REPLY,
  localized,
} from '@posada/domain/concierge';
import { translate } from '../../i18n/messages.ts';
import { fileUrl } from '../files/files.service.ts';
import type {
  ConciergeEngine,
  EngineDecision,
  EngineInput,
  KnowledgeEntry,
} from './engine/concierge-engine.ts';

/**
 * The concierge's one decision step, without side effects (docs/concierge.md "Knowledge admin API"): the
 * engine decides over the knowledge, the decision is checked against the actions the operator allows and
 * becomes a BotReply (what the bot says, the entry cited, the action it would take and the rule). The
 * preview answers this as is; the answering pipeline sends it, takes the action and logs it.
 */
export interface Decided {
  decision: EngineDecision;
  /** The knowledge entry the answer cites (an answered question, a fact, a service), when it answered. */
  entry: KnowledgeEntry | null;
  reply: BotReply;
}

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(Number.isFinite(n) ? n : 0)));

/** What the bot would do for an action, as the preview shows it (server messages concierge.preview.*). */
export const actionPreviewText = (action: BotAction, language: ConciergeLanguage) =>
  translate(language, `concierge.preview.${action}`);

export async function decide(engine: ConciergeEngine, input: EngineInput): Promise<Decided> {
  const decision = await engine.decide(input);
  const { language } = input;
  const base = {
    language,
    image_url: null,
    source: null,
    action: null,
    rule: null,
    engine: engine.name,
    confidence: clamp(decision.confidence),
  } satisfies Partial<BotReply>;
  const escalate = (rule: string): Decided => ({
    decision,
    entry: null,
    reply: { ...base, outcome: 'escalated', text: ESCALATION_REPLY[language], rule },
  });

  switch (decision.kind) {
    case 'answer': {
      const entry = input.knowledge.find((e) => e.id === decision.entryId) ?? null;
      // An answer must cite knowledge that exists: anything else would be invented.
      if (!entry) return escalate('unknown_source');
      const text = decision.text.trim() || localized(entry.answer, language);
      if (!text) return escalate('empty_answer');
      return {
        decision,
        entry,
        reply: {
          ...base,
          outcome: 'answered',
          text,
          image_url: entry.imageFile ? fileUrl(entry.imageFile) : null,
          source: entry.id,
        },
      };
    }
    case 'action': {
      if (!input.allowedActions.includes(decision.action)) return escalate(`not allowed: ${decision.action}`);
      const text =
        decision.action === 'handover'
          ? HANDOVER_REPLY[language]
          : actionPreviewText(decision.action, language);
      return {
        decision,
        entry: null,
        reply: {
          ...base,
          outcome: 'action',
          text,
          action: decision.action,
          source: decision.serviceId ? `service:${decision.serviceId}` : null,
          rule: `allowed_actions: ${decision.action}`,
        },
      };
    }
    case 'reply':
      // A yes or no needs a proposal waiting in the conversation: the pipeline handles it, else escalate.
      return escalate('no_pending_offer');
    default:
      return escalate(decision.reason || 'no_knowledge');
  }
}
