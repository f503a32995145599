import { Badge, Group, Switch, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { DeliverySummary } from '@posada/contracts/deliveries';
import type { CheckinStatus } from '@posada/domain/checkin-rules';
import { IconCircleCheck, IconEye, IconKey, IconMailForward } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DeliveryStatusChip } from '../../../components/delivery/delivery-status.tsx';
import { formatDateTime } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { type CheckinListItem, checkinsApi, invalidateCheckins } from '../api/checkins-api.ts';

/** The check-in's state; a pending one whose link expired (the stay is over) reads "Caducado" (issue 27). */
export function StatusBadge({ status, expired = false }: { status: CheckinStatus; expired?: boolean }) {
  const { t } = useTranslation('checkins');
  if (expired && status === 'pending') {
    return (
      <Badge color="gray" variant="light" tt="none" data-state="expired">
        {t('programmed.expired')}
      </Badge>
    );
  }
  return (
    <Badge color={status === 'complete' ? 'teal' : 'orange'} variant="light" tt="none">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function KeysBadge({ delivered }: { delivered: boolean }) {
  const { t } = useTranslation('checkins');
  return (
    <Badge
      color={delivered ? 'teal' : 'gray'}
      variant="dot"
      tt="none"
      leftSection={<IconKey size={12} aria-hidden />}
    >
      {t(delivered ? 'keys.delivered' : 'keys.waiting')}
    </Badge>
  );
}

/**
 * spec 4 Check-in list key status (delivered or waiting): changed after a confirmation, with a toast.
 * `compact` (the table's narrow column) says the status in a tooltip instead of a label.
 */
export function KeysToggle({
  item,
  compact = false,
}: {
  item: Pick<CheckinListItem, 'id' | 'name' | 'keys_delivered'>;
  compact?: boolean;
}) {
  const { t } = useTranslation(['checkins', 'common']);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (delivered: boolean) => checkinsApi.setKeys(item.id, delivered),
    onSuccess: (_data, delivered) => {
      notify.success(t(delivered ? 'keys.deliveredToast' : 'keys.waitingToast', { name: item.name }));
      void invalidateCheckins(queryClient);
    },
    onError: (error) => notify.error(error.message, t('keys.error')),
  });
  const ask = (delivered: boolean) =>
    modals.openConfirmModal({
      title: t(delivered ? 'keys.confirmDeliverTitle' : 'keys.confirmWaitTitle'),
      children: (
        <Text size="sm">
          {t(delivered ? 'keys.confirmDeliver' : 'keys.confirmWait', { name: item.name })}
        </Text>
      ),
      labels: { confirm: t('common:actions.confirm'), cancel: t('common:actions.cancel') },
      onConfirm: () => mutation.mutate(delivered),
    });
  const status = t(item.keys_delivered ? 'keys.delivered' : 'keys.waiting');
  const toggle = (
    <Switch
      checked={item.keys_delivered}
      onChange={(e) => ask(e.currentTarget.checked)}
      disabled={mutation.isPending}
      label={compact ? undefined : status}
      aria-label={t('keys.toggle', { name: item.name })}
      size="sm"
      thumbIcon={<IconKey size={10} aria-hidden />}
      w="fit-content"
    />
  );
  return compact ? (
    <Tooltip label={status} withArrow>
      {toggle}
    </Tooltip>
  ) : (
    toggle
  );
}

/**
 * The link's progress: the latest message with the link (its channel and the provider's state, the reason in
 * a tooltip; issue 26), then opened and completed, each lit when it happened (its time in a tooltip). The
 * message step never says sent before a provider accepted it; a link marked sent without a delivery record
 * (from before the delivery pipeline) says that no provider state is known.
 */
export function LinkProgress({
  item,
  message,
  compact = false,
}: {
  item: Pick<CheckinListItem, 'sent_at' | 'opened_at' | 'completed_at'>;
  /** The latest message with the link (`last_message`); null: none. */
  message: DeliverySummary | null;
  /** Icons only (the table's narrow column); the tooltip and label still say what and when. */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('checkins');
  const language = i18n.resolvedLanguage ?? 'es';
  const steps = [
    { key: 'opened', at: item.opened_at, Icon: IconEye },
    { key: 'completed', at: item.completed_at, Icon: IconCircleCheck },
  ] as const;
  return (
    <Group gap={4} wrap={compact ? 'nowrap' : 'wrap'}>
      {message ? (
        <DeliveryStatusChip
          status={message.status}
          channel={message.channel}
          reason={message.error_reason}
          at={message.updated_at}
          compact={compact}
          testId="checkin-last-message"
        />
      ) : (
        <MessageStep sent={Boolean(item.sent_at)} compact={compact} />
      )}
      {steps.map(({ key, at, Icon }) => {
        const label = at
          ? t(`progress.${key}At`, { at: formatDateTime(at, language) })
          : t(`progress.not_${key}`);
        return (
          <Tooltip key={key} label={label} withArrow>
            <Badge
              size="sm"
              variant={at ? 'light' : 'outline'}
              color={at ? (key === 'completed' ? 'teal' : 'blue') : 'gray'}
              leftSection={compact ? undefined : <Icon size={12} aria-hidden />}
              px={compact ? 4 : undefined}
              tt="none"
              aria-label={label}
              data-done={at ? 'true' : 'false'}
            >
              {compact ? <Icon size={12} aria-hidden style={{ display: 'block' }} /> : null}
              {compact ? null : t(`progress.${key}`)}
            </Badge>
          </Tooltip>
        );
      })}
    </Group>
  );
}

/** No delivery record: nothing sent yet, or a link marked sent before the pipeline kept provider states. */
function MessageStep({ sent, compact }: { sent: boolean; compact: boolean }) {
  const { t } = useTranslation('checkins');
  const label = t(sent ? 'progress.untracked' : 'progress.noMessage');
  return (
    <Tooltip label={label} withArrow>
      <Badge
        size="sm"
        variant="outline"
        color="gray"
        leftSection={compact ? undefined : <IconMailForward size={12} aria-hidden />}
        px={compact ? 4 : undefined}
        tt="none"
        aria-label={label}
        data-testid="checkin-last-message"
        data-status={sent ? 'untracked' : 'none'}
      >
        {compact ? <IconMailForward size={12} aria-hidden style={{ display: 'block' }} /> : label}
      </Badge>
    </Tooltip>
  );
}
