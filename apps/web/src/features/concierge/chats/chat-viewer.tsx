import { ActionIcon, Badge, Box, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { BotChat } from '@posada/contracts/concierge';
import { IconArrowLeft, IconBrandWhatsapp, IconInbox, IconPlayerPause, IconRobot } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import shell from '../../../components/shell.module.css';
import { pathTo } from '../../../config/routes.ts';
import { notify } from '../../../lib/notify.ts';
import { botChatQuery, chatsApi, invalidateBotChats } from '../api/chats-api.ts';
import { ChatLine } from './chat-lines.tsx';
import { ChatName } from './chat-row.tsx';
import classes from './chats.module.css';

function LinesSkeleton() {
  return (
    <Stack gap="sm" aria-hidden>
      {[180, 260, 220, 140].map((w, i) => (
        <Group key={w} justify={i % 2 ? 'flex-end' : 'flex-start'}>
          <Skeleton h={48} w={w} radius="lg" />
        </Group>
      ))}
    </Stack>
  );
}

/** Opening a chat marks it read (spec 7 POST /mark-as-read), once per chat and new message. */
function useMarkReadOnOpen(chat: BotChat | undefined) {
  const { t } = useTranslation('bot');
  const queryClient = useQueryClient();
  const marked = useRef<string | null>(null);
  const { mutate } = useMutation({
    mutationFn: chatsApi.markRead,
    onError: () => notify.error(t('toasts.markReadFailed')),
    onSettled: () => invalidateBotChats(queryClient),
  });
  useEffect(() => {
    if (!chat?.has_new_message) return;
    const key = `${chat.id}:${chat.last_message_at}`;
    if (marked.current === key) return;
    marked.current = key;
    mutate(chat);
  }, [chat, mutate]);
}

/** Take over (the bot pauses in this conversation) or hand back, with a toast for each outcome. */
export function useBotSwitch(onDone?: () => void) {
  const { t } = useTranslation('bot');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ threadId, pause }: { threadId: string; pause: boolean }) =>
      pause ? chatsApi.takeOver(threadId) : chatsApi.handBack(threadId),
    onSuccess: (_, { pause }) => {
      notify.success(t(pause ? 'toasts.takenOver' : 'toasts.handedBack'));
      onDone?.();
    },
    onError: (e) => notify.error(e.message, t('toasts.switchFailed')),
    onSettled: () => invalidateBotChats(queryClient),
  });
}

/**
 * The modal's conversation viewer: who the guest is, every line with what the bot did, "Open in inbox"
 * (the inbox thread) and take over / hand back.
 */
export function ChatViewer({
  chatId,
  onBack,
  onNavigate,
}: {
  chatId: string;
  onBack: (() => void) | null;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('bot');
  const detail = useQuery(botChatQuery(chatId));
  const chat = detail.data;
  useMarkReadOnOpen(chat);
  const toggle = useBotSwitch();
  const scroller = useRef<HTMLDivElement>(null);
  const lastId = chat?.messages.at(-1)?.id;
  const toBottom = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the newest line changes
  useLayoutEffect(toBottom, [lastId, chatId]);

  if (detail.isError)
    return (
      <Box p="md">
        <LoadError
          title={detail.error.message}
          onRetry={() => detail.refetch()}
          retrying={detail.isFetching}
        />
      </Box>
    );

  const inboxHref = chat
    ? `${pathTo('messageChannelPage')}?thread=${encodeURIComponent(chat.thread_id)}`
    : null;
  return (
    <section
      className={classes.viewer}
      aria-label={t('modal.conversation', { name: chat?.guest_name || chat?.phone_number || '' })}
      data-testid="bot-chat-viewer"
    >
      <Group className={classes.viewerHeader} justify="space-between" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {onBack ? (
            <ActionIcon
              variant="subtle"
              onClick={onBack}
              aria-label={t('modal.back')}
              data-testid="bot-chat-back"
            >
              <IconArrowLeft size={20} aria-hidden className={shell.mirror} />
            </ActionIcon>
          ) : null}
          {chat ? (
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} truncate dir="auto" data-testid="bot-chat-name">
                <ChatName chat={chat} />
              </Text>
              <Group gap={4} wrap="nowrap">
                <IconBrandWhatsapp size={14} aria-hidden />
                <Text size="xs" c="dimmed" dir="ltr">
                  {chat.phone_number.startsWith('+') ? chat.phone_number : `+${chat.phone_number}`}
                </Text>
                {chat.paused ? (
                  <Badge size="xs" color="gray" variant="light">
                    {t('list.paused')}
                  </Badge>
                ) : (
                  <Badge size="xs" color="violet" variant="light">
                    {t('inbox.active')}
                  </Badge>
                )}
              </Group>
            </Stack>
          ) : (
            <Skeleton h={32} w={180} />
          )}
        </Group>
        {chat && inboxHref ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={inboxHref}
              onClick={onNavigate}
              leftSection={<IconInbox size={14} aria-hidden />}
              data-testid="bot-open-inbox"
            >
              {t('modal.openInbox')}
            </Button>
            <Button
              size="xs"
              variant={chat.paused ? 'filled' : 'light'}
              color={chat.paused ? 'violet' : 'gray'}
              loading={toggle.isPending}
              onClick={() => toggle.mutate({ threadId: chat.thread_id, pause: !chat.paused })}
              leftSection={
                chat.paused ? <IconRobot size={14} aria-hidden /> : <IconPlayerPause size={14} aria-hidden />
              }
              data-testid="bot-take-over"
              data-paused={chat.paused}
            >
              {t(chat.paused ? 'modal.handBack' : 'modal.takeOver')}
            </Button>
          </Group>
        ) : null}
      </Group>
      <div className={classes.lines} ref={scroller} aria-live="polite" data-testid="bot-chat-lines">
        {detail.isPending ? (
          <LinesSkeleton />
        ) : (
          chat?.messages.map((line) => <ChatLine key={line.id} line={line} onImageLoad={toBottom} />)
        )}
      </div>
    </section>
  );
}
