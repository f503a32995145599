import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  type ChangePasswordBody,
  changePasswordBody,
  type DisableTwoFactorBody,
  disableTwoFactorBody,
  type SessionItem,
} from '@posada/contracts/account-security';
import { IconDeviceDesktop, IconDeviceMobile, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, contractResolver } from '../../../components/form-errors.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import {
  accountApi,
  sessionsKey,
  useRefreshTwoFactor,
  useRevokeSession,
  useSessions,
  useTwoFactorStatus,
} from './account-api.ts';
import { TwoFactorEnrol } from './two-factor-enrol.tsx';

const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/** spec 2.2 profile/secure-sesion: password, active sessions and two-factor sign-in. */
export function SecurityPage() {
  return (
    <Stack gap="lg">
      <TwoFactorCard />
      <PasswordCard />
      <SessionsCard />
    </Stack>
  );
}

function PasswordCard() {
  const { t, i18n } = useTranslation('account');
  const queryClient = useQueryClient();
  const form = useForm<ChangePasswordBody>({
    resolver: contractResolver(changePasswordBody, (key, params) => i18n.t(key, params)),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
    mode: 'onTouched',
  });
  const change = useMutation({
    mutationFn: accountApi.changePassword,
    onSuccess: (data) => {
      form.reset();
      notify.success(data.message);
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
    onError: (error) => {
      const message = applyServerErrors(
        error,
        form.setError,
        ['current_password', 'password', 'password_confirmation'],
        t('common:errors.unexpected'),
      );
      if (message) notify.error(message);
    },
  });
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4">
            {t('password.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('password.hint')}
          </Text>
        </div>
        <form onSubmit={form.handleSubmit((values) => change.mutate(values))} noValidate>
          <Stack gap="sm" maw={420}>
            <PasswordInput
              label={t('password.current')}
              autoComplete="current-password"
              error={form.formState.errors.current_password?.message}
              {...form.register('current_password')}
            />
            <PasswordInput
              label={t('password.new')}
              autoComplete="new-password"
              description={t('password.rules')}
              error={form.formState.errors.password?.message}
              {...form.register('password')}
            />
            <PasswordInput
              label={t('password.confirm')}
              autoComplete="new-password"
              error={form.formState.errors.password_confirmation?.message}
              {...form.register('password_confirmation')}
            />
            <Group>
              <Button type="submit" loading={change.isPending}>
                {t('password.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

function deviceName(session: SessionItem, unknown: string): string {
  const parts = [session.browser, session.os].filter(Boolean);
  return parts.length ? parts.join(' · ') : unknown;
}

function SessionsCard() {
  const { t, i18n } = useTranslation('account');
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useMutation({
    mutationFn: accountApi.revokeOtherSessions,
    onSuccess: (data) => notify.success(data.message),
    onError: (error) => notify.error(errorMessage(error, t('common:errors.unexpected'))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
  // One date format per language (issue 13): "28 oct 2026, 08:15", Latin digits in Arabic.
  const when = (instant: string) => formatDateTime(instant, i18n.resolvedLanguage ?? 'es');
  const others = (sessions.data?.items ?? []).filter((s) => !s.current);

  const confirmRevoke = (session: SessionItem) =>
    modals.openConfirmModal({
      title: t('sessions.revokeTitle'),
      children: (
        <Text size="sm">
          {t('sessions.revokeBody', { device: deviceName(session, t('sessions.unknownDevice')) })}
        </Text>
      ),
      labels: { confirm: t('sessions.revoke'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(session.id, {
          onSuccess: (data) => notify.success(data.message),
          onError: (error) => notify.error(errorMessage(error, t('common:errors.unexpected'))),
        }),
    });
  const confirmRevokeOthers = () =>
    modals.openConfirmModal({
      title: t('sessions.revokeOthersTitle'),
      children: <Text size="sm">{t('sessions.revokeOthersBody', { count: others.length })}</Text>,
      labels: { confirm: t('sessions.revokeOthers'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => revokeOthers.mutate(),
    });

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} fz="h4">
              {t('sessions.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('sessions.hint')}
            </Text>
          </div>
          {others.length > 0 ? (
            <Button
              variant="light"
              color="red"
              onClick={confirmRevokeOthers}
              loading={revokeOthers.isPending}
            >
              {t('sessions.revokeOthers')}
            </Button>
          ) : null}
        </Group>
        {sessions.isPending ? (
          <Stack gap="sm" aria-busy="true">
            <Skeleton h={64} />
            <Skeleton h={64} />
          </Stack>
        ) : sessions.isError ? (
          <LoadError title={t('sessions.loadError')} onRetry={() => void sessions.refetch()} />
        ) : (
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('sessions.title')}
          >
            {sessions.data.items.map((session) => {
              const mobile = session.os === 'iOS' || session.os === 'Android';
              const Icon = mobile ? IconDeviceMobile : IconDeviceDesktop;
              const device = deviceName(session, t('sessions.unknownDevice'));
              return (
                <Card
                  key={session.id}
                  component="li"
                  withBorder
                  radius="md"
                  padding="sm"
                  data-testid="session-row"
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
                    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                      <Icon size={26} aria-hidden color="var(--mantine-color-gray-6)" />
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Group gap={6}>
                          <Text fw={600} size="sm" dir="ltr">
                            {device}
                          </Text>
                          {session.current ? (
                            <Badge size="sm" variant="light" color="teal">
                              {t('sessions.thisDevice')}
                            </Badge>
                          ) : null}
                        </Group>
                        <Text size="xs" c="dimmed">
                          {session.ip_masked
                            ? t('sessions.address', { ip: `\u2066${session.ip_masked}\u2069` })
                            : t('sessions.noAddress')}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('sessions.times', {
                            created: when(session.created_at),
                            used: when(session.last_used_at),
                          })}
                        </Text>
                      </Stack>
                    </Group>
                    {session.current ? null : (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        style={{ flexShrink: 0 }}
                        onClick={() => confirmRevoke(session)}
                        aria-label={t('sessions.revokeNamed', { device })}
                      >
                        {t('sessions.revoke')}
                      </Button>
                    )}
                  </Group>
                </Card>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function TwoFactorCard() {
  const { t } = useTranslation('account');
  const status = useTwoFactorStatus();
  const [enrolling, setEnrolling] = useState(false);
  const [disabling, setDisabling] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} fz="h4">
              {t('twoFactor.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('twoFactor.hint')}
            </Text>
          </div>
          {status.data ? (
            <Badge
              variant="light"
              color={status.data.enabled ? 'teal' : 'gray'}
              leftSection={status.data.enabled ? <IconShieldCheck size={14} /> : <IconShieldOff size={14} />}
            >
              {status.data.enabled ? t('twoFactor.on') : t('twoFactor.off')}
            </Badge>
          ) : null}
        </Group>
        {status.isPending ? (
          <Skeleton h={48} aria-busy="true" />
        ) : status.isError ? (
          <LoadError title={t('twoFactor.loadError')} onRetry={() => void status.refetch()} />
        ) : status.data.enabled && !enrolling ? (
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('twoFactor.codesLeft', { count: status.data.recovery_codes_left })}</Text>
            {status.data.required ? (
              <Text size="sm" c="dimmed">
                {t('twoFactor.requiredForAdmins')}
              </Text>
            ) : (
              <Button variant="light" color="red" onClick={() => setDisabling(true)}>
                {t('twoFactor.disable')}
              </Button>
            )}
          </Group>
        ) : enrolling ? (
          <TwoFactorEnrol onDone={() => setEnrolling(false)} onCancel={() => setEnrolling(false)} />
        ) : (
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('twoFactor.intro')}</Text>
            <Button onClick={() => setEnrolling(true)}>{t('twoFactor.setUp')}</Button>
          </Group>
        )}
      </Stack>
      <DisableTwoFactorModal opened={disabling} onClose={() => setDisabling(false)} />
    </Card>
  );
}

/** Turning it off asks for the password and a code (or a recovery code): the confirmation before it goes. */
function DisableTwoFactorModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('account');
  const refresh = useRefreshTwoFactor();
  const form = useForm<DisableTwoFactorBody>({
    resolver: contractResolver(disableTwoFactorBody, (key, params) => i18n.t(key, params)),
    defaultValues: { password: '', code: '' },
  });
  const disable = useMutation({
    mutationFn: accountApi.disableTwoFactor,
    onSuccess: async (data) => {
      notify.success(data.message);
      form.reset();
      onClose();
      await refresh();
    },
    onError: (error) => {
      const message = applyServerErrors(
        error,
        form.setError,
        ['password', 'code'],
        t('common:errors.unexpected'),
      );
      if (message) notify.error(message);
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('twoFactor.disableTitle')} centered>
      <form onSubmit={form.handleSubmit((values) => disable.mutate(values))} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('twoFactor.disableBody')}</Text>
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <TextInput
            label={t('twoFactor.codeOrRecovery')}
            autoComplete="one-time-code"
            dir="ltr"
            error={form.formState.errors.code?.message}
            {...form.register('code')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" color="red" loading={disable.isPending}>
              {t('twoFactor.disable')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
