import { Alert, Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackToSettings, SectionHeader } from '../../components/section-page.tsx';
import type { RoomPageKey } from '../../lib/settings-menu.ts';

/** A rooms/rates/images/QR settings page: the back link on phones, the header and its actions. */
export function RoomsPageFrame({
  page,
  actions,
  children,
}: {
  page: RoomPageKey;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <BackToSettings />
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <SectionHeader section={page} />
        </div>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
      {children}
    </Stack>
  );
}

/** Placeholder rows while a list loads. */
export function PanelSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Paper withBorder radius="lg" p="md" aria-hidden data-testid="rooms-skeleton">
      <Stack gap="md">
        {Array.from({ length: rows }, (_, n) => `row-${n}`).map((key) => (
          <Group key={key} gap="md" wrap="nowrap">
            <Skeleton h={36} w={36} radius="md" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={12} w="45%" />
              <Skeleton h={10} w="70%" />
            </Stack>
            <Skeleton h={28} w={72} radius="md" />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** A list that could not be loaded: the spec's text and a retry. */
export function LoadError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <Alert
      color="red"
      variant="light"
      radius="lg"
      icon={<IconAlertCircle size={20} aria-hidden />}
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        {message}
        <Button
          size="xs"
          color="red"
          variant="white"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={retrying}
          onClick={onRetry}
        >
          {t('actions.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
