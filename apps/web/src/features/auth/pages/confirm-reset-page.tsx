import { Button, PasswordInput, Stack } from '@mantine/core';
import { type ResetPasswordBody, resetPasswordBody } from '@posada/contracts/auth';
import { IconLinkOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerErrors, contractResolver } from '../../../components/form-errors.ts';
import { pathTo } from '../../../config/routes.ts';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { authApi } from '../api/auth-api.ts';
import { BackToLoginLink } from '../components/auth-links.tsx';
import { AuthPage } from '../components/auth-page.tsx';
import { StatusPanel, StatusText } from '../components/status-panel.tsx';

const LINK_ERRORS = ['auth.reset_link_invalid', 'auth.reset_link_used', 'auth.reset_link_expired'];

/** confirmacionReset (/recuperar/:token): sets a new password with a single-use link. */
export function ConfirmResetPage() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [linkError, setLinkError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<ResetPasswordBody>({
    resolver: contractResolver(resetPasswordBody, (key, params) => i18n.t(key, params)),
    defaultValues: { token, password: '', password_confirmation: '' },
    mode: 'onTouched',
  });
  const errors = form.formState.errors;
  const reset = useMutation({ mutationFn: authApi.resetPassword });

  const onSubmit = form.handleSubmit(
    (values) => {
      setAlert(null);
      reset.mutate(values, {
        onSuccess: (data) => {
          notify.success(data.message || t('confirmReset.done'));
          void navigate(pathTo('Login'), { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && (LINK_ERRORS.includes(error.code) || error.errors.token)) {
            setLinkError(error.message);
            return;
          }
          setAlert(
            applyServerErrors(
              error,
              form.setError,
              ['password', 'password_confirmation'],
              t('common:errors.unexpected'),
            ),
          );
        },
      });
    },
    // A malformed token cannot be fixed by the user: say the link is not valid.
    (invalid) => {
      if (invalid.token) setLinkError(t('confirmReset.linkInvalid'));
    },
  );

  if (linkError) {
    return (
      <StatusPanel tone="error" icon={<IconLinkOff size={34} />} title={t('confirmReset.linkTitle')}>
        <StatusText>{linkError}</StatusText>
        <Button component={Link} to={pathTo('Reset')} size="md" fullWidth mt="xs">
          {t('confirmReset.requestNew')}
        </Button>
      </StatusPanel>
    );
  }

  return (
    <AuthPage title={t('confirmReset.title')} description={t('confirmReset.subtitle')}>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('fields.newPassword')}
            description={t('register.passwordHint')}
            autoComplete="new-password"
            size="md"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordInput
            label={t('fields.newPasswordConfirmation')}
            autoComplete="new-password"
            size="md"
            error={errors.password_confirmation?.message}
            {...form.register('password_confirmation')}
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            {t('confirmReset.submit')}
          </Button>
        </Stack>
      </form>
      <Stack align="center">
        <BackToLoginLink />
      </Stack>
    </AuthPage>
  );
}
