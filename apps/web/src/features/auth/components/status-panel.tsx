import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

const colors = { success: 'teal', error: 'red', info: 'posada', warning: 'yellow' } as const;

/** A result screen (confirmed, link expired, check your e-mail…): icon, heading, text and actions. */
export function StatusPanel({
  tone,
  icon,
  title,
  children,
}: {
  tone: keyof typeof colors;
  icon: ReactNode;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack gap="md" w="100%" maw={440} mx="auto" align="stretch">
      <ThemeIcon size={64} radius="xl" variant="light" color={colors[tone]} style={{ alignSelf: 'center' }}>
        {icon}
      </ThemeIcon>
      <Title order={1} fz={{ base: 24, sm: 28 }} ta="center" lh={1.25}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A centred paragraph inside a StatusPanel. */
export function StatusText({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" ta="center">
      {children}
    </Text>
  );
}
