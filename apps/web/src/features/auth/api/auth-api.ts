import type { LoginAnswer } from '@posada/contracts/account-security';
import {
  authPaths,
  type EmailBody,
  type LoginBody,
  type OauthCallbackBody,
  type providersData,
  type RegisterBody,
  type ResetPasswordBody,
  type registerData,
  type SocialProvider,
  type TokenBody,
} from '@posada/contracts/auth';
import type { messageData } from '@posada/contracts/envelope';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type MessageData = z.infer<typeof messageData>;
export type RegisterData = z.infer<typeof registerData>;
export type ProvidersData = z.infer<typeof providersData>;

/** The sign-in and account calls of packages/contracts/auth. */
export const authApi = {
  /** Spec 7's answer, or a two-factor challenge for an account with it on. */
  login: (body: LoginBody) => api.post<LoginAnswer>(authPaths.login, body),
  register: (body: RegisterBody) => api.post<RegisterData>(authPaths.register, body),
  logout: () => api.post<unknown>(authPaths.logout),
  confirmEmail: (body: TokenBody) => api.post<MessageData>(authPaths.confirmEmail, body),
  resendConfirmation: (body: EmailBody) => api.post<MessageData>(authPaths.resendConfirmation, body),
  forgotPassword: (body: EmailBody) => api.post<MessageData>(authPaths.forgotPassword, body),
  resetPassword: (body: ResetPasswordBody) => api.post<MessageData>(authPaths.resetPassword, body),
  /** Issue 27: a sign-in link e-mailed to the owner (the same answer whether or not the account exists). */
  signInLink: (body: EmailBody) => api.post<MessageData>(authPaths.signInLink, body),
  signInWithLink: (body: TokenBody) => api.post<LoginAnswer>(authPaths.signInLinkConfirm, body),
  oauthCallback: (provider: SocialProvider, body: OauthCallbackBody) =>
    api.post<LoginAnswer>(authPaths.oauthCallback(provider), body),
  providers: () => api.get<ProvidersData>(authPaths.providers),
};

/** Which social providers are configured; a failure simply hides the social buttons. */
export function useProviders() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: authApi.providers,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
