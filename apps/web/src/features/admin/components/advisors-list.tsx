import { Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import type { Advisor } from '@posada/contracts/admin';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { formatCount, formatDate } from '../lib/format.ts';

/** advisorsPage under 768 px: one card per advisor, the activate/deactivate action at hand. */
export function AdvisorsList({
  advisors,
  pendingId,
  onToggle,
}: {
  advisors: Advisor[] | undefined;
  pendingId: string | null;
  onToggle: (advisor: Advisor) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  if (!advisors) return <ListSkeleton />;
  return (
    <Stack
      component="ul"
      gap={0}
      m={0}
      p={0}
      aria-label={t('advisors.tableLabel')}
      style={{ listStyle: 'none' }}
    >
      {advisors.map((advisor, index) => (
        <Stack
          component="li"
          key={advisor.id}
          gap={6}
          p="md"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} size="sm" truncate>
              {advisor.name}
            </Text>
            <Badge w="max-content" color={advisor.active ? 'teal' : 'gray'} variant="light">
              {advisor.active ? t('advisors.active') : t('advisors.inactive')}
            </Badge>
          </Group>
          {advisor.email ? (
            <Text size="xs" c="dimmed" truncate>
              {advisor.email}
            </Text>
          ) : null}
          <Group gap="xs">
            <Code fz="sm">{advisor.code}</Code>
            <Text size="xs" c="dimmed">
              {t('advisors.columns.accounts')}: {formatCount(advisor.accounts_count, language)}
            </Text>
          </Group>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {t('advisors.columns.created')}: {formatDate(advisor.created_at, language)}
            </Text>
            <Button
              size="xs"
              variant={advisor.active ? 'subtle' : 'light'}
              color={advisor.active ? 'red' : undefined}
              loading={pendingId === advisor.id}
              onClick={() => onToggle(advisor)}
              aria-label={t(advisor.active ? 'advisors.deactivateNamed' : 'advisors.activateNamed', {
                name: advisor.name,
              })}
            >
              {advisor.active ? t('advisors.deactivate') : t('advisors.activate')}
            </Button>
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
