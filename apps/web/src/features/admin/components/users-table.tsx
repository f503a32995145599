import { Button, Code, Stack, Table, Text } from '@mantine/core';
import type { AdminUserRow } from '@posada/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';
import { formatCount, formatDate } from '../lib/format.ts';
import { informationPath } from '../lib/information-path.ts';
import { SubscriptionBadge } from './subscription-badge.tsx';
import { VerifiedBadge } from './verified-badge.tsx';

const COLUMNS = 8;

/** UsuariosManager's rows: who, verified or not, what they run, their plan and where they came from. */
export function UsersTable({ users, loading }: { users: AdminUserRow[] | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  return (
    <Table.ScrollContainer type="native" minWidth={1020}>
      <Table
        styles={{ th: { whiteSpace: 'nowrap' } }}
        verticalSpacing="sm"
        highlightOnHover
        aria-label={t('users.tableLabel')}
        aria-busy={loading}
        style={{ opacity: loading && users ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.columns.user')}</Table.Th>
            <Table.Th>{t('users.columns.verified')}</Table.Th>
            <Table.Th>{t('users.columns.type')}</Table.Th>
            <Table.Th>{t('users.columns.plan')}</Table.Th>
            <Table.Th ta="end">{t('users.columns.properties')}</Table.Th>
            <Table.Th>{t('users.columns.advisor')}</Table.Th>
            <Table.Th>{t('users.columns.created')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users ? (
            users.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {user.name}
                    </Text>
                    <Text size="xs" c="dimmed" dir="ltr" style={{ textAlign: 'start' }}>
                      {user.email}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <VerifiedBadge verified={user.email_verified} />
                </Table.Td>
                <Table.Td>{user.tipo_hospedaje ? t(`tipos.${user.tipo_hospedaje}`) : '—'}</Table.Td>
                <Table.Td>
                  <SubscriptionBadge plan={user.plan} status={user.status_subscription} />
                </Table.Td>
                <Table.Td ta="end">{formatCount(user.properties_count, language)}</Table.Td>
                <Table.Td>{user.advisor_code ? <Code fz="sm">{user.advisor_code}</Code> : '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(user.created_at, language)}</Table.Td>
                <Table.Td ta="end">
                  {user.tipo_hospedaje ? (
                    <Button
                      component={Link}
                      to={informationPath(null, user.id)}
                      size="xs"
                      variant="light"
                      aria-label={t('usersInfo.viewAria', { name: user.name })}
                    >
                      {t('usersInfo.view')}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))
          ) : (
            <TableSkeletonRows columns={COLUMNS} rows={8} />
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
