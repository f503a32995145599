import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify.ts';
import { userQueryKey } from '../../../lib/use-session.ts';

/**
 * Back from Stripe Checkout: `?checkout=success` says so and polls GET /api/subscription until the
 * webhook made the account subscribed (then the user is reloaded); `?checkout=cancel` says nothing was charged.
 * Answers whether the page should keep polling.
 */
export function useCheckoutReturn(subscribed: boolean | undefined): boolean {
  const { t } = useTranslation('subscription');
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const outcome = params.get('checkout');
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!outcome || told.current === outcome) return;
    told.current = outcome;
    if (outcome === 'success') notify.info(t('checkout.processing'));
    else if (outcome === 'cancel') notify.info(t('checkout.cancelled'));
  }, [outcome, t]);
  useEffect(() => {
    if (outcome === 'cancel') {
      const next = new URLSearchParams(params);
      next.delete('checkout');
      setParams(next, { replace: true });
    }
    if (outcome === 'success' && subscribed) {
      notify.success(t('checkout.done'));
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['billing-invoices'] });
      const next = new URLSearchParams(params);
      next.delete('checkout');
      setParams(next, { replace: true });
    }
  }, [outcome, subscribed, params, setParams, queryClient, t]);
  return outcome === 'success' && !subscribed;
}
