import { Group, Switch, Text, Tooltip } from '@mantine/core';
import { IconRobot, IconUser } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { botThreadApi, botThreadQuery } from '../api/bot-thread-api.ts';

/**
 * The bot strip under the thread header (issue 19): "Assistant answering" or "Paused — you are
 * answering"; turning it off takes the conversation over (the bot pauses), on hands it back. Hidden when
 * the bot is not available in this thread's property (spec 5) or the state did not load.
 */
export function BotSwitch({ threadId }: { threadId: string }) {
  const { t } = useTranslation('bot');
  const queryClient = useQueryClient();
  const state = useQuery(botThreadQuery(threadId));
  const toggle = useMutation({
    mutationFn: (answering: boolean) =>
      answering ? botThreadApi.handBack(threadId) : botThreadApi.takeOver(threadId),
    onSuccess: (next, answering) => {
      queryClient.setQueryData(botThreadQuery(threadId).queryKey, next);
      notify.success(t(answering ? 'toasts.handedBack' : 'toasts.takenOver'));
    },
    onError: (e) => notify.error(e.message, t('toasts.switchFailed')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: botThreadQuery(threadId).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['bot-chats'] });
    },
  });
  const data = state.data;
  if (!data?.available) return null;
  const answering = toggle.isPending ? Boolean(toggle.variables) : data.active;
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      px="md"
      py={6}
      style={{
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: data.active ? 'var(--mantine-color-violet-0)' : 'var(--mantine-color-gray-0)',
      }}
      data-testid="inbox-bot"
      data-active={data.active}
    >
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        {data.active ? (
          <IconRobot size={16} aria-hidden color="var(--mantine-color-violet-7)" />
        ) : (
          <IconUser size={16} aria-hidden />
        )}
        <Text size="sm" fw={600} c={data.active ? 'violet.8' : 'dark'} data-testid="inbox-bot-chip">
          {t(data.active ? 'inbox.active' : 'inbox.paused')}
        </Text>
      </Group>
      <Tooltip label={t('inbox.switchHint')} multiline w={260} withinPortal>
        <Switch
          checked={answering}
          onChange={(e) => toggle.mutate(e.currentTarget.checked)}
          disabled={toggle.isPending}
          color="violet"
          aria-label={t('inbox.switch')}
          data-testid="inbox-bot-switch"
        />
      </Tooltip>
    </Group>
  );
}
