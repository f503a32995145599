import { Grid, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function CardSkeleton({ lines = 3, avatar = false }: { lines?: number; avatar?: boolean }) {
  return (
    <Paper withBorder p="xl" h="100%">
      <Group align="flex-start" wrap="nowrap" gap="md">
        {avatar && <Skeleton height={56} width={56} radius="md" />}
        <Stack gap="sm" style={{ flex: 1 }}>
          <Skeleton height={18} width="45%" />
          {Array.from({ length: lines }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={i} height={12} width={`${85 - i * 15}%`} />
          ))}
        </Stack>
      </Group>
    </Paper>
  );
}

export function DashboardSkeleton() {
  const { t } = useTranslation('dashboard');
  return (
    <Stack gap="xl" aria-busy="true" aria-label={t('loading')}>
      <Stack gap={10}>
        <Skeleton height={30} width={260} />
        <Skeleton height={14} width={360} maw="80%" />
      </Stack>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <CardSkeleton avatar lines={4} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CardSkeleton lines={3} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <CardSkeleton lines={3} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CardSkeleton lines={2} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
