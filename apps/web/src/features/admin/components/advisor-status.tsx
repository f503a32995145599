import { Badge, Button } from '@mantine/core';
import type { Advisor } from '@posada/contracts/admin';
import { useTranslation } from 'react-i18next';

/** Whether an advisor's code still works. */
export function AdvisorStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Badge w="max-content" color={active ? 'teal' : 'gray'} variant="light">
      {active ? t('advisors.active') : t('advisors.inactive')}
    </Badge>
  );
}

/** Activates or deactivates an advisor; the accessible name says which one. */
export function AdvisorToggleButton({
  advisor,
  pending,
  onToggle,
}: {
  advisor: Advisor;
  pending: boolean;
  onToggle: (advisor: Advisor) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Button
      size="xs"
      variant={advisor.active ? 'subtle' : 'light'}
      color={advisor.active ? 'red' : undefined}
      loading={pending}
      onClick={() => onToggle(advisor)}
      aria-label={t(advisor.active ? 'advisors.deactivateNamed' : 'advisors.activateNamed', {
        name: advisor.name,
      })}
    >
      {advisor.active ? t('advisors.deactivate') : t('advisors.activate')}
    </Button>
  );
}
