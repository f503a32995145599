import { Anchor, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconCalendarRepeat, IconPlugConnectedX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import shell from '../../../components/shell.module.css';
import { pathTo } from '../../../config/routes.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { channelCalendarsQuery } from '../api/channels-api.ts';
import { AddConnectionMenu } from '../components/add-connection-menu.tsx';
import { ConnectionsList, ConnectionsSkeleton } from '../components/connections-list.tsx';
import { ExportLinks } from '../components/export-links.tsx';
import { ChannelsPlanPrompt } from '../components/plan-prompt.tsx';
import { sellsByRoom } from '../components/unit-picker.tsx';
import { canConnectChannels } from '../lib/channels-lib.ts';

/**
 * spec 2.2 sync-calendar (settings route syncCalendar): this property's channel connections, per unit,
 * and its own export feed (one per room for a hotel) to paste in the channels.
 */
export function SyncCalendarPage() {
  const { t } = useTranslation(['channels', 'common']);
  const { propertyId = '' } = useParams();
  const user = useCurrentUser().data;
  const property = user?.properties.find((p) => p.id === propertyId);
  const allowed = user ? canConnectChannels(user) : true;
  const list = useQuery(channelCalendarsQuery(propertyId));
  useDocumentTitle(`${t('syncCalendar.title')} · ${property?.nombre ?? ''} · ${t('common:appName')}`);

  return (
    <Stack gap="lg">
      <Anchor
        component={Link}
        to={pathTo('editionProperty', { propertyId })}
        size="sm"
        fw={600}
        hiddenFrom="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, alignSelf: 'flex-start' }}
      >
        <IconArrowLeft size={16} aria-hidden className={shell.mirror} />
        {t('syncCalendar.back')}
      </Anchor>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" visibleFrom="xs">
          <IconCalendarRepeat size={24} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            {t('syncCalendar.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('syncCalendar.description')}
          </Text>
        </Stack>
      </Group>
      {!allowed ? <ChannelsPlanPrompt /> : null}

      <Stack gap="sm" component="section" aria-labelledby="sync-calendar-connections">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} fz="h4" id="sync-calendar-connections">
            {t('syncCalendar.connectionsTitle')}
          </Title>
          <AddConnectionMenu propertyId={propertyId} disabled={!allowed} />
        </Group>
        {list.isPending ? (
          <ConnectionsSkeleton count={1} />
        ) : list.isError ? (
          <LoadError
            title={t('connections.loadError')}
            onRetry={() => void list.refetch()}
            retrying={list.isRefetching}
            radius="lg"
          />
        ) : list.data.length === 0 ? (
          <EmptyState
            icon={<IconPlugConnectedX size={28} aria-hidden />}
            title={t('syncCalendar.emptyTitle')}
            description={t('syncCalendar.emptyHint')}
          />
        ) : (
          <ConnectionsList items={list.data} disabled={!allowed} />
        )}
      </Stack>

      <ExportLinks
        propertyId={propertyId}
        propertyName={property?.nombre ?? ''}
        byRoom={sellsByRoom(property)}
      />
    </Stack>
  );
}
