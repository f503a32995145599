import { Box, Code, Collapse, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { InboxChannel, InboxMessage } from '@posada/contracts/inbox';
import { IconChevronDown, IconTemplate } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DeliveryChannelIcon,
  DeliveryTick,
  useDeliveryWords,
} from '../../../components/delivery/delivery-status.tsx';
import { DeliveryResend } from '../../../lib/delivery-resend.tsx';
import { intlLocale } from '../../../lib/intl.ts';
import { contentOf, tickOf } from '../lib/inbox-view.ts';
import classes from './inbox.module.css';
import { MediaView } from './media-view.tsx';

/** A failed answer offered again: on these channels, to this guest. */
export interface BubbleResend {
  channels: readonly InboxChannel[];
  recipientName: string;
  onResent: () => void;
}

/**
 * One message: the guest's on the inline-start side, ours on the other; content by type; time and ticks.
 * Ours shows the channel it actually went by (a WhatsApp answer that fell back to SMS shows SMS) and the
 * provider's state (issue 26: a faded tick while only accepted). A failure says why in the reader's words
 * (the provider's own text under "details", for support) and offers "Reenviar por …" on the thread's other
 * channels.
 */
export function MessageBubble({ message, resend }: { message: InboxMessage; resend?: BubbleResend | null }) {
  const { t, i18n } = useTranslation('inbox');
  const words = useDeliveryWords();
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
          <Stack gap={6} mt={6} data-testid="inbox-failed">
            <Box c="red.8" fz="xs" data-testid="inbox-failed-reason">
              <Text inherit fw={600}>
                {t('message.failedBy', { channel: words.by(message.channel) })}
              </Text>
              {message.error_reason ? (
                <Text inherit dir="auto" data-testid="inbox-error-reason">
                  {message.error_reason}
                </Text>
              ) : null}
            </Box>
            {message.error ? <ProviderDetails error={message.error} /> : null}
            {resend && resend.channels.length > 0 && message.delivery_id ? (
              <DeliveryResend
                deliveryId={message.delivery_id}
                channels={resend.channels}
                recipientName={resend.recipientName}
                preview={message.body || null}
                onResent={resend.onResent}
                size="compact-xs"
              />
            ) : null}
          </Stack>
        ) : null}
        <Group gap={4} justify="flex-end" mt={2} wrap="nowrap">
          {message.direction === 'out' ? (
            <Box
              component="span"
              display="inline-flex"
              data-testid="inbox-channel"
              data-channel={message.channel}
            >
              <DeliveryChannelIcon channel={message.channel} size={13} />
              <VisuallyHidden>{t('message.by', { channel: words.by(message.channel) })}</VisuallyHidden>
            </Box>
          ) : null}
          <Text size="xs" c="dimmed">
            {time}
          </Text>
          {tick ? (
            <DeliveryTick
              status={tick}
              channel={message.channel}
              reason={message.status === 'failed' ? message.error_reason : null}
              testId="inbox-tick"
            />
          ) : null}
        </Group>
      </Box>
    </Box>
  );
}

/** The provider's own words ("131026: Message undeliverable"), folded away: what support asks for. */
function ProviderDetails({ error }: { error: string }) {
  const { t } = useTranslation('inbox');
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Box>
      <UnstyledButton
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls={id}
        fz="xs"
        c="dimmed"
        data-testid="inbox-error-details-toggle"
      >
        <Group gap={2} wrap="nowrap" component="span">
          {t('message.providerDetails')}
          <IconChevronDown
            size={12}
            aria-hidden
            style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        </Group>
      </UnstyledButton>
      <Collapse in={open} id={id}>
        <Text size="xs" c="dimmed" mt={2}>
          {t('message.providerSaid')}
        </Text>
        <Code
          block
          fz="xs"
          dir="ltr"
          mt={2}
          p={6}
          data-testid="inbox-error-raw"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', textAlign: 'left' }}
        >
          {error}
        </Code>
      </Collapse>
    </Box>
  );
}
