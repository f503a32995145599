import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import shell from '../../../components/shell.module.css';
import { pathTo } from '../../../config/routes.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { channelCalendarsQuery } from '../api/channels-api.ts';
import { ConnectionsList, ConnectionsSkeleton } from '../components/connections-list.tsx';
import { canConnectChannels, isFailing } from '../lib/channels-lib.ts';

/** spec 2.2 profile/connection-channel: the account's channel connections (every property) and their health. */
export function ConnectionChannelPage() {
  const { t } = useTranslation('channels');
  const user = useCurrentUser().data;
  const allowed = user ? canConnectChannels(user) : true;
  const list = useQuery(channelCalendarsQuery());
  const manage = (
    <Button
      component={Link}
      to={pathTo('ChannelConnect')}
      variant="light"
      rightSection={<IconArrowRight size={16} aria-hidden className={shell.mirror} />}
    >
      {t('profile.manage')}
    </Button>
  );
  const items = list.data ?? [];
  const failing = items.filter(isFailing).length;
  const ok = items.filter((item) => item.health.state === 'ok').length;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <div style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Title order={2} fz="h4">
            {t('profile.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('profile.hint')}
          </Text>
        </div>
        {items.length > 0 ? manage : null}
      </Group>
      {list.isPending ? (
        <ConnectionsSkeleton />
      ) : list.isError ? (
        <LoadError
          title={t('connections.loadError')}
          onRetry={() => void list.refetch()}
          retrying={list.isRefetching}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconPlugConnectedX size={28} aria-hidden />}
          title={t('connections.emptyTitle')}
          description={t('connections.emptyHint')}
          action={manage}
        />
      ) : (
        <>
          <Group gap="sm" role="status">
            <Badge color={failing > 0 ? 'red' : 'green'} variant="light" tt="none" size="lg" radius="sm">
              {failing > 0 ? t('profile.failing', { count: failing }) : t('profile.allGood')}
            </Badge>
            <Text size="sm" c="dimmed">
              <IconPlugConnected size={14} aria-hidden style={{ verticalAlign: 'middle' }} />{' '}
              {t('connections.summary', { ok, total: items.length })}
            </Text>
          </Group>
          <ConnectionsList items={items} disabled={!allowed} />
        </>
      )}
    </Stack>
  );
}
