import { Button, Group, Pagination, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Booking } from '@posada/contracts/bookings';
import {
  IconCalendarPlus,
  IconChevronLeft,
  IconChevronRight,
  IconFilterOff,
  IconListSearch,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import classes from '../../../components/shell.module.css';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';
import { bookingsListQuery } from '../../../lib/api/bookings-api.ts';
import { intlLocale } from '../../../lib/intl.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { BookingDetailsModal } from '../details/booking-details-modal.tsx';
import { ImportBookingsButton } from '../import/components/import-button.tsx';
import {
  activeFilterCount,
  type ListState,
  lastPage,
  listParamsToSearch,
  PAGE_SIZES,
  parseListParams,
  toQuery,
  withChange,
} from '../lib/list-params.ts';
import { ReservationModal } from '../modal/reservation-modal.tsx';
import { ReservasFilters } from './reservas-filters.tsx';
import { ReservationCards, ReservationsTable } from './reservations-table.tsx';

const COLUMNS = 7;

const MirroredPrevious = () => <IconChevronLeft size={16} className={classes.mirror} aria-hidden />;
const MirroredNext = () => <IconChevronRight size={16} className={classes.mirror} aria-hidden />;

type ModalState = { mode: 'create' } | { mode: 'edit'; bookingId: string } | null;

/**
 * Reservas (spec 2.2 /business/scheduled-checkins): every booking of the account, searched, filtered,
 * sorted and paged on the server (thousands of rows); the URL keeps the list state.
 */
export function ReservasPage() {
  const { t, i18n } = useTranslation(['reservations', 'common']);
  useDocumentTitle(`${t('title')} · ${t('common:appName')}`);
  const language = i18n.resolvedLanguage ?? 'es';
  const isMobile = useIsMobile();
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListParams(params), [params]);
  const query = useQuery(bookingsListQuery(toQuery(state)));
  const [modal, setModal] = useState<ModalState>(null);
  const [viewing, setViewing] = useState<string | null>(null);

  const update = (next: ListState) => setParams(listParamsToSearch(next), { replace: false });
  const change = (patch: Partial<ListState>) => update(withChange(state, patch));
  const clear = () =>
    update({
      sort: state.sort,
      page: 1,
      page_size: state.page_size,
      ...(state.search ? { search: state.search } : {}),
    });

  // A page past the end (rows cancelled or filtered away meanwhile) moves to the last one.
  const total = query.data?.total ?? 0;
  const pages = lastPage(total, state.page_size);
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && state.page > pages) change({ page: pages });
  });

  const filtered = activeFilterCount(state) > 0 || Boolean(state.search);
  const properties = user?.properties ?? [];
  const createButton = (
    <Button
      leftSection={<IconCalendarPlus size={18} aria-hidden />}
      onClick={() => setModal({ mode: 'create' })}
    >
      {t('create')}
    </Button>
  );
  const handlers = {
    userId: user?.id ?? '',
    onView: (booking: Booking) => setViewing(booking.id),
    onEdit: (booking: Booking) => setModal({ mode: 'edit', bookingId: booking.id }),
  };
  const number = new Intl.NumberFormat(intlLocale(language));
  const from = (state.page - 1) * state.page_size + 1;
  const to = Math.min(total, state.page * state.page_size);

  let body: React.ReactNode;
  if (query.isPending) {
    body = isMobile ? (
      <ListSkeleton items={5} />
    ) : (
      <Table verticalSpacing="sm">
        <Table.Tbody>
          <TableSkeletonRows rows={8} columns={COLUMNS} />
        </Table.Tbody>
      </Table>
    );
  } else if (query.isError) {
    body = (
      <LoadError
        m="md"
        title={t('errors.list')}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  } else if (query.data.items.length === 0) {
    body = filtered ? (
      <EmptyState
        icon={<IconListSearch size={28} aria-hidden />}
        title={t('empty.filteredTitle')}
        description={t('empty.filteredHint')}
        action={
          <Button
            variant="light"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={() => update({ sort: state.sort, page: 1, page_size: state.page_size })}
          >
            {t('filters.clearAll')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<IconCalendarPlus size={28} aria-hidden />}
        title={t('empty.title')}
        description={t('empty.hint')}
        action={createButton}
      />
    );
  } else if (isMobile) {
    body = <ReservationCards items={query.data.items} busy={query.isFetching} {...handlers} />;
  } else {
    body = (
      <Table.ScrollContainer minWidth={860}>
        <Table
          layout="fixed"
          verticalSpacing="sm"
          horizontalSpacing="sm"
          highlightOnHover
          aria-busy={query.isFetching}
        >
          <ReservationsTable items={query.data.items} {...handlers} />
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    // On phones the last card and the pager clear the floating support button.
    <Stack gap="lg" pb={isMobile ? 72 : 0}>
      <PageHeader
        title={t('title')}
        description={
          query.data
            ? t('count', { count: query.data.total, formatted: number.format(query.data.total) })
            : t('description')
        }
        actions={
          <>
            <ImportBookingsButton />
            {createButton}
          </>
        }
      />
      <ReservasFilters
        state={state}
        properties={properties}
        isMobile={isMobile}
        onChange={change}
        onClear={clear}
      />
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }} data-testid="reservas-list">
        {body}
      </Paper>
      {query.data && total > 0 ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('pager.showing', {
              from: number.format(from),
              to: number.format(to),
              total: number.format(total),
            })}
          </Text>
          <Group gap="sm">
            <Select
              aria-label={t('pager.pageSize')}
              data={PAGE_SIZES.map((size) => ({
                value: String(size),
                label: t('pager.perPage', { count: size }),
              }))}
              value={String(state.page_size)}
              onChange={(value) => value && change({ page_size: Number(value) })}
              allowDeselect={false}
              w={150}
            />
            <Pagination
              total={pages}
              value={Math.min(state.page, pages)}
              onChange={(page) => {
                change({ page });
                window.scrollTo({ top: 0 });
              }}
              siblings={isMobile ? 0 : 1}
              // Arrows point the reading way in right-to-left too.
              previousIcon={MirroredPrevious}
              nextIcon={MirroredNext}
              boundaries={1}
              size={isMobile ? 'sm' : 'md'}
              getControlProps={(control) => ({
                'aria-label': t(`pager.${control}`),
              })}
              getItemProps={(page) => ({ 'aria-label': t('pager.page', { page }) })}
            />
          </Group>
        </Group>
      ) : null}
      <ReservationModal
        opened={modal !== null}
        mode={modal?.mode ?? 'create'}
        bookingId={modal?.mode === 'edit' ? modal.bookingId : undefined}
        initial={
          modal?.mode === 'create' && state.property_id ? { property_id: state.property_id } : undefined
        }
        onClose={() => setModal(null)}
      />
      <BookingDetailsModal bookingId={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
