import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type LoginTwoFactorBody, loginTwoFactorBody } from '@posada/contracts/account-security';
import type { LoginData } from '@posada/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, contractResolver } from '../../../components/form-errors.ts';
import { ApiError } from '../../../lib/api.ts';
import { accountApi } from '../account/account-api.ts';

/**
 * The login's second step for an account with two-factor on: the code from the authenticator app, or
 * one of the recovery codes. A dead challenge (expired, too many codes) sends the user back to the password.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (data: LoginData) => void;
  onRestart: (message: string) => void;
}) {
  const { t, i18n } = useTranslation('account');
  const [recovery, setRecovery] = useState(false);
  const form = useForm<LoginTwoFactorBody>({
    resolver: contractResolver(loginTwoFactorBody, (key, params) => i18n.t(key, params)),
    defaultValues: { challenge, code: '' },
  });
  const verify = useMutation({
    mutationFn: accountApi.loginTwoFactor,
    onSuccess: onSignedIn,
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'auth.two_factor_challenge_invalid') {
        onRestart(error.message);
        return;
      }
      form.resetField('code');
      const message = applyServerErrors(error, form.setError, ['code'], t('common:errors.unexpected'));
      if (message) form.setError('code', { message });
    },
  });
  return (
    <form onSubmit={form.handleSubmit((values) => verify.mutate(values))} noValidate>
      <Stack gap="md">
        <Text size="sm">{recovery ? t('login.recoveryIntro') : t('login.codeIntro')}</Text>
        <TextInput
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? t('login.recoveryLabel') : t('login.codeLabel')}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          size="md"
          dir="ltr"
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <Button type="submit" size="md" fullWidth loading={verify.isPending}>
          {t('login.verify')}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setRecovery((value) => !value);
            form.clearErrors();
          }}
        >
          {recovery ? t('login.useApp') : t('login.useRecovery')}
        </Anchor>
      </Stack>
    </form>
  );
}
