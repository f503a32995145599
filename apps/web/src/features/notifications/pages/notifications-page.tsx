import {
  Badge,
  Button,
  Chip,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { NotificationItem } from '@posada/contracts/checkins';
import { type NotificationKindValue, notificationKindValues } from '@posada/contracts/notifications';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime, localizeIsoDates } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import {
  invalidateNotifications,
  type NotificationFilter,
  notificationPagesQuery,
  notificationsApi,
  unreadCountQuery,
} from '../api/notifications-api.ts';
import { KindIcon } from '../components/kind-icon.tsx';
import { useNotificationsSocket } from '../lib/use-notifications-socket.ts';
import { useOpenNotification } from '../lib/use-open-notification.ts';

function Row({ n, onOpen }: { n: NotificationItem; onOpen: (n: NotificationItem) => void }) {
  const { t, i18n } = useTranslation('notifications');
  const language = i18n.resolvedLanguage ?? 'es';
  const unread = !n.read_at;
  return (
    <UnstyledButton
      onClick={() => onOpen(n)}
      data-testid="notification-row"
      data-unread={unread}
      data-kind={n.kind}
      aria-label={`${unread ? `${t('unreadMark')}: ` : ''}${n.title}`}
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: unread ? 'var(--mantine-color-blue-0)' : undefined,
        borderInlineStart: `3px solid ${unread ? 'var(--mantine-color-blue-6)' : 'transparent'}`,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <KindIcon kind={n.kind} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap" justify="space-between">
            <Text size="sm" fw={unread ? 700 : 500} dir="auto" style={{ minWidth: 0 }}>
              {localizeIsoDates(n.title, language)}
            </Text>
            <Badge size="xs" variant="light" color="gray">
              {t(`kinds.${n.kind}`, { defaultValue: n.kind })}
            </Badge>
          </Group>
          {n.body ? (
            <Text size="sm" c="dimmed" dir="auto" lineClamp={2}>
              {localizeIsoDates(n.body, language)}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {formatDateTime(n.created_at, language)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** spec 2.2 notificaciones: every notification, newest first, with filters, pages and "mark all read". */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('page.title'));
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<NotificationFilter>({ unread: false, kind: null });
  const pages = useInfiniteQuery(notificationPagesQuery(filter));
  const unread = useQuery(unreadCountQuery());
  const { open } = useOpenNotification();
  useNotificationsSocket();

  const markAll = useMutation({
    mutationFn: notificationsApi.markAllRead,
    onSuccess: (r) => notify.success(t('markAll.done', { count: r.updated })),
    onError: () => notify.error(t('markAll.failed')),
    onSettled: () => invalidateNotifications(queryClient),
  });

  const items = pages.data?.pages.flat() ?? [];
  const unreadCount = unread.data?.unread ?? 0;
  const filtered = filter.unread || filter.kind !== null;

  return (
    <Stack gap="lg" p={{ base: 'sm', sm: 'lg' }} maw={880} mx="auto" w="100%">
      <PageHeader
        title={t('page.title')}
        description={t('page.unread', { count: unreadCount })}
        actions={
          <Button
            leftSection={<IconChecks size={16} aria-hidden />}
            variant="light"
            onClick={() => markAll.mutate()}
            loading={markAll.isPending}
            disabled={unreadCount === 0}
            data-testid="mark-all-read"
          >
            {t('markAll.action')}
          </Button>
        }
      />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Chip
          checked={filter.unread}
          onChange={(checked) => setFilter((f) => ({ ...f, unread: checked }))}
          data-testid="filter-unread"
        >
          {t('filters.unread')}
        </Chip>
        <Select
          label={t('filters.kind')}
          placeholder={t('filters.allKinds')}
          data={notificationKindValues.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          value={filter.kind}
          onChange={(value) =>
            setFilter((f) => ({ ...f, kind: (value as NotificationKindValue | null) ?? null }))
          }
          clearable
          w={{ base: '100%', xs: 240 }}
          data-testid="filter-kind"
        />
      </Group>
      {pages.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('page.loading')}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Paper key={i} withBorder p="sm" radius="md">
              <Group gap="sm" wrap="nowrap">
                <Skeleton circle height={32} />
                <Stack gap={6} style={{ flex: 1 }}>
                  <Skeleton height={12} width="60%" />
                  <Skeleton height={10} width="40%" />
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : pages.isError ? (
        <LoadError
          title={t('page.loadError')}
          onRetry={() => void pages.refetch()}
          retrying={pages.isFetching}
        />
      ) : items.length === 0 ? (
        <Paper withBorder radius="lg">
          <EmptyState
            icon={<IconBellOff size={28} aria-hidden />}
            title={filtered ? t('empty.filteredTitle') : t('empty.title')}
            description={filtered ? t('empty.filteredBody') : t('empty.body')}
            action={
              filtered ? (
                <Button variant="light" onClick={() => setFilter({ unread: false, kind: null })}>
                  {t('filters.clear')}
                </Button>
              ) : null
            }
          />
        </Paper>
      ) : (
        <Paper withBorder radius="lg" p="xs">
          <Stack gap={4} data-testid="notifications-list">
            {items.map((n) => (
              <Row key={n.id} n={n} onOpen={(item) => void open(item)} />
            ))}
          </Stack>
          {pages.hasNextPage ? (
            <Group justify="center" p="sm">
              <Button
                variant="subtle"
                onClick={() => void pages.fetchNextPage()}
                loading={pages.isFetchingNextPage}
                data-testid="load-more"
              >
                {t('page.more')}
              </Button>
            </Group>
          ) : null}
        </Paper>
      )}
    </Stack>
  );
}
