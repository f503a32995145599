import {
  Alert,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { type AdminPaymentsQuery, billingPaymentStatuses } from '@posada/contracts/admin-billing';
import {
  IconAlertTriangle,
  IconCash,
  IconDownload,
  IconReceiptRefund,
  IconSearch,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { MOBILE_QUERY } from '../../../config/theme.ts';
import { money } from '../../../lib/money.ts';
import { notify } from '../../../lib/notify.ts';
import { fetchAllPayments, PAYMENTS_PAGE_SIZE, usePayments } from '../api/admin-billing-api.ts';
import { KpiCard, KpiCardSkeleton } from '../components/kpi-card.tsx';
import { PaymentsTable } from '../components/payments-table.tsx';
import { formatCount } from '../lib/format.ts';
import { downloadText, paymentsCsv } from '../lib/payments-csv.ts';

/** manager/payments: subscription charges and failures across accounts, with filters, totals and CSV. */
export function PaymentsPage() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [account] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);

  const filters: Partial<AdminPaymentsQuery> = {
    from: from || undefined,
    to: to || undefined,
    status: (status || undefined) as AdminPaymentsQuery['status'],
    account: account || undefined,
  };
  const payments = usePayments({ ...filters, page });
  const data = payments.data;
  const filtered = !!(from || to || status || account);
  const totalPages = data ? Math.max(1, Math.ceil(data.total / PAYMENTS_PAGE_SIZE)) : 1;
  const reset = () => {
    setFrom('');
    setTo('');
    setStatus(null);
    setSearch('');
    setPage(1);
  };
  const onFilter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllPayments(filters);
      const headers = ['date', 'account', 'invoice', 'amount', 'currency', 'status', 'detail'].map((k) =>
        t(`payments.csv.${k}`),
      );
      downloadText(
        `pagos-${from || 'inicio'}-${to || 'hoy'}.csv`,
        paymentsCsv(rows, headers, (s) => t(`payments.status.${s}`)),
      );
      notify.success(t('payments.exported', { count: rows.length }));
    } catch (error) {
      notify.error(error instanceof Error ? error.message : t('common:errors.unexpected'));
    } finally {
      setExporting(false);
    }
  };

  const totals = (list: { currency: string; amount: number }[] | undefined) =>
    list?.length
      ? list.map((m) => money(m.amount, m.currency, language, 'admin')).join(' · ')
      : money(0, 'EUR', language, 'admin');

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('payments.title')}
        description={t('payments.subtitle')}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            onClick={() => void exportCsv()}
            loading={exporting}
            disabled={!data || data.total === 0}
          >
            {t('payments.export')}
          </Button>
        }
      />
      {data && !data.configured ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={20} />}
          title={t('payments.notConfiguredTitle')}
        >
          {t('payments.notConfiguredText')}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <DateField label={t('payments.filters.from')} value={from} onChange={onFilter(setFrom)} clearable />
          <DateField label={t('payments.filters.to')} value={to} onChange={onFilter(setTo)} clearable />
          <Select
            label={t('payments.filters.status')}
            placeholder={t('payments.filters.anyStatus')}
            value={status}
            onChange={onFilter(setStatus)}
            data={billingPaymentStatuses.map((s) => ({ value: s, label: t(`payments.status.${s}`) }))}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('payments.filters.account')}
            placeholder={t('payments.filters.accountPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            type="search"
          />
        </SimpleGrid>
      </Paper>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {data ? (
          <>
            <KpiCard
              icon={<IconCash size={20} />}
              color="teal"
              label={t('payments.totals.collected')}
              value={totals(data.totals.collected)}
              hint={t('payments.totals.collectedHint', {
                count: data.totals.collected.reduce((n, m) => n + m.count, 0),
              })}
            />
            <KpiCard
              icon={<IconAlertTriangle size={20} />}
              color="red"
              label={t('payments.totals.failed')}
              value={formatCount(data.totals.failed_count, language)}
              hint={t('payments.totals.failedHint')}
            />
            <KpiCard
              icon={<IconReceiptRefund size={20} />}
              color="gray"
              label={t('payments.totals.refunded')}
              value={totals(data.totals.refunded)}
              hint={t('payments.totals.refundedHint')}
            />
          </>
        ) : (
          <>
            <KpiCardSkeleton />
            <KpiCardSkeleton />
            <KpiCardSkeleton />
          </>
        )}
      </SimpleGrid>

      {payments.isError ? (
        <LoadError title={t('payments.loadError')} onRetry={() => void payments.refetch()} />
      ) : (
        <Paper withBorder radius="md">
          {data && data.items.length === 0 ? (
            filtered ? (
              <EmptyState
                icon={<IconSearch size={28} />}
                title={t('payments.noMatchTitle')}
                description={t('payments.noMatchText')}
                action={
                  <Button variant="light" onClick={reset}>
                    {t('payments.clearFilters')}
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={<IconCash size={28} />}
                title={t('payments.emptyTitle')}
                description={t('payments.emptyText')}
              />
            )
          ) : (
            <PaymentsTable rows={data?.items} loading={payments.isFetching} mobile={isMobile} />
          )}
        </Paper>
      )}
      {data && totalPages > 1 ? (
        <Group justify="center">
          <Pagination total={totalPages} value={Math.min(page, totalPages)} onChange={setPage} />
        </Group>
      ) : null}
      {data ? (
        <Text size="xs" c="dimmed" ta="center">
          {t('payments.count', { count: data.total })}
        </Text>
      ) : null}
    </Stack>
  );
}
