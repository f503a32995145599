import {
  accountSecurityPaths,
  type ChangePasswordBody,
  type DisableTwoFactorBody,
  type LoginTwoFactorBody,
  type RecoveryCodesData,
  type SessionList,
  type TwoFactorSetupData,
  type TwoFactorStatus,
  type UpdateProfileBody,
} from '@posada/contracts/account-security';
import type { LoginData } from '@posada/contracts/auth';
import type { User } from '@posada/contracts/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { saveUser } from '../../../lib/session.ts';
import { userQueryKey } from '../../../lib/use-session.ts';

type Message = { message: string };

/** The account security calls of packages/contracts/account-security. */
export const accountApi = {
  updateProfile: (body: UpdateProfileBody) => api.put<User>(accountSecurityPaths.profile, body),
  changePassword: (body: ChangePasswordBody) =>
    api.put<Message & { revoked_sessions: number }>(accountSecurityPaths.password, body),
  sessions: () => api.get<SessionList>(accountSecurityPaths.sessions),
  revokeSession: (id: string) => api.delete<Message>(accountSecurityPaths.session(id)),
  revokeOtherSessions: () => api.delete<Message & { revoked: number }>(accountSecurityPaths.sessions),
  twoFactor: () => api.get<TwoFactorStatus>(accountSecurityPaths.twoFactor),
  setupTwoFactor: () => api.post<TwoFactorSetupData>(accountSecurityPaths.twoFactorSetup),
  confirmTwoFactor: (code: string) =>
    api.post<RecoveryCodesData>(accountSecurityPaths.twoFactorConfirm, { code }),
  disableTwoFactor: (body: DisableTwoFactorBody) =>
    api.post<Message>(accountSecurityPaths.twoFactorDisable, body),
  loginTwoFactor: (body: LoginTwoFactorBody) =>
    api.post<LoginData>(accountSecurityPaths.loginTwoFactor, body),
};

export const sessionsKey = ['account', 'sessions'] as const;
export const twoFactorKey = ['account', 'two-factor'] as const;

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: accountApi.sessions });
}

export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorKey, queryFn: accountApi.twoFactor });
}

/** Puts a fresh user (answered by the API) into the cache and local storage. */
export function useSetUser() {
  const queryClient = useQueryClient();
  return (user: User) => {
    queryClient.setQueryData(userQueryKey, user);
    saveUser(user);
  };
}

/** After two-factor changes: the status, and the user (two_factor_enabled) the admin guard reads. */
export function useRefreshTwoFactor() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorKey }),
      queryClient.invalidateQueries({ queryKey: userQueryKey }),
    ]);
  };
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
