import '@mantine/charts/styles.css';
import {
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { UpsellReportQuery } from '@posada/contracts/experiences';
import type { Currency } from '@posada/contracts/properties';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { propertiesQuery } from '../../../lib/api/properties-api.ts';
import { formatMoneyIn, formatNumber } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { useOperatorToday } from '../../../lib/today.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { downloadReportCsv, errorText, reportQuery } from '../api/upselling-api.ts';
import { ExperiencesFrame } from '../components/experiences-frame.tsx';
import { type PeriodPreset, percent, periodPresets, presetRange, validRange } from '../lib/report-period.ts';
import { FunnelChart, RevenueChart } from './report-charts.tsx';
import { BreakdownTable } from './report-tables.tsx';

function Kpi({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="report-kpi">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text
        fz={{ base: 20, sm: 26 }}
        fw={700}
        mt={4}
        style={{ whiteSpace: 'nowrap' }}
        data-testid="report-kpi-value"
      >
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

/** upsellingReports (spec 2.2): requests, conversion and revenue for a period, charts, tables and a CSV. */
export function UpsellReportsPage() {
  const { t, i18n } = useTranslation('upselling');
  useDocumentTitle(t('reports.documentTitle'));
  const lang = i18n.language;
  const mobile = useIsMobile();
  const today = useOperatorToday();
  const [preset, setPreset] = useState<PeriodPreset>('this_month');
  const [custom, setCustom] = useState(() => presetRange('this_month', today));
  const [propertyId, setPropertyId] = useState<string | null>(null);
  const range = preset === 'custom' ? custom : presetRange(preset, today);
  const ready = validRange(range.from, range.to);
  const query: UpsellReportQuery = { ...range, property_id: propertyId ?? undefined };
  const report = useQuery({ ...reportQuery(query), enabled: ready });
  const properties = useQuery(propertiesQuery);
  const csv = useMutation({
    mutationFn: () => downloadReportCsv(query, `upselling-${range.from}-${range.to}.csv`),
    onSuccess: (name) => notify.success(t('reports.csvDone', { name })),
    onError: (error) => notify.error(errorText(error)),
  });

  const data = report.data;
  const money = (minor: number) => formatMoneyIn(minor, (data?.currency ?? 'EUR') as Currency, lang);
  const presetOptions = periodPresets.map((p) => ({ value: p, label: t(`reports.presets.${p}`) }));

  return (
    <ExperiencesFrame
      tab="reports"
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => csv.mutate()}
          loading={csv.isPending}
          disabled={!ready}
        >
          {t('reports.csv')}
        </Button>
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        {mobile ? (
          <Select
            label={t('reports.period')}
            data={presetOptions}
            value={preset}
            onChange={(v) => v && setPreset(v as PeriodPreset)}
            allowDeselect={false}
            w="100%"
          />
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('reports.period')}
            </Text>
            <SegmentedControl
              data={presetOptions}
              value={preset}
              onChange={(v) => setPreset(v as PeriodPreset)}
              aria-label={t('reports.period')}
            />
          </Stack>
        )}
        {preset === 'custom' ? (
          <Group gap="sm" wrap="nowrap" w={{ base: '100%', sm: 'auto' }}>
            <DateField
              label={t('filters.from')}
              value={custom.from}
              onChange={(from) => setCustom((c) => ({ ...c, from }))}
              maxDate={custom.to || undefined}
              w={{ base: '50%', sm: 160 }}
            />
            <DateField
              label={t('filters.to')}
              value={custom.to}
              onChange={(to) => setCustom((c) => ({ ...c, to }))}
              minDate={custom.from || undefined}
              w={{ base: '50%', sm: 160 }}
            />
          </Group>
        ) : null}
        <Select
          label={t('filters.property')}
          placeholder={t('filters.allProperties')}
          data={(properties.data?.items ?? []).map((p) => ({ value: p.id, label: p.nombre }))}
          value={propertyId}
          onChange={setPropertyId}
          clearable
          searchable
          w={{ base: '100%', sm: 220 }}
        />
      </Group>

      {!ready ? (
        <Text size="sm" c="dimmed">
          {t('reports.pickPeriod')}
        </Text>
      ) : report.isError && !data ? (
        <LoadError title={t('loadError')} onRetry={() => report.refetch()} />
      ) : !data ? (
        <Stack gap="md" aria-busy>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {['a', 'b', 'c', 'd'].map((k) => (
              <Skeleton key={k} h={92} radius="md" />
            ))}
          </SimpleGrid>
          <Skeleton h={300} radius="md" />
        </Stack>
      ) : (
        <Stack gap="md" style={{ opacity: report.isFetching ? 0.6 : 1 }} data-testid="report">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Kpi
              label={t('reports.kpi.requests')}
              value={formatNumber(data.requests.total, lang)}
              hint={t('reports.kpi.pendingHint', { count: data.requests.pending })}
            />
            <Kpi label={t('reports.kpi.paid')} value={formatNumber(data.requests.paid, lang)} />
            <Kpi label={t('reports.kpi.revenue')} value={money(data.revenue)} />
            <Kpi
              label={t('reports.kpi.conversion')}
              value={formatNumber(percent(data.conversion.paid, data.conversion.offered) / 100, lang, {
                style: 'percent',
                maximumFractionDigits: 1,
              })}
              hint={t('reports.kpi.conversionHint')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <FunnelChart conversion={data.conversion} />
            <RevenueChart report={data} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xl: 3 }} spacing="md">
            <BreakdownTable
              title={t('reports.byService')}
              rows={data.by_service}
              currency={data.currency}
              testId="report-by-service"
            />
            <BreakdownTable
              title={t('reports.byProvider')}
              rows={data.by_provider}
              currency={data.currency}
              testId="report-by-provider"
            />
            <BreakdownTable
              title={t('reports.byProperty')}
              rows={data.by_property}
              currency={data.currency}
              testId="report-by-property"
            />
          </SimpleGrid>
        </Stack>
      )}
    </ExperiencesFrame>
  );
}
