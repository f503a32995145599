import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Subscription } from '@posada/contracts/subscriptions';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconClockHour4,
  IconGift,
  IconPlayerPause,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePortal } from '../api/subscription-api.ts';
import { day, money } from '../lib/format.ts';
import { statusView } from '../lib/status.ts';

const look = {
  trialing: { color: 'posada', icon: IconClockHour4 },
  active: { color: 'teal', icon: IconCircleCheck },
  canceled: { color: 'orange', icon: IconPlayerPause },
  past_due: { color: 'red', icon: IconAlertTriangle },
  expired: { color: 'red', icon: IconCircleX },
  granted: { color: 'teal', icon: IconGift },
} as const;

/** spec 4 Subscription: where the account stands (trial with days left, active, cancelled, expired …). */
export function StatusCard({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation('subscription');
  const lang = i18n.language;
  const view = statusView(subscription);
  const portal = usePortal();
  const { color, icon: Icon } = look[view.kind];
  let detail = '';
  if (view.kind === 'trialing')
    detail = t('status.trialing.detail', { count: view.daysLeft, date: day(view.endsAt, lang) });
  else if (view.kind === 'active') detail = t('status.active.detail', { date: day(view.renewsAt, lang) });
  else if (view.kind === 'granted')
    detail = view.renewsAt
      ? t('status.granted.detailUntil', { date: day(view.renewsAt, lang) })
      : t('status.granted.detail');
  else if (view.kind === 'canceled')
    detail = t('status.canceled.detail', { date: day(view.accessUntil, lang) });
  else detail = t(`status.${view.kind}.detail`);
  const paid =
    view.kind === 'active' || view.kind === 'canceled' || view.kind === 'past_due' || view.kind === 'granted';
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="subscription-status" data-state={view.kind}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={48} radius="xl" variant="light" color={color}>
          <Icon size={26} aria-hidden />
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} fz="h4">
              {t(`status.${view.kind}.title`)}
            </Title>
            {view.kind === 'trialing' ? (
              <Badge color={view.daysLeft <= 3 ? 'orange' : 'posada'} variant="light" tt="none">
                {t('status.daysLeft', { count: view.daysLeft })}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
          {paid ? (
            <Text size="sm">
              {t('status.summary', {
                plan: t(`plans.${subscription.plan}.name`),
                units: subscription.units,
                period: t(`period.${subscription.billing_period}`),
                amount: money(subscription.amount, subscription.currency, lang),
              })}
            </Text>
          ) : null}
          {view.kind === 'past_due' && subscription.configured ? (
            <Group>
              <Button
                color="red"
                size="sm"
                loading={portal.isPending}
                onClick={() => portal.mutate()}
                data-testid="fix-payment"
              >
                {t('paymentFail.fix')}
              </Button>
            </Group>
          ) : null}
          {portal.isError ? (
            <Text size="sm" c="red" role="alert">
              {portal.error.message}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
