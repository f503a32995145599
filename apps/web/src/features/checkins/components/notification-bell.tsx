import {
  ActionIcon,
  Anchor,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { type ReminderRangPayload, reminderRangEvent } from '@posada/contracts/checkins';
import { IconBell, IconCalendarExclamation } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Socket } from 'socket.io-client';
import { pathTo } from '../../../config/routes.ts';
import { api } from '../../../lib/api.ts';
import { formatDateTime, localizeIsoDates } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { checkinsKeys, notificationsQuery, remindersQuery } from '../api/checkins-api.ts';

/**
 * The header bell: unread notifications (a reminder that rang is one) with a badge; reloads when the
 * socket says a reminder rang.
 */
export function NotificationBell({ socket }: { socket: Socket | null }) {
  const { t, i18n } = useTranslation('checkins');
  const language = i18n.resolvedLanguage ?? 'es';
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const notifications = useQuery({ ...notificationsQuery(), refetchInterval: 5 * 60_000 });
  const reminders = useQuery({ ...remindersQuery(), staleTime: 60_000 });
  const unread = (notifications.data ?? []).filter((n) => !n.read_at);
  const due = (reminders.data ?? []).filter((r) => r.due);

  useEffect(() => {
    if (!socket) return;
    const onRang = (payload: ReminderRangPayload) => {
      notify.info(payload.description, t('bell.rang'));
      void queryClient.invalidateQueries({ queryKey: checkinsKeys.notifications });
      void queryClient.invalidateQueries({ queryKey: checkinsKeys.reminders });
    };
    socket.on(reminderRangEvent, onRang);
    return () => {
      socket.off(reminderRangEvent, onRang);
    };
  }, [socket, queryClient, t]);

  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  /**
   * A channel notification (issue 15) is about an overbooking (its booking) or a connection that keeps
   * failing (the connection): the booking's page when the id is a booking of the account, else Canales.
   */
  const openChannel = async (relationId: string | null) => {
    setOpened(false);
    if (relationId && user) {
      const isBooking = await api.get(`/api/bookings/${relationId}`).then(
        () => true,
        () => false,
      );
      if (isBooking) {
        void navigate(pathTo('reservationBooking', { userId: user.id, relationId }));
        return;
      }
    }
    void navigate(pathTo('ChannelConnect'));
  };

  const markRead = useMutation({
    mutationFn: (id: string) => api.post(`/api/notifications/${id}/read`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkinsKeys.notifications }),
  });

  const count = unread.length;
  const list = (notifications.data ?? []).slice(0, 10);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" withinPortal>
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
      <Popover.Dropdown p={0}>
        <Stack gap={0}>
          <Text fw={600} size="sm" p="sm">
            {t('bell.title')}
          </Text>
          <Divider />
          {due.length > 0 ? (
            <Text size="xs" c="dimmed" px="sm" pt="xs">
              {t('bell.due', { count: due.length })}
            </Text>
          ) : null}
          <ScrollArea.Autosize mah={320}>
            {list.length === 0 ? (
              <Text size="sm" c="dimmed" p="md" ta="center">
                {t('bell.empty')}
              </Text>
            ) : (
              list.map((n) => (
                <UnstyledButton
                  key={n.id}
                  w="100%"
                  px="sm"
                  py="xs"
                  onClick={() => {
                    if (!n.read_at) markRead.mutate(n.id);
                    if (n.kind === 'channel') void openChannel(n.relation_id);
                  }}
                  data-kind={n.kind}
                  style={{
                    borderBottom: '1px solid var(--mantine-color-gray-2)',
                    background: n.read_at ? undefined : 'var(--mantine-color-blue-0)',
                  }}
                >
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    {n.kind === 'channel' ? (
                      <IconCalendarExclamation
                        size={18}
                        color="var(--mantine-color-red-7)"
                        style={{ flex: 'none', marginTop: 1 }}
                        aria-label={t('bell.channel')}
                      />
                    ) : null}
                    <Text size="sm" fw={n.read_at ? 400 : 600} dir="auto">
                      {localizeIsoDates(n.title, language)}
                    </Text>
                  </Group>
                  {n.body ? (
                    <Text size="xs" c="dimmed" dir="auto" lineClamp={2} data-testid="notification-body">
                      {localizeIsoDates(n.body, language)}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {formatDateTime(n.created_at, language)}
                  </Text>
                </UnstyledButton>
              ))
            )}
          </ScrollArea.Autosize>
          <Divider />
          <Anchor
            component={Link}
            to={pathTo('remindersBell')}
            size="sm"
            p="sm"
            onClick={() => setOpened(false)}
          >
            {t('bell.reminders')}
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
