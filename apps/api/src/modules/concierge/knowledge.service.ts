import type { ConciergeLanguage } from '@posada/domain/concierge';
import type { KnowledgeEntry } from '../../adapters/llm/concierge-engine.ts';
import type { ConciergeDeps } from './concierge.deps.ts';

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;

/** STUB (helper H1 replaces it): what the bot knows at a property, and about the guest's stay. */
export function createKnowledgeService(_deps: ConciergeDeps) {
  return {
    async entriesFor(_input: {
      accountId: string;
      propertyId: string;
      checkinId: string | null;
      language: ConciergeLanguage;
    }): Promise<KnowledgeEntry[]> {
      return [];
    },
  };
}
