import { Badge, Tooltip } from '@mantine/core';
import type { RegistrationBadge as BadgeState } from '@posada/contracts/authorities';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { registrationTone, toneColor } from '../lib/registration-view.ts';
import type { RowRegistration } from './use-registration-badges.ts';

/**
 * The police registration of a check-in as a badge (issue 14 item 2): rejected and overdue in red. In the
 * list's narrow column it says "Registro policial: …" in its tooltip and accessible name.
 */
export function RegistrationBadge({
  state,
  overdue = false,
  size = 'sm',
}: {
  state: BadgeState;
  overdue?: boolean;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation('registrations');
  const tone = registrationTone(state, overdue);
  const label = t(`badge.${tone}`);
  const full = t('badge.full', { state: label });
  return (
    <Tooltip label={full} withArrow>
      <Badge
        size={size}
        color={toneColor(tone)}
        variant={tone === 'rejected' || tone === 'overdue' ? 'filled' : 'light'}
        tt="none"
        leftSection={<IconShieldCheck size={12} aria-hidden />}
        aria-label={full}
        data-testid="registration-badge"
        data-tone={tone}
        maw="100%"
      >
        {label}
      </Badge>
    </Tooltip>
  );
}

/** The list's badge: nothing while the check-in has no registration yet. */
export function RowRegistrationBadge({ registration }: { registration: RowRegistration | null }) {
  return registration ? (
    <RegistrationBadge state={registration.state} overdue={registration.overdue} size="xs" />
  ) : null;
}
