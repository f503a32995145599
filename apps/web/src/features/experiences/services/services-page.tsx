import { Button, Group, Paper, Select, Skeleton, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import type { ServiceListQuery } from '@posada/contracts/experiences';
import { serviceCategories } from '@posada/domain/experiences';
import { IconFilterOff, IconPlus, IconSearch, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { pathTo } from '../../../config/routes.ts';
import { propertiesQuery } from '../../../lib/api/properties-api.ts';
import { servicesQuery } from '../api/services-api.ts';
import { ExperiencesFrame } from '../components/experiences-frame.tsx';
import { ServiceList } from './service-list.tsx';

const ALL = 'all';

function ListSkeleton() {
  return (
    <Paper withBorder radius="lg" p="md" aria-hidden data-testid="services-skeleton">
      <Stack gap="md">
        {['a', 'b', 'c', 'd'].map((key) => (
          <Group key={key} gap="sm" wrap="nowrap">
            <Skeleton w={44} h={44} radius="md" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={12} w="40%" />
              <Skeleton h={10} w="65%" />
            </Stack>
            <Skeleton h={20} w={60} visibleFrom="sm" />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function NewServiceButton({ label }: { label: string }) {
  return (
    <Button component={Link} to={pathTo('createServicio')} leftSection={<IconPlus size={18} aria-hidden />}>
      {label}
    </Button>
  );
}

/**
 * Servicios and Ofertas (spec 2.2 service, upselling/): the account's services with search and filters;
 * `?service_id=X` opens that service's form.
 */
export function ServicesPage() {
  const { t } = useTranslation(['experiences', 'common']);
  useDocumentTitle(`${t('list.title')} · ${t('common:appName')}`);
  const [params] = useSearchParams();
  const [input, setInput] = useState('');
  const [search] = useDebouncedValue(input.trim(), 300);
  const [propertyId, setPropertyId] = useState(ALL);
  const [category, setCategory] = useState(ALL);
  const [state, setState] = useState(ALL);
  const filters: ServiceListQuery = {
    search: search || undefined,
    property_id: propertyId === ALL ? undefined : propertyId,
    category: category === ALL ? undefined : (category as ServiceListQuery['category']),
    active: state === ALL ? undefined : (state as 'true' | 'false'),
  };
  const filtered = Boolean(input.trim()) || propertyId !== ALL || category !== ALL || state !== ALL;
  const list = useQuery(servicesQuery(filters));
  const properties = useQuery(propertiesQuery);
  // The filters' property may have gone (deleted elsewhere): fall back to all.
  useEffect(() => {
    if (properties.data && propertyId !== ALL && !properties.data.items.some((p) => p.id === propertyId))
      setPropertyId(ALL);
  }, [properties.data, propertyId]);

  const serviceId = params.get('service_id');
  if (serviceId) return <Navigate to={pathTo('updateServicio', { id: serviceId })} replace />;

  const clear = () => {
    setInput('');
    setPropertyId(ALL);
    setCategory(ALL);
    setState(ALL);
  };
  const hasAny = (list.data?.items.length ?? 0) > 0 || filtered;

  let body: React.ReactNode;
  if (list.isPending) body = <ListSkeleton />;
  else if (list.isError)
    body = (
      <LoadError
        title={t('list.loadError')}
        onRetry={() => void list.refetch()}
        retrying={list.isRefetching}
      />
    );
  else if (list.data.items.length === 0)
    body = (
      <Paper withBorder radius="lg">
        {filtered ? (
          <EmptyState
            icon={<IconSearch size={28} aria-hidden />}
            title={t('list.noMatchTitle')}
            description={t('list.noMatchHint')}
            action={
              <Button variant="light" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={clear}>
                {t('list.clearFilters')}
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<IconSparkles size={28} aria-hidden />}
            title={t('list.emptyTitle')}
            description={t('list.emptyHint')}
            action={<NewServiceButton label={t('list.create')} />}
          />
        )}
      </Paper>
    );
  else body = <ServiceList items={list.data.items} busy={list.isPlaceholderData} />;

  const propertyOptions = [
    { value: ALL, label: t('filters.allProperties') },
    ...(properties.data?.items ?? []).map((p) => ({ value: p.id, label: p.nombre })),
  ];
  return (
    <ExperiencesFrame tab="services" actions={<NewServiceButton label={t('list.new')} />}>
      <Stack gap="md">
        {hasAny ? (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t('filters.search')}
              placeholder={t('filters.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={input}
              onChange={(e) => setInput(e.currentTarget.value)}
              style={{ flex: '2 1 220px' }}
              type="search"
            />
            <Select
              label={t('filters.property')}
              data={propertyOptions}
              value={propertyId}
              onChange={(v) => setPropertyId(v ?? ALL)}
              allowDeselect={false}
              style={{ flex: '1 1 180px' }}
            />
            <Select
              label={t('filters.category')}
              data={[
                { value: ALL, label: t('filters.allCategories') },
                ...serviceCategories.map((c) => ({ value: c, label: t(`categories.${c}`) })),
              ]}
              value={category}
              onChange={(v) => setCategory(v ?? ALL)}
              allowDeselect={false}
              style={{ flex: '1 1 180px' }}
            />
            <Select
              label={t('filters.state')}
              data={[
                { value: ALL, label: t('filters.allStates') },
                { value: 'true', label: t('filters.active') },
                { value: 'false', label: t('filters.inactive') },
              ]}
              value={state}
              onChange={(v) => setState(v ?? ALL)}
              allowDeselect={false}
              style={{ flex: '1 1 140px' }}
            />
          </Group>
        ) : null}
        {body}
      </Stack>
    </ExperiencesFrame>
  );
}
