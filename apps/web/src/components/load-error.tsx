import { Alert, type AlertProps, Button } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a screen shows when its data did not load: what failed, and a button to try again. */
export function LoadError({
  title,
  onRetry,
  retrying,
  ...alert
}: {
  title: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
} & Pick<AlertProps, 'm' | 'radius'>) {
  const { t } = useTranslation('common');
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={20} aria-hidden />}
      title={title}
      role="alert"
      {...alert}
    >
      <Button
        size="xs"
        color="red"
        variant="white"
        leftSection={<IconRefresh size={14} aria-hidden />}
        loading={retrying}
        onClick={onRetry}
      >
        {t('actions.retry')}
      </Button>
    </Alert>
  );
}
