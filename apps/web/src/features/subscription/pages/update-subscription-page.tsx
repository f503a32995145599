import { Alert, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { pathTo } from '../../../config/routes.ts';
import { pricingQuery, subscriptionQuery } from '../api/subscription-api.ts';
import { ChangeForm } from '../components/change-form.tsx';
import { ManageActions } from '../components/manage-actions.tsx';
import { NotConfiguredAlert } from '../components/not-configured.tsx';
import { SubscriptionSkeleton } from '../components/page-skeleton.tsx';
import { StatusCard } from '../components/status-card.tsx';
import { canManage } from '../lib/status.ts';

/** spec 2.1 updateSubscription (/business/invoices/manage/update-suscription): change, cancel, resume. */
export function UpdateSubscriptionPage() {
  const { t } = useTranslation('subscription');
  const subscription = useQuery(subscriptionQuery());
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
  const sub = subscription.data;
  return (
    <Stack gap="lg">
      <StatusCard subscription={sub} />
      {!sub.configured ? (
        <NotConfiguredAlert />
      ) : !canManage(sub) ? (
        <Alert color="blue" variant="light" radius="lg" title={t('manage.noneTitle')}>
          <Stack gap="sm" align="flex-start">
            {t('manage.noneBody')}
            <Button component={Link} to={pathTo('pageSubscription')} size="sm">
              {t('actions.choosePlan')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <ChangeForm
            key={`${sub.plan}-${sub.units}-${sub.billing_period}`}
            subscription={sub}
            pricing={pricing.data}
          />
          <ManageActions subscription={sub} />
        </>
      )}
    </Stack>
  );
}
