import { Grid, Group, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function KpiSkeleton() {
  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Skeleton height={14} width="55%" />
        <Skeleton height={34} width={34} radius="md" />
      </Group>
      <Skeleton height={26} width="60%" mt={10} />
      <Skeleton height={10} width="80%" mt={12} />
    </Paper>
  );
}

function CardSkeleton({ lines = 3, height }: { lines?: number; height?: number }) {
  return (
    <Paper withBorder p="xl" h="100%">
      <Stack gap="sm">
        <Skeleton height={18} width="40%" />
        {height ? <Skeleton height={height} mt="sm" /> : null}
        {Array.from({ length: lines }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={i} height={12} width={`${90 - i * 12}%`} />
        ))}
      </Stack>
    </Paper>
  );
}

/** The chart, breakdown and list placeholders (also while their code loads). */
export function DetailsSkeleton() {
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <CardSkeleton lines={0} height={240} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <CardSkeleton lines={6} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <CardSkeleton lines={5} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <CardSkeleton lines={3} />
      </Grid.Col>
    </Grid>
  );
}

/** The dashboard's shape while its figures load: four KPI cards, the chart, the breakdown and the list. */
export function DashboardSkeleton() {
  const { t } = useTranslation('dashboard');
  return (
    <Stack gap="lg" aria-busy="true" aria-label={t('loadingFigures')} data-testid="dashboard-skeleton">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'lg' }}>
        <KpiSkeleton />
        <KpiSkeleton />
        <KpiSkeleton />
        <KpiSkeleton />
      </SimpleGrid>
      <DetailsSkeleton />
    </Stack>
  );
}
