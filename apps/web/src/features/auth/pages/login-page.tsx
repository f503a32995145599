import { Alert, Anchor, Button, Checkbox, Divider, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { isTwoFactorChallenge } from '@posada/contracts/account-security';
import { type LoginBody, loginBody } from '@posada/contracts/auth';
import { IconClockPause, IconMailExclamation, IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerErrors, contractResolver } from '../../../components/form-errors.ts';
import { pathTo } from '../../../config/routes.ts';
import { ApiError } from '../../../lib/api.ts';
import { authApi, useProviders } from '../api/auth-api.ts';
import { AuthSwitchPrompt } from '../components/auth-links.tsx';
import { AuthPage } from '../components/auth-page.tsx';
import { EmailField } from '../components/email-field.tsx';
import { GoogleButton } from '../components/google-button.tsx';
import { ResendConfirmationButton } from '../components/resend-confirmation.tsx';
import { TwoFactorStep } from '../components/two-factor-step.tsx';
import { useCompleteLogin } from '../hooks/use-complete-login.ts';

type Failure =
  | { kind: 'error'; message: string }
  | { kind: 'unverified'; message: string; email: string }
  | { kind: 'throttled'; message: string; email: string };

/** Login (spec 2.4): e-mail, password, remember, forgot password, social sign-in. */
export function LoginPage() {
  const { t, i18n } = useTranslation('auth');
  const completeLogin = useCompleteLogin();
  const providers = useProviders();
  const [failure, setFailure] = useState<Failure | null>(null);
  // A social sign-in that needs the second step arrives here with its challenge.
  const location = useLocation();
  const [challenge, setChallenge] = useState<string | null>(
    (location.state as { challenge?: string } | null)?.challenge ?? null,
  );
  const form = useForm<LoginBody>({
    resolver: contractResolver(loginBody, (key, params) => i18n.t(key, params)),
    defaultValues: { email: '', password: '', remember: false },
    mode: 'onTouched',
  });
  const login = useMutation({
    mutationFn: authApi.login,
    onSuccess: (answer) => {
      if (isTwoFactorChallenge(answer)) setChallenge(answer.challenge);
      else completeLogin(answer);
    },
  });
  const remember = form.watch('remember') ?? false;

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    login.mutate(values, {
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'auth.email_not_verified') {
          setFailure({ kind: 'unverified', message: error.message, email: values.email });
          return;
        }
        // Throttled here (issue 27): the owner may still get in through a link e-mailed to them.
        if (error instanceof ApiError && error.code === 'auth.too_many_attempts') {
          setFailure({ kind: 'throttled', message: error.message, email: values.email });
          return;
        }
        const message = applyServerErrors(
          error,
          form.setError,
          ['email', 'password'],
          t('common:errors.unexpected'),
        );
        if (message) setFailure({ kind: 'error', message });
      },
    });
  });

  if (challenge) {
    return (
      <AuthPage title={t('account:login.title')} description={t('account:login.subtitle')}>
        {failure?.kind === 'error' ? (
          <FormAlert title={t('login.failed')}>{failure.message}</FormAlert>
        ) : null}
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={completeLogin}
          onRestart={(message) => {
            setChallenge(null);
            form.resetField('password');
            setFailure({ kind: 'error', message });
          }}
        />
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('login.title')} description={t('login.subtitle')}>
      {failure?.kind === 'error' ? <FormAlert title={t('login.failed')}>{failure.message}</FormAlert> : null}
      {failure?.kind === 'unverified' ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconMailExclamation size={20} />}
          title={t('login.unverifiedTitle')}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{failure.message}</Text>
            <ResendConfirmationButton email={failure.email} variant="default" />
          </Stack>
        </Alert>
      ) : null}

      {failure?.kind === 'throttled' ? (
        <SignInLinkOffer message={failure.message} email={failure.email} />
      ) : null}

      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <EmailField size="md" error={form.formState.errors.email?.message} {...form.register('email')} />
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            size="md"
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <Group justify="space-between" gap="xs">
            <Checkbox label={t('fields.remember')} {...form.register('remember')} />
            <Anchor component={Link} to={pathTo('Reset')} size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={login.isPending}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>

      {providers.data?.google ? (
        <>
          <Divider label={t('login.or')} labelPosition="center" />
          <GoogleButton remember={remember} />
        </>
      ) : null}

      <AuthSwitchPrompt prompt={t('login.noAccount')} to={pathTo('Register')}>
        {t('login.register')}
      </AuthSwitchPrompt>
    </AuthPage>
  );
}

/** A throttled sign-in: the wait, and a link e-mailed to the owner to get in now. */
function SignInLinkOffer({ message, email }: { message: string; email: string }) {
  const { t } = useTranslation('auth');
  const send = useMutation({ mutationFn: () => authApi.signInLink({ email }) });
  if (send.isSuccess) {
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconMailForward size={20} />}
        title={t('login.linkSentTitle')}
      >
        <Text size="sm">{send.data.message}</Text>
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconClockPause size={20} />}
      title={t('login.throttledTitle')}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Text size="sm">{t('login.throttledHint')}</Text>
        <Button
          variant="default"
          leftSection={<IconMailForward size={16} aria-hidden />}
          loading={send.isPending}
          onClick={() => send.mutate()}
        >
          {t('login.sendLink')}
        </Button>
        {send.isError ? (
          <Text size="sm" c="red">
            {send.error instanceof ApiError ? send.error.message : t('common:errors.unexpected')}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
