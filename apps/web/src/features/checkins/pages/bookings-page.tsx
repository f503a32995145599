import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import {
  IconDots,
  IconEye,
  IconFilterOff,
  IconHistory,
  IconId,
  IconListSearch,
  IconPlus,
  IconQrcode,
  IconSearch,
  IconSend,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CardList, CardListItem } from '../../../components/card-list.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';
import { pathTo } from '../../../config/routes.ts';
import { formatStay } from '../../../lib/intl.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import {
  type CheckinListItem,
  type CheckinTab,
  checkinsHistoryQuery,
  checkinsListQuery,
  checkinTabs,
  useCheckinMessagesLive,
} from '../api/checkins-api.ts';
import { KeysToggle, LinkProgress, StatusBadge } from '../components/checkin-badges.tsx';
import { CheckinDetailModal } from '../components/checkin-detail-modal.tsx';
import { LinkModal } from '../components/link-panel.tsx';
import { NewCheckinChooser } from '../components/new-checkin-chooser.tsx';
import { RowRegistrationBadge } from '../components/registration-badge.tsx';
import { useResendCheckin } from '../components/resend-checkin.tsx';
import { type RowRegistration, useRegistrationBadges } from '../components/use-registration-badges.ts';
import { countryOptions } from '../lib/countries.ts';
import {
  CHECKIN_PAGE_SIZE,
  type CheckinListState,
  checkinParamsToSearch,
  filterCount,
  parseCheckinParams,
  toCheckinsQuery,
  withCheckinChange,
} from '../lib/list-params.ts';
import { HistoryCards, HistoryRows } from './history-list.tsx';

const dayBefore = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
const dayAfter = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

interface RowActions {
  onView: (item: CheckinListItem) => void;
  onLink: (item: CheckinListItem) => void;
  onResend: (item: CheckinListItem) => void;
  resending: string | null;
  registrationOf: (checkinId: string) => RowRegistration | null;
}

function RowMenu({
  item,
  onView,
  onLink,
  onResend,
  resending,
}: { item: CheckinListItem } & Omit<RowActions, 'registrationOf'>) {
  const { t } = useTranslation('checkins');
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('actions.menu', { name: item.name })}
          loading={resending === item.id}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => onView(item)}>
          {t('actions.view')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconQrcode size={16} aria-hidden />}
          onClick={() => onLink(item)}
          disabled={item.status === 'complete' || item.link_expired}
        >
          {t('actions.link')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={() => onResend(item)}
          disabled={item.status === 'complete' || item.link_expired || (!item.email && !item.phone)}
        >
          {t('actions.resend')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function CheckinRows({ items, ...actions }: { items: CheckinListItem[] } & RowActions) {
  const { t, i18n } = useTranslation('checkins');
  const language = i18n.resolvedLanguage ?? 'es';
  // With one property the column would repeat its name on every row; the guest's name gets the room.
  const { data: user } = useCurrentUser();
  const showProperty = (user?.properties.length ?? 0) > 1;
  return (
    <>
      <Table.Thead>
        <Table.Tr>
          {/* Fixed widths but the guest's, who takes the rest: the whole table fits the 1280 px screen
              beside the sidebar (issue 13). */}
          <Table.Th>{t('list.guest')}</Table.Th>
          {showProperty ? <Table.Th w={150}>{t('list.property')}</Table.Th> : null}
          <Table.Th w={150}>{t('list.stay')}</Table.Th>
          <Table.Th w={104}>{t('list.guests')}</Table.Th>
          <Table.Th w={150}>{t('list.status')}</Table.Th>
          <Table.Th w={84}>{t('list.keys')}</Table.Th>
          <Table.Th w={120}>{t('list.progress')}</Table.Th>
          <Table.Th w={56}>
            <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id} data-testid="checkin-row">
            <Table.Td>
              <Text
                size="sm"
                fw={600}
                dir="auto"
                truncate
                style={{ cursor: 'pointer' }}
                onClick={() => actions.onView(item)}
              >
                {item.name}
              </Text>
              <Text size="xs" c="dimmed" dir="ltr" truncate>
                {item.email || item.phone}
              </Text>
            </Table.Td>
            {showProperty ? (
              <Table.Td>
                <Text size="sm" dir="auto" truncate>
                  {item.property_name}
                </Text>
              </Table.Td>
            ) : null}
            <Table.Td>
              <Text size="sm">{formatStay(item.start_date, item.end_date, language)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" dir="ltr" span>
                {item.guests_registered}/{item.guests_expected}
              </Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <StatusBadge status={item.status} expired={item.link_expired} />
                <RowRegistrationBadge registration={actions.registrationOf(item.id)} />
              </Stack>
            </Table.Td>
            <Table.Td>
              <KeysToggle item={item} compact />
            </Table.Td>
            <Table.Td>
              <LinkProgress item={item} message={item.last_message} compact />
            </Table.Td>
            <Table.Td>
              <RowMenu item={item} {...actions} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </>
  );
}

function CheckinCards({ items, busy, ...actions }: { items: CheckinListItem[]; busy: boolean } & RowActions) {
  const { t, i18n } = useTranslation('checkins');
  const language = i18n.resolvedLanguage ?? 'es';
  return (
    <CardList label={t('title')} busy={busy}>
      {items.map((item, index) => (
        <CardListItem key={item.id} divided={index > 0}>
          <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="checkin-row">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} dir="auto" truncate onClick={() => actions.onView(item)}>
                {item.name}
              </Text>
              <Text size="xs" c="dimmed" dir="auto" truncate>
                {item.property_name} · {formatStay(item.start_date, item.end_date, language)}
              </Text>
            </Stack>
            <RowMenu item={item} {...actions} />
          </Group>
          <Group gap="xs">
            <StatusBadge status={item.status} expired={item.link_expired} />
            <RowRegistrationBadge registration={actions.registrationOf(item.id)} />
            <Text size="xs" c="dimmed">
              {t('list.guestsValue', { registered: item.guests_registered, expected: item.guests_expected })}
            </Text>
          </Group>
          <LinkProgress item={item} message={item.last_message} />
          <KeysToggle item={item} />
        </CardListItem>
      ))}
    </CardList>
  );
}

/** Search (debounced), property, dates and, in the history, country. */
function Filters({
  state,
  onChange,
  isMobile,
}: {
  state: CheckinListState;
  onChange: (change: Partial<CheckinListState>) => void;
  isMobile: boolean;
}) {
  const { t, i18n } = useTranslation('checkins');
  const language = i18n.resolvedLanguage ?? 'es';
  const { data: user } = useCurrentUser();
  const properties = user?.properties ?? [];
  const [search, setSearch] = useState(state.q ?? '');
  useEffect(() => setSearch(state.q ?? ''), [state.q]);
  const send = useDebouncedCallback((value: string) => onChange({ q: value.trim() || undefined }), 350);
  const applied: [string | null, string | null] = [state.from ?? null, state.to ? dayBefore(state.to) : null];
  const [range, setRange] = useState(applied);
  const key = applied.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL's range only when it changes
  useEffect(() => setRange(applied), [key]);
  const history = state.view === 'history';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
      {history ? (
        <Select
          label={t('filters.country')}
          placeholder={t('filters.anyCountry')}
          data={countryOptions(language)}
          value={state.country ?? null}
          onChange={(value) => onChange({ country: value ?? undefined })}
          searchable
          clearable
        />
      ) : (
        <TextInput
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          type="search"
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            send(e.currentTarget.value);
          }}
        />
      )}
      {properties.length > 1 ? (
        <Select
          label={t('filters.property')}
          placeholder={t('filters.allProperties')}
          data={properties.map((p) => ({ value: p.id, label: p.nombre }))}
          value={state.property_id ?? null}
          onChange={(value) => onChange({ property_id: value ?? undefined })}
          clearable
        />
      ) : null}
      <DatePickerInput
        type="range"
        label={t('filters.dates')}
        placeholder={t('filters.anyDates')}
        valueFormat="D MMM YYYY"
        allowSingleDateInRange
        clearable
        value={range}
        dropdownType={isMobile ? 'modal' : 'popover'}
        onChange={([from, to]) => {
          setRange([from, to]);
          if (from && to) onChange({ from, to: dayAfter(to) });
          else if (!from && !to) onChange({ from: undefined, to: undefined });
        }}
      />
    </SimpleGrid>
  );
}

/**
 * Bookings (spec 2.2 checkin-management): the check-in list with tabs Todos, Pendiente, Completos, Hoy,
 * and the check-in history (registered guests) filtered by dates and country. The URL keeps the state.
 */
export function BookingsPage() {
  const { t } = useTranslation(['checkins', 'common', 'registrations']);
  useDocumentTitle(`${t('title')} · ${t('common:appName')}`);
  const isMobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseCheckinParams(params), [params]);
  const query = toCheckinsQuery(state);
  const history = state.view === 'history';
  const list = useQuery({ ...checkinsListQuery(query), enabled: !history });
  const historyList = useQuery({ ...checkinsHistoryQuery(query), enabled: history });
  const active = history ? historyList : list;
  const [viewing, setViewing] = useState<string | null>(null);
  const [linkOf, setLinkOf] = useState<CheckinListItem | null>(null);
  const [chooser, setChooser] = useState(false);

  const change = (patch: Partial<CheckinListState>) =>
    setParams(checkinParamsToSearch(withCheckinChange(state, patch)));
  const clear = () => setParams(checkinParamsToSearch({ view: state.view, tab: state.tab, page: 1 }));

  const resend = useResendCheckin();
  useCheckinMessagesLive();
  const pageIds = useMemo(() => (list.data?.items ?? []).map((i) => i.id), [list.data]);
  const registrationOf = useRegistrationBadges(history ? [] : pageIds);
  const actions: RowActions = {
    registrationOf,
    onView: (item) => setViewing(item.id),
    onLink: (item) => setLinkOf(item),
    onResend: (item) => resend.ask(item),
    resending: resend.pending,
  };

  const total = active.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CHECKIN_PAGE_SIZE));
  const filtered = filterCount(state) > 0 || Boolean(state.q);
  const newButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setChooser(true)}>
      {t('new')}
    </Button>
  );

  let body: React.ReactNode;
  if (active.isPending) {
    body = isMobile ? (
      <ListSkeleton items={4} />
    ) : (
      <Table verticalSpacing="sm">
        <Table.Tbody>
          <TableSkeletonRows rows={6} columns={history ? 6 : 8} />
        </Table.Tbody>
      </Table>
    );
  } else if (active.isError) {
    body = <LoadError m="md" title={t('errors.list')} onRetry={() => void active.refetch()} />;
  } else if (active.data.items.length === 0) {
    body = filtered ? (
      <EmptyState
        icon={<IconListSearch size={28} aria-hidden />}
        title={t('empty.filteredTitle')}
        description={t('empty.filteredHint')}
        action={
          <Button variant="light" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={clear}>
            {t('filters.clear')}
          </Button>
        }
      />
    ) : history ? (
      <EmptyState
        icon={<IconHistory size={28} aria-hidden />}
        title={t('history.emptyTitle')}
        description={t('history.emptyHint')}
      />
    ) : (
      <EmptyState
        icon={<IconId size={28} aria-hidden />}
        title={t(`empty.${state.tab}Title`)}
        description={t('empty.hint')}
        action={newButton}
      />
    );
  } else if (history) {
    const items = historyList.data?.items ?? [];
    body = isMobile ? (
      <HistoryCards items={items} onView={setViewing} />
    ) : (
      <Table.ScrollContainer minWidth={800}>
        <Table verticalSpacing="sm" highlightOnHover>
          <HistoryRows items={items} onView={setViewing} />
        </Table>
      </Table.ScrollContainer>
    );
  } else {
    const items = list.data?.items ?? [];
    body = isMobile ? (
      <CheckinCards items={items} busy={list.isFetching} {...actions} />
    ) : (
      <Table.ScrollContainer minWidth={880}>
        <Table layout="fixed" verticalSpacing="sm" highlightOnHover aria-busy={list.isFetching}>
          <CheckinRows items={items} {...actions} />
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="lg" pb={isMobile ? 72 : 0}>
      <PageHeader
        title={t('title')}
        description={active.data ? t('count', { count: total }) : t('description')}
        actions={
          <>
            <Button
              component={Link}
              to={pathTo('registrations')}
              variant="default"
              leftSection={<IconShieldCheck size={18} aria-hidden />}
            >
              {t('registrations:title')}
            </Button>
            {newButton}
          </>
        }
      />
      <SegmentedControl
        value={state.view}
        onChange={(view) =>
          setParams(checkinParamsToSearch({ view: view as 'list' | 'history', tab: 'all', page: 1 }))
        }
        data={[
          { value: 'list', label: t('views.list') },
          { value: 'history', label: t('views.history') },
        ]}
        w={isMobile ? '100%' : 'fit-content'}
      />
      {history ? null : (
        <Tabs value={state.tab} onChange={(tab) => tab && change({ tab: tab as CheckinTab })}>
          <Tabs.List>
            {checkinTabs.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {t(`tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      <Filters state={state} onChange={change} isMobile={isMobile} />
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }} data-testid="checkin-list">
        {body}
      </Paper>
      {total > CHECKIN_PAGE_SIZE ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('pager.page', { page: state.page, pages })}
          </Text>
          <Pagination
            total={pages}
            value={Math.min(state.page, pages)}
            onChange={(page) => change({ page })}
            siblings={isMobile ? 0 : 1}
            size={isMobile ? 'sm' : 'md'}
          />
        </Group>
      ) : null}
      <CheckinDetailModal checkinId={viewing} onClose={() => setViewing(null)} />
      <LinkModal checkin={linkOf} onClose={() => setLinkOf(null)} />
      <NewCheckinChooser opened={chooser} onClose={() => setChooser(false)} />
    </Stack>
  );
}
