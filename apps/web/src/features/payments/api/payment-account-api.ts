import { type OnboardingLink, type PaymentAccount, paymentsRoutes } from '@posada/contracts/payments';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const paymentAccountKey = ['payments', 'account'] as const;

/** GET /api/payments/account: configured flag, status and what Stripe still needs (in plain words). */
export function paymentAccountQuery() {
  return queryOptions({
    queryKey: paymentAccountKey,
    queryFn: () => api.get<PaymentAccount>(paymentsRoutes.account),
  });
}

/** POST /api/payments/account/onboarding-link: a one-time link to Stripe's onboarding (the account made on first use). */
export function useOnboardingLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<OnboardingLink>(paymentsRoutes.onboardingLink),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentAccountKey }),
  });
}

/** POST /api/payments/account/refresh: re-read the account from Stripe now. */
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PaymentAccount>(paymentsRoutes.refreshAccount),
    onSuccess: (account) => queryClient.setQueryData(paymentAccountKey, account),
  });
}
