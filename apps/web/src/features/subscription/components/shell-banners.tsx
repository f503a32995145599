import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import type { User } from '@posada/contracts/users';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { notify } from '../../../lib/notify.ts';
import { usePortal } from '../api/subscription-api.ts';

/**
 * spec 4: the free trial's last days (restaday 3 or fewer) and the way to choose a plan. Before that the top
 * bar's trial badge shows the days left, and the pages keep their whole height.
 */
export function TrialBanner({ user }: { user: Pick<User, 'status_subscription' | 'restaday'> }) {
  const { t } = useTranslation('subscription');
  const { pathname } = useLocation();
  if (user.status_subscription !== 'demo' || user.restaday > 3 || pathname.startsWith('/business/invoices'))
    return null;
  return (
    <Alert
      color="orange"
      variant="light"
      radius="md"
      py="xs"
      mb="md"
      icon={<IconClockHour4 size={18} aria-hidden />}
      data-testid="trial-banner"
    >
      <Group gap="xs" wrap="wrap">
        <Text size="sm">{t('banner.trial', { count: user.restaday })}</Text>
        <Anchor component={Link} to={pathTo('pageSubscription')} size="sm" fw={700}>
          {t('actions.choosePlan')}
        </Anchor>
      </Group>
    </Alert>
  );
}

/** spec 3 paymentfail: the last charge failed; the fix is Stripe's portal (update the card). */
export function PaymentFailBanner({ user }: { user: Pick<User, 'paymentfail'> }) {
  const { t } = useTranslation('subscription');
  const portal = usePortal();
  if (!user.paymentfail) return null;
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      mb="md"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('paymentFail.title')}
      data-testid="payment-fail-banner"
    >
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Text size="sm">{t('paymentFail.body')}</Text>
        <Button
          size="xs"
          color="red"
          loading={portal.isPending}
          onClick={() => portal.mutate(undefined, { onError: (error) => notify.error(error.message) })}
        >
          {t('paymentFail.fix')}
        </Button>
      </Group>
    </Alert>
  );
}
