import type { Pricing, Subscription } from '@posada/contracts/subscriptions';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { pricingQuery, subscriptionQuery } from '../api/subscription-api.ts';
import { SubscriptionSkeleton } from './page-skeleton.tsx';

/**
 * The subscription and the price list both screens need: the skeleton while either loads, one retry for
 * both when either fails, else `children` with the two (`polling` follows a Checkout return).
 */
export function SubscriptionLoader({
  polling = false,
  children,
}: {
  polling?: boolean;
  children: (subscription: Subscription, pricing: Pricing) => ReactNode;
}) {
  const { t } = useTranslation('subscription');
  const subscription = useQuery(subscriptionQuery(polling));
  const pricing = useQuery(pricingQuery());
  if (subscription.isError || pricing.isError)
    return (
      <LoadError
        title={t('loadError')}
        onRetry={() => {
          void subscription.refetch();
          void pricing.refetch();
        }}
        retrying={subscription.isFetching || pricing.isFetching}
      />
    );
  if (!subscription.data || !pricing.data) return <SubscriptionSkeleton />;
  return children(subscription.data, pricing.data);
}
