import { Alert, Group, Pagination, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { BroadcastPreviewAnswer } from '@posada/contracts/broadcasts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Step 3: the message each guest will read, one at a time. */
export function PreviewStep({
  preview,
  loading,
  error,
}: {
  preview: BroadcastPreviewAnswer | null;
  loading: boolean;
  error: string | null;
}) {
  const { t } = useTranslation('broadcasts');
  const [page, setPage] = useState(1);
  if (error)
    return (
      <Alert color="red" variant="light" role="alert">
        {error}
      </Alert>
    );
  if (loading || !preview)
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton h={16} w="40%" />
        <Skeleton h={96} radius="lg" />
      </Stack>
    );
  const items = preview.items;
  const current = items[Math.min(page, items.length) - 1];
  if (!current) return <Text c="dimmed">{t('recipients.none')}</Text>;
  return (
    <Stack gap="sm" data-testid="broadcast-preview">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Text fw={600}>{current.guest_name}</Text>
          <Text size="sm" c="dimmed" dir="ltr" style={{ textAlign: 'start' }}>
            {current.phone}
          </Text>
        </Stack>
        <Text size="sm" c="dimmed">
          {t('preview.position', { n: Math.min(page, items.length), total: items.length })}
        </Text>
      </Group>
      <Paper
        radius="lg"
        p="md"
        maw={480}
        bg="var(--mantine-color-teal-light)"
        style={{ whiteSpace: 'pre-wrap' }}
        aria-label={t('preview.message')}
      >
        <Text size="sm">{current.text}</Text>
      </Paper>
      {items.length > 1 ? (
        <Pagination
          total={items.length}
          value={page}
          onChange={setPage}
          size="sm"
          siblings={0}
          getControlProps={(control) => ({
            'aria-label': control === 'next' ? t('preview.next') : t('preview.previous'),
          })}
        />
      ) : null}
    </Stack>
  );
}
