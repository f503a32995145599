import { Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { BackToLoginLink } from './auth-links.tsx';
import { ResendConfirmationButton } from './resend-confirmation.tsx';
import { StatusPanel, StatusText } from './status-panel.tsx';

/** After registering: "check your e-mail", with a resend button and the way back to Login. */
export function CheckEmailPanel({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <StatusPanel tone="info" icon={<IconMailCheck size={34} />} title={t('checkEmail.title')}>
      <StatusText>
        <Trans
          t={t}
          i18nKey="checkEmail.body"
          values={{ email }}
          components={{ strong: <Text span fw={600} c="var(--mantine-color-text)" dir="ltr" /> }}
        />
      </StatusText>
      <StatusText>{t('checkEmail.spam')}</StatusText>
      <Stack gap="xs" align="center" mt="xs">
        <ResendConfirmationButton email={email} />
        <BackToLoginLink />
      </Stack>
    </StatusPanel>
  );
}
