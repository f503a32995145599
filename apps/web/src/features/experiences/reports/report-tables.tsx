import { Card, Table, Text, Title } from '@mantine/core';
import type { UpsellReport } from '@posada/contracts/experiences';
import type { Currency } from '@posada/contracts/properties';
import { useTranslation } from 'react-i18next';
import { formatMoneyIn, formatNumber } from '../../../lib/intl.ts';

type Row = UpsellReport['by_service'][number];

/** One breakdown of the report (by service, provider or property), the biggest revenue first. */
export function BreakdownTable({
  title,
  rows,
  currency,
  testId,
}: {
  title: string;
  rows: Row[];
  currency: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation('upselling');
  const lang = i18n.language;
  const sorted = [...rows].sort((a, b) => b.revenue - a.revenue || b.requests - a.requests);
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Title order={2} fz="h5" mb="sm">
        {title}
      </Title>
      {sorted.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('reports.noRows')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.columns.name')}</Table.Th>
                <Table.Th ta="end">{t('reports.columns.requests')}</Table.Th>
                <Table.Th ta="end">{t('reports.columns.paid')}</Table.Th>
                <Table.Th ta="end">{t('reports.columns.revenue')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sorted.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td>{row.label || t('reports.internal')}</Table.Td>
                  <Table.Td ta="end">{formatNumber(row.requests, lang)}</Table.Td>
                  <Table.Td ta="end">{formatNumber(row.paid, lang)}</Table.Td>
                  <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoneyIn(row.revenue, currency as Currency, lang)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
