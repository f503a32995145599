import { Box, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { BotChatItem } from '@posada/contracts/concierge';
import { IconRobot } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { botChatsQuery } from '../api/chats-api.ts';
import { ChatRow } from './chat-row.tsx';
import { ChatViewer } from './chat-viewer.tsx';
import classes from './chats.module.css';

export function ChatsSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Stack gap="xs" p="sm" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <Stack key={i} gap={4}>
          <Skeleton height={14} width="60%" />
          <Skeleton height={12} width="90%" />
        </Stack>
      ))}
    </Stack>
  );
}

export function ChatsEmpty() {
  const { t } = useTranslation('bot');
  return (
    <Box data-testid="bot-chats-empty">
      <EmptyState
        icon={<IconRobot size={28} aria-hidden />}
        title={t('empty.title')}
        description={t('empty.body')}
      />
    </Box>
  );
}

/**
 * spec 2.4 Bot: the bot notifications modal, the chats on the left and the conversation viewer on the
 * right; one column on a phone (list → conversation → back).
 */
export function BotChatsModal({
  opened,
  onClose,
  propertyId,
  selectedId,
  onSelect,
  now,
}: {
  opened: boolean;
  onClose: () => void;
  propertyId: string;
  selectedId: string | null;
  onSelect: (chatId: string | null) => void;
  now: Date;
}) {
  const { t } = useTranslation('bot');
  const isMobile = useIsMobile();
  const list = useQuery({ ...botChatsQuery(propertyId), enabled: opened });
  const items = list.data?.items ?? [];
  const showList = !isMobile || !selectedId;
  const showViewer = !isMobile || Boolean(selectedId);
  const open = (chat: BotChatItem) => onSelect(chat.id);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('modal.title')}
      size={1000}
      fullScreen={isMobile}
      // The menu gives focus back to its button (what opened it has left with the dropdown).
      returnFocus={false}
      padding={0}
      closeButtonProps={{ 'aria-label': t('modal.close') }}
      styles={{ header: { paddingInline: 'var(--mantine-spacing-md)' } }}
      data-testid="bot-chats-modal"
    >
      <Box className={classes.modalBody} data-testid="bot-chats-modal-body">
        {showList ? (
          <nav className={classes.listPane} aria-label={t('list.label')}>
            {list.isPending ? (
              <ChatsSkeleton rows={6} />
            ) : list.isError ? (
              <Box p="sm">
                <LoadError
                  title={t('toasts.loadError')}
                  onRetry={() => list.refetch()}
                  retrying={list.isFetching}
                />
              </Box>
            ) : items.length === 0 ? (
              <ChatsEmpty />
            ) : (
              items.map((chat) => (
                <ChatRow
                  key={chat.id}
                  chat={chat}
                  now={now}
                  selected={chat.id === selectedId}
                  onOpen={open}
                />
              ))
            )}
          </nav>
        ) : null}
        {showViewer ? (
          selectedId ? (
            <ChatViewer
              key={selectedId}
              chatId={selectedId}
              onBack={isMobile ? () => onSelect(null) : null}
              onNavigate={onClose}
            />
          ) : (
            <Stack align="center" justify="center" p="xl">
              <Text c="dimmed" ta="center" maw={320}>
                {t('modal.choose')}
              </Text>
            </Stack>
          )
        ) : null}
      </Box>
    </Modal>
  );
}
