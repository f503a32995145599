import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { DeliveryChannel } from '@posada/contracts/deliveries';
import { IconSend } from '@tabler/icons-react';
import { useDeliveryWords } from '../../../components/delivery/delivery-status.tsx';
import { reachedProvider } from '../../../components/delivery/delivery-view.ts';
import shell from '../../../components/shell.module.css';
import { useResendDelivery } from '../../../lib/api/deliveries-api.ts';
import { ApiError } from '../../../lib/api.ts';
import type { DeliveryResendProps } from '../../../lib/delivery-resend.tsx';
import { notify } from '../../../lib/notify.ts';

/**
 * "Reenviar por …" (issue 26): one button per channel offered; each asks first, then sends the same
 * message on that channel and the toast says the new record's real state (underway only once a provider
 * accepted it, queued, or why it did not go out). A stay's messages and the inbox's failed answers use it
 * (the inbox through lib/delivery-resend.tsx).
 */
export function ResendButtons({
  deliveryId,
  channels,
  recipientName,
  what,
  preview,
  onResent,
  size = 'compact-sm',
}: DeliveryResendProps) {
  const words = useDeliveryWords();
  const { t } = words;
  const resend = useResendDelivery();

  const run = (channel: DeliveryChannel) =>
    resend.mutate(
      { id: deliveryId, channel },
      {
        onSuccess: (record) => {
          const by = words.by(record.channel);
          if (reachedProvider(record.status))
            notify.success(t('resend.underway', { channel: by, state: words.status(record.status) }));
          else if (record.status === 'queued') notify.info(t('resend.queued', { channel: by }));
          else
            notify.error(
              record.error_reason ?? words.status(record.status),
              t('resend.notSent', { channel: by }),
            );
          onResent?.(record);
        },
        onError: (error) =>
          notify.error(error instanceof ApiError ? error.message : t('resend.error'), t('resend.error')),
      },
    );

  const ask = (channel: DeliveryChannel) => {
    const by = words.by(channel);
    modals.openConfirmModal({
      title: t('resend.title', { channel: by }),
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {what
              ? t('resend.body', { name: recipientName, kind: what, channel: by })
              : t('resend.bodyMessage', { name: recipientName, channel: by })}
          </Text>
          {preview ? (
            <Text
              size="sm"
              dir="auto"
              lineClamp={4}
              p="xs"
              bg="var(--mantine-color-gray-0)"
              style={{
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                borderRadius: 8,
                borderInlineStart: '3px solid var(--mantine-color-gray-4)',
              }}
              data-testid="resend-preview"
            >
              {preview}
            </Text>
          ) : null}
        </Stack>
      ),
      labels: { confirm: t('resend.confirm', { channel: by }), cancel: t('resend.cancel') },
      onConfirm: () => run(channel),
    });
  };

  if (channels.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" data-testid="delivery-resend">
      {channels.map((channel) => (
        <Button
          key={channel}
          size={size}
          variant="light"
          leftSection={<IconSend size={14} aria-hidden className={shell.mirror} />}
          onClick={() => ask(channel)}
          loading={resend.isPending && resend.variables?.channel === channel}
          disabled={resend.isPending}
          data-channel={channel}
          // A long label ("إعادة الإرسال عبر الرسائل النصية" in a message bubble) wraps instead of being cut.
          styles={{
            root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 3 },
            label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.3 },
          }}
        >
          {t('panel.resendBy', { channel: words.by(channel) })}
        </Button>
      ))}
    </Group>
  );
}
