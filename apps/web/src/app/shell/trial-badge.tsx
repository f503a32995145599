import { Badge } from '@mantine/core';
import type { User } from '@posada/contracts/users';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** "Prueba gratuita: N días" during the trial, "Prueba finalizada" once over; nothing when subscribed. */
export function TrialBadge({ user }: { user: Pick<User, 'status_subscription' | 'restaday'> }) {
  const { t } = useTranslation('shell');
  if (user.status_subscription === 'demo') {
    return (
      <Badge
        size="lg"
        radius="sm"
        variant="light"
        color={user.restaday <= 3 ? 'orange' : 'posada'}
        leftSection={<IconClockHour4 size={14} aria-hidden />}
        tt="none"
        fw={600}
      >
        {t('trial.daysLeft', { count: user.restaday })}
      </Badge>
    );
  }
  if (user.status_subscription === 'demo_expired') {
    return (
      <Badge size="lg" radius="sm" variant="light" color="red" tt="none" fw={600}>
        {t('trial.expired')}
      </Badge>
    );
  }
  return null;
}
