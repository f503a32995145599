import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import type { BotChatItem } from '@posada/contracts/concierge';
import type { User } from '@posada/contracts/users';
import { IconChecks, IconRobot } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Socket } from 'socket.io-client';
import { LoadError } from '../../../components/load-error.tsx';
import { notify } from '../../../lib/notify.ts';
import { botChatsQuery, chatsApi, invalidateBotChats } from '../api/chats-api.ts';
import { BotChatsModal, ChatsEmpty, ChatsSkeleton } from './bot-chats-modal.tsx';
import { botChatsProperty } from './bot-gate.ts';
import { ChatRow } from './chat-row.tsx';
import { useBotChatsLive } from './use-bot-chats-live.ts';

/** The dropdown shows the newest chats; "See all" opens the modal with every one. */
const DROPDOWN_CHATS = 6;
/** A bot notification of the bell opens the modal on its chat (features/notifications, use-open-notification). */
export const BOT_CHAT_PARAM = 'bot_chat';

/** Ticks each minute so "5 minutes ago" stays true while the dropdown is open. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

/**
 * spec 2.4 Bot notifications dropdown in the top navigation: only under spec 6 (smart, subscribed, the
 * active property's bot on). The unread chats as a badge, live through new-conversation-{propertyId}.
 */
export function BotChatsMenu({ socket, user }: { socket: Socket | null; user: User }) {
  const propertyId = botChatsProperty(user);
  useBotChatsLive(socket, propertyId);
  if (!propertyId) return null;
  return <BotChatsMenuFor propertyId={propertyId} />;
}

function BotChatsMenuFor({ propertyId }: { propertyId: string }) {
  const { t } = useTranslation('bot');
  const queryClient = useQueryClient();
  const now = useMinuteClock();
  const [opened, setOpened] = useState(false);
  const [modalOpened, setModalOpened] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [params, setParams] = useSearchParams();
  const list = useQuery(botChatsQuery(propertyId));
  const items = list.data?.items ?? [];
  const unread = list.data?.unread ?? items.filter((c) => c.has_new_message).length;

  // ?bot_chat=<chat or thread id> (a bot notification of the bell) opens the modal on that chat.
  const wanted = params.get(BOT_CHAT_PARAM);
  useEffect(() => {
    if (wanted === null || !list.data) return;
    const chat = list.data.items.find((c) => c.id === wanted || c.thread_id === wanted);
    setSelectedId(chat?.id ?? null);
    setModalOpened(true);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete(BOT_CHAT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [wanted, list.data, setParams]);

  const markAll = useMutation({
    mutationFn: () => chatsApi.markAllRead(propertyId),
    onSuccess: (r) => notify.success(t('toasts.markAll', { count: r.updated })),
    onError: () => notify.error(t('toasts.markAllFailed')),
    onSettled: () => invalidateBotChats(queryClient),
  });

  const openModal = (chat: BotChatItem | null) => {
    setOpened(false);
    setSelectedId(chat?.id ?? null);
    setModalOpened(true);
  };

  const label = unread > 0 ? t('button.labelUnread', { count: unread }) : t('button.label');
  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={360}
        shadow="md"
        withinPortal
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <Indicator
            label={unread > 9 ? '9+' : unread}
            size={16}
            disabled={unread === 0}
            offset={4}
            color="violet"
          >
            <ActionIcon
              ref={buttonRef}
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => setOpened((o) => !o)}
              aria-label={label}
              aria-expanded={opened}
              aria-haspopup="dialog"
              data-testid="bot-chats-button"
              // Only once the list has loaded: a test reads the count before a guest writes.
              data-count={list.data ? unread : undefined}
            >
              <IconRobot size={20} aria-hidden />
            </ActionIcon>
          </Indicator>
        </Popover.Target>
        <Popover.Dropdown
          p={0}
          maw="calc(100vw - 16px)"
          aria-label={t('dropdown.title')}
          data-testid="bot-chats-dropdown"
        >
          <Stack gap={0}>
            <Group justify="space-between" p="sm" wrap="nowrap">
              <Text fw={600} size="sm">
                {t('dropdown.title')}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconChecks size={14} aria-hidden />}
                onClick={() => markAll.mutate()}
                loading={markAll.isPending}
                disabled={unread === 0}
                data-testid="bot-mark-all-read"
              >
                {t('dropdown.markAll')}
              </Button>
            </Group>
            <Divider />
            <ScrollArea.Autosize mah={380}>
              {list.isPending ? (
                <ChatsSkeleton />
              ) : list.isError ? (
                <LoadError
                  title={t('toasts.loadError')}
                  onRetry={() => list.refetch()}
                  retrying={list.isFetching}
                  m="sm"
                />
              ) : items.length === 0 ? (
                <ChatsEmpty />
              ) : (
                items
                  .slice(0, DROPDOWN_CHATS)
                  .map((chat) => <ChatRow key={chat.id} chat={chat} now={now} onOpen={openModal} />)
              )}
            </ScrollArea.Autosize>
            <Divider />
            <Group p="sm">
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={600}
                onClick={() => openModal(null)}
                data-testid="bot-see-all"
              >
                {t('dropdown.seeAll')}
              </Anchor>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <BotChatsModal
        opened={modalOpened}
        onClose={() => {
          setModalOpened(false);
          // The row or "See all" that opened it left with the dropdown: focus goes back to the header button.
          window.setTimeout(() => buttonRef.current?.focus(), 0);
        }}
        propertyId={propertyId}
        selectedId={selectedId}
        onSelect={setSelectedId}
        now={now}
      />
    </>
  );
}
