import { Badge } from '@mantine/core';
import type { BroadcastRecipientStatus, BroadcastSummary } from '@posada/contracts/broadcasts';
import { useTranslation } from 'react-i18next';

const recipientColors: Record<BroadcastRecipientStatus, string> = {
  queued: 'gray',
  sent: 'blue',
  delivered: 'teal',
  read: 'green',
  failed: 'red',
  skipped: 'yellow',
};
const broadcastColors: Record<BroadcastSummary['status'], string> = {
  sending: 'blue',
  done: 'teal',
  cancelled: 'gray',
};

export function RecipientStatusBadge({ status }: { status: BroadcastRecipientStatus }) {
  const { t } = useTranslation('broadcasts');
  return (
    <Badge color={recipientColors[status]} variant="light" data-status={status}>
      {t(`recipientStatus.${status}`)}
    </Badge>
  );
}

export function BroadcastStatusBadge({ status }: { status: BroadcastSummary['status'] }) {
  const { t } = useTranslation('broadcasts');
  return (
    <Badge color={broadcastColors[status]} variant="dot">
      {t(`broadcastStatus.${status}`)}
    </Badge>
  );
}
