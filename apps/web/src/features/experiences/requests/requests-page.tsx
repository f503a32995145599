import {
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Pagination,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import type { ServiceRequest, ServiceRequestListQuery } from '@posada/contracts/experiences';
import { IconFilter, IconInbox, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-field.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { pathTo } from '../../../config/routes.ts';
import { propertiesQuery } from '../../../lib/api/properties-api.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { requestListQuery, serviceOptionsQuery, useRequestsLive } from '../api/upselling-api.ts';
import { ExperiencesFrame } from '../components/experiences-frame.tsx';
import { type RequestTab, requestTabs } from '../lib/request-view.ts';
import { useRunRequestAction } from './request-actions.tsx';
import { RequestDrawer } from './request-drawer.tsx';
import { RequestCards, RequestTable } from './request-list.tsx';

const PER_PAGE = 25;

interface Filters {
  property_id: string | null;
  service_id: string | null;
  from: string;
  to: string;
  search: string;
}
const noFilters: Filters = { property_id: null, service_id: null, from: '', to: '', search: '' };

/** serviceRequests (spec 2.4): the guests' requests by status, their filters, and the actions of spec 4. */
export function ServiceRequestsPage() {
  const { t } = useTranslation('upselling');
  useDocumentTitle(t('requests.documentTitle'));
  const mobile = useIsMobile();
  const [tab, setTab] = useState<RequestTab>('all');
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ServiceRequest | null>(null);
  const [showFilters, setShowFilters] = useState(false);
  const [search] = useDebouncedValue(filters.search.trim(), 300);

  const query: ServiceRequestListQuery = {
    status: tab === 'all' ? undefined : tab,
    property_id: filters.property_id ?? undefined,
    service_id: filters.service_id ?? undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    search: search || undefined,
    page,
    per_page: PER_PAGE,
  };
  const list = useQuery(requestListQuery(query));
  const properties = useQuery(propertiesQuery);
  const services = useQuery(serviceOptionsQuery());
  const run = useRunRequestAction(() => setOpen(null));
  useRequestsLive();

  const update = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const filtered =
    filters.property_id !== null ||
    filters.service_id !== null ||
    filters.from !== '' ||
    filters.to !== '' ||
    search !== '';
  const activeFilters = [filters.property_id, filters.service_id, filters.from, filters.to].filter(
    Boolean,
  ).length;
  const counts = list.data?.counts;
  const countOf = (key: RequestTab) =>
    counts
      ? key === 'all'
        ? counts.pending + counts.approved + counts.paid + counts.rejected
        : counts[key]
      : null;
  const serviceOptions = (services.data?.items ?? [])
    .filter((s) => !filters.property_id || s.property_id === null || s.property_id === filters.property_id)
    .map((s) => ({ value: s.id, label: s.name }));
  const items = list.data?.items;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PER_PAGE)) : 1;
  const nothingYet = countOf('all') === 0 && !filtered;

  const moreFilters = (
    <>
      <Select
        label={t('filters.property')}
        placeholder={t('filters.allProperties')}
        data={(properties.data?.items ?? []).map((p) => ({ value: p.id, label: p.nombre }))}
        value={filters.property_id}
        onChange={(value) => update({ property_id: value, service_id: null })}
        clearable
        searchable
        w={{ base: '100%', sm: 200 }}
      />
      <Select
        label={t('filters.service')}
        placeholder={t('filters.allServices')}
        data={serviceOptions}
        value={filters.service_id}
        onChange={(value) => update({ service_id: value })}
        clearable
        searchable
        w={{ base: '100%', sm: 200 }}
      />
      <Group gap="sm" wrap="nowrap" w={{ base: '100%', sm: 'auto' }}>
        <DateField
          label={t('filters.from')}
          value={filters.from}
          onChange={(from) => update({ from })}
          clearable
          w={{ base: '50%', sm: 160 }}
        />
        <DateField
          label={t('filters.to')}
          value={filters.to}
          onChange={(to) => update({ to })}
          minDate={filters.from || undefined}
          clearable
          w={{ base: '50%', sm: 160 }}
        />
      </Group>
      {filtered ? (
        <Button variant="subtle" onClick={() => update(noFilters)}>
          {t('filters.clear')}
        </Button>
      ) : null}
    </>
  );

  return (
    <ExperiencesFrame tab="requests">
      <Tabs
        value={tab}
        onChange={(value) => {
          setTab((value as RequestTab) ?? 'all');
          setPage(1);
        }}
        variant="pills"
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {requestTabs.map((key) => (
            <Tabs.Tab
              key={key}
              value={key}
              style={{ flexShrink: 0 }}
              rightSection={
                countOf(key) !== null ? (
                  <Badge size="sm" variant={tab === key ? 'white' : 'light'} style={{ overflow: 'visible' }}>
                    {countOf(key)}
                  </Badge>
                ) : null
              }
            >
              {t(`tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.search}
          onChange={(e) => update({ search: e.currentTarget.value })}
          w={{ base: 'auto', sm: 260 }}
          style={mobile ? { flex: 1 } : undefined}
        />
        {mobile ? (
          <Button
            variant="default"
            leftSection={<IconFilter size={16} aria-hidden />}
            onClick={() => setShowFilters((v) => !v)}
            aria-expanded={showFilters}
            rightSection={activeFilters > 0 ? <Badge size="sm">{activeFilters}</Badge> : null}
          >
            {t('filters.more')}
          </Button>
        ) : (
          moreFilters
        )}
      </Group>
      {mobile ? (
        <Collapse in={showFilters}>
          <Stack gap="sm">{moreFilters}</Stack>
        </Collapse>
      ) : null}

      {list.isError && !list.data ? (
        <LoadError title={t('loadError')} onRetry={() => list.refetch()} />
      ) : nothingYet ? (
        <Card withBorder radius="md">
          <EmptyState
            icon={<IconInbox size={28} aria-hidden />}
            title={t('empty.title')}
            description={t('empty.body')}
            action={
              <Button component={Link} to={pathTo('upsellingAccommodations')} variant="light">
                {t('empty.cta')}
              </Button>
            }
          />
        </Card>
      ) : items && items.length === 0 ? (
        <Card withBorder radius="md">
          <EmptyState
            icon={<IconSearch size={28} aria-hidden />}
            title={t('empty.filteredTitle')}
            description={t('empty.filteredBody')}
            action={
              filtered ? (
                <Button variant="light" onClick={() => update(noFilters)}>
                  {t('filters.clear')}
                </Button>
              ) : null
            }
          />
        </Card>
      ) : (
        <Card
          withBorder
          radius="md"
          p={0}
          // The rows of the previous tab or page stay on screen while the next ones load: not clickable.
          style={list.isPlaceholderData ? { pointerEvents: 'none' } : undefined}
        >
          {mobile ? (
            <RequestCards items={items} busy={list.isFetching} onOpen={setOpen} run={run} />
          ) : (
            <RequestTable items={items} busy={list.isFetching} onOpen={setOpen} run={run} />
          )}
        </Card>
      )}

      {list.data && list.data.total > PER_PAGE ? (
        <Stack align="center" gap={4}>
          <Pagination value={page} onChange={setPage} total={pages} size="sm" />
          <Text size="xs" c="dimmed">
            {t('list.total', { count: list.data.total })}
          </Text>
        </Stack>
      ) : null}

      {/* The open request as the list has it now (its provider notice moves live). */}
      <RequestDrawer
        request={open ? (items?.find((r) => r.id === open.id) ?? open) : null}
        onClose={() => setOpen(null)}
        run={run}
      />
    </ExperiencesFrame>
  );
}
