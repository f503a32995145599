import { Alert, Anchor, Badge, Group, List, Text } from '@mantine/core';
import type { BotStatus } from '@posada/contracts/concierge';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../config/routes.ts';

/**
 * Whether the bot answers at this property and, if not, what is missing (spec 5 Bot use: plan, the bot
 * flag; issue 19, 5: the WhatsApp connection and some knowledge), each with where to fix it.
 */
export function StatusBanner({ status, propertyId }: { status: BotStatus; propertyId: string }) {
  const { t } = useTranslation('concierge');
  const engine = (
    <Badge variant="light" color="gray" tt="none" data-testid="bot-engine">
      {t(`status.engine.${status.engine}`)}
    </Badge>
  );
  if (status.active && status.missing.length === 0)
    return (
      <Alert
        color="teal"
        variant="light"
        radius="lg"
        icon={<IconCircleCheck size={20} aria-hidden />}
        role="status"
        data-testid="bot-status"
      >
        <Group justify="space-between" gap="sm">
          <Text size="sm" fw={600}>
            {t('status.active')}
          </Text>
          {engine}
        </Group>
      </Alert>
    );
  const link = (missing: BotStatus['missing'][number]): ReactNode => {
    switch (missing) {
      case 'plan':
        return (
          <Anchor component={Link} to={pathTo('pageSubscription')} size="sm">
            {t('status.fix.plan')}
          </Anchor>
        );
      case 'bot_flag':
        return (
          <Anchor component={Link} to={pathTo('pageManageChatBot', { propertyId })} size="sm">
            {t('status.fix.bot_flag')}
          </Anchor>
        );
      case 'whatsapp':
        return (
          <Anchor component={Link} to={pathTo('wabaIntegrationPage')} size="sm">
            {t('status.fix.whatsapp')}
          </Anchor>
        );
      default:
        return null;
    }
  };
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="lg"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={
        <Group gap="sm" justify="space-between">
          <span>{t('status.inactive')}</span>
          {engine}
        </Group>
      }
      role="status"
      data-testid="bot-status"
      styles={{ label: { flex: 1 } }}
    >
      <List size="sm" spacing={4}>
        {status.missing.map((missing) => (
          <List.Item key={missing} data-testid={`bot-missing-${missing}`}>
            {t(`status.missing.${missing}`)} {link(missing)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
