import { Badge, Button, CloseButton, Group, Paper, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { UnroutedMessage } from '@posada/contracts/inbox-unrouted';
import { IconInbox, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { MOBILE_QUERY } from '../../../config/theme.ts';
import { type UnroutedFilter, useUnroutedMessages } from '../api/unrouted-api.ts';
import { AssignUnroutedModal } from '../components/assign-unrouted-modal.tsx';
import { UnroutedList } from '../components/unrouted-list.tsx';
import { formatCount } from '../lib/format.ts';

/**
 * adminUnroutedMessages (/manager/unrouted-messages, issue 26): what guests wrote to the platform's shared
 * WhatsApp number (or SMS number) from a phone no account knows. The admin reads them and assigns each to the
 * account it is for; it then appears in that account's inbox as a conversation without a booking.
 */
export function UnroutedMessagesPage() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [input, setInput] = useState('');
  const [search] = useDebouncedValue(input.trim(), 300);
  const [filter, setFilter] = useState<UnroutedFilter>('all');
  const [assigning, setAssigning] = useState<UnroutedMessage | null>(null);
  const list = useUnroutedMessages(search, filter);
  const messages = list.data?.pages.flatMap((p) => p.items);
  const waiting = list.data?.pages[0]?.waiting;
  const filtered = search !== '' || filter !== 'all';

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('unrouted.title')}
        description={t('unrouted.subtitle')}
        actions={
          waiting !== undefined ? (
            <Badge variant="light" color={waiting > 0 ? 'orange' : 'teal'} size="lg" tt="none" role="status">
              {t('unrouted.waiting', { count: waiting, formatted: formatCount(waiting, language) })}
            </Badge>
          ) : null
        }
      />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TextInput
          aria-label={t('unrouted.searchLabel')}
          placeholder={t('unrouted.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          rightSection={
            input ? (
              <CloseButton aria-label={t('users.clearSearch')} onClick={() => setInput('')} size="sm" />
            ) : null
          }
          value={input}
          onChange={(e) => setInput(e.currentTarget.value)}
          type="search"
          w={{ base: '100%', sm: 360 }}
        />
        <SegmentedControl
          value={filter}
          onChange={(value) => setFilter(value as UnroutedFilter)}
          aria-label={t('unrouted.filterLabel')}
          fullWidth={isMobile}
          w={isMobile ? '100%' : undefined}
          data={(['all', 'waiting', 'assigned'] as const).map((value) => ({
            value,
            label: t(`unrouted.filters.${value}`),
          }))}
        />
      </Group>
      {list.isError ? (
        <LoadError title={t('unrouted.loadError')} onRetry={() => void list.refetch()} />
      ) : (
        <Paper withBorder radius="md">
          {messages && messages.length === 0 ? (
            <EmptyState
              icon={filtered ? <IconSearch size={28} /> : <IconInbox size={28} />}
              title={filtered ? t('unrouted.noMatchTitle') : t('unrouted.emptyTitle')}
              description={filtered ? t('unrouted.noMatchText') : t('unrouted.emptyText')}
            />
          ) : (
            <UnroutedList
              messages={messages}
              loading={list.isFetching && !list.isFetchingNextPage}
              mobile={isMobile}
              onAssign={setAssigning}
            />
          )}
        </Paper>
      )}
      {list.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
          >
            {t('unrouted.more')}
          </Button>
        </Group>
      ) : null}
      <AssignUnroutedModal message={assigning} onClose={() => setAssigning(null)} />
    </Stack>
  );
}
