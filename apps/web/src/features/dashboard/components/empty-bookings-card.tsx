import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A new account with no booking yet: what the figures will show, and where to create the first booking. */
export function EmptyBookingsCard({ createHref }: { createHref: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder p="xl" component="section" aria-labelledby="empty-bookings-title">
      <Stack align="center" ta="center" gap="sm" py="md" maw={480} mx="auto">
        <ThemeIcon size={64} radius="xl" variant="light" color="posada">
          <IconCalendarPlus size={32} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="xl" id="empty-bookings-title">
          {t('empty.title')}
        </Title>
        <Text c="dimmed">{t('empty.text')}</Text>
        <Button
          component={Link}
          to={createHref}
          leftSection={<IconCalendarPlus size={18} aria-hidden />}
          mt="xs"
        >
          {t('empty.create')}
        </Button>
      </Stack>
    </Paper>
  );
}
