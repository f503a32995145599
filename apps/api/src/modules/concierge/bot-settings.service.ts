import type { ConciergeDeps } from './concierge.deps.ts';
import type { KnowledgeService } from './knowledge.service.ts';

export type BotSettingsService = ReturnType<typeof createBotSettingsService>;

/** STUB (helper H2b replaces it): the bot policy and shareable facts, the status and the preview. */
export function createBotSettingsService(_deps: ConciergeDeps, _knowledge: KnowledgeService) {
  return {};
}
