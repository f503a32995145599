import { Button, Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendarEvent, IconPlugConnected, IconPlugConnectedX, IconWorldWww } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { pathTo } from '../../../config/routes.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { channelCalendarsQuery } from '../api/channels-api.ts';
import { ChannelCards } from '../components/channel-cards.tsx';
import { ConnectionsList, ConnectionsSkeleton } from '../components/connections-list.tsx';
import { ChannelsPlanPrompt } from '../components/plan-prompt.tsx';
import { canConnectChannels, countByChannel } from '../lib/channels-lib.ts';

const tabs = ['channels', 'direct'] as const;
type Tab = (typeof tabs)[number];

/**
 * spec 2.2 /channel-connect (ChannelConnect; spec 2.4 Channels screen): the booking channels and the
 * established connections per unit, and the direct web bookings (its tab's content comes from app/).
 */
export function ChannelConnectPage({ directBooking }: { directBooking: ReactNode }) {
  const { t } = useTranslation(['channels', 'common']);
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('tab') === 'direct' ? 'direct' : 'channels';
  useDocumentTitle(`${t('title')} · ${t('common:appName')}`);
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader
          title={t('title')}
          description={t('subtitle')}
          actions={
            // ReservationCalendarOta: every unit's stays coloured by source, with a filter by channel.
            <Button
              component={Link}
              to={pathTo('ReservationCalendarOta')}
              variant="default"
              leftSection={<IconCalendarEvent size={18} aria-hidden />}
            >
              {t('calendarLink')}
            </Button>
          }
        />
        <Tabs
          value={tab}
          onChange={(value) => setSearch(value === 'direct' ? { tab: 'direct' } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="channels" leftSection={<IconPlugConnected size={16} aria-hidden />}>
              {t('tabs.channels')}
            </Tabs.Tab>
            <Tabs.Tab value="direct" leftSection={<IconWorldWww size={16} aria-hidden />}>
              {t('tabs.direct')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="channels" pt="lg">
            <ChannelsTab />
          </Tabs.Panel>
          <Tabs.Panel value="direct" pt="lg">
            {directBooking}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

function ChannelsTab() {
  const { t } = useTranslation('channels');
  const user = useCurrentUser().data;
  const allowed = user ? canConnectChannels(user) : true;
  const list = useQuery(channelCalendarsQuery());
  return (
    <Stack gap="xl">
      {!allowed ? <ChannelsPlanPrompt /> : null}
      <Stack gap="sm" component="section" aria-labelledby="channels-available">
        <div>
          <Title order={2} fz="h4" id="channels-available">
            {t('available.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('available.hint')}
          </Text>
        </div>
        <ChannelCards counts={list.data ? countByChannel(list.data) : null} disabled={!allowed} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="channels-connections">
        <div>
          <Title order={2} fz="h4" id="channels-connections">
            {t('connections.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('connections.hint')}
          </Text>
        </div>
        {list.isPending ? (
          <ConnectionsSkeleton />
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
            title={t('connections.emptyTitle')}
            description={t('connections.emptyHint')}
          />
        ) : (
          <ConnectionsList items={list.data} disabled={!allowed} />
        )}
      </Stack>
    </Stack>
  );
}
