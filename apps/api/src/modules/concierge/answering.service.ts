import {
  ASSISTANT_DISCLOSURE,
  type BotAction,
  type BotOutcome,
  botActions,
  botPreview,
  botUsable,
  type ConciergeLanguage,
  ESCALATION_REPLY,
} from '@posada/domain/concierge';
import { translate } from '../../i18n/messages.ts';
import { createConciergeActions } from './actions.ts';
import type { BotSettingsService } from './bot-settings.service.ts';
import type { BotChatRow } from './chats.repo.ts';
import type { ChatsService } from './chats.service.ts';
import type { ConciergeDeps } from './concierge.deps.ts';
import type { ConciergeEngine, EngineDecision, KnowledgeEntry } from './engine/concierge-engine.ts';
import { yesOrNo } from './engine/embedded-engine.ts';
import type { KnowledgeService } from './knowledge.service.ts';
import {
  allowedActions,
  answerable,
  notAllowedRule,
  pendingOfferOf,
  replyLanguage,
  smallTalk,
} from './policy.ts';
import type { QuestionsService } from './questions.service.ts';
import { replies } from './replies.ts';

export type AnsweringService = ReturnType<typeof createAnsweringService>;

/** One guest message being answered: who, where, what the operator allows, in which language. */
export interface Turn {
  accountId: string;
  chat: BotChatRow;
  propertyId: string;
  timeZone: string;
  currency: string;
  allowed: BotAction[];
  settings: Awaited<ReturnType<ChatsService['repo']['settings']>>;
  language: ConciergeLanguage;
  checkin: Awaited<ReturnType<ChatsService['repo']['checkin']>>;
  bookingId: string | null;
  /** The guest's message. */
  text: string;
  engine: ConciergeEngine['name'];
  confidence: number;
}

/** What the bot writes back, and what it logs with it. */
export interface Said {
  text: string;
  outcome: BotOutcome;
  source?: string | null;
  action?: BotAction | null;
  rule?: string | null;
  imageFile?: string | null;
}

const imageTypes: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };

/**
 * The concierge's answering (docs/concierge.md, Answering): an inbound WhatsApp message → the bot chat and
 * the guest's line → (unless paused) the engine's decision → the policy → the action → the reply through
 * the inbox's send, every line logged with what the bot cited, did and why.
 */
export function createAnsweringService(
  deps: ConciergeDeps,
  parts: {
    knowledge: KnowledgeService;
    questions: QuestionsService;
    settings: BotSettingsService;
    chats: ChatsService;
  },
) {
  const { chats } = parts;
  const repo = chats.repo;

  /** The reply through the inbox (so it is in the thread), the disclosure first in a new conversation. */
  async function say(turn: Turn, said: Said): Promise<void> {
    const first = !(await repo.hasBotLine(turn.accountId, turn.chat.id));
    const text = first ? `${ASSISTANT_DISCLOSURE[turn.language]}\n\n${said.text}` : said.text;
    const extension = said.imageFile?.split('.').pop() ?? '';
    const bytes = said.imageFile && imageTypes[extension] ? await deps.storage.get(said.imageFile) : null;
    const sent = await deps.inbox().send({
      accountId: turn.accountId,
      kind: 'concierge_reply',
      to: { threadId: turn.chat.threadId },
      content: bytes ? { type: 'image', mediaId: '', caption: text } : { type: 'text', body: text },
      authorUserId: null,
      ...(bytes && said.imageFile
        ? {
            attachment: {
              bytes,
              mime: imageTypes[extension] as string,
              name: said.imageFile,
              extension,
            },
          }
        : {}),
    });
    await chats.addLine(turn.chat, {
      role: 'bot',
      content: text,
      inboxMessageId: sent.id,
      outcome: said.outcome,
      source: said.source ?? null,
      action: said.action ?? null,
      rule: said.rule ?? null,
      engine: turn.engine,
      confidence: turn.confidence,
    });
  }

  /** An `action` line: what the bot did and the rule that allowed it. */
  async function logAction(turn: Turn, action: BotAction, rule: string, content: string) {
    await chats.addLine(turn.chat, {
      role: 'action',
      content,
      outcome: 'action',
      action,
      rule,
      engine: turn.engine,
      confidence: turn.confidence,
    });
  }

  /** A `bot` notification (spec 6: only under the bot's gate, which every turn has passed). */
  async function bell(turn: Turn, key: string, body: string) {
    await deps.notifications.create({
      accountId: turn.accountId,
      propertyId: turn.propertyId,
      kind: 'bot',
      title: translate('es', key, { guest: turn.chat.guestName || turn.chat.phoneNumber }),
      body: body.slice(0, 500),
      relationId: turn.chat.id,
    });
  }

  /**
   * "I'll ask the host": the escalation reply, a bot notification with the question, and (a question the
   * knowledge could not answer) the question kept pending for the operator to answer.
   */
  async function escalate(turn: Turn, rule: string, options: { pending: boolean; action?: BotAction }) {
    await say(turn, {
      text: ESCALATION_REPLY[turn.language],
      outcome: 'escalated',
      rule,
      action: options.action,
    });
    if (options.pending)
      await parts.questions.recordPending({
        accountId: turn.accountId,
        propertyId: turn.propertyId,
        language: turn.language,
        text: turn.text,
      });
    await bell(turn, options.pending ? 'concierge.notify.question' : 'concierge.notify.help', turn.text);
  }

  const actions = createConciergeActions(deps, { repo, chats, say, logAction, bell, escalate });

  /** The LLM engine when configured, the embedded one otherwise or when the LLM fails. */
  async function decide(
    input: Parameters<ConciergeEngine['decide']>[0],
  ): Promise<{ decision: EngineDecision; engine: ConciergeEngine['name'] }> {
    const { llm, embedded } = deps.engines;
    if (llm) {
      try {
        return { decision: await llm.decide(input), engine: llm.name };
      } catch (err) {
        deps.logger.warn({ err }, 'concierge: the LLM engine failed; the embedded engine answers');
      }
    }
    return { decision: await embedded.decide(input), engine: embedded.name };
  }

  /** An answer from the knowledge; facts that are really actions (the door code, the link) go through the policy. */
  async function answer(
    turn: Turn,
    decision: Extract<EngineDecision, { kind: 'answer' }>,
    knowledge: KnowledgeEntry[],
  ) {
    const entry = knowledge.find((k) => k.id === decision.entryId);
    // Never anything the knowledge does not hold.
    if (!entry || !decision.text.trim())
      return escalate(turn, `no knowledge: the engine cited ${decision.entryId}`, { pending: true });
    if (/door_?code|access_?code/.test(entry.id)) return actions.run(turn, 'send_door_code');
    if (/checkin_?link/.test(entry.id)) return actions.run(turn, 'resend_checkin_link');
    if (entry.kind === 'service' && turn.allowed.includes('offer_services'))
      return actions.run(turn, 'offer_services', entry.id.replace(/^service:/, ''), decision.text);
    await say(turn, {
      text: decision.text,
      outcome: 'answered',
      source: entry.id,
      imageFile: entry.imageFile ?? null,
    });
  }

  /** The stay the thread is about: its check-in (or its booking's), the booking. */
  async function stayOf(accountId: string, thread: { bookingId: string | null; checkinId: string | null }) {
    const checkinId =
      thread.checkinId ??
      (thread.bookingId ? await repo.checkinOfBooking(accountId, thread.bookingId) : null);
    const checkin = checkinId ? await repo.checkin(accountId, checkinId) : null;
    return { checkin, bookingId: checkin?.bookingId ?? thread.bookingId };
  }

  return {
    /**
     * `concierge.answer` on inbox.message_received: a guest's WhatsApp message at a property where the bot
     * is usable (spec 5) and WhatsApp can answer. Safe to repeat: a message already logged is not answered again.
     */
    async inbound(accountId: string, threadId: string, messageId: string): Promise<void> {
      const message = await repo.message(accountId, messageId);
      if (message?.channel !== 'whatsapp' || message.direction !== 'in') return;
      const thread = await repo.thread(accountId, threadId);
      if (!thread?.phone) return;
      const propertyId = await chats.propertyOfThread(thread);
      const property = propertyId ? await repo.property(accountId, propertyId) : null;
      if (!property) return;
      const usable = botUsable({
        plan: property.plan,
        status_subscription: property.statusSubscription,
        botEnabled: property.botGpt,
      });
      if (!usable) return;
      if (!(await deps.whatsapp()?.senderFor(accountId))) return;
      if (await repo.lineOfInboxMessage(accountId, message.id)) return;

      const { checkin, bookingId } = await stayOf(accountId, thread);
      const text = message.body.trim();
      const language = replyLanguage(text, checkin?.language);
      const now = deps.clock.now();
      const chat = await repo.upsertChat({
        accountId,
        propertyId: property.id,
        threadId,
        checkinId: checkin?.id ?? null,
        phoneNumber: thread.phone,
        guestName: thread.guestName,
        language,
        lastInboundAt: message.sentAt,
        lastMessageAt: now,
        lastMessagePreview: botPreview(text || `[${message.type}]`),
        hasNewMessage: true,
        createdAt: now,
      });
      await chats.addLine(chat, {
        role: 'guest',
        content: text || `[${message.type}]`,
        inboxMessageId: message.id,
      });
      await chats.notify(accountId, property.id, chat.id);
      // An operator took the conversation over: the bot stays quiet until handed back.
      if (chat.pausedAt || !answerable({ type: message.type, body: text })) return;

      const settings = await repo.settings(accountId, property.id);
      const turn: Turn = {
        accountId,
        chat,
        propertyId: property.id,
        timeZone: property.timeZone,
        currency: property.currency,
        allowed: allowedActions(settings),
        settings,
        language,
        checkin,
        bookingId,
        text,
        engine: deps.engines.llm?.name ?? deps.engines.embedded.name,
        confidence: 100,
      };
      try {
        const offer = pendingOfferOf(chat.pendingOffer);
        const said = offer ? yesOrNo(text) : null;
        if (offer && said !== null) return await actions.settleOffer(turn, offer, said);
        // "Gracias", "ok": nothing to answer; "Hola" alone: the bot asks how it can help.
        const talk = smallTalk(text);
        if (talk === 'thanks') return;
        if (talk === 'greeting')
          return await say(turn, { text: replies.howCanIHelp(language), outcome: 'answered' });

        const knowledge = await parts.knowledge.entriesFor({
          accountId,
          propertyId: property.id,
          checkinId: checkin?.id ?? null,
          language,
        });
        const history = await repo.history(accountId, chat.id, 10);
        const { decision, engine } = await decide({
          message: text,
          language,
          knowledge,
          allowedActions: turn.allowed,
          history: history.slice(0, -1),
        });
        turn.engine = engine;
        // Both engines score 0–100.
        turn.confidence = Math.round(decision.confidence);
        switch (decision.kind) {
          case 'answer':
            return await answer(turn, decision, knowledge);
          case 'action':
            return await actions.run(turn, decision.action, decision.serviceId);
          case 'reply':
            if (offer) return await actions.settleOffer(turn, offer, decision.accept);
            // A yes or no with nothing proposed: the bot asks what the guest needs.
            return await say(turn, { text: replies.howCanIHelp(language), outcome: 'answered' });
          case 'escalate': {
            // The LLM engine is offered only the allowed actions; asking for another is a policy refusal.
            const refused = /^llm_action_not_allowed: (\w+)$/.exec(decision.reason)?.[1] as
              | BotAction
              | undefined;
            if (refused && (botActions as readonly string[]).includes(refused))
              return await escalate(turn, notAllowedRule(refused), { pending: false, action: refused });
            return await escalate(turn, `no knowledge: ${decision.reason}`, { pending: true });
          }
        }
      } catch (err) {
        deps.logger.error({ err, chat: chat.id }, 'concierge: the bot could not answer');
        // The guest is never left without an answer: a person takes it from here (best effort).
        await escalate(turn, `error: ${String((err as Error)?.message ?? err).slice(0, 200)}`, {
          pending: false,
        }).catch((error: unknown) => deps.logger.error({ err: error }, 'concierge: no escalation either'));
      } finally {
        await chats.notify(accountId, property.id, chat.id);
      }
    },

    /** An operator's own message in the thread (the inbox composer): logged, and the bot pauses. */
    async outbound(accountId: string, threadId: string, messageId: string): Promise<void> {
      const message = await repo.message(accountId, messageId);
      if (message?.direction !== 'out' || !message.authorUserId) return;
      await chats.operatorWrote(accountId, threadId, {
        id: message.id,
        body: message.body,
        authorUserId: message.authorUserId,
      });
    },
  };
}
