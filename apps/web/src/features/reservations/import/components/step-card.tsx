import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One numbered step of the import page: a section with its own heading. */
export function StepCard({
  step,
  title,
  description,
  children,
  headingId,
}: {
  step: number;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  headingId: string;
}) {
  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={32} radius="xl" variant="light" aria-hidden>
            <Text fw={700} size="sm">
              {step}
            </Text>
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="h4" id={headingId}>
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </Stack>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
