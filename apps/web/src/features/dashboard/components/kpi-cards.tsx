import { Group, Paper, Progress, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { DashboardData } from '@posada/contracts/dashboard';
import { type Icon, IconCalendarEvent, IconCoins, IconDoorEnter, IconPercentage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money.ts';
import { formatCount, formatPercent } from '../lib/format.ts';

function KpiCard({
  id,
  icon: IconComponent,
  color,
  label,
  value,
  hint,
  children,
}: {
  id: string;
  icon: Icon;
  color: string;
  label: string;
  value: string;
  hint: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={`kpi-${id}`} data-kpi={id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text id={`kpi-${id}`} size="sm" c="dimmed" fw={600} component="h2" m={0}>
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size={34} radius="md">
          <IconComponent size={19} aria-hidden />
        </ThemeIcon>
      </Group>
      <Text
        fz={{ base: 24, sm: 28 }}
        fw={750}
        lh={1.15}
        mt={6}
        data-kpi-value
        style={{ overflowWrap: 'anywhere' }}
      >
        {value}
      </Text>
      {children}
      <Text size="xs" c="dimmed" mt={6}>
        {hint}
      </Text>
    </Paper>
  );
}

/** spec 2.4 Dashboard: total reservations, check-ins today, occupancy and revenue, for the chosen period (checkins today is always today). */
export function KpiCards({ data }: { data: DashboardData }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'es';
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'lg' }}>
      <KpiCard
        id="reservations"
        icon={IconCalendarEvent}
        color="posada"
        label={t('kpi.reservations')}
        value={formatCount(data.total_reservations, language)}
        hint={t('kpi.reservationsHint')}
      />
      <KpiCard
        id="checkins"
        icon={IconDoorEnter}
        color="blue"
        label={t('kpi.checkinsToday')}
        value={formatCount(data.checkins_today, language)}
        hint={t('kpi.checkinsHint')}
      />
      <KpiCard
        id="occupancy"
        icon={IconPercentage}
        color="grape"
        label={t('kpi.occupancy')}
        value={formatPercent(data.occupancy, language)}
        hint={t('kpi.occupancyHint')}
      >
        <Progress
          value={Math.min(100, Math.max(0, data.occupancy))}
          color="grape"
          size="sm"
          mt={8}
          aria-hidden
        />
      </KpiCard>
      <KpiCard
        id="revenue"
        icon={IconCoins}
        color="teal"
        label={t('kpi.revenue')}
        value={money(data.revenue, data.currency, language, 'whole')}
        hint={t('kpi.revenueHint')}
      />
    </SimpleGrid>
  );
}
