import { Box, Group, Text, Tooltip } from '@mantine/core';
import type { InboxMessage } from '@posada/contracts/inbox';
import { IconAlertTriangle, IconCheck, IconChecks, IconClock, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/intl.ts';
import { contentOf, type Tick, tickOf } from '../lib/inbox-view.ts';
import classes from './inbox.module.css';
import { MediaView } from './media-view.tsx';

function TickIcon({ tick }: { tick: Tick }) {
  const { t } = useTranslation('inbox');
  const label = t(`status.${tick}`);
  const icon =
    tick === 'pending' ? (
      <IconClock size={14} aria-hidden />
    ) : tick === 'sent' ? (
      <IconCheck size={14} aria-hidden />
    ) : tick === 'failed' ? (
      <IconAlertTriangle size={14} color="var(--mantine-color-red-7)" aria-hidden />
    ) : (
      <IconChecks size={14} color={tick === 'read' ? 'var(--mantine-color-blue-6)' : undefined} aria-hidden />
    );
  return (
    <Tooltip label={label} withinPortal>
      <Box
        component="span"
        display="inline-flex"
        data-testid="inbox-tick"
        data-status={tick}
        aria-label={label}
      >
        {icon}
      </Box>
    </Tooltip>
  );
}

/** One message: the guest's on the inline-start side, ours on the other; content by type; time and ticks. */
export function MessageBubble({ message }: { message: InboxMessage }) {
  const { t, i18n } = useTranslation('inbox');
  const kind = contentOf(message);
  const tick = message.direction === 'out' ? tickOf(message.status) : null;
  const time = new Intl.DateTimeFormat(intlLocale(i18n.language), {
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(message.sent_at));
  return (
    <Box className={classes.bubbleRow} data-direction={message.direction} data-testid="inbox-message">
      <Box
        className={classes.bubble}
        data-failed={message.status === 'failed' || undefined}
        data-direction={message.direction}
      >
        {message.direction === 'out' && message.author_name ? (
          <Text size="xs" c="teal.8" fw={600} mb={2}>
            {message.author_name}
          </Text>
        ) : null}
        {kind === 'template' ? (
          <Group gap={4} mb={2}>
            <IconTemplate size={14} aria-hidden />
            <Text size="xs" c="dimmed">
              {t('message.template', { name: message.template_name ?? '' })}
            </Text>
          </Group>
        ) : null}
        {kind === 'image' || kind === 'audio' || kind === 'video' || kind === 'document' ? (
          <MediaView kind={kind} url={message.media_url as string} name={message.media_name} />
        ) : null}
        {kind === 'unsupported' ? (
          <Text size="sm" c="dimmed" fs="italic" data-testid="inbox-unsupported">
            {t('message.unsupported', { type: message.type })}
          </Text>
        ) : null}
        {message.body && kind !== 'unsupported' ? (
          <Text size="sm" dir="auto" mt={kind === 'text' || kind === 'template' ? 0 : 4}>
            {message.body}
          </Text>
        ) : null}
        {kind === 'unsupported' && message.body ? (
          <Text size="sm" dir="auto" mt={4}>
            {message.body}
          </Text>
        ) : null}
        {message.status === 'failed' ? (
          <Text size="xs" c="red.8" mt={4}>
            {t('message.failed')}
            {message.error ? ` · ${message.error}` : ''}
          </Text>
        ) : null}
        <Group gap={4} justify="flex-end" mt={2}>
          <Text size="xs" c="dimmed">
            {time}
          </Text>
          {tick ? <TickIcon tick={tick} /> : null}
        </Group>
      </Box>
    </Box>
  );
}
