import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Whether a user has confirmed their e-mail address. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Badge w="max-content" variant="dot" color={verified ? 'teal' : 'yellow'}>
      {verified ? t('users.verified') : t('users.unverified')}
    </Badge>
  );
}
