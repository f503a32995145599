import { Center, Group, Image, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A full-page centred card for screens outside the Auth layout (logout, legacy bridge). */
export function StandaloneFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480}>
        <Group gap="xs" mb="lg" justify="center">
          <Image src="/favicon.svg" alt="" w={28} h={28} />
          <Text fw={700} fz="lg">
            {t('common:appName')}
          </Text>
        </Group>
        {children}
      </Paper>
    </Center>
  );
}
