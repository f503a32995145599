import { CloseButton, Group, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { AdminAccount } from '@posada/contracts/admin-billing';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { MOBILE_QUERY } from '../../../config/theme.ts';
import { ACCOUNTS_PAGE_SIZE, useAdminAccounts } from '../api/admin-billing-api.ts';
import { AccountChangeDrawer } from '../components/account-change-drawer.tsx';
import { AccountsTable } from '../components/accounts-table.tsx';
import { AuditTrail } from '../components/audit-trail.tsx';
import { formatCount } from '../lib/format.ts';

/** manager/user_management: find an account and change its subscription with a reason; the audit trail. */
export function UserManagementPage() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [input, setInput] = useState('');
  const [search] = useDebouncedValue(input.trim(), 300);
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const accounts = useAdminAccounts(search, page);
  const data = accounts.data;
  const selected: AdminAccount | null = data?.items.find((a) => a.id === selectedId) ?? null;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / ACCOUNTS_PAGE_SIZE)) : 1;

  return (
    <Stack gap="lg">
      <PageHeader title={t('management.title')} description={t('management.subtitle')} />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TextInput
          aria-label={t('management.searchLabel')}
          placeholder={t('management.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          rightSection={
            input ? (
              <CloseButton aria-label={t('users.clearSearch')} onClick={() => setInput('')} size="sm" />
            ) : null
          }
          value={input}
          onChange={(e) => {
            setInput(e.currentTarget.value);
            setPage(1);
          }}
          type="search"
          w={{ base: '100%', sm: 360 }}
        />
        {data ? (
          <Text size="sm" c="dimmed" role="status">
            {t('management.total', { total: formatCount(data.total, language) })}
          </Text>
        ) : null}
      </Group>
      {accounts.isError ? (
        <LoadError title={t('management.loadError')} onRetry={() => void accounts.refetch()} />
      ) : (
        <Paper withBorder radius="md">
          {data && data.items.length === 0 ? (
            <EmptyState
              icon={search ? <IconSearch size={28} /> : <IconUsers size={28} />}
              title={search ? t('users.noMatchTitle', { search }) : t('users.emptyTitle')}
              description={search ? t('users.noMatchText') : t('users.emptyText')}
            />
          ) : (
            <AccountsTable
              accounts={data?.items}
              loading={accounts.isFetching}
              mobile={isMobile}
              onManage={(a) => setSelectedId(a.id)}
            />
          )}
        </Paper>
      )}
      {data && totalPages > 1 ? (
        <Group justify="center">
          <Pagination total={totalPages} value={Math.min(page, totalPages)} onChange={setPage} />
        </Group>
      ) : null}
      <AuditTrail accountId={null} title={t('audit.latest')} />
      <AccountChangeDrawer account={selected} onClose={() => setSelectedId(null)} />
    </Stack>
  );
}
