import { Grid, Skeleton, Stack } from '@mantine/core';

/** The subscription screens while their data loads: the status card, the picker and the summary. */
export function SubscriptionSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Skeleton h={110} radius="lg" />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Skeleton h={36} w={260} radius="xl" />
            <Skeleton h={56} w={280} />
            <Skeleton h={240} radius="lg" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton h={200} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
