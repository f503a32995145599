import { Code, Group, Stack, Table, Text } from '@mantine/core';
import type { AdminPaymentRow } from '@posada/contracts/admin-billing';
import { useTranslation } from 'react-i18next';
import { CardList, CardListItem } from '../../../components/card-list.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';
import { money } from '../../../lib/money.ts';
import { formatDateTime } from '../lib/format.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

/** manager/payments' rows: a table on wide screens, cards under 768 px. */
export function PaymentsTable({
  rows,
  loading,
  mobile,
}: {
  rows: AdminPaymentRow[] | undefined;
  loading: boolean;
  mobile: boolean;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  if (mobile) {
    if (!rows) return <ListSkeleton />;
    return (
      <CardList label={t('payments.tableLabel')} busy={loading}>
        {rows.map((r, index) => (
          <CardListItem key={r.id} divided={index > 0}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} size="sm" truncate>
                {r.account_name}
              </Text>
              <Text fw={600} size="sm" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {money(r.amount, r.currency, language, 'admin')}
              </Text>
            </Group>
            <Group gap="xs">
              <PaymentStatusBadge status={r.status} />
              <Text size="xs" c="dimmed">
                {formatDateTime(r.occurred_at, language)}
              </Text>
              {r.invoice_code ? <Code fz="xs">{r.invoice_code}</Code> : null}
            </Group>
            {r.failure_message ? (
              <Text size="xs" c="red">
                {r.failure_message}
              </Text>
            ) : null}
          </CardListItem>
        ))}
      </CardList>
    );
  }
  return (
    <Table.ScrollContainer type="native" minWidth={820}>
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label={t('payments.tableLabel')}
        aria-busy={loading}
        style={{ opacity: loading && rows ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payments.columns.date')}</Table.Th>
            <Table.Th>{t('payments.columns.account')}</Table.Th>
            <Table.Th>{t('payments.columns.invoice')}</Table.Th>
            <Table.Th ta="end">{t('payments.columns.amount')}</Table.Th>
            <Table.Th>{t('payments.columns.status')}</Table.Th>
            <Table.Th>{t('payments.columns.detail')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows ? (
            rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(r.occurred_at, language)}
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {r.account_name}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>{r.invoice_code ? <Code fz="sm">{r.invoice_code}</Code> : '—'}</Table.Td>
                <Table.Td ta="end" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                  {money(r.amount, r.currency, language, 'admin')}
                </Table.Td>
                <Table.Td>
                  <PaymentStatusBadge status={r.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={r.failure_message ? 'red' : 'dimmed'}>
                    {r.failure_message ?? '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))
          ) : (
            <TableSkeletonRows columns={6} rows={8} />
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
