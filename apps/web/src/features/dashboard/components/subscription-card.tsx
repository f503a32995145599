import {
  Alert,
  Anchor,
  Badge,
  Group,
  Paper,
  RingProgress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { User } from '@posada/contracts/users';
import { TRIAL_DAYS } from '@posada/domain/subscription';
import { IconAlertTriangle, IconCrown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { supportEmail } from '../../../config/support.ts';

function planName(plan: string | null): string {
  if (!plan) return '';
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}

/** The subscription state: trial days left (ring), trial over, or the subscribed plan. */
export function SubscriptionCard({ user }: { user: User }) {
  const { t } = useTranslation('dashboard');
  const status = user.status_subscription;
  return (
    <Paper withBorder p="xl" h="100%" component="section" aria-labelledby="subscription-title">
      <Stack gap="md" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg" id="subscription-title">
            {t('subscription.title')}
          </Title>
          {status === 'subscribed' && (
            <Badge color="teal" variant="light" radius="sm" tt="none">
              {t('subscription.active')}
            </Badge>
          )}
          {status === 'demo' && (
            <Badge color="posada" variant="light" radius="sm" tt="none">
              {t('subscription.trialBadge')}
            </Badge>
          )}
          {status === 'demo_expired' && (
            <Badge color="red" variant="light" radius="sm" tt="none">
              {t('subscription.expiredBadge')}
            </Badge>
          )}
        </Group>
        {status === 'subscribed' ? (
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={56} radius="xl" variant="light" color="yellow">
              <IconCrown size={30} aria-hidden />
            </ThemeIcon>
            <div>
              <Text fw={700} fz="xl">
                {t('subscription.plan', { plan: planName(user.plan) })}
              </Text>
              <Text size="sm" c="dimmed">
                {t('subscription.subscribedText')}
              </Text>
            </div>
          </Group>
        ) : (
          <Group gap="lg" wrap="nowrap">
            <RingProgress
              size={104}
              thickness={10}
              roundCaps={user.restaday > 0}
              sections={[
                {
                  value: Math.min(100, (user.restaday / TRIAL_DAYS) * 100),
                  color: user.restaday <= 3 ? 'orange' : 'posada',
                },
              ]}
              label={
                <Stack gap={0} align="center">
                  <Text fw={800} fz={26} lh={1}>
                    {user.restaday}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('subscription.daysUnit', { count: user.restaday })}
                  </Text>
                </Stack>
              }
              aria-hidden
            />
            <Stack gap={4}>
              <Text fw={650}>
                {status === 'demo_expired'
                  ? t('subscription.expiredTitle')
                  : t('subscription.trialLeft', { count: user.restaday })}
              </Text>
              <Text size="sm" c="dimmed">
                {status === 'demo_expired' ? t('subscription.expiredText') : t('subscription.trialText')}
              </Text>
              {status === 'demo_expired' && (
                <Anchor href={`mailto:${supportEmail}`} size="sm" fw={600}>
                  {supportEmail}
                </Anchor>
              )}
            </Stack>
          </Group>
        )}
        {user.paymentfail && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('subscription.paymentFailTitle')}
            mt="auto"
          >
            {t('subscription.paymentFailText', { email: supportEmail })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
