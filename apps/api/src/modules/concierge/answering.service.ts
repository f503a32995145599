import type { BotSettingsService } from './bot-settings.service.ts';
import type { ChatsService } from './chats.service.ts';
import type { ConciergeDeps } from './concierge.deps.ts';
import type { KnowledgeService } from './knowledge.service.ts';
import type { QuestionsService } from './questions.service.ts';

export type AnsweringService = ReturnType<typeof createAnsweringService>;

/** STUB (helper H2a replaces it): inbound message → decision → policy → action → reply. */
export function createAnsweringService(
  _deps: ConciergeDeps,
  _parts: {
    knowledge: KnowledgeService;
    questions: QuestionsService;
    settings: BotSettingsService;
    chats: ChatsService;
  },
) {
  return {};
}
