import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { DashboardData } from '@posada/contracts/dashboard';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money.ts';
import { type ChartRange, chartRanges } from '../lib/dashboard-params.ts';
import { formatCount } from '../lib/format.ts';
import { RevenueChart } from './revenue-chart.tsx';

/** The revenue chart over the last 6, 12 or 24 months (spec 2.4, spec 9), with its range switch. */
export function RevenueChartCard({
  data,
  months,
  onMonthsChange,
}: {
  data: DashboardData;
  months: ChartRange;
  onMonthsChange: (months: ChartRange) => void;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'es';
  const [asTable, setAsTable] = useState(false);
  const total = data.chart.reduce((sum, m) => sum + m.revenue, 0);
  const bookings = data.chart.reduce((sum, m) => sum + m.bookings, 0);
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      h="100%"
      component="section"
      aria-labelledby="revenue-chart-title"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} fz="lg" id="revenue-chart-title">
              {t('chart.title')}
            </Title>
            <Text size="sm" c="dimmed" data-testid="chart-total">
              {t('chart.total', {
                count: months,
                total: money(total, data.currency, language, 'whole'),
                bookings: t('chart.bookings', {
                  count: bookings,
                  formatted: formatCount(bookings, language),
                }),
              })}
            </Text>
          </div>
          <SegmentedControl
            size="xs"
            radius="md"
            aria-label={t('chart.rangeLabel')}
            value={String(months)}
            onChange={(value) => onMonthsChange(Number(value) as ChartRange)}
            data={chartRanges.map((m) => ({ value: String(m), label: t('chart.range', { count: m }) }))}
          />
        </Group>
        <RevenueChart chart={data.chart} currency={data.currency} asTable={asTable} />
        <Group justify="flex-end">
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            leftSection={
              asTable ? <IconChartBar size={16} aria-hidden /> : <IconTable size={16} aria-hidden />
            }
            onClick={() => setAsTable((v) => !v)}
          >
            {asTable ? t('chart.showChart') : t('chart.showTable')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
