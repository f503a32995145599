import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { ChangeForm } from '../components/change-form.tsx';
import { ManageActions } from '../components/manage-actions.tsx';
import { NotConfiguredAlert } from '../components/not-configured.tsx';
import { StatusCard } from '../components/status-card.tsx';
import { SubscriptionLoader } from '../components/subscription-loader.tsx';
import { canManage } from '../lib/status.ts';

/** spec 2.1 updateSubscription (/business/invoices/manage/update-suscription): change, cancel, resume. */
export function UpdateSubscriptionPage() {
  const { t } = useTranslation('subscription');
  return (
    <SubscriptionLoader>
      {(sub, pricing) => (
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
                pricing={pricing}
              />
              <ManageActions subscription={sub} />
            </>
          )}
        </Stack>
      )}
    </SubscriptionLoader>
  );
}
