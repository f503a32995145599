import { type AdminAccount, adminBillingPaths } from '@posada/contracts/admin-billing';
import {
  type UnroutedMessage,
  type UnroutedPage,
  type UnroutedQuery,
  unroutedPaths,
} from '@posada/contracts/inbox-unrouted';
import {
  type InfiniteData,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** 'waiting': not assigned yet; 'assigned': already in an account's inbox; 'all': both. */
export type UnroutedFilter = 'all' | 'waiting' | 'assigned';

const assignedParam: Record<UnroutedFilter, UnroutedQuery['assigned']> = {
  all: undefined,
  waiting: 'false',
  assigned: 'true',
};

export const unroutedKeys = {
  all: ['admin', 'unrouted'] as const,
  list: (search: string, filter: UnroutedFilter) => ['admin', 'unrouted', search, filter] as const,
  accounts: (search: string) => ['admin', 'unrouted-accounts', search] as const,
};

/** GET /api/admin/inbox/unrouted: newest first, 30 a page, "load more" with the cursor. */
export function useUnroutedMessages(search: string, filter: UnroutedFilter) {
  return useInfiniteQuery({
    queryKey: unroutedKeys.list(search, filter),
    queryFn: ({ pageParam }) =>
      api.get<UnroutedPage>(unroutedPaths.list, {
        search: search || undefined,
        assigned: assignedParam[filter],
        cursor: pageParam || undefined,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** The account picker: the back office's account list (user_management), by name, owner or e-mail. */
export function useAccountOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: unroutedKeys.accounts(search),
    queryFn: () =>
      api.get<{ items: AdminAccount[]; total: number }>(adminBillingPaths.accounts, {
        search: search || undefined,
        page: 1,
        page_size: 20,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST …/{id}/assign: the row is replaced in every loaded list, so it shows its account at once. */
export function useAssignUnrouted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accountId }: { id: string; accountId: string }) =>
      api.post<UnroutedMessage>(unroutedPaths.assign(id), { account_id: accountId }),
    onSuccess: (message) => {
      queryClient.setQueriesData<InfiniteData<UnroutedPage>>({ queryKey: unroutedKeys.all }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                waiting: Math.max(0, page.waiting - 1),
                items: page.items.map((item) => (item.id === message.id ? message : item)),
              })),
            }
          : data,
      );
    },
    // The lists on screen keep the row where it is (with its account); they load afresh next time.
    onSettled: (_data, error) =>
      void queryClient.invalidateQueries({
        queryKey: unroutedKeys.all,
        refetchType: error ? 'active' : 'none',
      }),
  });
}
