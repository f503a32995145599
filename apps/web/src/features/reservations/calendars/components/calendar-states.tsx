import { Alert, Box, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBuildingCommunity, IconHomePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { pathTo } from '../../../../config/routes.ts';

/** The timeline's shape while the first window loads: header, names and a few bars. */
export function TimelineSkeleton({ rows = 10, nameWidth = 200 }: { rows?: number; nameWidth?: number }) {
  const { t } = useTranslation('calendar');
  const widths = [38, 22, 54, 30, 46, 26, 60, 34, 42, 28, 50, 36];
  return (
    <Paper
      withBorder
      radius="lg"
      style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}
      aria-busy
      aria-label={t('grid.loading')}
      data-testid="calendar-skeleton"
    >
      <Group
        h={60}
        px="md"
        gap="md"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Skeleton h={14} w={nameWidth - 40} />
        {Array.from({ length: 14 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
          <Skeleton key={i} h={28} w={36} radius="sm" />
        ))}
      </Group>
      {Array.from({ length: rows }, (_, i) => (
        <Group
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
          key={i}
          h={48}
          px="md"
          gap="md"
          wrap="nowrap"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Skeleton h={14} w={nameWidth - 60} />
          <Box style={{ flex: 1, position: 'relative', height: 24 }}>
            <Skeleton
              h={24}
              radius="sm"
              w={`${widths[i % widths.length]}%`}
              style={{ position: 'absolute', insetInlineStart: `${(i * 17) % 40}%` }}
            />
          </Box>
        </Group>
      ))}
    </Paper>
  );
}

/** spec 8 'Error loading calendar data', with a retry. */
export function CalendarError({
  message,
  onRetry,
  retrying,
}: {
  message?: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation('calendar');
  return (
    <Paper withBorder radius="lg" p="xl">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={20} />}
        title={t('errors.load')}
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          {message ? <Text size="sm">{message}</Text> : null}
          <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
            {t('actions.retry')}
          </Button>
        </Stack>
      </Alert>
    </Paper>
  );
}

/** No property yet: what the calendar is for, and the way to create one. */
export function NoProperties({ hotel = false }: { hotel?: boolean }) {
  const { t } = useTranslation('calendar');
  return (
    <Paper withBorder radius="lg">
      <EmptyState
        icon={hotel ? <IconBuildingCommunity size={28} /> : <IconHomePlus size={28} />}
        title={hotel ? t('empty.hotelTitle') : t('empty.title')}
        description={hotel ? t('empty.hotelBody') : t('empty.body')}
        action={
          <Button component={Link} to={pathTo('createPropiedad')} leftSection={<IconHomePlus size={18} />}>
            {t('empty.create')}
          </Button>
        }
      />
    </Paper>
  );
}
