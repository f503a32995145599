import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { succeeded: 'teal', failed: 'red', refunded: 'gray' };

export function PaymentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" size="sm">
      {t(`payments.status.${status}`)}
    </Badge>
  );
}
