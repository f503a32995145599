import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure of the admin summary: label, value and a short explanation. */
export function KpiCard({
  icon,
  color,
  label,
  value,
  hint,
}: {
  icon: ReactNode;
  color: string;
  label: string;
  value: string;
  hint: string;
}) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={{ base: 24, sm: 28 }} fw={700} lh={1.2}>
            {value}
          </Text>
        </Stack>
        <ThemeIcon variant="light" color={color} size={36} radius="md" visibleFrom="xs">
          {icon}
        </ThemeIcon>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {hint}
      </Text>
    </Paper>
  );
}

export function KpiCardSkeleton() {
  return (
    <Paper withBorder p="md" radius="md" aria-hidden>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton h={12} w="60%" />
          <Skeleton h={26} w="40%" />
        </Stack>
        <Skeleton h={40} w={40} radius="md" />
      </Group>
      <Skeleton h={10} w="80%" mt="sm" />
    </Paper>
  );
}
