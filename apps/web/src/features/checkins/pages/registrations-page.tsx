import {
  ActionIcon,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDocumentTitle } from '@mantine/hooks';
import { authoritiesPaths, registrationKinds, registrationStates } from '@posada/contracts/authorities';
import {
  IconArrowBackUp,
  IconDownload,
  IconEye,
  IconFileText,
  IconFilterOff,
  IconListSearch,
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
import { formatDateTime } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import {
  downloadWithToken,
  type RegistrationView,
  registrationsListQuery,
} from '../api/registrations-api.ts';
import { CheckinDetailModal } from '../components/checkin-detail-modal.tsx';
import { PoliceFilesPanel } from '../components/police-files-panel.tsx';
import { RegistrationBadge } from '../components/registration-badge.tsx';
import { ProofCode } from '../components/registration-section.tsx';
import {
  parseRegistrationsParams,
  REGISTRATIONS_PAGE_SIZE,
  type RegistrationsListState,
  registrationsFilterCount,
  registrationsParamsToSearch,
  toRegistrationsQuery,
  withRegistrationsChange,
} from '../lib/registration-view.ts';

/** The proof in one line: the batch (or the Mossos receipt) and how many communication codes. */
function Proof({ item }: { item: RegistrationView }) {
  const { t } = useTranslation('registrations');
  const code = item.batch_code ?? item.receipt_number;
  if (!code) return <Text size="sm">—</Text>;
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <ProofCode code={code} label={t(item.batch_code ? 'proof.batch' : 'proof.receipt')} />
      {item.communication_codes.length > 0 ? (
        <Text size="xs" c="dimmed">
          {t('list.codes', { count: item.communication_codes.length })}
        </Text>
      ) : null}
    </Stack>
  );
}

function GuestCell({ item }: { item: RegistrationView }) {
  const { t } = useTranslation('registrations');
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} dir="auto" truncate>
        {item.guest_name || t('list.noName')}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {t(`kind.${item.kind}`)}
        {item.booking_code ? ` · ${item.booking_code}` : ''}
      </Text>
      {item.errors[0] ? (
        <Text size="xs" c="red" dir="auto" lineClamp={2} data-testid="registration-row-error">
          {item.errors[0].message}
        </Text>
      ) : null}
    </Stack>
  );
}

function ViewButton({ item, onView }: { item: RegistrationView; onView: (checkinId: string) => void }) {
  const { t } = useTranslation('registrations');
  if (!item.checkin_id) return null;
  const checkinId = item.checkin_id;
  return (
    <Tooltip label={t('list.viewCheckin')} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        onClick={() => onView(checkinId)}
        aria-label={t('list.viewCheckinOf', { name: item.guest_name })}
      >
        <IconEye size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

function RegistrationRows({
  items,
  showProperty,
  onView,
}: {
  items: RegistrationView[];
  showProperty: boolean;
  onView: (checkinId: string) => void;
}) {
  const { t, i18n } = useTranslation('registrations');
  const language = i18n.resolvedLanguage ?? 'es';
  return (
    <>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('list.guest')}</Table.Th>
          {showProperty ? <Table.Th w={150}>{t('list.property')}</Table.Th> : null}
          <Table.Th w={164}>{t('list.state')}</Table.Th>
          <Table.Th w={150}>{t('list.due')}</Table.Th>
          <Table.Th w={250}>{t('list.proof')}</Table.Th>
          <Table.Th w={56}>
            <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id} data-testid="registration-row">
            <Table.Td>
              <GuestCell item={item} />
            </Table.Td>
            {showProperty ? (
              <Table.Td>
                <Text size="sm" dir="auto" truncate>
                  {item.property_name}
                </Text>
              </Table.Td>
            ) : null}
            <Table.Td>
              <RegistrationBadge state={item.state} overdue={item.overdue} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={item.overdue ? 'red' : undefined}>
                {formatDateTime(item.due_at, language)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Proof item={item} />
            </Table.Td>
            <Table.Td>
              <ViewButton item={item} onView={onView} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </>
  );
}

function RegistrationCards({
  items,
  busy,
  onView,
}: {
  items: RegistrationView[];
  busy: boolean;
  onView: (checkinId: string) => void;
}) {
  const { t, i18n } = useTranslation('registrations');
  const language = i18n.resolvedLanguage ?? 'es';
  return (
    <CardList label={t('title')} busy={busy}>
      {items.map((item, index) => (
        <CardListItem key={item.id} divided={index > 0}>
          <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="registration-row">
            <GuestCell item={item} />
            <ViewButton item={item} onView={onView} />
          </Group>
          <Group gap="xs">
            <RegistrationBadge state={item.state} overdue={item.overdue} />
            <Text size="xs" c={item.overdue ? 'red' : 'dimmed'}>
              {t('list.dueValue', { at: formatDateTime(item.due_at, language) })}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" dir="auto" truncate>
            {item.property_name}
          </Text>
          <Proof item={item} />
        </CardListItem>
      ))}
    </CardList>
  );
}

function Filters({
  state,
  onChange,
  isMobile,
}: {
  state: RegistrationsListState;
  onChange: (change: Partial<RegistrationsListState>) => void;
  isMobile: boolean;
}) {
  const { t } = useTranslation('registrations');
  const { data: user } = useCurrentUser();
  const properties = user?.properties ?? [];
  const applied: [string | null, string | null] = [state.from ?? null, state.to ?? null];
  const [range, setRange] = useState(applied);
  const key = applied.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL's range only when it changes
  useEffect(() => setRange(applied), [key]);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: properties.length > 1 ? 5 : 4 }} spacing="sm">
      <Select
        label={t('filters.state')}
        placeholder={t('filters.anyState')}
        data={registrationStates.map((value) => ({ value, label: t(`state.${value}`) }))}
        value={state.state ?? null}
        onChange={(value) => onChange({ state: (value ?? undefined) as RegistrationsListState['state'] })}
        clearable
      />
      <Select
        label={t('filters.kind')}
        placeholder={t('filters.anyKind')}
        data={registrationKinds.map((value) => ({ value, label: t(`kind.${value}`) }))}
        value={state.kind ?? null}
        onChange={(value) => onChange({ kind: (value ?? undefined) as RegistrationsListState['kind'] })}
        clearable
      />
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
          if (from && to) onChange({ from, to });
          else if (!from && !to) onChange({ from: undefined, to: undefined });
        }}
      />
      <Switch
        label={t('filters.overdue')}
        checked={Boolean(state.overdue)}
        onChange={(e) => onChange({ overdue: e.currentTarget.checked || undefined })}
        color="red"
        mt={isMobile ? 0 : 30}
      />
    </SimpleGrid>
  );
}

/**
 * Registro policial (issue 14 item 2): every communication to the police with its state and proof, the
 * legal record kept 3 years; filters in the URL, CSV export, and the Mossos day files to upload.
 */
export function RegistrationsPage() {
  const { t } = useTranslation(['registrations', 'common']);
  useDocumentTitle(`${t('title')} · ${t('common:appName')}`);
  const isMobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseRegistrationsParams(params), [params]);
  const tab = params.get('tab') === 'mossos' ? 'mossos' : 'list';
  const list = useQuery({ ...registrationsListQuery(toRegistrationsQuery(state)), enabled: tab === 'list' });
  const { data: user } = useCurrentUser();
  const showProperty = (user?.properties.length ?? 0) > 1;
  const [viewing, setViewing] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const change = (patch: Partial<RegistrationsListState>) =>
    setParams(registrationsParamsToSearch(withRegistrationsChange(state, patch)));
  const clear = () => setParams(new URLSearchParams());
  const exportCsv = async () => {
    setExporting(true);
    try {
      const name = await downloadWithToken(
        authoritiesPaths.registrationsCsv,
        toRegistrationsQuery(state, false) as Record<string, string>,
        'registros-policiales.csv',
      );
      notify.success(t('export.done', { name }));
    } catch {
      notify.error(t('export.error'), t('export.failed'));
    } finally {
      setExporting(false);
    }
  };

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / REGISTRATIONS_PAGE_SIZE));
  const filtered = registrationsFilterCount(state) > 0;

  let body: React.ReactNode;
  if (list.isPending) {
    body = isMobile ? (
      <ListSkeleton items={4} />
    ) : (
      <Table verticalSpacing="sm">
        <Table.Tbody>
          <TableSkeletonRows rows={6} columns={showProperty ? 6 : 5} />
        </Table.Tbody>
      </Table>
    );
  } else if (list.isError) {
    body = <LoadError m="md" title={t('errors.list')} onRetry={() => void list.refetch()} />;
  } else if (list.data.items.length === 0) {
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
    ) : (
      <EmptyState
        icon={<IconShieldCheck size={28} aria-hidden />}
        title={t('empty.title')}
        description={t('empty.hint')}
      />
    );
  } else {
    const items = list.data.items;
    body = isMobile ? (
      <RegistrationCards items={items} busy={list.isFetching} onView={setViewing} />
    ) : (
      <Table.ScrollContainer minWidth={760}>
        <Table layout="fixed" verticalSpacing="sm" highlightOnHover aria-busy={list.isFetching}>
          <RegistrationRows items={items} showProperty={showProperty} onView={setViewing} />
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="lg" pb={isMobile ? 72 : 0}>
      <PageHeader
        title={t('title')}
        description={list.data && tab === 'list' ? t('count', { count: total }) : t('description')}
        actions={
          <>
            <Button
              component={Link}
              to={pathTo('Bookings')}
              variant="default"
              leftSection={<IconArrowBackUp size={18} aria-hidden />}
            >
              {t('backToCheckins')}
            </Button>
            {tab === 'list' ? (
              <Button
                leftSection={<IconDownload size={18} aria-hidden />}
                onClick={() => void exportCsv()}
                loading={exporting}
                data-testid="export-csv"
              >
                {t('export.button')}
              </Button>
            ) : null}
          </>
        }
      />
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(value === 'mossos' ? new URLSearchParams({ tab: 'mossos' }) : new URLSearchParams())
        }
      >
        <Tabs.List>
          <Tabs.Tab value="list" leftSection={<IconShieldCheck size={16} aria-hidden />}>
            {t('tabs.list')}
          </Tabs.Tab>
          <Tabs.Tab value="mossos" leftSection={<IconFileText size={16} aria-hidden />}>
            {t('tabs.mossos')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'mossos' ? (
        <PoliceFilesPanel />
      ) : (
        <>
          <Filters state={state} onChange={change} isMobile={isMobile} />
          <Paper withBorder radius="lg" style={{ overflow: 'hidden' }} data-testid="registration-list">
            {body}
          </Paper>
          {total > REGISTRATIONS_PAGE_SIZE ? (
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
          <Text size="xs" c="dimmed">
            {t('retention')}
          </Text>
        </>
      )}
      <CheckinDetailModal checkinId={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
