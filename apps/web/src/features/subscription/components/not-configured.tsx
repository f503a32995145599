import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Without STRIPE_SECRET_KEY nothing can be bought: said plainly, with no buttons that pretend. */
export function NotConfiguredAlert() {
  const { t } = useTranslation('subscription');
  return (
    <Alert
      color="gray"
      variant="light"
      radius="lg"
      icon={<IconInfoCircle size={20} aria-hidden />}
      title={t('notConfigured.title')}
      data-testid="payments-not-configured"
    >
      {t('notConfigured.body')}
    </Alert>
  );
}
