import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading and body of a public auth screen, inside the Auth layout. */
export function AuthPage({
  title,
  description,
  width = 420,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" w="100%" maw={width} mx="auto">
      <Stack gap={6}>
        <Title order={1} fz={{ base: 26, sm: 30 }} lh={1.2}>
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {children}
    </Stack>
  );
}
