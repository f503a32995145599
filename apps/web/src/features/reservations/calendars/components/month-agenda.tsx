import { Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function AgendaItem({
  accent,
  lead,
  title,
  subtitle,
  end,
  onClick,
}: {
  /** The booking bar's colour (any CSS colour), as the edge of the item. */
  accent: string;
  /** Before the title: the source's logo. */
  lead?: ReactNode;
  title: string;
  subtitle: string;
  end: ReactNode;
  onClick: () => void;
}) {
  return (
    <UnstyledButton
      onClick={onClick}
      style={{
        display: 'block',
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-gray-3)',
        borderInlineStart: `4px solid ${accent}`,
        background: 'var(--mantine-color-white)',
        padding: '10px 12px',
      }}
      data-testid="agenda-item"
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            {lead}
            <Text fw={650} size="sm" truncate dir="auto">
              {title}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {subtitle}
          </Text>
        </Stack>
        {end}
      </Group>
    </UnstyledButton>
  );
}

export function MonthSkeleton({ weeks }: { weeks: number }) {
  const { t } = useTranslation('calendar');
  return (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      aria-busy
      aria-label={t('grid.loading')}
      data-testid="calendar-skeleton"
    >
      <Stack gap="xs">
        {Array.from({ length: weeks }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
          <Group key={i} gap={4} grow wrap="nowrap">
            {Array.from({ length: 7 }, (__, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
              <Box key={j} h={56} style={{ borderRadius: 6 }} bg="var(--mantine-color-gray-1)" />
            ))}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** "noviembre de 2026" → "Noviembre de 2026" (only the first letter: "De" stays lower case). */
export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
