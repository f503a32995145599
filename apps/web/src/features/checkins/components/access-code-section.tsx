import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { CheckinAccessCode } from '@posada/contracts/smart-locks';
import { IconKey, IconLockOpen } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { accessCodeQuery, releaseAccessCode } from '../api/access-code-api.ts';
import { checkinsKeys } from '../api/checkins-api.ts';

/** What the operator reads about the code: released, waiting for what, or failing at the vendor. */
function stateLine(code: CheckinAccessCode): { color: string; key: string } {
  if (code.released) return { color: 'green', key: 'doorCode.released' };
  if (code.state === 'failed') return { color: 'red', key: 'doorCode.failed' };
  if (code.waiting)
    return {
      color: code.waiting === 'not_configured' ? 'gray' : 'yellow',
      key: `doorCode.waiting.${code.waiting}`,
    };
  return { color: 'gray', key: 'doorCode.waiting.delivery_time' };
}

/** The reason form of the manual release, in a confirmation modal. */
function ReleaseForm({ onRelease }: { onRelease: (reason: string) => Promise<void> }) {
  const { t } = useTranslation('checkins');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      await onRelease(reason);
      modals.closeAll();
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors.reason?.[0] ?? err.message) : String(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="md">
      <Text size="sm">{t('doorCode.releaseBody')}</Text>
      <Textarea
        label={t('doorCode.reason')}
        placeholder={t('doorCode.reasonPlaceholder')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={error}
        autosize
        minRows={2}
        data-autofocus
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => modals.closeAll()}>
          {t('doorCode.cancel')}
        </Button>
        <Button onClick={submit} loading={saving} leftSection={<IconLockOpen size={16} aria-hidden />}>
          {t('doorCode.release')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The check-in's door code (issue 14): its state (the code masked until released), the window and the
 * lock, why the guest does not have it yet, and "Liberar código" with a reason that is logged.
 */
export function AccessCodeSection({ checkinId }: { checkinId: string }) {
  const { t, i18n } = useTranslation('checkins');
  const language = i18n.resolvedLanguage ?? 'es';
  const queryClient = useQueryClient();
  const query = useQuery(accessCodeQuery(checkinId));
  const release = useMutation({
    mutationFn: (reason: string) => releaseAccessCode(checkinId, reason),
    onSuccess: async (data) => {
      queryClient.setQueryData(accessCodeQuery(checkinId).queryKey, data);
      await queryClient.invalidateQueries({ queryKey: checkinsKeys.all });
      notify.success(t('doorCode.releasedToast'));
    },
  });
  if (query.isPending) return <Skeleton h={90} radius="lg" />;
  const code = query.data;
  if (!code?.enabled) {
    return (
      <Paper withBorder radius="lg" p="md" data-testid="door-code">
        <Group gap="sm">
          <IconKey size={18} aria-hidden />
          <Text size="sm" c="dimmed">
            {t('doorCode.notConfigured')}
          </Text>
        </Group>
      </Paper>
    );
  }
  const line = stateLine(code);
  const openRelease = () =>
    modals.open({
      title: t('doorCode.releaseTitle'),
      centered: true,
      children: <ReleaseForm onRelease={async (reason) => void (await release.mutateAsync(reason))} />,
    });
  return (
    <Paper withBorder radius="lg" p="md" data-testid="door-code">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm">
            <IconKey size={20} aria-hidden />
            <Title order={3} fz="md">
              {t('doorCode.title')}
            </Title>
            <Badge color={line.color} variant="light" tt="none">
              {t(line.key)}
            </Badge>
          </Group>
          {!code.released ? (
            <Button
              size="xs"
              variant="light"
              onClick={openRelease}
              leftSection={<IconLockOpen size={14} aria-hidden />}
            >
              {t('doorCode.release')}
            </Button>
          ) : null}
        </Group>
        <Group gap="lg" wrap="wrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t(`doorCode.keyTypes.${code.key_type}`)}
            </Text>
            <Text fw={700} ff="monospace" fz="lg" dir="ltr" data-testid="door-code-value">
              {code.code ?? '—'}
            </Text>
          </Stack>
          {code.valid_from && code.valid_until ? (
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('doorCode.window')}
              </Text>
              <Text size="sm">
                {formatDateTime(code.valid_from, language)} → {formatDateTime(code.valid_until, language)}
              </Text>
            </Stack>
          ) : null}
          {code.lock_name ? (
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('doorCode.lock')}
              </Text>
              <Text size="sm">{code.lock_name}</Text>
            </Stack>
          ) : null}
        </Group>
        {code.state === 'failed' && code.last_error ? (
          <Alert color="red" variant="light" role="alert">
            {t('doorCode.lastError', { error: code.last_error })}
          </Alert>
        ) : null}
        {code.requires_registration && !code.released && code.registration === 'pending' ? (
          <Text size="sm" c="dimmed">
            {t('doorCode.registrationHint')}
          </Text>
        ) : null}
        {code.releases.map((r) => (
          <Text key={r.id} size="sm" c="dimmed">
            {t('doorCode.releasedBy', {
              user: r.user_name ?? '—',
              when: formatDateTime(r.created_at, language),
              reason: r.reason,
            })}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
