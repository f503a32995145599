import type { ConciergeDeps } from './concierge.deps.ts';

export type QuestionsService = ReturnType<typeof createQuestionsService>;

/** STUB (helper H2b replaces it): the questions-and-answers editor and the guests' pending questions. */
export function createQuestionsService(_deps: ConciergeDeps) {
  return {};
}
