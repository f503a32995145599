import { type BotThreadState, conciergePaths } from '@posada/contracts/concierge';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { inboxKey } from './inbox-api.ts';

/**
 * The concierge's state in one thread (issue 19, docs/concierge.md): whether the bot answers there, and
 * the operator's take-over (the bot pauses) and hand-back.
 */
export function botThreadQuery(threadId: string) {
  return queryOptions({
    queryKey: [...inboxKey, 'bot', threadId],
    queryFn: () => api.get<BotThreadState>(conciergePaths.thread(threadId)),
    retry: false,
  });
}

export const botThreadApi = {
  takeOver: (threadId: string) => api.post<BotThreadState>(conciergePaths.takeOver(threadId)),
  handBack: (threadId: string) => api.post<BotThreadState>(conciergePaths.handBack(threadId)),
};
