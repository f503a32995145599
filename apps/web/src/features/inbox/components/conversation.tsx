import { ActionIcon, Badge, Box, Button, Drawer, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconBrandWhatsapp, IconId, IconMail } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import shell from '../../../components/shell.module.css';
import { formatLongDay } from '../../../lib/intl.ts';
import { messagesKey, messagesQuery, threadQuery, useMarkRead } from '../api/inbox-api.ts';
import { resendChannelsOf, withDays } from '../lib/inbox-view.ts';
import { BookingCard } from './booking-card.tsx';
import { BotSwitch } from './bot-switch.tsx';
import { Composer } from './composer.tsx';
import classes from './inbox.module.css';
import { MessageBubble } from './message-bubble.tsx';

function MessagesSkeleton() {
  return (
    <Stack gap="sm" aria-hidden>
      {[160, 240, 200, 120].map((w, i) => (
        <Group key={w} justify={i % 2 ? 'flex-end' : 'flex-start'}>
          <Skeleton h={42} w={w} radius="lg" />
        </Group>
      ))}
    </Stack>
  );
}

/** One thread: header, the messages (older on demand), the composer; the booking card beside or in a drawer. */
export function Conversation({
  threadId,
  onBack,
  now,
  connectHref,
  bookingHref,
  showCardPane,
}: {
  threadId: string;
  onBack: (() => void) | null;
  now: Date;
  connectHref: string;
  bookingHref: (bookingId: string) => string | null;
  showCardPane: boolean;
}) {
  const { t, i18n } = useTranslation('inbox');
  const detail = useQuery(threadQuery(threadId));
  const messages = useInfiniteQuery(messagesQuery(threadId, i18n.resolvedLanguage ?? 'es'));
  const queryClient = useQueryClient();
  const markRead = useMarkRead();
  const [cardOpened, cardDrawer] = useDisclosure(false);
  const wide = useMediaQuery('(min-width: 1101px)') ?? true;
  const scroller = useRef<HTMLDivElement>(null);

  // Oldest page last in the cache: the conversation reads oldest → newest.
  const items = [...(messages.data?.pages ?? [])].reverse().flatMap((p) => p.items);
  const lastId = items.at(-1)?.id;
  const unread = detail.data?.thread.unread_count ?? 0;
  const { mutate: read } = markRead;

  // Opening a thread, or a new guest message in the open thread, marks it read.
  useEffect(() => {
    if (unread > 0) read(threadId);
  }, [threadId, unread, read]);

  // Keep the newest message in view when one arrives or the thread opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the newest message changes
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId, threadId]);

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

  const thread = detail.data?.thread;
  const dayOf = (instant: string) => formatLongDay(instant.slice(0, 10), i18n.language);
  const card = (withTitle: boolean) =>
    detail.data ? <BookingCard detail={detail.data} bookingHref={bookingHref} withTitle={withTitle} /> : null;

  return (
    <>
      <section
        className={classes.conversation}
        aria-label={t('thread.label')}
        data-testid="inbox-conversation"
      >
        <Group className={classes.conversationHeader} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {onBack ? (
              <ActionIcon
                variant="subtle"
                onClick={onBack}
                aria-label={t('thread.back')}
                data-testid="inbox-back"
              >
                <IconArrowLeft size={20} aria-hidden className={shell.mirror} />
              </ActionIcon>
            ) : null}
            {thread ? (
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={700} truncate data-testid="inbox-thread-name">
                  {thread.guest_name || thread.phone || thread.email}
                </Text>
                <Group gap={6} wrap="nowrap">
                  {thread.phone ? (
                    <Group gap={4} wrap="nowrap">
                      <IconBrandWhatsapp size={14} aria-hidden />
                      <Text size="xs" c="dimmed" dir="ltr">
                        +{thread.phone}
                      </Text>
                    </Group>
                  ) : null}
                  {thread.email ? (
                    <Group gap={4} wrap="nowrap" visibleFrom="sm">
                      <IconMail size={14} aria-hidden />
                      <Text size="xs" c="dimmed" truncate>
                        {thread.email}
                      </Text>
                    </Group>
                  ) : null}
                </Group>
              </Stack>
            ) : (
              <Skeleton h={32} w={180} />
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {thread?.opted_out ? (
              <Tooltip label={t('thread.optedOutHint')}>
                <Badge color="gray" variant="light">
                  {t('thread.optedOut')}
                </Badge>
              </Tooltip>
            ) : null}
            {!(showCardPane && wide) && detail.data ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconId size={14} aria-hidden />}
                onClick={cardDrawer.open}
              >
                {t('thread.booking')}
              </Button>
            ) : null}
          </Group>
        </Group>
        {thread?.phone ? <BotSwitch threadId={threadId} /> : null}
        <div className={classes.messages} ref={scroller} aria-live="polite" data-testid="inbox-messages">
          {messages.isPending ? (
            <MessagesSkeleton />
          ) : messages.isError ? (
            <LoadError
              title={messages.error.message}
              onRetry={() => messages.refetch()}
              retrying={messages.isFetching}
            />
          ) : (
            <>
              {messages.hasNextPage ? (
                <Group justify="center" mb="sm">
                  <Button
                    size="xs"
                    variant="default"
                    loading={messages.isFetchingNextPage}
                    onClick={() => messages.fetchNextPage()}
                  >
                    {t('thread.older')}
                  </Button>
                </Group>
              ) : null}
              {items.length === 0 ? (
                <Text c="dimmed" ta="center" size="sm" py="xl">
                  {t('thread.empty')}
                </Text>
              ) : null}
              {withDays(items, dayOf).map((item) =>
                item.kind === 'day' ? (
                  <div className={classes.dayDivider} key={`day-${item.day}`}>
                    <Badge variant="default" radius="sm" tt="none" fw={500}>
                      {item.day}
                    </Badge>
                  </div>
                ) : (
                  <MessageBubble
                    key={item.message.id}
                    message={item.message}
                    resend={
                      thread
                        ? {
                            channels: resendChannelsOf(item.message, thread),
                            recipientName:
                              thread.guest_name || (thread.phone ? `+${thread.phone}` : (thread.email ?? '')),
                            // The message follows its new record (also live by the socket).
                            onResent: () =>
                              void queryClient.invalidateQueries({ queryKey: messagesKey(threadId) }),
                          }
                        : null
                    }
                  />
                ),
              )}
            </>
          )}
        </div>
        {detail.data ? <Composer detail={detail.data} now={now} connectHref={connectHref} /> : null}
      </section>
      {showCardPane ? <aside className={classes.cardPane}>{card(true)}</aside> : null}
      <Drawer
        opened={cardOpened}
        onClose={cardDrawer.close}
        position="right"
        title={t('card.title')}
        size="sm"
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        {card(false)}
      </Drawer>
    </>
  );
}
