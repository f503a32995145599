import {
  type AdminSummary,
  type AdminUsersQuery,
  type Advisor,
  adminPaths,
  type adminUsersPage,
  type CreateAdvisorBody,
} from '@posada/contracts/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type AdminUsersPage = z.infer<typeof adminUsersPage>;

export const USERS_PAGE_SIZE = 20;

export const adminKeys = {
  summary: ['admin', 'summary'] as const,
  advisors: ['admin', 'advisors'] as const,
  users: (query: Pick<AdminUsersQuery, 'search' | 'page'>) => ['admin', 'users', query] as const,
};

/** HomeManager's figures. */
export function useAdminSummary() {
  return useQuery({
    queryKey: adminKeys.summary,
    queryFn: () => api.get<AdminSummary>(adminPaths.summary),
  });
}

/** UsuariosManager: one page of users; the previous page stays on screen while the next loads. */
export function useAdminUsers(search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.users({ search, page }),
    queryFn: () =>
      api.get<AdminUsersPage>(adminPaths.users, {
        search: search || undefined,
        page,
        page_size: USERS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdvisors() {
  return useQuery({ queryKey: adminKeys.advisors, queryFn: () => api.get<Advisor[]>(adminPaths.advisors) });
}

export function useCreateAdvisor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdvisorBody) => api.post<Advisor>(adminPaths.advisors, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.advisors });
      void queryClient.invalidateQueries({ queryKey: adminKeys.summary });
    },
  });
}

export function useSetAdvisorActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.patch<Advisor>(adminPaths.advisor(id), { active }),
    onSuccess: (advisor) => {
      queryClient.setQueryData<Advisor[]>(adminKeys.advisors, (list) =>
        list?.map((a) => (a.id === advisor.id ? advisor : a)),
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.summary });
    },
  });
}
