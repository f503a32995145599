import { Code, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Advisor } from '@posada/contracts/admin';
import { useTranslation } from 'react-i18next';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';
import { formatCount, formatDate } from '../lib/format.ts';
import { AdvisorStatusBadge, AdvisorToggleButton } from './advisor-status.tsx';

const COLUMNS = 7;

/** advisorsPage's list: who, which code, how many accounts it brought, and whether it still works. */
export function AdvisorsTable({
  advisors,
  pendingId,
  onToggle,
}: {
  advisors: Advisor[] | undefined;
  pendingId: string | null;
  onToggle: (advisor: Advisor) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  return (
    <Table.ScrollContainer type="native" minWidth={820}>
      <Table
        verticalSpacing="sm"
        styles={{ th: { whiteSpace: 'nowrap' } }}
        highlightOnHover
        aria-label={t('advisors.tableLabel')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('advisors.columns.name')}</Table.Th>
            <Table.Th>{t('advisors.columns.email')}</Table.Th>
            <Table.Th>{t('advisors.columns.code')}</Table.Th>
            <Table.Th ta="end">{t('advisors.columns.accounts')}</Table.Th>
            <Table.Th>{t('advisors.columns.status')}</Table.Th>
            <Table.Th>{t('advisors.columns.created')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('advisors.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {advisors ? (
            advisors.map((advisor) => (
              <Table.Tr key={advisor.id}>
                <Table.Td fw={600}>{advisor.name}</Table.Td>
                <Table.Td>
                  {advisor.email ? (
                    <Text size="sm" dir="ltr" span>
                      {advisor.email}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed" span>
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Code fz="sm">{advisor.code}</Code>
                </Table.Td>
                <Table.Td ta="end">{formatCount(advisor.accounts_count, language)}</Table.Td>
                <Table.Td>
                  <AdvisorStatusBadge active={advisor.active} />
                </Table.Td>
                <Table.Td>{formatDate(advisor.created_at, language)}</Table.Td>
                <Table.Td ta="end">
                  <AdvisorToggleButton
                    advisor={advisor}
                    pending={pendingId === advisor.id}
                    onToggle={onToggle}
                  />
                </Table.Td>
              </Table.Tr>
            ))
          ) : (
            <TableSkeletonRows columns={COLUMNS} />
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
