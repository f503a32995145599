import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Subscription } from '@posada/contracts/subscriptions';
import { IconCreditCard, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { useCancelSubscription, usePortal, useResumeSubscription } from '../api/subscription-api.ts';
import { day } from '../lib/format.ts';

/** The payment method (Stripe's portal), and cancel (with confirmation, access kept) or resume. */
export function ManageActions({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation('subscription');
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const portal = usePortal();
  const until = day(subscription.current_period_end, i18n.language);
  const askCancel = () =>
    modals.openConfirmModal({
      title: t('cancel.confirmTitle'),
      centered: true,
      children: <Text size="sm">{t('cancel.confirmBody', { date: until })}</Text>,
      labels: { confirm: t('cancel.confirm'), cancel: t('cancel.keep') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-cancel' } as Record<string, unknown>,
      onConfirm: () =>
        cancel.mutate(undefined, {
          onSuccess: () => notify.success(t('cancel.done', { date: until })),
          onError: (error) => notify.error(error.message || t('errors.update')),
        }),
    });
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Title order={2} fz="h5">
          {t('manage.title')}
        </Title>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconCreditCard size={18} aria-hidden />}
            loading={portal.isPending}
            onClick={() => portal.mutate(undefined, { onError: (error) => notify.error(error.message) })}
            data-testid="payment-method"
          >
            {t('manage.paymentMethod')}
          </Button>
          {subscription.cancel_at_period_end ? (
            <Button
              color="teal"
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
              loading={resume.isPending}
              onClick={() =>
                resume.mutate(undefined, {
                  onSuccess: () => notify.success(t('resume.done')),
                  onError: (error) => notify.error(error.message || t('errors.update')),
                })
              }
              data-testid="resume-subscription"
            >
              {t('resume.action')}
            </Button>
          ) : (
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={18} aria-hidden />}
              loading={cancel.isPending}
              onClick={askCancel}
              data-testid="cancel-subscription"
            >
              {t('cancel.action')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {subscription.cancel_at_period_end ? t('resume.hint', { date: until }) : t('cancel.hint')}
        </Text>
      </Stack>
    </Card>
  );
}
