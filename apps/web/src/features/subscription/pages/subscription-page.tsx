import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAdjustments, IconFileInvoice } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { subscriptionQuery } from '../api/subscription-api.ts';
import { CheckoutForm } from '../components/checkout-form.tsx';
import { ConsumptionCard } from '../components/consumption-card.tsx';
import { NotConfiguredAlert } from '../components/not-configured.tsx';
import { StatusCard } from '../components/status-card.tsx';
import { SubscriptionLoader } from '../components/subscription-loader.tsx';
import { canManage, isGranted } from '../lib/status.ts';
import { useCheckoutReturn } from '../lib/use-checkout-return.ts';

/**
 * spec 2.1 pageSubscription (/business/invoices/select/suscriptions): the account's status, then either the
 * plan picker and Checkout (trial, expired) or what the paid subscription is, with the way to change it; a plan
 * Posada granted (billed by hand) shows its invoices only.
 */
export function SubscriptionPage({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation('subscription');
  const probe = useQuery(subscriptionQuery());
  const polling = useCheckoutReturn(
    probe.data
      ? probe.data.status_subscription === 'subscribed' && probe.data.has_stripe_subscription
      : undefined,
  );
  return (
    <SubscriptionLoader polling={polling}>
      {(sub, pricing) => (
        <Stack gap="lg">
          {polling ? (
            <Alert
              color="blue"
              variant="light"
              radius="lg"
              icon={<Loader size={18} />}
              data-testid="checkout-waiting"
            >
              {t('checkout.waiting')}
            </Alert>
          ) : null}
          <StatusCard subscription={sub} />
          {isGranted(sub) ? (
            // Granted by Posada and billed by hand: no card checkout beside it (it would bill twice).
            <Group gap="sm">
              <InvoicesButton embedded={embedded} />
            </Group>
          ) : !sub.configured ? (
            <NotConfiguredAlert />
          ) : canManage(sub) ? (
            <Stack gap="md">
              <ConsumptionCard />
              <Group gap="sm">
                <Button
                  component={Link}
                  to={pathTo('updateSubscription')}
                  target={embedded ? '_blank' : undefined}
                  leftSection={<IconAdjustments size={18} aria-hidden />}
                  data-testid="manage-subscription"
                >
                  {t('actions.manage')}
                </Button>
                <InvoicesButton embedded={embedded} />
              </Group>
            </Stack>
          ) : (
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                {t('choose.intro')}
              </Text>
              <CheckoutForm subscription={sub} pricing={pricing} />
            </Stack>
          )}
        </Stack>
      )}
    </SubscriptionLoader>
  );
}

/** The account's invoices (in the iframe's own route when embedded). */
function InvoicesButton({ embedded }: { embedded: boolean }) {
  const { t } = useTranslation('subscription');
  return (
    <Button
      component={Link}
      to={pathTo(embedded ? 'iframeInvoices' : 'invoiceList')}
      variant="default"
      leftSection={<IconFileInvoice size={18} aria-hidden />}
    >
      {t('actions.invoices')}
    </Button>
  );
}
