import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { Reminder } from '@posada/contracts/checkins';
import { type ReminderRangPayload, reminderRangEvent } from '@posada/contracts/checkins';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Socket } from 'socket.io-client';
import { pathTo } from '../../../config/routes.ts';
import { api } from '../../../lib/api.ts';
import { formatDateTime, localizeIsoDates } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import {
  bellQuery,
  invalidateNotifications,
  notificationsApi,
  unreadCountQuery,
} from '../api/notifications-api.ts';
import { useNotificationsSocket } from '../lib/use-notifications-socket.ts';
import { useOpenNotification } from '../lib/use-open-notification.ts';
import { KindIcon } from './kind-icon.tsx';

/**
 * The header bell: the unread count as a badge, the newest ten, "mark all read" and "see all" (the
 * notificaciones page). Reloads when the socket says a notification was written or a reminder rang.
 */
export function NotificationBell({ socket }: { socket: Socket | null }) {
  const { t, i18n } = useTranslation('notifications');
  const language = i18n.resolvedLanguage ?? 'es';
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const list = useQuery({ ...bellQuery(), refetchInterval: 5 * 60_000 });
  const unread = useQuery({ ...unreadCountQuery(), refetchInterval: 5 * 60_000 });
  const reminders = useQuery({
    queryKey: ['reminders'],
    queryFn: () => api.get<Reminder[]>('/api/reminders'),
    staleTime: 60_000,
  });
  const due = (reminders.data ?? []).filter((r) => r.due);
  useNotificationsSocket(socket);
  const { open } = useOpenNotification(() => setOpened(false));

  useEffect(() => {
    if (!socket) return;
    const onRang = (payload: ReminderRangPayload) => {
      notify.info(payload.description, t('bell.rang'));
      void queryClient.invalidateQueries({ queryKey: ['reminders'] });
    };
    socket.on(reminderRangEvent, onRang);
    return () => {
      socket.off(reminderRangEvent, onRang);
    };
  }, [socket, queryClient, t]);

  const markAll = useMutation({
    mutationFn: notificationsApi.markAllRead,
    onSuccess: (r) => notify.success(t('markAll.done', { count: r.updated })),
    onError: () => notify.error(t('markAll.failed')),
    onSettled: () => invalidateNotifications(queryClient),
  });

  const count = unread.data?.unread ?? (list.data ?? []).filter((n) => !n.read_at).length;
  const items = list.data ?? [];
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal>
      <Popover.Target>
        <Indicator label={count > 9 ? '9+' : count} size={16} disabled={count === 0} offset={4} color="red">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpened((o) => !o)}
            aria-label={t('bell.label', { count })}
            data-testid="notification-bell"
            data-count={count}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0} maw="calc(100vw - 16px)">
        <Stack gap={0}>
          <Group justify="space-between" p="sm" wrap="nowrap">
            <Text fw={600} size="sm">
              {t('bell.title')}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconChecks size={14} aria-hidden />}
              onClick={() => markAll.mutate()}
              loading={markAll.isPending}
              disabled={count === 0}
              data-testid="bell-mark-all-read"
            >
              {t('markAll.action')}
            </Button>
          </Group>
          <Divider />
          {due.length > 0 ? (
            <Text size="xs" c="dimmed" px="sm" pt="xs">
              {t('bell.due', { count: due.length })}
            </Text>
          ) : null}
          <ScrollArea.Autosize mah={340}>
            {list.isPending ? (
              <Stack gap="xs" p="sm" aria-busy="true">
                <Skeleton height={14} />
                <Skeleton height={14} width="70%" />
                <Skeleton height={14} width="85%" />
              </Stack>
            ) : list.isError ? (
              <Text size="sm" c="red" p="md" ta="center" role="alert">
                {t('page.loadError')}
              </Text>
            ) : items.length === 0 ? (
              <Text size="sm" c="dimmed" p="md" ta="center">
                {t('bell.empty')}
              </Text>
            ) : (
              items.map((n) => (
                <UnstyledButton
                  key={n.id}
                  w="100%"
                  px="sm"
                  py="xs"
                  onClick={() => void open(n)}
                  data-kind={n.kind}
                  data-unread={!n.read_at}
                  style={{
                    borderBottom: '1px solid var(--mantine-color-gray-2)',
                    background: n.read_at ? undefined : 'var(--mantine-color-blue-0)',
                  }}
                >
                  <Group gap={8} wrap="nowrap" align="flex-start">
                    <KindIcon kind={n.kind} size={24} />
                    <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                      <Text size="sm" fw={n.read_at ? 400 : 600} dir="auto">
                        {localizeIsoDates(n.title, language)}
                      </Text>
                      {n.body ? (
                        <Text size="xs" c="dimmed" dir="auto" lineClamp={2} data-testid="notification-body">
                          {localizeIsoDates(n.body, language)}
                        </Text>
                      ) : null}
                      <Text size="xs" c="dimmed">
                        {formatDateTime(n.created_at, language)}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              ))
            )}
          </ScrollArea.Autosize>
          <Divider />
          <Group justify="space-between" p="sm" wrap="nowrap">
            <Anchor
              component={Link}
              to={pathTo('notificaciones')}
              size="sm"
              fw={600}
              onClick={() => setOpened(false)}
              data-testid="bell-see-all"
            >
              {t('bell.seeAll')}
            </Anchor>
            <Anchor component={Link} to={pathTo('remindersBell')} size="sm" onClick={() => setOpened(false)}>
              {t('bell.reminders')}
            </Anchor>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
