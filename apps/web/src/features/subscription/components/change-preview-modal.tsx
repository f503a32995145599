import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import type { SubscriptionPreview } from '@posada/contracts/subscriptions';
import { useTranslation } from 'react-i18next';
import { day, money } from '../lib/format.ts';

/** spec 4: a change asks for confirmation, showing the proration (spec 9) and the new recurring total. */
export function ChangePreviewModal({
  preview,
  onClose,
  onConfirm,
  confirming,
}: {
  preview: SubscriptionPreview | null;
  onClose: () => void;
  onConfirm: () => void;
  confirming: boolean;
}) {
  const { t, i18n } = useTranslation('subscription');
  const lang = i18n.language;
  const p = preview;
  return (
    <Modal
      opened={p !== null}
      onClose={onClose}
      title={
        <Text fw={700} fz="lg" component="span">
          {t('change.confirmTitle')}
        </Text>
      }
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {p ? (
        <Stack gap="sm" data-testid="change-preview">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">{p.proration_amount >= 0 ? t('change.chargedNow') : t('change.creditNow')}</Text>
            <Text fw={800} fz="lg" data-testid="proration-amount">
              {money(Math.abs(p.proration_amount), p.currency, lang)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('change.prorationHint', { days: p.days_left, period: p.period_days })}
          </Text>
          <Divider />
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">{t('change.oldTotal')}</Text>
            <Text size="sm">{money(p.old_total, p.currency, lang)}</Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" fw={600}>
              {t('change.newTotal')}
            </Text>
            <Text size="sm" fw={700} data-testid="new-total">
              {money(p.new_total, p.currency, lang)}
            </Text>
          </Group>
          {p.next_renewal ? (
            <Text size="sm" c="dimmed">
              {t('change.nextRenewal', { date: day(p.next_renewal, lang) })}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose} disabled={confirming}>
              {t('common:actions.cancel')}
            </Button>
            <Button onClick={onConfirm} loading={confirming} data-testid="confirm-change">
              {t('change.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
