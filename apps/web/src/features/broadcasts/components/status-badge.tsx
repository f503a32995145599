import { Badge } from '@mantine/core';
import type { BroadcastRecipientStatus, BroadcastSummary } from '@posada/contracts/broadcasts';
import { useTranslation } from 'react-i18next';
import { DeliveryStatusChip } from '../../../components/delivery/delivery-status.tsx';

const broadcastColors: Record<BroadcastSummary['status'], string> = {
  sending: 'blue',
  done: 'teal',
  cancelled: 'gray',
};

/** A recipient's message state as every screen draws it (issue 26: accepted is WhatsApp's word, not sent). */
export function RecipientStatusBadge({
  status,
  reason,
}: {
  status: BroadcastRecipientStatus;
  reason?: string | null;
}) {
  return <DeliveryStatusChip status={status} reason={reason} channel="whatsapp" testId="recipient-status" />;
}

export function BroadcastStatusBadge({ status }: { status: BroadcastSummary['status'] }) {
  const { t } = useTranslation('broadcasts');
  return (
    <Badge color={broadcastColors[status]} variant="dot">
      {t(`broadcastStatus.${status}`)}
    </Badge>
  );
}
