import { Box, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { DashboardData } from '@posada/contracts/dashboard';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money.ts';
import { withShares } from '../lib/dashboard-params.ts';
import { formatPercent } from '../lib/format.ts';

const channelColors: Record<string, string> = {
  manual: 'posada',
  web: 'teal',
  airbnb: 'pink',
  booking: 'blue',
  expedia: 'yellow',
  vrbo: 'indigo',
  other: 'gray',
};
const propertyColors = ['posada', 'grape', 'orange', 'cyan', 'lime', 'violet'];

interface Row {
  key: string;
  label: string;
  revenue: number;
  share: number;
  color: string;
}

function ShareList({
  title,
  rows,
  currency,
}: {
  title: string;
  rows: Row[];
  currency: DashboardData['currency'];
}) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'es';
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Text id={headingId} component="h3" size="sm" fw={650} m={0} mb="xs">
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('breakdown.none')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <li key={row.key}>
              <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
                <Text size="sm" truncate dir="auto" title={row.label} style={{ minWidth: 0 }}>
                  {row.label}
                </Text>
                <Group gap={6} wrap="nowrap" align="baseline">
                  <Text size="sm" fw={650} style={{ whiteSpace: 'nowrap' }}>
                    {money(row.revenue, currency, language, 'whole')}
                  </Text>
                  <Text size="xs" c="dimmed" miw={38} ta="end" style={{ whiteSpace: 'nowrap' }}>
                    {formatPercent(Math.round(row.share * 10) / 10, language)}
                  </Text>
                </Group>
              </Group>
              <Progress value={row.share} color={row.color} size="sm" radius="xl" aria-hidden />
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** Where the revenue of the period comes from: booking channels, and properties when several are shown. */
export function RevenueBreakdown({ data, showProperties }: { data: DashboardData; showProperties: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'es';
  const channels: Row[] = withShares(data.revenue_by_channel.filter((r) => r.revenue > 0)).map((r) => ({
    key: r.channel,
    label: t(`channels.${r.channel}`),
    revenue: r.revenue,
    share: r.share,
    color: channelColors[r.channel] ?? 'gray',
  }));
  const properties: Row[] = withShares(data.revenue_by_property).map((r, i) => ({
    key: r.property_id,
    label: r.nombre,
    revenue: r.revenue,
    share: r.share,
    color: propertyColors[i % propertyColors.length] ?? 'gray',
  }));
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      h="100%"
      component="section"
      aria-labelledby="breakdown-title"
    >
      <Stack gap="lg">
        <div>
          <Title order={2} fz="lg" id="breakdown-title">
            {t('breakdown.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('breakdown.subtitle')}
          </Text>
        </div>
        <ShareList title={t('breakdown.byChannel')} rows={channels} currency={data.currency} />
        {showProperties && (
          <ShareList title={t('breakdown.byProperty')} rows={properties} currency={data.currency} />
        )}
        <Group justify="space-between" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          <Text size="sm" c="dimmed">
            {t('breakdown.total')}
          </Text>
          <Text fw={700}>{money(data.revenue, data.currency, language, 'whole')}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}
