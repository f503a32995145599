import { Alert, List, Stack, Text } from '@mantine/core';
import type { BroadcastRecipientsAnswer, BroadcastSetup } from '@posada/contracts/broadcasts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Step 4: how many guests get it, which template, and where the account stands against its daily limit. */
export function ConfirmStep({
  setup,
  recipients,
  templateName,
}: {
  setup: BroadcastSetup;
  recipients: BroadcastRecipientsAnswer;
  templateName: string;
}) {
  const { t } = useTranslation('broadcasts');
  const remaining = Math.max(0, setup.daily_limit - setup.sent_last_24h);
  return (
    <Stack gap="sm" data-testid="broadcast-confirm">
      <List spacing={6}>
        <List.Item>
          <Text span fw={600}>
            {t('confirm.count', { count: recipients.count })}
          </Text>
        </List.Item>
        <List.Item>{t('confirm.template', { name: templateName })}</List.Item>
        {recipients.skipped > 0 ? (
          <List.Item>{t('recipients.skipped', { count: recipients.skipped })}</List.Item>
        ) : null}
        <List.Item>
          {t('confirm.limit', { limit: setup.daily_limit, used: setup.sent_last_24h, remaining })}
        </List.Item>
      </List>
      {recipients.count > remaining ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('confirm.overLimit', { remaining })}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('confirm.note')}
      </Text>
    </Stack>
  );
}
