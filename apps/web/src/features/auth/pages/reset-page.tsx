import { Button, Stack } from '@mantine/core';
import { type EmailBody, emailBody } from '@posada/contracts/auth';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerErrors, contractResolver } from '../../../components/form-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { authApi } from '../api/auth-api.ts';
import { BackToLoginLink } from '../components/auth-links.tsx';
import { AuthPage } from '../components/auth-page.tsx';
import { EmailField } from '../components/email-field.tsx';
import { StatusPanel, StatusText } from '../components/status-panel.tsx';

/** Reset (/reset): asks for a reset link; the answer never reveals whether the account exists. */
export function ResetPage() {
  const { t, i18n } = useTranslation('auth');
  const [sent, setSent] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<EmailBody>({
    resolver: contractResolver(emailBody, (key, params) => i18n.t(key, params)),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const forgot = useMutation({ mutationFn: authApi.forgotPassword });

  const onSubmit = form.handleSubmit((values) => {
    setAlert(null);
    forgot.mutate(values, {
      onSuccess: (data) => {
        notify.success(t('reset.sentToast'));
        setSent(data.message || t('reset.sentBody'));
      },
      onError: (error) =>
        setAlert(applyServerErrors(error, form.setError, ['email'], t('common:errors.unexpected'))),
    });
  });

  if (sent) {
    return (
      <StatusPanel tone="info" icon={<IconMailCheck size={34} />} title={t('reset.sentTitle')}>
        <StatusText>{sent}</StatusText>
        <Stack gap="xs" align="center" mt="xs">
          <Button variant="light" onClick={() => setSent(null)}>
            {t('reset.tryAnother')}
          </Button>
          <BackToLoginLink />
        </Stack>
      </StatusPanel>
    );
  }

  return (
    <AuthPage title={t('reset.title')} description={t('reset.subtitle')}>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <EmailField size="md" error={form.formState.errors.email?.message} {...form.register('email')} />
          <Button type="submit" size="md" fullWidth loading={forgot.isPending}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
      <Stack align="center">
        <BackToLoginLink />
      </Stack>
    </AuthPage>
  );
}
