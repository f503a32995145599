import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { registerConciergeEventHandlers } from './answering.events.ts';
import { type AnsweringService, createAnsweringService } from './answering.service.ts';
import { type BotSettingsService, createBotSettingsService } from './bot-settings.service.ts';
import { chatsRoutes } from './chats.routes.ts';
import { type ChatsService, createChatsService } from './chats.service.ts';
import type { ConciergeDeps } from './concierge.deps.ts';
import { createFollowUp } from './follow-up.ts';
import { knowledgeRoutes } from './knowledge.routes.ts';
import { createKnowledgeService, type KnowledgeService } from './knowledge.service.ts';
import { createQuestionsService, type QuestionsService } from './questions.service.ts';

/** The concierge's services, handed to every routes plugin of the module. */
export interface ConciergeServices {
  /** What the bot knows at a property (questions, facts, services, the guest's stay). */
  knowledge: KnowledgeService;
  /** The questions-and-answers editor (bot_questions) and the pending questions guests raise. */
  questions: QuestionsService;
  /** The property's bot policy and shareable facts (bot_settings), its status and the preview. */
  settings: BotSettingsService;
  /** Bot chats: spec 7 list, mark as read, the conversation viewer, take over and hand back. */
  chats: ChatsService;
  /** An inbound guest message → the engine's decision → policy → action → reply, logged. */
  answering: AnsweringService;
}

/**
 * The AI concierge (issue 19, docs/concierge.md; owns bot_questions, bot_settings, bot_chats,
 * bot_messages): answers guests on WhatsApp from the operator's knowledge and acts within policy.
 */
export function createConciergeModule(deps: ConciergeDeps) {
  const knowledge = createKnowledgeService(deps);
  const editor = createQuestionsService(deps);
  const settings = createBotSettingsService(deps, knowledge);
  const chats = createChatsService(deps);
  const followUp = createFollowUp(deps, chats);
  // A guest's pending question the operator answers: the guests who asked it in the last 7 days get the answer.
  const questions: QuestionsService = {
    ...editor,
    async update(tenant, propertyId, id, body) {
      const before = await editor.get(tenant, propertyId, id);
      const after = await editor.update(tenant, propertyId, id, body);
      if (before.status === 'pending' && after.status === 'answered' && after.source === 'guest')
        await followUp.answerAskers(tenant.accountId, propertyId, id).catch((err) => {
          deps.logger.warn({ err, question: id }, 'concierge: the later answer was not sent');
        });
      return after;
    },
  };
  const answering = createAnsweringService(deps, { knowledge, questions, settings, chats });
  const services: ConciergeServices = { knowledge, questions, settings, chats, answering };
  return {
    name: 'concierge',
    service: services,
    routes: async (api) => {
      for (const plugin of [knowledgeRoutes, chatsRoutes]) await bindRoutes(plugin, services)(api);
    },
    eventHandlers: (bus) => registerConciergeEventHandlers(bus, services),
  } satisfies ApiModule<ConciergeServices>;
}
