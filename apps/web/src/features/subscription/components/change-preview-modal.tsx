import { Alert, Badge, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import type { SubscriptionPreview } from '@posada/contracts/subscriptions';
import { IconAlertTriangle, IconArrowNarrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import shell from '../../../components/shell.module.css';
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
          <ChangeSummary preview={p} />
          <Divider />
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
            <Button
              onClick={onConfirm}
              loading={confirming}
              color={p.in_use_lost.length > 0 ? 'red' : undefined}
              data-testid="confirm-change"
            >
              {t(p.in_use_lost.length > 0 ? 'change.confirmAnyway' : 'change.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/**
 * Old → new (issue 27): plan, period and units that change, the add-ons switched on and off, and what the
 * properties use now that the change turns off, named.
 */
function ChangeSummary({ preview: p }: { preview: SubscriptionPreview }) {
  const { t } = useTranslation('subscription');
  const rows: { label: string; from: string; to: string }[] = [];
  if (p.from.plan !== p.to.plan)
    rows.push({
      label: t('plans.label'),
      from: t(`plans.${p.from.plan}.name`),
      to: t(`plans.${p.to.plan}.name`),
    });
  if (p.from.billing_period !== p.to.billing_period)
    rows.push({
      label: t('period.label'),
      from: t(`period.${p.from.billing_period}`),
      to: t(`period.${p.to.billing_period}`),
    });
  if (p.from.units !== p.to.units)
    rows.push({ label: t('change.units'), from: String(p.from.units), to: String(p.to.units) });
  const addon = (code: string) => t(`addons.${code}.name`);
  return (
    <Stack gap="xs" data-testid="change-summary">
      {rows.map((row) => (
        <Group key={row.label} justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" c="dimmed">
            {row.label}
          </Text>
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{row.from}</Text>
            <IconArrowNarrowRight size={16} aria-label={t('change.becomes')} className={shell.mirror} />
            <Text size="sm" fw={700}>
              {row.to}
            </Text>
          </Group>
        </Group>
      ))}
      {p.addons_gained.length > 0 ? (
        <Group gap={6} data-testid="addons-gained">
          <Text size="sm">{t('change.gained')}</Text>
          {p.addons_gained.map((code) => (
            <Badge key={code} color="teal" variant="light">
              {addon(code)}
            </Badge>
          ))}
        </Group>
      ) : null}
      {p.addons_lost.length > 0 ? (
        <Group gap={6} data-testid="addons-lost">
          <Text size="sm">{t('change.lost')}</Text>
          {p.addons_lost.map((code) => (
            <Badge key={code} color="red" variant="light">
              {addon(code)}
            </Badge>
          ))}
        </Group>
      ) : null}
      {p.in_use_lost.length > 0 ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('change.inUseTitle')}
          data-testid="in-use-lost"
        >
          <Stack gap={4}>
            {p.in_use_lost.map((use) => (
              <Text key={use.addon} size="sm">
                {t('change.inUse', { addon: addon(use.addon), properties: use.properties.join(', ') })}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
