import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { InboxThread } from '@posada/contracts/inbox';
import { IconAdjustmentsHorizontal, IconInbox, IconSearch, IconX } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatStay, intlLocale } from '../../../lib/intl.ts';
import { emptyFilters, type ThreadFilters, threadsQuery } from '../api/inbox-api.ts';
import { ChannelIcon } from './channel-icon.tsx';
import classes from './inbox.module.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('') || '?';

/** The short time of the list: today's hour, else the day. */
function shortWhen(instant: string, language: string, now = new Date()): string {
  const date = new Date(instant);
  const sameDay = date.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(intlLocale(language), {
    ...(sameDay ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short' }),
  }).format(date);
}

function ThreadItem({
  thread,
  selected,
  onSelect,
}: {
  thread: InboxThread;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t, i18n } = useTranslation('inbox');
  const unread = thread.unread_count > 0;
  return (
    <UnstyledButton
      className={classes.threadItem}
      data-selected={selected || undefined}
      data-unread={unread || undefined}
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      aria-label={`${thread.guest_name || thread.phone || thread.email}${
        unread ? `, ${t('list.unread', { count: thread.unread_count })}` : ''
      }`}
      data-testid="inbox-thread"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Indicator
          label={<ChannelIcon channel={thread.last_channel} size={10} />}
          size={16}
          offset={4}
          position="bottom-end"
          color="gray.0"
          withBorder
        >
          <Avatar radius="xl" color="teal" size={42}>
            {initials(thread.guest_name || thread.phone || '?')}
          </Avatar>
        </Indicator>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={unread ? 700 : 600} size="sm" truncate>
              {thread.guest_name || thread.phone || thread.email}
            </Text>
            <Text size="xs" c={unread ? 'teal.7' : 'dimmed'} style={{ flexShrink: 0 }}>
              {shortWhen(thread.last_message_at, i18n.language)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text
              size="sm"
              c={unread ? undefined : 'dimmed'}
              truncate
              dir="auto"
              data-testid="inbox-thread-preview"
            >
              {thread.last_message_preview || t('list.noPreview')}
            </Text>
            {unread ? (
              <Badge size="sm" circle color="teal" data-testid="inbox-thread-unread">
                {thread.unread_count}
              </Badge>
            ) : null}
          </Group>
          {thread.property_name || thread.arrival ? (
            <Text size="xs" c="dimmed" truncate>
              {[
                thread.property_name,
                thread.arrival && thread.departure
                  ? formatStay(thread.arrival, thread.departure, i18n.language)
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

const activeFilters = (f: ThreadFilters) =>
  [f.property_id, f.channel, f.unread, f.arrival_from, f.arrival_to].filter(Boolean).length;

/** Property, channel, unread and arrival date: a popover beside the search. */
function FiltersButton({
  filters,
  onChange,
  properties,
}: {
  filters: ThreadFilters;
  onChange: (next: ThreadFilters) => void;
  properties: { id: string; nombre: string }[];
}) {
  const { t } = useTranslation('inbox');
  const count = activeFilters(filters);
  return (
    <Popover position="bottom-end" width={300} shadow="md" withinPortal>
      <Popover.Target>
        <Indicator disabled={count === 0} label={count} size={16} color="teal">
          <ActionIcon variant="default" size="lg" aria-label={t('filters.open')}>
            <IconAdjustmentsHorizontal size={18} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Select
            label={t('filters.property')}
            placeholder={t('filters.all')}
            data={properties.map((p) => ({ value: p.id, label: p.nombre }))}
            value={filters.property_id || null}
            onChange={(v) => onChange({ ...filters, property_id: v ?? '' })}
            clearable
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={t('filters.channel')}
            placeholder={t('filters.all')}
            data={(['whatsapp', 'email', 'sms'] as const).map((c) => ({
              value: c,
              label: t(`channels.${c}`),
            }))}
            value={filters.channel || null}
            onChange={(v) => onChange({ ...filters, channel: v ?? '' })}
            clearable
            comboboxProps={{ withinPortal: false }}
          />
          <DateField
            label={t('filters.arrivalFrom')}
            value={filters.arrival_from}
            onChange={(v) => onChange({ ...filters, arrival_from: v })}
            clearable
            popoverProps={{ withinPortal: false }}
          />
          <DateField
            label={t('filters.arrivalTo')}
            value={filters.arrival_to}
            onChange={(v) => onChange({ ...filters, arrival_to: v })}
            clearable
            popoverProps={{ withinPortal: false }}
          />
          <Switch
            label={t('filters.unreadOnly')}
            checked={filters.unread}
            onChange={(e) => onChange({ ...filters, unread: e.currentTarget.checked })}
          />
          {count > 0 ? (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => onChange({ ...emptyFilters, search: filters.search })}
            >
              {t('filters.clear')}
            </Button>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The thread list: search, filters, newest first, unread badges and previews, more on demand. */
export function ThreadList({
  selectedId,
  onSelect,
  properties,
}: {
  selectedId: string | null;
  onSelect: (thread: InboxThread) => void;
  properties: { id: string; nombre: string }[];
}) {
  const { t } = useTranslation('inbox');
  const [filters, setFilters] = useState<ThreadFilters>(emptyFilters);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  useEffect(() => setFilters((f) => ({ ...f, search: debounced.trim() })), [debounced]);
  const query = useInfiniteQuery(threadsQuery(filters));
  const threads = query.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = filters.search !== '' || activeFilters(filters) > 0;

  return (
    <Stack gap={0} h="100%" className={classes.listPane}>
      <Group gap="xs" p="sm" wrap="nowrap" className={classes.listHeader}>
        <TextInput
          style={{ flex: 1 }}
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('list.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          rightSection={
            search ? (
              <ActionIcon
                variant="subtle"
                size="sm"
                onClick={() => setSearch('')}
                aria-label={t('list.clearSearch')}
              >
                <IconX size={14} aria-hidden />
              </ActionIcon>
            ) : null
          }
        />
        <FiltersButton filters={filters} onChange={setFilters} properties={properties} />
      </Group>
      <Box className={classes.listScroll}>
        {query.isPending ? (
          <ListSkeleton items={6} />
        ) : query.isError ? (
          <LoadError
            m="sm"
            title={query.error.message}
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        ) : threads.length === 0 ? (
          <EmptyState
            icon={<IconInbox size={28} aria-hidden />}
            title={filtered ? t('list.noMatchesTitle') : t('list.emptyTitle')}
            description={filtered ? t('list.noMatchesBody') : t('list.emptyBody')}
          />
        ) : (
          <Stack gap={0} role="list" aria-label={t('list.label')}>
            {threads.map((thread) => (
              <Box role="listitem" key={thread.id}>
                <ThreadItem
                  thread={thread}
                  selected={thread.id === selectedId}
                  onSelect={() => onSelect(thread)}
                />
              </Box>
            ))}
            {query.hasNextPage ? (
              <Button
                variant="subtle"
                m="sm"
                loading={query.isFetchingNextPage}
                onClick={() => query.fetchNextPage()}
              >
                {t('list.more')}
              </Button>
            ) : null}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
