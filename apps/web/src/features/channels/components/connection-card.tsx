import { ActionIcon, Alert, Badge, Button, Group, Menu, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ChannelCalendar, SyncResult } from '@posada/contracts/channels';
import { IconAlertTriangle, IconCopy, IconDots, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { ApiError } from '../../../lib/api.ts';
import { ChannelLogo } from '../../../lib/channel-logo.tsx';
import { formatDateTime } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { useDeleteConnection, useSyncConnection } from '../api/channels-api.ts';
import {
  formatRelative,
  healthColor,
  isPlanRefusal,
  skippedReasons,
  syncResultText,
} from '../lib/channels-lib.ts';
import { useCopy } from './copy-url-field.tsx';

/** The toasts of a sync: what changed, and a warning when an import collided with nights already sold. */
export function notifySyncResult(t: TFunction<'channels'>, result: SyncResult) {
  const changed = result.created + result.updated + result.cancelled + result.conflicts + result.skipped > 0;
  notify.success(changed ? syncResultText(t, result) : t('sync.noChanges'), t('sync.done'));
  if (result.conflicts > 0) notify.warning(t('sync.conflicts', { count: result.conflicts }));
}

export function notifySyncError(t: TFunction<'channels'>, error: unknown) {
  if (isPlanRefusal(error)) {
    notify.error(t('plan.body'), t('plan.title'));
    return;
  }
  notify.error(error instanceof ApiError ? error.message : t('sync.failed'), t('sync.failed'));
}

const changeKinds = ['created', 'updated', 'cancelled', 'conflicts', 'unchanged'] as const;

/** Only what the last sync did ("Nuevas: 3 · Conflictos: 1 · Omitidas: 1 (ya terminadas: 1)"), or "Ninguno". */
function changeSummary(t: TFunction<'channels'>, changes: SyncResult): string {
  const parts = changeKinds
    .filter((kind) => changes[kind] > 0)
    .map((kind) => t(`details.changeParts.${kind}`, { count: changes[kind] }));
  if (changes.skipped > 0)
    parts.push(
      t('details.changeParts.skipped', { count: changes.skipped, reasons: skippedReasons(t, changes) }),
    );
  return parts.length > 0 ? parts.join(' · ') : t('details.changeParts.none');
}

function Detail({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} title={title} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** One connection: its channel, its health (green, amber, red), what the last sync did and its actions. */
export function ConnectionCard({ item, disabled = false }: { item: ChannelCalendar; disabled?: boolean }) {
  const { t, i18n } = useTranslation('channels');
  const sync = useSyncConnection();
  const remove = useDeleteConnection();
  const { copy } = useCopy();
  const channelName = t(`names.${item.channel}`);
  const { health } = item;
  const language = i18n.language;
  const when = (instant: string | null, empty: string) =>
    instant
      ? { value: formatRelative(instant, language), title: formatDateTime(instant, language) }
      : { value: empty };
  const lastSuccess = when(health.last_success_at, t('details.never'));
  const nextRun = when(health.next_sync_at, t('details.soon'));
  const failing = health.state === 'failing' || health.state === 'red';

  const syncNow = () =>
    sync.mutate(item.id, {
      onSuccess: (result) => notifySyncResult(t, result),
      onError: (error) => notifySyncError(t, error),
    });
  const askDelete = () =>
    confirmDelete({
      title: t('remove.title'),
      body: t('remove.body', { channel: channelName, unit: item.unit_name }),
      confirm: t('remove.confirm'),
      onConfirm: () =>
        remove.mutate(item.id, {
          onSuccess: () => notify.success(t('remove.done')),
          onError: (error) =>
            notify.error(error instanceof ApiError ? error.message : t('remove.failed'), t('remove.failed')),
        }),
    });

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      data-testid="channel-connection"
      data-state={health.state}
      aria-label={`${channelName} · ${item.unit_name}`}
      component="article"
      style={
        failing
          ? { borderColor: `var(--mantine-color-${healthColor[health.state]}-4)`, borderWidth: 1.5 }
          : undefined
      }
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <ChannelLogo channel={item.channel} size={36} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700}>{channelName}</Text>
              <Text size="xs" c="dimmed" dir="auto" truncate>
                {t('details.source', { host: item.url_host })}
              </Text>
            </Stack>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Badge
              color={healthColor[health.state]}
              variant="light"
              radius="sm"
              tt="none"
              style={{ flexShrink: 0 }}
            >
              {t(`health.${health.state}`)}
            </Badge>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t('actions.more')}>
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconCopy size={16} aria-hidden />}
                  onClick={() => void copy(item.export_url)}
                >
                  {t('actions.copyExport')}
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={askDelete}>
                  {t('actions.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>

        {failing && health.last_error ? (
          <Alert
            color={healthColor[health.state]}
            variant="light"
            radius="md"
            p="sm"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('details.lastError')}
            data-testid="channel-connection-error"
          >
            <Text size="sm">{health.last_error}</Text>
            {health.failing_since ? (
              <Text size="xs" c="dimmed" mt={4}>
                {t('details.failingSince', { time: formatRelative(health.failing_since, language) })}
              </Text>
            ) : null}
          </Alert>
        ) : null}
        {health.state === 'pending' ? (
          <Text size="sm" c="dimmed">
            {t('details.pendingHint')}
          </Text>
        ) : null}

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
          <Detail label={t('details.lastSuccess')} {...lastSuccess} />
          <Detail label={t('details.eventsRead')} value={String(health.events_read)} />
          <Detail
            label={t('details.lastChanges')}
            value={changeSummary(t, health.last_changes)}
            title={t('details.changes', health.last_changes)}
          />
          <Detail label={t('details.nextRun')} {...nextRun} />
        </SimpleGrid>

        <Group gap="sm" justify="flex-end">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={sync.isPending}
            disabled={disabled}
            onClick={syncNow}
          >
            {t('actions.syncNow')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
