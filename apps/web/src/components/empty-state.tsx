import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a screen shows when there is nothing yet: what it is, and what to do next. */
export function EmptyState({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light">
        {icon}
      </ThemeIcon>
      <Title order={2} fz="h4">
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="sm" maw={420}>
          {description}
        </Text>
      ) : null}
      {action}
    </Stack>
  );
}
