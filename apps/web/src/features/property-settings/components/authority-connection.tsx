import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type AuthorityTestAnswer, authoritiesPaths } from '@posada/contracts/authorities';
import { IconAlertTriangle, IconCircleCheck, IconPlugConnected, IconShieldX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { settingsQueryKey } from '../api/settings-api.ts';
import { AUTHORITY_MAX_TEST_ATTEMPTS, type ConnectionResult, testResultOf } from '../lib/authorities.ts';
import { useSettingsContext } from './settings-context.ts';

/**
 * Probar conexión (issue 14 item 3): SES catalogo or Ertzaintza's empty request with the saved data. A
 * wrong user or password says 'Credenciales incorrectas...' with the failed attempts in a row, warns
 * before the third (spec 5: too many can lock the account) and asks before trying again then.
 */
export function AuthorityConnection({ dirty }: { dirty: boolean }) {
  const { t, i18n } = useTranslation(['registrations', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  const { propertyId, settings } = useSettingsContext();
  const queryClient = useQueryClient();
  const stored = settings.authorities;
  const [tested, setResult] = useState<ConnectionResult | null>(null);
  const failed = tested?.failedAttempts ?? stored.failed_test_attempts ?? 0;
  const max = tested?.maxAttempts ?? AUTHORITY_MAX_TEST_ATTEMPTS;
  // Failed attempts in a row are stored: after a reload (or a remount) the screen still says how many.
  const result: ConnectionResult | null =
    tested ??
    (stored.last_test_ok === false && failed > 0
      ? { kind: 'unauthorized', failedAttempts: failed, maxAttempts: max, message: null }
      : null);
  const mutation = useMutation({
    mutationFn: () => api.post<AuthorityTestAnswer>(authoritiesPaths.test(propertyId), {}),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: settingsQueryKey(propertyId) }),
    onSuccess: (answer) => {
      const next = testResultOf(answer, null, failed);
      setResult(next);
      if (next.kind === 'ok') notify.success(t('settings.testOk'), t('settings.testOkTitle'));
      else if (next.kind === 'no_web_service') notify.info(t('settings.mossosNoTest'));
      else notify.error(next.message ?? t('settings.testFailed'), t('settings.testFailed'));
    },
    onError: (error) => {
      const next = testResultOf(
        null,
        error instanceof ApiError ? { code: error.code, message: error.message } : null,
        failed,
      );
      setResult(next);
      notify.error(
        next.kind === 'unauthorized'
          ? t('settings.unauthorized')
          : (next.message ?? t('settings.testFailed')),
        t('settings.testFailed'),
      );
    },
  });
  const run = () => {
    if (failed >= max - 1) {
      modals.openConfirmModal({
        title: t('settings.confirmLastTitle'),
        children: <Text size="sm">{t('settings.confirmLast', { count: failed })}</Text>,
        labels: { confirm: t('settings.confirmLastButton'), cancel: t('common:actions.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: () => mutation.mutate(),
      });
      return;
    }
    mutation.mutate();
  };
  const configured = stored.entity !== null && stored.password_set;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="authority-connection">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Stack gap={2} style={{ minWidth: 220, flex: 1 }}>
            <Title order={2} fz="md">
              {t('settings.testTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {dirty ? t('settings.saveFirst') : t('settings.testHint')}
            </Text>
          </Stack>
          <Button
            variant="light"
            leftSection={<IconPlugConnected size={16} aria-hidden />}
            onClick={run}
            loading={mutation.isPending}
            disabled={dirty || !configured}
          >
            {t('settings.test')}
          </Button>
        </Group>
        {stored.last_test_at && !tested ? (
          <Text size="xs" c="dimmed">
            {t('settings.lastTest', {
              at: formatDateTime(stored.last_test_at, language),
              result: t(stored.last_test_ok ? 'settings.lastTestOk' : 'settings.lastTestFailed'),
            })}
          </Text>
        ) : null}
        {result?.kind === 'ok' ? (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden />} role="status">
            {t('settings.testOk')}
          </Alert>
        ) : null}
        {result?.kind === 'no_web_service' ? (
          <Alert color="blue" variant="light" role="status">
            {t('settings.mossosNoTest')}
          </Alert>
        ) : null}
        {result?.kind === 'unauthorized' || result?.kind === 'failed' ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconShieldX size={20} aria-hidden />}
            role="alert"
            data-testid="authority-test-error"
          >
            <Text size="sm" fw={600}>
              {result.kind === 'unauthorized' ? t('settings.unauthorized') : result.message}
            </Text>
            {result.kind === 'unauthorized' ? (
              <Text size="sm">{t('settings.attempts', { count: failed, max })}</Text>
            ) : null}
          </Alert>
        ) : null}
        {failed >= max - 1 && failed > 0 ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            data-testid="authority-attempts-warning"
          >
            {t('settings.warnBeforeLast')}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
