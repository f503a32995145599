import { Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../components/brand-logo.tsx';

/** A full-page message (not found, crash) with the brand, a big visual, a text and actions. */
export function StatusScreen({
  visual,
  title,
  description,
  actions,
}: {
  visual: ReactNode;
  title: string;
  description: string;
  actions: ReactNode;
}) {
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)" component="main">
      <Stack align="center" gap="lg" maw={480} ta="center">
        <BrandLogo size={28} />
        {visual}
        <Stack gap={8}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          <Text c="dimmed">{description}</Text>
        </Stack>
        {actions}
      </Stack>
    </Center>
  );
}
