import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { AdminCheckinRow } from '@posada/contracts/admin-billing';
import { useTranslation } from 'react-i18next';
import { CardList, CardListItem } from '../../../components/card-list.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';
import { formatDate, formatDateTime } from '../lib/format.ts';

/** The user's check-ins (completed or pending) on the information page. */
export function CheckinsTable({
  rows,
  loading,
  mobile,
}: {
  rows: AdminCheckinRow[] | undefined;
  loading: boolean;
  mobile: boolean;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  const stay = (r: AdminCheckinRow) =>
    `${formatDate(r.start_date, language)} → ${formatDate(r.end_date, language)}`;
  const status = (r: AdminCheckinRow) => (
    <Badge size="sm" variant="light" color={r.status === 'complete' ? 'teal' : 'yellow'}>
      {t(`information.checkinStatus.${r.status === 'complete' ? 'complete' : 'pending'}`)}
    </Badge>
  );
  if (mobile) {
    if (!rows) return <ListSkeleton />;
    return (
      <CardList label={t('information.checkinsLabel')} busy={loading}>
        {rows.map((r, index) => (
          <CardListItem key={r.id} divided={index > 0}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} size="sm" truncate>
                {r.name}
              </Text>
              {status(r)}
            </Group>
            <Text size="xs">{r.property_name}</Text>
            <Text size="xs" c="dimmed">
              {stay(r)} · {t('information.guestsN', { count: r.expected_guests })}
            </Text>
          </CardListItem>
        ))}
      </CardList>
    );
  }
  return (
    <Table.ScrollContainer type="native" minWidth={720}>
      <Table verticalSpacing="sm" aria-label={t('information.checkinsLabel')} aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('information.columns.guest')}</Table.Th>
            <Table.Th>{t('information.columns.property')}</Table.Th>
            <Table.Th>{t('information.columns.stay')}</Table.Th>
            <Table.Th ta="end">{t('information.columns.guests')}</Table.Th>
            <Table.Th>{t('information.columns.status')}</Table.Th>
            <Table.Th>{t('information.columns.completed')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows ? (
            rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {r.name}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>{r.property_name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{stay(r)}</Table.Td>
                <Table.Td ta="end">{r.expected_guests}</Table.Td>
                <Table.Td>{status(r)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {r.completed_at ? formatDateTime(r.completed_at, language) : '—'}
                </Table.Td>
              </Table.Tr>
            ))
          ) : (
            <TableSkeletonRows columns={6} rows={5} />
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
