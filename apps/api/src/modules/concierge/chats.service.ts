import type { ConciergeDeps } from './concierge.deps.ts';

export type ChatsService = ReturnType<typeof createChatsService>;

/** STUB (helper H2a replaces it): bot chats and their lines. */
export function createChatsService(_deps: ConciergeDeps) {
  return {};
}
