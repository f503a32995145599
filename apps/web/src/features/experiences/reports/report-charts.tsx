import { BarChart } from '@mantine/charts';
import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { UpsellReport } from '@posada/contracts/experiences';
import type { Currency } from '@posada/contracts/properties';
import { useTranslation } from 'react-i18next';
import { formatMoneyIn, formatMonth, formatNumber } from '../../../lib/intl.ts';
import { percent } from '../lib/report-period.ts';

const funnelSteps = ['offered', 'viewed', 'requested', 'paid'] as const;
const funnelColors = ['blue.3', 'blue.5', 'indigo.6', 'teal.6'];

/**
 * The funnel as bars measured against the first step (offered → viewed → requested → paid). Progress bars
 * follow the page's direction, so the funnel reads right to left in Arabic.
 */
export function FunnelChart({ conversion }: { conversion: UpsellReport['conversion'] }) {
  const { t, i18n } = useTranslation('upselling');
  const lang = i18n.language;
  const top = Math.max(conversion.offered, conversion.viewed, conversion.requested, conversion.paid, 1);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="report-funnel">
      <Title order={2} fz="h5" mb="md">
        {t('reports.funnel.title')}
      </Title>
      <Stack gap="md">
        {funnelSteps.map((step, n) => {
          const value = conversion[step];
          return (
            <Stack key={step} gap={4}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm">{t(`reports.funnel.${step}`)}</Text>
                <Group gap={6} wrap="nowrap">
                  {n > 0 ? (
                    <Text size="xs" c="dimmed">
                      {formatNumber(percent(value, conversion.offered) / 100, lang, {
                        style: 'percent',
                        maximumFractionDigits: 1,
                      })}
                    </Text>
                  ) : null}
                  <Text size="sm" fw={600}>
                    {formatNumber(value, lang)}
                  </Text>
                </Group>
              </Group>
              <Progress
                value={(value / top) * 100}
                color={funnelColors[n]}
                size="xl"
                radius="sm"
                aria-label={t(`reports.funnel.${step}`)}
              />
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}

/** Revenue by month (paid requests), every month of the period. The axes mirror in Arabic. */
export function RevenueChart({ report }: { report: UpsellReport }) {
  const { t, i18n } = useTranslation('upselling');
  const lang = i18n.language;
  const rtl = i18n.dir(lang) === 'rtl';
  const currency = report.currency as Currency;
  const data = report.by_month.map((m) => ({
    month: formatMonth(m.key, lang),
    revenue: m.revenue / 100,
    requests: m.requests,
  }));
  return (
    <Card withBorder radius="md" padding="lg" data-testid="report-revenue-chart">
      <Title order={2} fz="h5" mb="md">
        {t('reports.byMonth')}
      </Title>
      <div dir="ltr">
        <BarChart
          h={260}
          data={data}
          dataKey="month"
          series={[{ name: 'revenue', label: t('reports.kpi.revenue'), color: 'teal.6' }]}
          valueFormatter={(value) => formatMoneyIn(Math.round(value * 100), currency, lang)}
          xAxisProps={{ reversed: rtl, interval: 'preserveStartEnd' }}
          yAxisProps={{
            orientation: rtl ? 'right' : 'left',
            width: 80,
            tickFormatter: (value: number) => formatNumber(value, lang, { notation: 'compact' }),
          }}
          tickLine="y"
          gridAxis="y"
        />
      </div>
    </Card>
  );
}
