import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { AdminAccount } from '@posada/contracts/admin-billing';
import { useTranslation } from 'react-i18next';
import { CardList, CardListItem } from '../../../components/card-list.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';
import { formatDate } from '../lib/format.ts';

/** user_management's accounts: current plan, units, add-ons, trial end and status, and a "Gestionar" action. */
export function AccountsTable({
  accounts,
  loading,
  mobile,
  onManage,
}: {
  accounts: AdminAccount[] | undefined;
  loading: boolean;
  mobile: boolean;
  onManage: (account: AdminAccount) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  const plan = (a: AdminAccount) => (a.plan ? t(`plans.${a.plan}`) : '—');
  const state = (a: AdminAccount) => (
    <Badge
      variant="light"
      size="sm"
      color={a.state === 'past_due' ? 'red' : a.state === 'active' ? 'teal' : 'gray'}
    >
      {a.state
        ? t(`management.states.${a.state}`)
        : t(`status.${a.status_subscription}`, { defaultValue: a.status_subscription })}
    </Badge>
  );
  const manage = (a: AdminAccount) => (
    <Button
      size="xs"
      variant="light"
      onClick={() => onManage(a)}
      aria-label={t('management.manageAria', { name: a.name })}
    >
      {t('management.manage')}
    </Button>
  );
  if (mobile) {
    if (!accounts) return <ListSkeleton />;
    return (
      <CardList label={t('management.tableLabel')} busy={loading}>
        {accounts.map((a, index) => (
          <CardListItem key={a.id} divided={index > 0}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" truncate>
                  {a.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {a.owner_email ?? '—'}
                </Text>
              </Stack>
              {manage(a)}
            </Group>
            <Group gap="xs">
              {state(a)}
              <Text size="xs">{plan(a)}</Text>
              <Text size="xs" c="dimmed">
                {t('management.unitsN', { count: a.units })}
              </Text>
              {a.trial_ends_at ? (
                <Text size="xs" c="dimmed">
                  {t('management.trialUntil', { date: formatDate(a.trial_ends_at, language) })}
                </Text>
              ) : null}
            </Group>
          </CardListItem>
        ))}
      </CardList>
    );
  }
  return (
    <Table.ScrollContainer type="native" minWidth={860}>
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label={t('management.tableLabel')}
        aria-busy={loading}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('management.columns.account')}</Table.Th>
            <Table.Th>{t('audit.fields.plan')}</Table.Th>
            <Table.Th ta="end">{t('audit.fields.units')}</Table.Th>
            <Table.Th>{t('audit.fields.addons')}</Table.Th>
            <Table.Th>{t('audit.fields.trial_ends_at')}</Table.Th>
            <Table.Th>{t('audit.fields.state')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts ? (
            accounts.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {a.name}
                    </Text>
                    <Text size="xs" c="dimmed" dir="ltr" style={{ textAlign: 'start' }}>
                      {a.owner_email ?? '—'}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>{plan(a)}</Table.Td>
                <Table.Td ta="end">{a.units}</Table.Td>
                <Table.Td>
                  <Text size="xs">
                    {a.addons.length ? a.addons.map((c) => t(`addons.${c}`)).join(', ') : '—'}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {a.trial_ends_at ? formatDate(a.trial_ends_at, language) : '—'}
                </Table.Td>
                <Table.Td>{state(a)}</Table.Td>
                <Table.Td ta="end">{manage(a)}</Table.Td>
              </Table.Tr>
            ))
          ) : (
            <TableSkeletonRows columns={7} rows={8} />
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
