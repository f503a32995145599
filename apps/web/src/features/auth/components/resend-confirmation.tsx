import { Button, Stack } from '@mantine/core';
import { emailBody } from '@posada/contracts/auth';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, contractResolver } from '../../../components/form-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { authApi } from '../api/auth-api.ts';
import { EmailField } from './email-field.tsx';

function useResend() {
  const { t } = useTranslation('auth');
  return useMutation({
    mutationFn: authApi.resendConfirmation,
    onSuccess: (data) => notify.success(data.message || t('resend.sent')),
  });
}

/** "Resend the confirmation e-mail" for a known address: one button, a toast for the outcome. */
export function ResendConfirmationButton({
  email,
  variant = 'light',
}: {
  email: string;
  variant?: 'light' | 'default' | 'filled';
}) {
  const { t } = useTranslation('auth');
  const resend = useResend();
  return (
    <Button
      variant={variant}
      leftSection={<IconMailForward size={18} />}
      loading={resend.isPending}
      onClick={() => resend.mutate({ email }, { onError: (error) => notify.error(error.message) })}
    >
      {t('resend.button')}
    </Button>
  );
}

/** The same, asking for the address first (when the page does not know it). */
export function ResendConfirmationForm() {
  const { t, i18n } = useTranslation('auth');
  const resend = useResend();
  const form = useForm({
    resolver: contractResolver(emailBody, (key, params) => i18n.t(key, params)),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const onSubmit = form.handleSubmit((values) => {
    resend.mutate(values, {
      onError: (error) => {
        const message = applyServerErrors(error, form.setError, ['email'], t('common:errors.unexpected'));
        if (message) notify.error(message);
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <EmailField error={form.formState.errors.email?.message} {...form.register('email')} />
        <Button
          type="submit"
          variant="light"
          loading={resend.isPending}
          leftSection={<IconMailForward size={18} />}
        >
          {t('resend.button')}
        </Button>
      </Stack>
    </form>
  );
}
