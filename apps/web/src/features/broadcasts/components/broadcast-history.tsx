import { Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { BroadcastSummary } from '@posada/contracts/broadcasts';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/intl.ts';
import { broadcastListQuery } from '../api/broadcasts-api.ts';
import { progressOf } from '../lib/progress.ts';
import { BroadcastStatusBadge } from './status-badge.tsx';

// Accepted (issue 26): WhatsApp took it and has not reported it sent yet; never counted as sent.
const countKeys = ['accepted', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
const countColors = {
  accepted: 'gray',
  sent: 'teal',
  delivered: 'teal',
  read: 'blue',
  failed: 'red',
  skipped: 'gray',
};

function BroadcastCard({ broadcast, onOpen }: { broadcast: BroadcastSummary; onOpen: () => void }) {
  const { t, i18n } = useTranslation('broadcasts');
  const progress = progressOf(broadcast.counts);
  return (
    <Paper withBorder radius="md" p="md" data-testid="broadcast-item">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {broadcast.template_name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(broadcast.created_at, i18n.language)} ·{' '}
              {t('history.recipients', { count: broadcast.counts.total })}
            </Text>
          </Stack>
          <Group gap="xs">
            <BroadcastStatusBadge status={broadcast.status} />
            <Button size="xs" variant="light" onClick={onOpen}>
              {t('history.details')}
            </Button>
          </Group>
        </Group>
        <Progress value={progress} size="sm" aria-label={t('history.progress', { progress })} />
        <Group gap={6}>
          {countKeys.map((key) => (
            <Badge key={key} color={countColors[key]} variant="light" data-count={key}>
              {t(`recipientStatus.${key}`)}: {broadcast.counts[key]}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Past broadcasts with their progress; one opens its recipients. Read again while one is sending. */
export function BroadcastHistory({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation('broadcasts');
  const list = useQuery(broadcastListQuery());
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('history.title')}
      </Title>
      {list.isPending ? (
        <ListSkeleton items={3} />
      ) : list.isError ? (
        <LoadError title={t('history.loadError')} onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : list.data.length === 0 ? (
        <EmptyState
          icon={<IconSpeakerphone size={28} aria-hidden />}
          title={t('history.emptyTitle')}
          description={t('history.emptyBody')}
        />
      ) : (
        <Stack gap="sm">
          {list.data.map((b) => (
            <BroadcastCard key={b.id} broadcast={b} onOpen={() => onOpen(b.id)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
