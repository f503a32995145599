import {
  type BroadcastDetail,
  type BroadcastFilterBody,
  type BroadcastPreviewAnswer,
  type BroadcastRecipientsAnswer,
  type BroadcastSetup,
  type BroadcastSummary,
  broadcastPaths,
  type CreateBroadcastBody,
} from '@posada/contracts/broadcasts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useDeliveryChanged } from '../../../lib/use-delivery-changed.ts';

/** Everything of the mass messages screen lives under this key (a sent broadcast refreshes it all). */
export const broadcastsKey = ['broadcasts'] as const;
/** While a broadcast is sending, its progress is read again this often (statuses arrive by webhook). */
export const PROGRESS_POLL_MS = 3000;

/** GET /api/broadcasts/setup: the plan, the sender, the daily limit and the approved templates. */
export const broadcastSetupQuery = () =>
  queryOptions({
    queryKey: [...broadcastsKey, 'setup'],
    queryFn: () => api.get<BroadcastSetup>(broadcastPaths.setup),
  });

/** After sending, delivered and read keep arriving for a while: the list is read again this often. */
export const STATUS_POLL_MS = 30_000;

/** GET /api/broadcasts: past broadcasts with their counts; polled fast while one is still sending. */
export const broadcastListQuery = () =>
  queryOptions({
    queryKey: [...broadcastsKey, 'list'],
    queryFn: () => api.get<BroadcastSummary[]>(broadcastPaths.list),
    refetchInterval: (query) => {
      const list = query.state.data ?? [];
      if (list.some((b) => b.status === 'sending')) return PROGRESS_POLL_MS;
      return list.length > 0 ? STATUS_POLL_MS : false;
    },
  });

/**
 * GET /api/broadcasts/{id}: per recipient; polled while sending or while statuses may still change. A
 * provider's failure comes in the reader's language (Accept-Language), so the language is part of the key.
 */
export const broadcastDetailQuery = (id: string, language: string) =>
  queryOptions({
    queryKey: [...broadcastsKey, 'detail', id, language],
    queryFn: () => api.get<BroadcastDetail>(broadcastPaths.one(id)),
    refetchInterval: PROGRESS_POLL_MS,
  });

export const findRecipients = (filter: BroadcastFilterBody) =>
  api.post<BroadcastRecipientsAnswer>(broadcastPaths.recipients, filter);

export const previewBroadcast = (body: CreateBroadcastBody) =>
  api.post<BroadcastPreviewAnswer>(broadcastPaths.preview, body);

export function useCreateBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBroadcastBody) => api.post<BroadcastDetail>(broadcastPaths.list, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: broadcastsKey }),
  });
}

export function useCancelBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<BroadcastDetail>(broadcastPaths.cancel(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: broadcastsKey }),
  });
}

/** The whatsapp module's template sync (POST /api/whatsapp/templates/sync): Meta's approved templates now. */
export function useSyncTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown[]>('/api/whatsapp/templates/sync'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...broadcastsKey, 'setup'] }),
  });
}

/** Live counts (issue 26): a broadcast message's delivery record moved, so its counts and recipients did. */
export function useBroadcastsLive() {
  const queryClient = useQueryClient();
  useDeliveryChanged(({ delivery }) => {
    if (delivery.kind !== 'broadcast') return;
    void queryClient.invalidateQueries({ queryKey: [...broadcastsKey, 'list'] });
    void queryClient.invalidateQueries({ queryKey: [...broadcastsKey, 'detail'] });
  });
}
