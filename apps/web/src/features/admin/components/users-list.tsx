import { Button, Code, Group, Stack, Text } from '@mantine/core';
import type { AdminUserRow } from '@posada/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardList, CardListItem } from '../../../components/card-list.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { formatCount, formatDate } from '../lib/format.ts';
import { informationPath } from '../lib/information-path.ts';
import { SubscriptionBadge } from './subscription-badge.tsx';
import { VerifiedBadge } from './verified-badge.tsx';

/** UsuariosManager under 768 px: one card per user instead of a wide table. */
export function UsersList({ users, loading }: { users: AdminUserRow[] | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  if (!users) return <ListSkeleton />;
  return (
    <CardList label={t('users.tableLabel')} busy={loading}>
      {users.map((user, index) => (
        <CardListItem key={user.id} divided={index > 0}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
            </Stack>
            <SubscriptionBadge plan={user.plan} status={user.status_subscription} />
          </Group>
          <Group gap="xs">
            <VerifiedBadge verified={user.email_verified} />
            {user.tipo_hospedaje ? <Text size="xs">{t(`tipos.${user.tipo_hospedaje}`)}</Text> : null}
            <Text size="xs" c="dimmed">
              {t('users.columns.properties')}: {formatCount(user.properties_count, language)}
            </Text>
          </Group>
          <Group gap="xs">
            {user.advisor_code ? <Code fz="xs">{user.advisor_code}</Code> : null}
            <Text size="xs" c="dimmed">
              {t('users.columns.created')}: {formatDate(user.created_at, language)}
            </Text>
          </Group>
          {user.tipo_hospedaje ? (
            <Button
              component={Link}
              to={informationPath(null, user.id)}
              size="xs"
              variant="light"
              w="fit-content"
              aria-label={t('usersInfo.viewAria', { name: user.name })}
            >
              {t('usersInfo.view')}
            </Button>
          ) : null}
        </CardListItem>
      ))}
    </CardList>
  );
}
