import { Badge, Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { BotChatItem } from '@posada/contracts/concierge';
import { IconAlertTriangle, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from '../../../lib/intl.ts';
import classes from './chats.module.css';

/** The name to show: the guest's, else their phone (left to right even in Arabic). */
export function ChatName({ chat }: { chat: Pick<BotChatItem, 'guest_name' | 'phone_number'> }) {
  return chat.guest_name ? (
    chat.guest_name
  ) : (
    <bdi dir="ltr">{chat.phone_number.startsWith('+') ? chat.phone_number : `+${chat.phone_number}`}</bdi>
  );
}

/**
 * One bot chat of the dropdown and the modal's list: name or phone, the preview as the API cut it (spec 9,
 * 85 characters), how long ago, an unread dot and a "needs attention" mark when the bot escalated.
 */
export function ChatRow({
  chat,
  now,
  selected,
  onOpen,
}: {
  chat: BotChatItem;
  now: Date;
  selected?: boolean;
  onOpen: (chat: BotChatItem) => void;
}) {
  const { t, i18n } = useTranslation('bot');
  return (
    <UnstyledButton
      className={classes.row}
      onClick={() => onOpen(chat)}
      data-selected={selected || undefined}
      data-unread={chat.has_new_message || undefined}
      aria-current={selected ? 'true' : undefined}
      data-testid="bot-chat-row"
    >
      <Group gap={8} wrap="nowrap" align="flex-start">
        <Box className={classes.dotSlot} aria-hidden>
          {chat.has_new_message ? <span className={classes.dot} data-testid="bot-chat-unread" /> : null}
        </Box>
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" gap={6} wrap="nowrap">
            <Text size="sm" fw={chat.has_new_message ? 700 : 500} truncate dir="auto">
              <ChatName chat={chat} />
            </Text>
            <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
              {formatRelativeTime(chat.last_message_at, i18n.language, now)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" dir="auto" lineClamp={2} data-testid="bot-chat-preview">
            {chat.last_message_preview}
          </Text>
          {chat.has_new_message ? <VisuallyHidden>{t('list.unread')}</VisuallyHidden> : null}
          {chat.needs_attention || chat.paused ? (
            <Group gap={4} mt={4}>
              {chat.needs_attention ? (
                <Badge
                  size="xs"
                  color="orange"
                  variant="light"
                  leftSection={<IconAlertTriangle size={10} aria-hidden />}
                  data-testid="bot-chat-attention"
                >
                  {t('list.attention')}
                </Badge>
              ) : null}
              {chat.paused ? (
                <Badge
                  size="xs"
                  color="gray"
                  variant="light"
                  leftSection={<IconUser size={10} aria-hidden />}
                >
                  {t('list.paused')}
                </Badge>
              ) : null}
            </Group>
          ) : null}
        </Box>
      </Group>
    </UnstyledButton>
  );
}
