import { Badge, Group, Switch, Tooltip } from '@mantine/core';
import { IconRobot, IconUser } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { botThreadApi, botThreadQuery } from '../api/bot-thread-api.ts';

/**
 * The thread header's bot chip and switch (issue 19): "Assistant answering" or "Paused — you are
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
    <Group gap={6} wrap="nowrap" data-testid="inbox-bot" data-active={data.active}>
      <Badge
        color={data.active ? 'violet' : 'gray'}
        variant="light"
        tt="none"
        leftSection={data.active ? <IconRobot size={12} aria-hidden /> : <IconUser size={12} aria-hidden />}
        data-testid="inbox-bot-chip"
        visibleFrom="sm"
      >
        {t(data.active ? 'inbox.active' : 'inbox.paused')}
      </Badge>
      <Tooltip label={t('inbox.switchHint')} multiline w={260} withinPortal>
        <Switch
          checked={answering}
          onChange={(e) => toggle.mutate(e.currentTarget.checked)}
          disabled={toggle.isPending}
          color="violet"
          aria-label={t('inbox.switch')}
          thumbIcon={data.active ? <IconRobot size={10} aria-hidden /> : undefined}
          data-testid="inbox-bot-switch"
        />
      </Tooltip>
    </Group>
  );
}
