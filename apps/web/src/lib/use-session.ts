import { type User, userPaths } from '@posada/contracts/users';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './api.ts';
import { clearLocalStorage, getStoredUser, getToken, saveSession, saveUser } from './session.ts';

export const userQueryKey = ['user'] as const;

/** The signed-in user (GET /api/user), seeded from local storage so the shell renders at once. */
export function useCurrentUser() {
  const token = getToken();
  return useQuery({
    queryKey: userQueryKey,
    queryFn: async () => {
      const user = await api.get<User>(userPaths.user);
      saveUser(user);
      return user;
    },
    enabled: Boolean(token),
    initialData: token ? (getStoredUser() ?? undefined) : undefined,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });
}

/** Store a new session (after login, social sign-in or password reset) and prime the user cache. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (token: string, user: User) => {
      saveSession(token, user);
      queryClient.setQueryData(userQueryKey, user);
    },
    [queryClient],
  );
}

/** Forget the session locally: clears local storage (language kept) and every cached query. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearLocalStorage();
    queryClient.clear();
  }, [queryClient]);
}
