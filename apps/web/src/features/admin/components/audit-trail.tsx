import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AuditEntry } from '@posada/contracts/admin-billing';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useAuditTrail } from '../api/admin-billing-api.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const shown = (value: unknown, language = 'es'): string => {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDate(value, language);
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The fields an entry changed, `field: before → after` (whole objects compared key by key). */
export function changedFields(before: unknown, after: unknown, language = 'es'): [string, string, string][] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (k) => k !== 'prices' && k !== 'id',
  );
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => [k, shown(b[k], language), shown(a[k], language)]);
}

/** An account's audit trail (or every admin action when accountId is null): who, what, why, before → after. */
export function AuditTrail({ accountId, title }: { accountId: string | null; title?: string }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  const trail = useAuditTrail(accountId);
  const items = trail.data?.items;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {title ?? t('audit.title')}
        </Title>
        {trail.isError ? (
          <LoadError title={t('audit.loadError')} onRetry={() => void trail.refetch()} />
        ) : !items ? (
          <Stack gap="xs" aria-busy>
            <Skeleton h={48} />
            <Skeleton h={48} />
          </Stack>
        ) : items.length === 0 ? (
          <EmptyState
            icon={<IconHistory size={26} />}
            title={t('audit.emptyTitle')}
            description={t('audit.emptyText')}
          />
        ) : (
          <Stack
            component="ol"
            gap={0}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={title ?? t('audit.title')}
          >
            {items.map((entry: AuditEntry, index) => (
              <Stack
                component="li"
                key={entry.id}
                gap={4}
                py="xs"
                data-testid="audit-entry"
                style={{ borderTop: index ? '1px solid var(--mantine-color-default-border)' : undefined }}
              >
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Group gap="xs">
                    <Badge variant="light" size="sm">
                      {t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}
                    </Badge>
                    {entry.target_account_name && !accountId ? (
                      <Text size="sm" fw={600}>
                        {entry.target_account_name}
                      </Text>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(entry.created_at, language)} ·{' '}
                    {entry.admin_name ?? t('audit.unknownAdmin')}
                  </Text>
                </Group>
                {entry.reason ? (
                  <Text size="sm">
                    <Text span fw={600}>
                      {t('audit.reason')}:
                    </Text>{' '}
                    {entry.reason}
                  </Text>
                ) : null}
                {changedFields(entry.before, entry.after, language).map(([field, b, a]) => (
                  <Text key={field} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {t(`audit.fields.${field}`, { defaultValue: field })}: <span dir="auto">{b}</span> →{' '}
                    <span dir="auto">{a}</span>
                  </Text>
                ))}
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
