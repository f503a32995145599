import { Alert, Button, CloseButton, Group, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { MOBILE_QUERY } from '../../../config/theme.ts';
import { USERS_PAGE_SIZE, useAdminUsers } from '../api/admin-api.ts';
import { UsersList } from '../components/users-list.tsx';
import { UsersTable } from '../components/users-table.tsx';
import { formatCount } from '../lib/format.ts';

/** UsuariosManager (/manager/users): every account, searchable; search and page live in the URL. */
export function UsersPage() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [input, setInput] = useState(search);
  const [debounced] = useDebouncedValue(input.trim(), 300);

  // The box follows the URL (back button) and the URL follows the box; a new search starts at page 1.
  const written = useRef(search);
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    setInput(search);
  }, [search]);
  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    setParams(debounced ? { search: debounced } : {}, { replace: true });
  }, [debounced, setParams]);

  const users = useAdminUsers(search, page);
  const data = users.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / (data.page_size || USERS_PAGE_SIZE))) : 1;

  const goTo = (next: number) => {
    setParams(search ? { search, page: String(next) } : { page: String(next) });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const clear = () => {
    written.current = '';
    setInput('');
    setParams({}, { replace: true });
  };

  return (
    <Stack gap="lg">
      <PageHeader title={t('users.title')} description={t('users.subtitle')} />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TextInput
          aria-label={t('users.searchLabel')}
          placeholder={t('users.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          rightSection={
            input ? <CloseButton aria-label={t('users.clearSearch')} onClick={clear} size="sm" /> : null
          }
          value={input}
          onChange={(event) => setInput(event.currentTarget.value)}
          type="search"
          w={{ base: '100%', sm: 360 }}
        />
        {data ? (
          <Text size="sm" c="dimmed" role="status">
            {t('users.total', { total: formatCount(data.total, language) })}
          </Text>
        ) : null}
      </Group>

      {users.isError ? (
        <Alert color="red" variant="light" title={t('users.loadError')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{users.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void users.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Paper withBorder radius="md">
          {data && data.items.length === 0 ? (
            search ? (
              <EmptyState
                icon={<IconSearch size={28} />}
                title={t('users.noMatchTitle', { search })}
                description={t('users.noMatchText')}
                action={
                  <Button variant="light" onClick={clear}>
                    {t('users.clearSearch')}
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={<IconUsers size={28} />}
                title={t('users.emptyTitle')}
                description={t('users.emptyText')}
              />
            )
          ) : isMobile ? (
            <UsersList users={data?.items} loading={users.isFetching} />
          ) : (
            <UsersTable users={data?.items} loading={users.isFetching} />
          )}
        </Paper>
      )}

      {data && totalPages > 1 ? (
        <Group justify="center">
          <Pagination
            total={totalPages}
            value={Math.min(page, totalPages)}
            onChange={goTo}
            getItemProps={(item) => ({ 'aria-label': t('users.pageN', { page: item }) })}
            getControlProps={(control) => ({ 'aria-label': t(`users.pagination.${control}`) })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
