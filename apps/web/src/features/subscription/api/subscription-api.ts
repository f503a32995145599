import type {
  CheckoutUrl,
  Pricing,
  Subscription,
  SubscriptionChangeBody,
  SubscriptionChoiceBody,
  SubscriptionPreview,
  SubscriptionQuote,
} from '@posada/contracts/subscriptions';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userQueryKey } from '../../../lib/use-session.ts';

/** The API paths of the operator's subscription (issue 16, packages/contracts/src/subscriptions.ts). */
export const subscriptionPaths = {
  pricing: '/api/retrive-pricing',
  subscription: '/api/subscription',
  quote: '/api/subscription/quote',
  checkout: '/api/subscription/checkout',
  preview: '/api/subscription/preview',
  cancel: '/api/subscription/cancel',
  resume: '/api/subscription/resume',
  portal: '/api/subscription/portal',
} as const;

export const subscriptionKey = ['subscription'] as const;

/** GET /api/retrive-pricing: plans, tiers and add-ons of the current price book. */
export function pricingQuery() {
  return queryOptions({
    queryKey: ['retrive-pricing'],
    queryFn: () => api.get<Pricing>(subscriptionPaths.pricing),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/subscription: the account's subscription as the screens show it. */
export function subscriptionQuery(poll = false) {
  return queryOptions({
    queryKey: subscriptionKey,
    queryFn: () => api.get<Subscription>(subscriptionPaths.subscription),
    refetchInterval: poll ? 2000 : false,
  });
}

/** POST /api/subscription/quote: the server's price for a choice (the coupon is checked here). */
export function quoteQuery(choice: SubscriptionChoiceBody | null) {
  return queryOptions({
    queryKey: ['subscription-quote', choice],
    queryFn: () => api.post<SubscriptionQuote>(subscriptionPaths.quote, choice),
    enabled: choice !== null,
    retry: false,
    placeholderData: (previous) => previous,
  });
}

export function useCheckout() {
  return useMutation({
    mutationFn: (choice: SubscriptionChoiceBody) => api.post<CheckoutUrl>(subscriptionPaths.checkout, choice),
  });
}

export function usePreviewChange() {
  return useMutation({
    mutationFn: (body: SubscriptionChangeBody) =>
      api.post<SubscriptionPreview>(subscriptionPaths.preview, body),
  });
}

/** After a change the user's plan, quantity and add-ons (GET /api/user) move too. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return (subscription?: Subscription) => {
    if (subscription) queryClient.setQueryData(subscriptionKey, subscription);
    void queryClient.invalidateQueries({ queryKey: subscriptionKey });
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['billing-invoices'] });
  };
}

export function useChangeSubscription() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: SubscriptionChangeBody) => api.put<Subscription>(subscriptionPaths.subscription, body),
    onSuccess: refresh,
  });
}

export function useCancelSubscription() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: () => api.post<Subscription>(subscriptionPaths.cancel),
    onSuccess: refresh,
  });
}

export function useResumeSubscription() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: () => api.post<Subscription>(subscriptionPaths.resume),
    onSuccess: refresh,
  });
}

/** POST /api/subscription/portal: Stripe's billing portal (payment method, fix a failed payment). */
export function usePortal() {
  return useMutation({
    mutationFn: () => api.post<{ url: string }>(subscriptionPaths.portal),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
