import { Badge, Group, Text } from '@mantine/core';
import type { StatusSubscription } from '@posada/contracts/users';
import { useTranslation } from 'react-i18next';

const colors: Record<StatusSubscription, string> = {
  subscribed: 'teal',
  demo: 'blue',
  demo_expired: 'orange',
};

/** A user's plan name and subscription status (spec 3: subscribed, demo, demo_expired). */
export function SubscriptionBadge({
  plan,
  status,
}: {
  plan: string | null;
  status: StatusSubscription | null;
}) {
  const { t } = useTranslation('admin');
  return (
    <Group gap={6} wrap="nowrap">
      <Badge w="max-content" variant="light" color={status ? colors[status] : 'gray'}>
        {status ? t(`status.${status}`) : t('status.none')}
      </Badge>
      {plan ? (
        <Text size="xs" c="dimmed" tt="capitalize">
          {plan}
        </Text>
      ) : null}
    </Group>
  );
}
