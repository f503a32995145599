import { Button, Divider, Stack } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { authApi } from '../api/auth-api.ts';
import { BackToLoginLink } from '../components/auth-links.tsx';
import { ResendConfirmationForm } from '../components/resend-confirmation.tsx';
import { StatusPanel, StatusText } from '../components/status-panel.tsx';
import { VerifyingPanel } from '../components/verifying-panel.tsx';
import { useOnceRequest } from '../hooks/use-once-request.ts';

/** Confirmar (/verific/token/account/:token): confirms the account's e-mail once, on arrival. */
export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const result = useOnceRequest(token, () => authApi.confirmEmail({ token }));

  if (result.status === 'pending') return <VerifyingPanel label={t('confirm.verifying')} />;

  if (result.status === 'success') {
    return (
      <StatusPanel tone="success" icon={<IconCircleCheck size={36} />} title={t('confirm.successTitle')}>
        <StatusText>{t('confirm.successBody')}</StatusText>
        <Button component={Link} to={pathTo('Login')} size="md" fullWidth mt="xs">
          {t('confirm.toLogin')}
        </Button>
      </StatusPanel>
    );
  }

  return (
    <StatusPanel tone="error" icon={<IconLinkOff size={34} />} title={t('confirm.failedTitle')}>
      <StatusText>
        {/* A cut or mangled token fails the body's validation: that is a bad link, not fields to fix. */}
        {result.error.code === 'validation.failed' ? t('confirm.invalidLink') : result.error.message}
      </StatusText>
      <Divider label={t('confirm.resendLabel')} labelPosition="center" my="xs" />
      <ResendConfirmationForm />
      <Stack align="center">
        <BackToLoginLink />
      </Stack>
    </StatusPanel>
  );
}
