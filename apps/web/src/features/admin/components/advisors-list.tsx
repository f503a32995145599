import { Code, Group, Text } from '@mantine/core';
import type { Advisor } from '@posada/contracts/admin';
import { useTranslation } from 'react-i18next';
import { CardList, CardListItem } from '../../../components/card-list.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { formatCount, formatDate } from '../lib/format.ts';
import { AdvisorStatusBadge, AdvisorToggleButton } from './advisor-status.tsx';

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
    <CardList label={t('advisors.tableLabel')}>
      {advisors.map((advisor, index) => (
        <CardListItem key={advisor.id} divided={index > 0}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} size="sm" truncate>
              {advisor.name}
            </Text>
            <AdvisorStatusBadge active={advisor.active} />
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
            <AdvisorToggleButton advisor={advisor} pending={pendingId === advisor.id} onToggle={onToggle} />
          </Group>
        </CardListItem>
      ))}
    </CardList>
  );
}
