import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PriceBook } from '@posada/contracts/admin-billing';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDateTime } from '../lib/format.ts';

/** Every version of the price list, newest first: when, who, why, and how many subscriptions still use it. */
export function PriceHistory({ history }: { history: PriceBook[] }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} fz="h4">
          {t('prices.historyTitle')}
        </Title>
        <Stack
          gap={0}
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('prices.historyTitle')}
        >
          {history.map((book, index) => (
            <Group
              component="li"
              key={book.id}
              justify="space-between"
              align="flex-start"
              gap="xs"
              py="xs"
              style={{ borderTop: index ? '1px solid var(--mantine-color-default-border)' : undefined }}
              data-testid="price-version"
            >
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {t('prices.version', { version: book.version })}
                  </Text>
                  {index === 0 ? (
                    <Badge color="teal" variant="light" size="sm">
                      {t('prices.current')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDateTime(book.created_at, language)}
                  {book.created_by_name ? ` · ${book.created_by_name}` : ''}
                </Text>
                {book.note ? <Text size="sm">{book.note}</Text> : null}
              </Stack>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('prices.subscriptionsCount', {
                  count: book.subscriptions_count,
                  formatted: formatCount(book.subscriptions_count, language),
                })}
              </Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
